import { expect, type Page, test } from "@playwright/test";
import { DEMO, kundeWaehlen, signInFromStart } from "./fixtures.ts";
import { apiCall, apiSignIn, demoMandantId } from "./shell.fixtures.ts";

/** Specs share one server and database: every name this file creates carries this run's mark. */
const RUN = Date.now().toString(36);

const saveButton = (page: Page) => page.getByRole("button", { name: "Speichern", exact: true });
const status = (page: Page) => page.getByTestId("beleg-status");
const EDIT_URL = /\/app\/beleg\/(\d+)\/edit\/true\/false$/;

/**
 * Picks an option of a select. The click that opens it is repeated until the option shows: a click that lands
 * while the form is still settling (its defaults loading under a busy machine) can close the dropdown again.
 */
async function waehlen(page: Page, feld: string, option: string) {
  await expect(async () => {
    await page.getByRole("combobox", { name: feld }).click();
    await expect(page.getByRole("option", { name: option, exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Runs an action of the action bar that asks first, and confirms it. */
async function bestaetigt(page: Page, knopf: string, frage: string, bestaetigen: string) {
  await page.getByRole("button", { name: knopf, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: frage });
  await dialog.getByRole("button", { name: bestaetigen, exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function finalisieren(page: Page) {
  await bestaetigt(page, "Finalisieren", "Beleg finalisieren?", "Finalisieren");
  await expect(status(page)).toHaveText("Finalisiert");
}

/** The number of the document shown ("Nr. …" beside the title). */
async function nummer(page: Page): Promise<string> {
  const text = await page
    .getByText(/^Nr\. /)
    .first()
    .textContent();
  return (text ?? "").replace(/^Nr\. /, "").trim();
}

/** Ships from the order confirmation that is open: quantities per row; checks the open quantities first. */
async function liefern(page: Page, offen: string[], mengen: string[]) {
  await page.getByRole("button", { name: "Liefern / Teillieferung" }).click();
  const dialog = page.getByRole("dialog", { name: "Liefern / Teillieferung" });
  await expect(dialog.getByTestId("offen")).toHaveText(offen);
  for (const [index, menge] of mengen.entries())
    await dialog
      .getByRole("textbox", { name: new RegExp(`^Liefermenge, Position ${index + 1} `) })
      .fill(menge);
  await dialog.getByRole("button", { name: "Lieferschein erstellen" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Lieferschein" })).toBeVisible();
}

test.describe("documents", () => {
  test("offer → order confirmation → two partial deliveries → one invoice → finalized, read-only → storno", async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    // A customer of its own (the demo tenant has the VAT id and address an invoice names of its seller).
    const kundeName = `Beleg Kunde ${RUN}`;
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await demoMandantId(request, admin);
    await apiCall(request, admin, "PUT", "kundes", {
      mandantId,
      data: {
        firma: "firma",
        bezeichnung: kundeName,
        adresseLists: [{ strasse: "Ring", hausNummer: "3", plz: "1010", ort: "Wien", land: "AT" }],
      },
    });

    await signInFromStart(page, DEMO.admin);
    await page.goto("/app/beleg_list/");
    await page.getByRole("link", { name: "Neuer Beleg" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Neu: Rechnung" })).toBeVisible();

    // The offer: type, customer, two free positions; the totals follow.
    await waehlen(page, "Belegtyp", "Angebot");
    await kundeWaehlen(page, RUN, new RegExp(kundeName));
    await page.getByRole("button", { name: "Position hinzufügen" }).click();
    await page.getByRole("textbox", { name: "Beschreibung, Position 1" }).fill(`Schrauben ${RUN}`);
    await page.getByRole("textbox", { name: "Menge, Position 1" }).fill("10");
    await page.getByRole("textbox", { name: "Einzelpreis, Position 1" }).fill("2");
    await page.getByRole("textbox", { name: "MwSt., Position 1" }).fill("20");
    // Enter in the last row adds the next one.
    await page.getByRole("textbox", { name: "MwSt., Position 1" }).press("Enter");
    await page.getByRole("textbox", { name: "Beschreibung, Position 2" }).fill("Montage");
    await page.getByRole("textbox", { name: "Einzelpreis, Position 2" }).fill("80");
    await page.getByRole("textbox", { name: "MwSt., Position 2" }).fill("20");
    await expect(page.getByTestId("summe-netto")).toHaveText("100,00 €");
    await expect(page.getByTestId("summe-brutto")).toHaveText("120,00 €");
    await saveButton(page).click();
    await expect(page).toHaveURL(EDIT_URL);
    await expect(page.getByRole("heading", { level: 1, name: "Angebot" })).toBeVisible();

    // → order confirmation, finalized.
    await page.getByRole("button", { name: "Umwandeln in …" }).click();
    await page.getByRole("menuitem", { name: "Auftragsbestätigung" }).click();
    const umwandeln = page.getByRole("dialog", { name: "In Auftragsbestätigung umwandeln?" });
    await umwandeln.getByRole("button", { name: "Umwandeln" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Auftragsbestätigung" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Menge, Position 1" })).toHaveValue("10");
    await finalisieren(page);
    const abUrl = page.url();

    // Two partial deliveries; the open quantities are right at each step.
    await liefern(page, ["10", "1"], ["4", "0"]);
    await expect(page.getByRole("textbox", { name: /^Menge, Position/ })).toHaveCount(1);
    await expect(page.getByRole("textbox", { name: "Menge, Position 1" })).toHaveValue("4");
    await finalisieren(page);
    const ls1 = await nummer(page);
    await page.goto(abUrl);
    await expect(page.getByText("offen: 6")).toBeVisible();
    await expect(page.getByText("offen: 1")).toBeVisible();
    await liefern(page, ["6", "1"], ["6", "1"]);
    await finalisieren(page);
    const ls2 = await nummer(page);
    await page.goto(abUrl);
    await expect(page.getByText("offen: 0")).toHaveCount(2);

    // One invoice from both delivery notes, chosen in the list.
    await page.goto("/app/beleg_list/");
    await page.getByRole("searchbox", { name: "Liste durchsuchen" }).fill(kundeName);
    await waehlen(page, "Belegtyp", "Lieferschein");
    await page.getByRole("checkbox", { name: `Auswählen: ${ls1}` }).check();
    await page.getByRole("checkbox", { name: `Auswählen: ${ls2}` }).check();
    await page.getByRole("button", { name: "Rechnung erstellen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Rechnung" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^Menge, Position/ })).toHaveCount(3);
    await expect(page.getByTestId("summe-netto")).toHaveText("100,00 €");
    await expect(page.getByTestId("summe-brutto")).toHaveText("120,00 €");

    // An invoice names its date of supply; then it is finalized and read-only.
    await page.getByRole("textbox", { name: "Leistungsdatum" }).fill("02.03.2026");
    await saveButton(page).click();
    await expect(page.getByText("Ungespeicherte Änderungen")).toBeHidden();
    await finalisieren(page);
    const rechnungNr = await nummer(page);
    expect(rechnungNr).not.toBe("");
    await expect(saveButton(page)).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Leistungsdatum" })).toBeDisabled();
    await expect(page.getByRole("textbox", { name: "Menge, Position 1" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Position hinzufügen" })).toHaveCount(0);
    const rechnungUrl = page.url();

    // Storno: a cancellation with its own number; the invoice shows it.
    await bestaetigt(page, "Stornieren", "Beleg stornieren?", "Stornieren");
    await expect(page.getByRole("heading", { level: 1, name: "Storno" })).toBeVisible();
    await expect(status(page)).toHaveText("Finalisiert");
    const stornoNr = await nummer(page);
    expect(stornoNr).not.toBe("");
    expect(stornoNr).not.toBe(rechnungNr);
    await expect(page.getByTestId("summe-brutto")).toHaveText("-120,00 €");
    await page.goto(rechnungUrl);
    await expect(status(page)).toHaveText("Storniert");
    await expect(page.getByTestId("storno-hinweis")).toContainText(stornoNr);
  });

  test("a document for a customer who reads English: the hint, the payment-term and reference texts in English", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await demoMandantId(request, admin);
    const ziel = await apiCall<{ id: number }>(request, admin, "PUT", "zahlungsziels", {
      mandantId,
      data: { name: `14 days ${RUN}`, nettoTage: 14 },
    });
    const kundeName = `English Ltd ${RUN}`;
    await apiCall(request, admin, "PUT", "kundes", {
      mandantId,
      data: {
        firma: "firma",
        bezeichnung: kundeName,
        belegLangKey: "en",
        zahlungsziel: { id: ziel.id },
        adresseLists: [{ strasse: "Ring", hausNummer: "5", plz: "1010", ort: "Wien", land: "AT" }],
      },
    });

    await signInFromStart(page, DEMO.admin);
    await page.goto("/app/beleg_list/");
    await page.getByRole("link", { name: "Neuer Beleg" }).click();
    await waehlen(page, "Belegtyp", "Angebot");
    await kundeWaehlen(page, `English Ltd ${RUN}`, new RegExp(kundeName));
    // The customer's language shows, and its payment term's text comes in English.
    await expect(page.getByTestId("englisch-hinweis")).toBeVisible();
    await page.getByRole("button", { name: "Position hinzufügen" }).click();
    await page.getByRole("textbox", { name: "Beschreibung, Position 1" }).fill("Consulting");
    await page.getByRole("textbox", { name: "Einzelpreis, Position 1" }).fill("150");
    await page.getByRole("textbox", { name: "MwSt., Position 1" }).fill("20");
    await page.getByRole("tab", { name: /^Texte/ }).click();
    await expect(page.getByRole("textbox", { name: "Zahlungstext" })).toHaveValue(
      /^Payable by \d\d\/\d\d\/\d{4} without deduction\.$/,
    );
    await saveButton(page).click();
    await expect(page).toHaveURL(EDIT_URL);
    await finalisieren(page);
    const angebotNr = await nummer(page);

    // The order confirmation made from it names the offer in English.
    await page.getByRole("button", { name: "Umwandeln in …" }).click();
    await page.getByRole("menuitem", { name: "Auftragsbestätigung" }).click();
    await page
      .getByRole("dialog", { name: "In Auftragsbestätigung umwandeln?" })
      .getByRole("button", { name: "Umwandeln" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Auftragsbestätigung" })).toBeVisible();
    await expect(page.getByTestId("englisch-hinweis")).toBeVisible();
    await page.getByRole("tab", { name: /^Texte/ }).click();
    await page.getByRole("button", { name: "Aus dem Ursprungsbeleg erstellen" }).click();
    await expect(page.getByRole("textbox", { name: "Bezugstext" })).toHaveValue(
      new RegExp(`^Reference: quote no\\. ${angebotNr} of \\d\\d/\\d\\d/\\d{4}$`),
    );
  });
});
