import { expect, type Page, test } from "@playwright/test";
import { DEMO, signInFromStart } from "./fixtures.ts";

/** Specs share one server and database: every name this file creates carries this run's mark. */
const RUN = Date.now().toString(36);

/** Opens a master-data screen from the sidebar, as a user does. */
async function openFromMenu(page: Page, entry: string, heading: string) {
  await page.getByRole("navigation").getByRole("link", { name: entry, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** Picks an option of a searchable Mantine select by typing part of it. */
async function choose(page: Page, label: string, typed: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label }).fill(typed);
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
    // Save stays off while the rules find errors; the save row names the inputs, a click shows the error.
    await expect(page.getByRole("button", { name: "Speichern" })).toBeDisabled();
    const fehlt = page.getByText(/^Zum Speichern fehlt oder ist ungültig:/);
    await expect(fehlt).toContainText("Steuersatz");
    await fehlt.getByRole("button", { name: "Steuersatz" }).click();
    await expect(page.getByText("Dieses Feld ist erforderlich.")).toBeVisible();
    await expect(page.getByLabel("Steuersatz")).toBeFocused();

    await page.getByLabel("Steuersatz").fill("5,5");
    await choose(page, "Land", "Frankr", /^Frankreich/);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page.getByText("Angelegt", { exact: true })).toBeVisible();
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
    await expect(page.getByText("Gespeichert", { exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Zurück zur Liste" }).click();
    await page
      .getByRole("row", { name: /5,6 %\s*FR/ })
      .getByRole("button", { name: /Löschen/ })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Löschen" }).click();
    await expect(page.getByText("Gelöscht", { exact: true })).toBeVisible();
    await expect(page.getByRole("row", { name: /5,6 %\s*FR/ })).toHaveCount(0);
  });

  test("the admin creates a goods group with two subgroups", async ({ page }) => {
    await signInFromStart(page, DEMO.admin);
    await openFromMenu(page, "Warengruppen", "Warengruppen");
    await page.getByRole("link", { name: "Neu" }).click();
    await expect(
      page.getByText("Untergruppen legen Sie nach dem Speichern der Warengruppe an."),
    ).toBeVisible();
    await page.getByLabel("Code").fill(`G${RUN}`);
    await page.getByLabel("Bezeichnung").fill(`Getränke ${RUN}`);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page).toHaveURL(/\/app\/warengruppe\/\d+$/);

    await page.getByRole("button", { name: "Untergruppe hinzufügen" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Code").fill("110");
    await dialog.getByLabel("Bezeichnung").fill("Säfte");
    await dialog.getByRole("button", { name: "Speichern und nächste" }).click();
    await expect(dialog.getByLabel("Code")).toHaveValue("");
    await dialog.getByLabel("Code").fill("120");
    await dialog.getByLabel("Bezeichnung").fill("Limonaden");
    await dialog.getByRole("button", { name: "Speichern", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("row", { name: /110\s*Säfte/ })).toBeVisible();
    await expect(page.getByRole("row", { name: /120\s*Limonaden/ })).toBeVisible();

    // Both subgroups belong to the group in the subgroup list as well.
    await openFromMenu(page, "Untergruppen", "Untergruppen");
    await expect(page.getByRole("row", { name: new RegExp(`Säfte.*G${RUN}`) })).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(`Limonaden.*G${RUN}`) })).toBeVisible();
  });

  test("the admin creates a payment term with two skonto steps and reads its printed text", async ({
    page,
  }) => {
    await signInFromStart(page, DEMO.admin);
    await openFromMenu(page, "Zahlungsziele", "Zahlungsziele");
    await page.getByRole("link", { name: "Neu" }).click();
    await page.getByLabel("Bezeichnung").fill(`30 Tage netto ${RUN}`);
    await page.getByLabel("Tage netto").fill("30");
    await page.getByRole("button", { name: "Skontostufe hinzufügen" }).click();
    await page.getByRole("button", { name: "Skontostufe hinzufügen" }).click();
    await page.getByLabel("Stufe 1: Tage").fill("10");
    await page.getByLabel("Stufe 1: Skonto").fill("3");
    // A second step needs more days and less percent than the first: refused at the row, nothing lost.
    await page.getByLabel("Stufe 2: Tage").fill("5");
    await page.getByLabel("Stufe 2: Skonto").fill("2");
    await expect(page.getByRole("button", { name: "Speichern" })).toBeDisabled();
    await page
      .getByText(/^Zum Speichern fehlt oder ist ungültig:/)
      .getByRole("button", { name: "Tage" })
      .click();
    await expect(page.getByText(/Weniger als „Tage netto“ und mehr als bei der Stufe davor/)).toBeVisible();
    await page.getByLabel("Stufe 2: Tage").fill("20");
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page).toHaveURL(/\/app\/zahlungsziel\/\d+$/);

    await expect(page.getByRole("heading", { name: "Text auf dem Beleg" })).toBeVisible();
    await expect(
      page.getByText(
        /^Zahlbar bis \d\d\.\d\d\.\d{4} ohne Abzug\. Bei Zahlung bis .* 3 % Skonto, bis .* 2 % Skonto\.$/,
      ),
    ).toBeVisible();
    await page.getByLabel("Beispielbetrag").fill("1000");
    await expect(page.getByText(/3 % Skonto \(970,00 €\).*2 % Skonto \(980,00 €\)/)).toBeVisible();
  });

  test("the admin sets up a number circle and sees the next number before any is given", async ({ page }) => {
    const year = new Date().getFullYear();
    await signInFromStart(page, DEMO.admin);
    await openFromMenu(page, "Belegnummernkreise", "Belegnummernkreise");
    await page.getByRole("link", { name: "Neu" }).click();
    await page.getByRole("combobox", { name: "Belegarten" }).click();
    // A type no other spec finalizes: a first finalization makes its type a circle, and a type has one circle.
    await page.getByRole("option", { name: "Proformarechnung", exact: true }).click();
    await page.keyboard.press("Escape");
    await expect(page.getByText(`${year}-00001`)).toBeVisible();
    await page.getByLabel("Letzte vergebene Nummer").fill("41");
    await expect(page.getByText(`${year}-00042`)).toBeVisible();
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page).toHaveURL(/\/app\/belegnummerkreis\/\d+$/);
    await expect(page.getByText(`${year}-00042`)).toBeVisible();

    await page.getByRole("link", { name: "Zurück zur Liste" }).click();
    await expect(
      page.getByRole("row", { name: new RegExp(`Proformarechnung.*${year}-00042`) }),
    ).toBeVisible();
  });

  test("the admin creates a firm group and finds it by part of its name", async ({ page }) => {
    await signInFromStart(page, DEMO.admin);
    await openFromMenu(page, "Firmengruppen", "Firmengruppen");
    await page.getByRole("link", { name: "Neu" }).click();
    await page.getByLabel("Bezeichnung").fill(`Baumarkt Kette ${RUN}`);
    await page.getByRole("button", { name: "Speichern" }).click();
    await expect(page).toHaveURL(/\/app\/firmengruppe\/\d+$/);

    await page.getByRole("link", { name: "Zurück zur Liste" }).click();
    // Any word order, part of a word, any case.
    await page.getByLabel("Firmengruppe suchen").fill(`${RUN} KETTE`);
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByRole("row", { name: new RegExp(`Baumarkt Kette ${RUN}`) })).toBeVisible();
    await page.getByLabel("Firmengruppe suchen").fill(`${RUN} nirgends`);
    await expect(page.getByRole("row", { name: new RegExp(`Baumarkt Kette ${RUN}`) })).toHaveCount(0);
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

    await page.getByText("Vom Verkaufspreis", { exact: true }).click();
    await page.getByLabel("Verkaufspreis", { exact: true }).fill("133,33");
    await expect(page.locator('[data-figure="verkaufNetto"]')).toHaveText("111,11 €");
    await expect(page.locator('[data-figure="aufschlag"]')).toHaveText(/^25,0/);
  });
});
