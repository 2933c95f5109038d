import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO, signInFromStart } from "./fixtures.ts";
import {
  apiSignIn,
  createMandant,
  startInMandant,
  suppressNewsPopup,
  uniqueMandantName,
} from "./shell.fixtures.ts";

/** The official XRechnung example beside the checkout (../shared/testdata, read, never copied). */
const XRECHNUNG = path.resolve(
  import.meta.dirname,
  "../../shared/testdata/einvoice/examples/xrechnung-01.01a-INVOICE_ubl.xml",
);

test.describe("incoming e-invoices (issue 19)", () => {
  test("an uploaded XRechnung becomes a supplier's draft with its lines; a clerk marks it checked", async ({
    page,
    request,
  }) => {
    // A tenant of its own (specs share one server): its list starts empty, the supplier is new to it.
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await createMandant(request, admin, {
      bezeichnung: uniqueMandantName("Eingang"),
      modulList: ["rechnungslegung"],
      userIds: [admin.userId],
    });
    await startInMandant(page, mandantId);
    await suppressNewsPopup(page, admin.userId);
    await signInFromStart(page, DEMO.admin);

    await page.getByRole("link", { name: "Eingangsrechnungen" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Eingangsrechnungen" })).toBeVisible();

    // The supplier's file: a new number per run, so a kept data directory does not see a duplicate.
    const nummer = `XR-${Date.now().toString(36)}`;
    const xml = (await readFile(XRECHNUNG, "utf8")).replace(
      "<cbc:ID>123456XX</cbc:ID>",
      `<cbc:ID>${nummer}</cbc:ID>`,
    );
    const upload = page.getByRole("region", { name: "E-Rechnungen einlesen" });
    await upload.locator('input[type="file"]').setInputFiles([
      { name: "xrechnung.xml", mimeType: "application/xml", buffer: Buffer.from(xml) },
      { name: "notiz.txt", mimeType: "text/plain", buffer: Buffer.from("keine Rechnung") },
    ]);
    const ergebnisse = page.getByRole("list", { name: "Ergebnisse des Einlesens" });
    await expect(ergebnisse).toContainText(
      `xrechnung.xml: Rechnung ${nummer} von [Seller name] eingelesen – Lieferant neu angelegt`,
    );
    await expect(ergebnisse).toContainText("notiz.txt: Nur XML- und PDF-Dateien werden eingelesen.");

    // In the list: the supplier's draft.
    const zeile = page.getByRole("row").filter({ hasText: nummer });
    await expect(zeile).toContainText("[Seller name]");
    await expect(zeile).toContainText("04.04.2016");
    await expect(zeile).toContainText("336,90 €");
    await expect(zeile).toContainText("XRechnung 3.0 (UBL)");
    await expect(zeile).toContainText("Entwurf");

    // The same file again is refused and links the invoice there is.
    await upload.locator('input[type="file"]').setInputFiles({
      name: "nochmal.xml",
      mimeType: "application/xml",
      buffer: Buffer.from(xml),
    });
    await expect(ergebnisse).toContainText("nochmal.xml: Diese Datei wurde bereits eingelesen.");
    await expect(page.getByRole("row").filter({ hasText: nummer })).toHaveCount(1);

    // The invoice as a clerk reads it: header, lines, totals.
    await zeile.getByRole("link", { name: nummer }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Rechnung ${nummer}` })).toBeVisible();
    const kopf = page.getByRole("region", { name: "Rechnung", exact: true });
    await expect(kopf.getByRole("link", { name: "[Seller name]" })).toHaveAttribute(
      "href",
      /\/app\/kunde\/\d+$/,
    );
    await expect(kopf).toContainText("04011000-12345-03");
    const positionen = page.getByRole("table", { name: "Positionen" });
    await expect(positionen.getByRole("row")).toHaveCount(3);
    await expect(positionen).toContainText("Zeitschrift Inland");
    await expect(positionen).toContainText("Porto + Versandkosten");
    await expect(positionen).toContainText("288,79 €");
    await expect(page.getByRole("table", { name: "Summen" })).toContainText("336,90 €");
    await expect(page.getByRole("region", { name: "Zahlung" })).toContainText("DE79 0000 0000 1234 5678 90");

    await page.getByRole("button", { name: "Als geprüft markieren" }).click();
    await expect(page.getByText("Als geprüft markiert")).toBeVisible();
    await expect(page.getByRole("button", { name: "Wieder auf Entwurf" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Löschen" })).toHaveCount(0);

    // The supplier is a customer record marked supplier.
    await kopf.getByRole("link", { name: "[Seller name]" }).click();
    await expect(page.getByRole("checkbox", { name: "Lieferant" })).toBeChecked();
  });
});
