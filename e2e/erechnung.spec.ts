import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { DEMO, signInFromStart } from "./fixtures.ts";
import { apiCall, apiSignIn, demoMandantId } from "./shell.fixtures.ts";

/** Specs share one server and database: every name this file creates carries this run's mark. */
const RUN = Date.now().toString(36);

test.describe("e-invoices", () => {
  test("an invoice to a German public buyer downloaded as XRechnung and as ZUGFeRD PDF; a format that lacks details says which", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await demoMandantId(request, admin);
    const kunde = (daten: object) =>
      apiCall<{ id: number }>(request, admin, "PUT", "kundes", {
        mandantId,
        data: {
          firma: "firma",
          email: "erechnung@musterstadt.example",
          adresseLists: [
            { strasse: "Rathausplatz", hausNummer: "1", plz: "12345", ort: "Musterstadt", land: "DE" },
          ],
          ...daten,
        },
      });
    const rechnung = async (kundeId: number) => {
      const entwurf = await apiCall<{ id: number }>(request, admin, "PUT", "beleg", {
        mandantId,
        data: {
          belegsTyp: "rechnung",
          belegDatum: "2026-11-25",
          leistungsDatum: "2026-11-20",
          kunde: { id: kundeId },
          belegspositionSet: [
            {
              positionsBeschreibung: "Wartung Heizung",
              positionsMenge: 3,
              positionsPreis: 85,
              positionsMwst: 20,
            },
          ],
        },
      });
      const fertig = await apiCall<{ belegNummer: string }>(
        request,
        admin,
        "POST",
        `beleg/${entwurf.id}/freigabe`,
        {
          mandantId,
          expected: 200,
        },
      );
      return { id: entwurf.id, nummer: fertig.belegNummer };
    };
    const stadt = await kunde({
      bezeichnung: `Stadt Musterstadt ${RUN}`,
      kaeuferReferenz: "04011000-12345-03",
    });
    const r = await rechnung(stadt.id);

    await signInFromStart(page, DEMO.admin);
    await page.goto(`/app/beleg/${r.id}`);
    await page.getByRole("button", { name: "E-Rechnung" }).click();
    const xrechnung = page.getByRole("menuitem", { name: "XRechnung (UBL)" });
    await expect(xrechnung).toBeEnabled();
    await page.screenshot({ path: "test-results/erechnung-menue.png" });
    const [xml] = await Promise.all([page.waitForEvent("download"), xrechnung.click()]);
    expect(xml.suggestedFilename()).toBe(`Rechnung ${r.nummer} XRechnung UBL.xml`);
    const inhalt = (await readFile(await xml.path())).toString("utf8");
    expect(inhalt).toContain("urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0");
    expect(inhalt).toContain("<cbc:BuyerReference>04011000-12345-03</cbc:BuyerReference>");
    expect(inhalt).toContain('<cbc:PayableAmount currencyID="EUR">306.00</cbc:PayableAmount>');

    await page.getByRole("button", { name: "E-Rechnung" }).click();
    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("menuitem", { name: "ZUGFeRD / Factur-X (PDF)" }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`Rechnung ${r.nummer} ZUGFeRD.pdf`);
    const bytes = await readFile(await pdf.path());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.includes("factur-x.xml")).toBe(true);

    // A customer without a buyer reference: XRechnung names what is missing, in the user's language.
    const ohne = await kunde({ bezeichnung: `Bau Schmidt ${RUN}` });
    const zweite = await rechnung(ohne.id);
    await page.goto(`/app/beleg/${zweite.id}`);
    await page.getByRole("button", { name: "E-Rechnung" }).click();
    const fehlt = page.getByRole("menuitem", { name: /XRechnung \(CII\).*Angaben fehlen/ });
    await expect(fehlt).toBeVisible();
    await fehlt.click();
    const dialog = page.getByRole("dialog", { name: "XRechnung (CII): Angaben fehlen" });
    await expect(dialog.getByTestId("erechnung-regeln")).toContainText("Leitweg-ID");
    await expect(dialog.getByTestId("erechnung-regeln")).toContainText("BR-DE-15");
    await page.screenshot({ path: "test-results/erechnung-regeln.png" });
  });
});
