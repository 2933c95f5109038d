import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { DEMO, signIn, signInFromStart } from "./fixtures.ts";
import { type ApiSession, apiCall, apiSignIn, createAdminLike, demoMandantId } from "./shell.fixtures.ts";

/**
 * Issue 21: money typed the way people type and paste it reaches the database unchanged — in German
 * `1.234,56`, `1234,56`, `1 234,56`, `€ 1.234,56`, in English `1,234.56` — and anything else is refused at the
 * field with the text kept and nothing saved.
 */

/** Specs share one server and database: every name this file creates carries this run's mark. */
const RUN = Date.now().toString(36);

interface Artikel {
  id: number;
  artikelPreisSet: { preis: number | null }[];
}

/** A fresh article with one base price of 1,00 € (each case types over it). */
async function neuerArtikel(request: APIRequestContext, admin: ApiSession, mandantId: number, nr: number) {
  const mwst = await apiCall<{ id: number; defaultMwst: boolean }[]>(
    request,
    admin,
    "GET",
    "mehrwertssteuers/all",
    {
      mandantId,
    },
  );
  const saved = await apiCall<{ id: number }>(request, admin, "PUT", "artikel", {
    mandantId,
    data: {
      artikelBezeichnung: `Zahleneingabe ${nr} ${RUN}`,
      mehrwertssteuer: { id: mwst.find((rate) => rate.defaultMwst)?.id },
      artikelPreisSet: [{ preis: 1, vonDatum: "2020-01-01", preisschiene: null }],
    },
  });
  return saved.id;
}

const gespeicherterPreis = async (
  request: APIRequestContext,
  admin: ApiSession,
  mandantId: number,
  id: number,
) =>
  (await apiCall<Artikel>(request, admin, "GET", `artikel/${id}`, { mandantId })).artikelPreisSet[0]?.preis;

const preisFeld = (page: Page, label: string) =>
  page.getByRole("tabpanel").getByRole("textbox", { name: label, exact: true });

test.describe("number input (issue 21)", () => {
  let admin: ApiSession;
  let mandantId: number;

  test.beforeAll(async ({ request }) => {
    admin = await apiSignIn(request, DEMO.admin);
    mandantId = await demoMandantId(request, admin);
  });

  test("German: each way of typing 1.234,56 is saved as 1234.56", async ({ page, request }) => {
    test.slow();
    await signInFromStart(page, DEMO.admin);
    const faelle = ["1.234,56", "1234,56", "1 234,56", "€ 1.234,56"];
    for (const [index, text] of faelle.entries()) {
      const id = await neuerArtikel(request, admin, mandantId, index);
      await page.goto(`/app/artikel/${id}`);
      await page.getByRole("tab", { name: /^Preise/ }).click();
      const feld = preisFeld(page, "Preis");
      await expect(feld).toHaveValue("1,00");
      await feld.fill(text);
      await expect(feld, text).not.toHaveAttribute("aria-invalid", "true");
      await page.getByRole("button", { name: "Speichern", exact: true }).click();
      await expect(page.getByText("Gespeichert", { exact: true })).toBeVisible();
      await expect
        .poll(() => gespeicherterPreis(request, admin, mandantId, id), { message: text })
        .toBe(1234.56);
      // Shown formatted once the field is left and after a reload.
      await page.reload();
      await page.getByRole("tab", { name: /^Preise/ }).click();
      await expect(preisFeld(page, "Preis")).toHaveValue("1.234,56");
    }
  });

  test("English: 1,234.56 is saved as 1234.56 and shown the English way", async ({ page, request }) => {
    // A user of its own who reads English (the language is the account's; the demo admin stays German).
    await page.goto("/app/login");
    await signIn(page, await createAdminLike(request, admin, "en"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    const id = await neuerArtikel(request, admin, mandantId, 10);
    await page.goto(`/app/artikel/${id}`);
    await page.getByRole("tab", { name: /^Prices/ }).click();
    const feld = preisFeld(page, "Price");
    await expect(feld).toHaveValue("1.00");
    await feld.fill("1,234.56");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    await expect.poll(() => gespeicherterPreis(request, admin, mandantId, id)).toBe(1234.56);
    await page.reload();
    await page.getByRole("tab", { name: /^Prices/ }).click();
    await expect(preisFeld(page, "Price")).toHaveValue("1,234.56");
  });

  test("12a is refused at the field, the text kept, and nothing saved", async ({ page, request }) => {
    await signInFromStart(page, DEMO.admin);
    const id = await neuerArtikel(request, admin, mandantId, 20);
    await page.goto(`/app/artikel/${id}`);
    await page.getByRole("tab", { name: /^Preise/ }).click();
    const feld = preisFeld(page, "Preis");
    await feld.fill("12a");
    await expect(page.getByText("Keine gültige Zahl – bitte z. B. 1.234,56 eingeben.")).toBeVisible();
    await feld.blur();
    await expect(feld).toHaveValue("12a");
    await expect(feld).toHaveAttribute("aria-invalid", "true");
    // Save is refused (disabled, or the form's check stops it): nothing reaches the server.
    const speichern = page.getByRole("button", { name: "Speichern", exact: true });
    if (await speichern.isEnabled()) await speichern.click();
    await page.waitForTimeout(1_500);
    await expect(page.getByText("Gespeichert", { exact: true })).toHaveCount(0);
    expect(await gespeicherterPreis(request, admin, mandantId, id)).toBe(1);
    await expect(feld).toHaveValue("12a");
    await expect(page.getByText("Keine gültige Zahl – bitte z. B. 1.234,56 eingeben.")).toBeVisible();
    // A date that does not exist is refused at its field as soon as it is typed.
    const datum = page.getByRole("tabpanel").getByRole("textbox", { name: "Gültig ab", exact: true });
    await datum.fill("31.02.2026");
    await expect(page.getByText("Den 31.02.2026 gibt es nicht.")).toBeVisible();
    await expect(datum).toHaveValue("31.02.2026");
  });
});
