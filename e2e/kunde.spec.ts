import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { DEMO, schnellsucheWaehlen, signInFromStart } from "./fixtures.ts";

/** Specs share one server and database: every name this file creates carries this run's mark. */
const RUN = Date.now().toString(36);

/** A small but real PDF (header, one empty page, trailer). */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

const saveButton = (page: Page) => page.getByRole("button", { name: "Speichern", exact: true });
const tab = (page: Page, name: string) => page.getByRole("tab", { name: new RegExp(`^${name}`) });
/** The tab panel on show (the others stay mounted but hidden, and their labels repeat: Anrede, E-Mail, …). */
const panel = (page: Page) => page.getByRole("tabpanel");

/** Fills the address fields of one fieldset (billing or delivery address). */
async function fillAddress(
  page: Page,
  legend: string,
  address: { strasse: string; hausNummer: string; plz: string; ort: string },
) {
  const group = page.getByRole("group", { name: legend });
  await group.getByLabel("Straße").fill(address.strasse);
  await group.getByLabel("Hausnummer").fill(address.hausNummer);
  await group.getByLabel("PLZ").fill(address.plz);
  await group.getByLabel("Ort").fill(address.ort);
}

test.describe("customers and suppliers", () => {
  test("a user creates a company customer with a delivery address and a contact, finds it by its place and edits it", async ({
    page,
  }) => {
    const firma = `Gärtnerei Wölfl ${RUN}`;
    const ort = `Wolfsgraben${RUN}`;
    await signInFromStart(page, DEMO.user);
    await page.getByRole("navigation").getByRole("link", { name: "Kunden", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Kunden und Lieferanten" })).toBeVisible();

    await page.getByRole("link", { name: "Neuer Kunde" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Neuer Kunde" })).toBeVisible();
    // Nothing filled in yet: save is off and says why.
    await expect(saveButton(page)).toBeDisabled();
    await expect(page.getByText("Zum Speichern fehlt:")).toBeVisible();

    await panel(page).getByLabel("Firmenname").fill(firma);
    await panel(page).getByLabel("E-Mail").fill(`office-${RUN}@woelfl.example`);
    await tab(page, "Adressen").click();
    await fillAddress(page, "Rechnungsadresse", {
      strasse: "Hauptstraße",
      hausNummer: "12",
      plz: "3012",
      ort,
    });
    await page.getByRole("switch", { name: "Abweichende Lieferadresse" }).check();
    await fillAddress(page, "Lieferadresse", {
      strasse: "Gartenweg",
      hausNummer: "3",
      plz: "3013",
      ort: "Tullnerbach",
    });

    await tab(page, "Kontakte").click();
    await page.getByRole("button", { name: "Kontakt hinzufügen" }).click();
    await panel(page).getByLabel("Vorname").fill("Jürgen");
    await panel(page).getByLabel("Nachname").fill("Wölfl");
    await panel(page).getByLabel("E-Mail").fill("jürgen@woelfl.example");

    await expect(saveButton(page)).toBeEnabled();
    await saveButton(page).click();
    await expect(page).toHaveURL(/\/app\/kunde\/\d+$/);
    const url = page.url();

    // The quick search of the list finds the customer by part of its place name.
    await page.goto("/app/kunde_list/");
    await schnellsucheWaehlen(page, `sgraben${RUN}`, new RegExp(firma));
    await expect(page).toHaveURL(url);

    // Stored as entered: the delivery address and the contact came back.
    await tab(page, "Adressen").click();
    await expect(page.getByRole("group", { name: "Lieferadresse" }).getByLabel("Ort")).toHaveValue(
      "Tullnerbach",
    );
    await tab(page, "Kontakte").click();
    await expect(panel(page).getByLabel("Nachname")).toHaveValue("Wölfl");

    // Without the billing postcode the customer cannot be saved, and the screen says so.
    await tab(page, "Adressen").click();
    const billing = page.getByRole("group", { name: "Rechnungsadresse" });
    await billing.getByLabel("PLZ").fill("");
    await expect(saveButton(page)).toBeDisabled();
    await expect(page.getByText("Zum Speichern fehlt:")).toBeVisible();
    await expect(page.getByRole("button", { name: "PLZ (Rechnungsadresse)" })).toBeVisible();
    await billing.getByLabel("PLZ").fill("3012");
    await tab(page, "Stammdaten").click();
    await panel(page).getByLabel("Telefon").fill("+43 2233 1234");
    await saveButton(page).click();
    await expect(page.getByText("Gespeichert", { exact: true })).toBeVisible();
    await page.reload();
    await expect(panel(page).getByLabel("Telefon")).toHaveValue("+43 2233 1234");
  });

  test("a private person gets its display name; a PDF is attached and downloaded again", async ({ page }) => {
    const nachname = `Müller${RUN}`;
    await signInFromStart(page, DEMO.admin);
    await page.goto("/app/kunde/new");
    await page.getByRole("button", { name: "Privatperson" }).click();
    await panel(page).getByLabel("Anrede").click();
    await page.getByRole("option", { name: "Frau" }).click();
    await panel(page).getByLabel("Vorname").fill("Anna");
    await panel(page).getByLabel("Nachname").fill(nachname);
    await expect(page.getByLabel("Anzeigename")).toHaveText(`Frau Anna ${nachname}`);

    await tab(page, "Adressen").click();
    await fillAddress(page, "Rechnungsadresse", {
      strasse: "Schönbrunner Straße",
      hausNummer: "5",
      plz: "1050",
      ort: "Wien",
    });
    await saveButton(page).click();
    await expect(page).toHaveURL(/\/app\/kunde\/\d+$/);
    await expect(
      page.getByRole("heading", { level: 1, name: new RegExp(`Frau Anna ${nachname}`) }),
    ).toBeVisible();

    // "Mueller" finds "Müller" in the list search.
    await page.goto("/app/kunde_list/");
    await page.getByPlaceholder("Name, Nummer, Ort, E-Mail …").fill(`mueller${RUN}`);
    await expect(page.getByRole("row", { name: new RegExp(`Frau Anna ${nachname}`) })).toBeVisible();
    await page
      .getByRole("row", { name: new RegExp(`Frau Anna ${nachname}`) })
      .getByRole("link")
      .first()
      .click();

    await tab(page, "Dateien").click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "PDF hochladen" }).click();
    await (await chooser).setFiles({ name: "Vertrag Müller.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(page.getByText("„Vertrag Müller.pdf“ hochgeladen")).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Herunterladen: Vertrag Müller.pdf" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("Vertrag Müller.pdf");
    expect(readFileSync(await file.path())).toEqual(PDF);
  });

  test("nothing found in the customer search: the quick create makes the customer on the spot", async ({
    page,
  }) => {
    const name = `Zebra Handel ${RUN}`;
    await signInFromStart(page, DEMO.user);
    await page.goto("/app/kunde_list/");
    const search = page.getByRole("combobox", { name: "Schnellsuche" });
    await search.fill(name);
    await expect(page.getByText("Keine Kunden gefunden")).toBeVisible();
    await page.getByRole("option", { name: "Neuen Kunden anlegen" }).click();

    const dialog = page.getByRole("dialog", { name: "Schnell anlegen" });
    await expect(dialog.getByLabel("Firmenname")).toHaveValue(name);
    await expect(dialog.getByRole("button", { name: "Speichern" })).toBeDisabled();
    await dialog.getByLabel("Straße").fill("Praterstraße");
    await dialog.getByLabel("Hausnr.").fill("7");
    await dialog.getByLabel("PLZ").fill("1020");
    await dialog.getByLabel("Ort").fill("Wien");
    await dialog.getByRole("button", { name: "Speichern" }).click();
    await expect(dialog).toBeHidden();
    // The list's quick search opens what it chose: the new customer.
    await expect(page).toHaveURL(/\/app\/kunde\/\d+$/);
    await expect(panel(page).getByLabel("Firmenname")).toHaveValue(name);

    // A further delivery address, quick-created for the stored customer.
    await tab(page, "Adressen").click();
    await page.getByRole("button", { name: "Weitere Lieferadresse anlegen" }).click();
    const adresse = page.getByRole("dialog", { name: "Neue Lieferadresse" });
    await adresse.getByLabel("Straße").fill("Lagerstraße");
    await expect(adresse.getByRole("button", { name: "Speichern" })).toBeDisabled();
    await adresse.getByLabel("Hausnr.").fill("1");
    await adresse.getByLabel("PLZ").fill("2320");
    await adresse.getByLabel("Ort").fill("Schwechat");
    await adresse.getByRole("button", { name: "Speichern" }).click();
    await expect(adresse).toBeHidden();
    await expect(
      page
        .getByRole("group", { name: /Lieferadresse/ })
        .getByLabel("Ort")
        .last(),
    ).toHaveValue("Schwechat");
  });

  test("leaving a customer with unsaved changes asks first: keep editing, or discard and go", async ({
    page,
  }) => {
    await signInFromStart(page, DEMO.user);
    await page.getByRole("navigation").getByRole("link", { name: "Kunden", exact: true }).click();
    await page.getByRole("link", { name: "Neuer Kunde" }).click();
    await panel(page).getByLabel("Firmenname").fill(`Halbfertig ${RUN}`);

    const frage = page.getByRole("dialog", { name: "Ungespeicherte Änderungen verwerfen?" });
    await page.getByRole("navigation").getByRole("link", { name: "Artikel", exact: true }).click();
    await expect(frage).toBeVisible();
    await frage.getByRole("button", { name: "Weiter bearbeiten" }).click();
    await expect(frage).toBeHidden();
    await expect(page).toHaveURL(/\/app\/kunde\/new$/);
    await expect(panel(page).getByLabel("Firmenname")).toHaveValue(`Halbfertig ${RUN}`);

    // The browser's back button asks as well; Verwerfen goes on.
    await page.goBack();
    await expect(frage).toBeVisible();
    await frage.getByRole("button", { name: "Verwerfen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Kunden und Lieferanten" })).toBeVisible();
    await expect(frage).toBeHidden();
  });
});
