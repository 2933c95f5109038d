import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { DEMO, signInFromStart } from "./fixtures.ts";
import { apiCall, apiSignIn, demoMandantId } from "./shell.fixtures.ts";

/** Specs share one server and database: every name this file creates carries this run's mark. */
const RUN = Date.now().toString(36);

const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(
    /\s+/g,
    " ",
  );

test.describe("document PDF", () => {
  test("an English invoice: previewed in the page, downloaded, its text in English — also from the list", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const admin = await apiSignIn(request, DEMO.admin);
    const mandantId = await demoMandantId(request, admin);
    const kundeName = `Thames Trading Ltd ${RUN}`;
    const kunde = await apiCall<{ id: number }>(request, admin, "PUT", "kundes", {
      mandantId,
      data: {
        firma: "firma",
        bezeichnung: kundeName,
        belegLangKey: "en",
        uid: "ATU12345675",
        adresseLists: [{ strasse: "Ring", hausNummer: "5", plz: "1010", ort: "Wien", land: "AT" }],
      },
    });
    const entwurf = await apiCall<{ id: number }>(request, admin, "PUT", "beleg", {
      mandantId,
      data: {
        belegsTyp: "rechnung",
        belegDatum: "2026-11-25",
        leistungsDatum: "2026-11-20",
        kunde: { id: kunde.id },
        belegspositionSet: [
          { positionsBeschreibung: "Consulting", positionsMenge: 3, positionsPreis: 1250, positionsMwst: 20 },
        ],
      },
    });
    const rechnung = await apiCall<{ belegNummer: string }>(
      request,
      admin,
      "POST",
      `beleg/${entwurf.id}/freigabe`,
      {
        mandantId,
        expected: 200,
      },
    );

    await signInFromStart(page, DEMO.admin);
    await page.goto(`/app/beleg/${entwurf.id}`);
    const pdfAntwort = page.waitForResponse((r) => r.url().endsWith(`/app/api/beleg/${entwurf.id}/pdf`));
    await page.getByRole("button", { name: "Vorschau", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Vorschau: Rechnung ${rechnung.belegNummer}` });
    const antwort = await pdfAntwort;
    expect(antwort.status()).toBe(200);
    expect(antwort.headers()["content-type"]).toBe("application/pdf");
    // Shown in the page: a frame with the PDF from a blob URL, no download needed.
    const rahmen = dialog.locator("iframe");
    await expect(rahmen).toHaveAttribute("src", /^blob:/);
    await expect(rahmen).toHaveAttribute("title", `PDF von Rechnung ${rechnung.belegNummer}`);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "PDF herunterladen" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Invoice ${rechnung.belegNummer}.pdf`);
    const datei = await readFile(await download.path());
    expect(datei.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = await pdfText(datei);
    for (const erwartet of [
      `Invoice ${rechnung.belegNummer}`,
      kundeName,
      "Date 25/11/2026",
      "Date of supply 20/11/2026",
      "Your VAT ID ATU12345675",
      "Consulting 3 €1,250.00 €3,750.00",
      "VAT 20% on €3,750.00 €750.00",
      "Total €4,500.00",
      "Page 1 of 1",
    ])
      expect(text).toContain(erwartet);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // From the list: the eye of the row shows the same PDF.
    await page.goto("/app/beleg_list/");
    await page.getByPlaceholder("Belegnummer oder Kunde …").fill(rechnung.belegNummer);
    const auge = page.getByRole("button", { name: `Vorschau: ${rechnung.belegNummer}` });
    await auge.click();
    await expect(page.getByRole("dialog").locator("iframe")).toHaveAttribute("src", /^blob:/);
  });
});
