import { expect, type Page, test } from "@playwright/test";
import { DEMO, signInFromStart } from "./fixtures.ts";

/** Specs share one server and database: every name this file creates carries this run's mark. */
const RUN = Date.now().toString(36);
void RUN;

/** Opens a master-data screen from the sidebar, as a user does. */
async function openFromMenu(page: Page, entry: string, heading: string) {
  await page.getByRole("navigation").getByRole("link", { name: entry, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** Picks an option of a searchable Mantine select by typing part of it. */
async function choose(page: Page, label: string, typed: string, option: string | RegExp) {
  await page.getByRole("textbox", { name: label }).fill(typed);
  await page.getByRole("option", { name: option }).click();
}

test.describe("master data", () => {
  test("the admin maintains a VAT rate: create, see it in the list, change it, delete it", async ({
    page,
  }) => {
    await signInFromStart(page, DEMO.admin);
    await openFromMenu(page, "Mehrwertsteuer", "Mehrwertsteuersätze");
    // Seeded for the tenant: Austria's and Germany's rates, 20 % the default.
    await expect(page.getByRole("row", { name: /20,0 %\s*AT/ })).toBeVisible();

    await page.getByRole("link", { name: "Neu" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Neuer Steuersatz" })).toBeVisible();
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Dieses Feld ist erforderlich.")).toBeVisible();

    await page.getByLabel("Steuersatz").fill("5,5");
    await choose(page, "Land", "Frankr", /^Frankreich/);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Angelegt")).toBeVisible();
    await expect(page).toHaveURL(/\/app\/mehrwertssteuer\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Steuersatz: 5,5 % (FR)" })).toBeVisible();

    // The same rate twice in one country is refused at the field, nothing lost.
    await page.goto("/app/mehrwertssteuer/new");
    await page.getByLabel("Steuersatz").fill("5,5");
    await choose(page, "Land", "Frankr", /^Frankreich/);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Dieser Wert ist bereits vergeben.")).toBeVisible();
    await expect(page.getByLabel("Steuersatz")).toHaveValue("5,5");

    await page.goto("/app/mehrwertssteuer_list");
    const row = page.getByRole("row", { name: /5,5 %\s*FR/ });
    await row.getByRole("link", { name: /Bearbeiten/ }).click();
    await page.getByLabel("Steuersatz").fill("5,6");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Gespeichert")).toBeVisible();

    await page.getByRole("link", { name: "Zurück zur Liste" }).click();
    await page
      .getByRole("row", { name: /5,6 %\s*FR/ })
      .getByRole("button", { name: /Löschen/ })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Löschen" }).click();
    await expect(page.getByText("Gelöscht")).toBeVisible();
    await expect(page.getByRole("row", { name: /5,6 %\s*FR/ })).toHaveCount(0);
  });

  test("the price calculator turns a purchase price into the list price and back", async ({ page }) => {
    await signInFromStart(page, DEMO.admin);
    await openFromMenu(page, "Preiskalkulator", "Preiskalkulator");
    await page.getByLabel("Einkaufspreis (netto)").fill("80");
    await page.getByLabel("Aufschlag").fill("25");
    await page.getByLabel("Rabatt für den Kunden").fill("10");
    // 80 × 1,25 / 0,9 = 111,11 net; with the default 20 % VAT 133,33 gross.
    await expect(page.locator('[data-figure="verkaufNetto"]')).toHaveText("111,11 €");
    await expect(page.locator('[data-figure="verkaufBrutto"]')).toHaveText("133,33 €");

    await page.getByRole("radio", { name: "Vom Verkaufspreis" }).check({ force: true });
    await page.getByLabel("Verkaufspreis").fill("133,33");
    await expect(page.locator('[data-figure="verkaufNetto"]')).toHaveText("111,11 €");
    await expect(page.locator('[data-figure="aufschlag"]')).toHaveText(/^25,0/);
  });
});
