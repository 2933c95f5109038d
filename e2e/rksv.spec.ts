import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { type KryptoMaterialContainer, pruefeDep } from "@kontor/rksv";
import { type Browser, expect, test } from "@playwright/test";
import { DEMO, signInFromStart } from "./fixtures.ts";
import {
  type ApiSession,
  apiCall,
  apiSignIn,
  startInMandant,
  suppressNewsPopup,
  uniqueMandantName,
  viennaToday,
} from "./shell.fixtures.ts";

/** Specs share one server and database: every name this file creates carries this run's mark. */
const RUN = Date.now().toString(36);

type Api = { request: Parameters<typeof apiCall>[0]; admin: ApiSession; mandantId: number };

/**
 * A tenant of its own with RKSV: a started register makes every cash invoice of its circle need a signature, so the
 * demo tenant (whose cash invoices other specs finalize) stays without. Modules rechnungslegung and rksv, a VAT id
 * and an address (invoices can be issued; the software key's Ordnungsbegriff is the VAT id), the admin as member,
 * its invoice circle with rksv on, and a walk-in customer.
 */
async function rksvMandant(request: Api["request"], admin: ApiSession): Promise<Api & { kundeId: number }> {
  const mandant = await apiCall<{ id: number }>(request, admin, "PUT", "mandants", {
    data: {
      bezeichnung: uniqueMandantName("RKSV"),
      uid: "ATU13585627",
      modulList: ["rechnungslegung", "rksv"],
      userLists: [{ id: admin.userId }],
      adresseLists: [{ strasse: "Ring", hausNummer: "1", plz: "1010", ort: "Wien", land: "AT" }],
    },
  });
  const api = { request, admin, mandantId: mandant.id };
  // The circle invoices are numbered from (a new tenant has one): RKSV on, as the admin does in /rechnungskreise.
  const kreise = await apiCall<{ id: number }[]>(request, admin, "GET", "rechnungskreise?sort=id,asc", {
    mandantId: mandant.id,
  });
  expect(kreise.length, "the new tenant's invoice circle").toBeGreaterThan(0);
  await apiCall(request, admin, "PUT", "rechnungskreise", {
    mandantId: mandant.id,
    data: { ...kreise[0], rksv: true },
  });
  const kunde = await apiCall<{ id: number }>(request, admin, "PUT", "kundes", {
    mandantId: mandant.id,
    data: {
      firma: "firma",
      bezeichnung: `Laufkunde ${RUN}`,
      adresseLists: [{ strasse: "Graben", hausNummer: "2", plz: "1010", ort: "Wien", land: "AT" }],
    },
  });
  return { ...api, kundeId: kunde.id };
}

/** A cash invoice (positions: quantity, net price, VAT %), finalized: signed by the register on the way. */
async function barrechnung(api: Api & { kundeId: number }, positionen: [number, number, number][]) {
  const heute = viennaToday();
  const entwurf = await apiCall<{ id: number }>(api.request, api.admin, "PUT", "beleg", {
    mandantId: api.mandantId,
    data: {
      belegsTyp: "barrechnung",
      belegDatum: heute,
      leistungsDatum: heute,
      kunde: { id: api.kundeId },
      belegspositionSet: positionen.map(([menge, preis, mwst], i) => ({
        positionsBeschreibung: `Ware ${i + 1} ${RUN}`,
        positionsMenge: menge,
        positionsPreis: preis,
        positionsMwst: mwst,
      })),
    },
  });
  return apiCall<{ id: number; belegNummer: string; rksvBarcode: string | null }>(
    api.request,
    api.admin,
    "POST",
    `beleg/${entwurf.id}/freigabe`,
    { mandantId: api.mandantId, expected: 200 },
  );
}

/**
 * The QR code printed on a PDF, read back: Chromium's PDF viewer shows the file enlarged, jsQR decodes the
 * screenshot in a blank page of the same browser (no image library needed in Node).
 */
async function qrAusPdf(browser: Browser, pdf: string): Promise<string | null> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1800 } });
  try {
    const anzeige = await context.newPage();
    await anzeige.goto(`${pathToFileURL(pdf).href}#zoom=200&toolbar=0`);
    const leser = await context.newPage();
    await leser.addScriptTag({ path: createRequire(import.meta.url).resolve("jsqr/dist/jsQR.js") });
    let text: string | null = null;
    // The viewer draws the page after it has loaded: try until the code reads.
    await expect(async () => {
      const bild = await anzeige.screenshot();
      text = await leser.evaluate(async (base64) => {
        const img = new Image();
        img.src = `data:image/png;base64,${base64}`;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = img.width;
        canvas.height = img.height;
        const ctx = canvas.getContext("2d")!;
        ctx.drawImage(img, 0, 0);
        const { data } = ctx.getImageData(0, 0, img.width, img.height);
        const jsQR = (
          window as unknown as {
            jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null;
          }
        ).jsQR;
        return jsQR(data, img.width, img.height)?.data ?? null;
      }, bild.toString("base64"));
      expect(text).not.toBeNull();
    }).toPass({ timeout: 30_000 });
    return text;
  } finally {
    await context.close();
  }
}

test.describe("RKSV (issue 18)", () => {
  test("start receipt through the screen, two cash invoices and a storno; the downloaded DEP verifies with the container; the journal shows every receipt", async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const admin = await apiSignIn(request, DEMO.admin);
    const api = await rksvMandant(request, admin);
    await startInMandant(page, api.mandantId);
    await suppressNewsPopup(page, admin.userId);
    await signInFromStart(page, DEMO.admin);

    // The user menu leads to /rksv while the tenant has the module.
    await page.getByRole("button", { name: /^Benutzermenü/ }).click();
    await page.getByRole("menuitem", { name: "RKSV" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "RKSV — Registrierkasse" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Noch keine Registrierkasse in Betrieb" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Zu den Rechnungskreisen" })).toBeVisible();

    // The start receipt with the software key: the FinanzOnline data appear.
    const kassenId = `E2E-${RUN}`;
    await page.getByRole("textbox", { name: "Kassen-ID" }).fill(kassenId);
    await expect(page.getByRole("radio", { name: /Software-Schlüssel/ })).toBeChecked();
    await page.getByRole("button", { name: "Startbeleg erstellen" }).click();
    const daten = page.getByRole("region", { name: "Registrierungsdaten für FinanzOnline" });
    await expect(daten).toBeVisible();
    await expect(daten.getByTestId("rksv-kassenId")).toHaveText(kassenId);
    await expect(daten.getByTestId("rksv-zda")).toHaveText("AT0");
    await expect(daten.getByTestId("rksv-aesSchluessel")).toHaveText(/^[A-Za-z0-9+/]{43}=$/);
    await expect(daten.getByRole("button", { name: "AES-Schlüssel kopieren" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("rksv-registrierungsdaten.png"), fullPage: true });
    await testInfo.attach("registrierungsdaten", {
      path: testInfo.outputPath("rksv-registrierungsdaten.png"),
      contentType: "image/png",
    });
    const karte = page.getByRole("region", { name: `Kasse ${kassenId}` });
    await expect(karte.getByTestId("rksv-beleg-anzahl")).toHaveText("1");

    // Two cash invoices and the storno of the first, finalized through the API: each gets the receipt's QR text.
    const eins = await barrechnung(api, [
      [2, 10, 20],
      [1, 5, 10],
    ]); // 24,00 + 5,50
    const zwei = await barrechnung(api, [[1, 100, 13]]); // 113,00
    expect(eins.rksvBarcode).toMatch(new RegExp(`^_R1-AT0_${kassenId}_${eins.belegNummer}_`));
    expect(zwei.rksvBarcode).toMatch(/_113,00_0,00_/);
    const storno = await apiCall<{ belegNummer: string; rksvBarcode: string | null }>(
      request,
      admin,
      "POST",
      `beleg/${eins.id}/storno`,
      { mandantId: api.mandantId, data: {}, expected: 200 },
    );
    expect(storno.rksvBarcode).toContain("_-24,00_-5,50_");

    // The invoice's PDF carries the receipt as QR code: read back, it is the signed code.
    const pdf = await request.get(`/app/api/beleg/${eins.id}/pdf`, {
      headers: { Authorization: `Bearer ${admin.token}`, "X-Mandant-Id": String(api.mandantId) },
    });
    expect(pdf.status()).toBe(200);
    const pdfDatei = testInfo.outputPath("barrechnung.pdf");
    await writeFile(pdfDatei, await pdf.body());
    expect(await qrAusPdf(browser, pdfDatei)).toBe(eins.rksvBarcode);

    // The screen again: four receipts, 113,00 € counted, the storno last.
    await page.reload();
    await expect(karte.getByTestId("rksv-beleg-anzahl")).toHaveText("4");
    await expect(karte.getByTestId("rksv-umsatzzaehler")).toHaveText("113,00 €");
    await expect(karte.getByTestId("rksv-letzter-beleg")).toContainText(
      `Nr. 4 · ${storno.belegNummer} · Storno`,
    );

    // The journal of this month: the start receipt, both invoices, the storno — with links to the documents.
    const journal = page.getByTestId("rksv-journal");
    const zeilen = journal.locator("tbody tr");
    await expect(zeilen).toHaveCount(4);
    await expect(zeilen.nth(0)).toContainText("Startbeleg");
    await expect(zeilen.nth(1)).toContainText("29,50 €");
    await expect(zeilen.nth(2)).toContainText("142,50 €");
    await expect(zeilen.nth(3)).toContainText("-29,50 €");
    await expect(journal.getByRole("link", { name: `Dokument ${zwei.belegNummer} öffnen` })).toHaveAttribute(
      "href",
      `/app/beleg/${zwei.id}/edit/true/false`,
    );

    // The DEP through the button, verified with the register's crypto material container.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "DEP exportieren" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^DEP-\d{4}-\d{2}-01\.json$/);
    const dep: unknown = JSON.parse(await readFile(await download.path(), "utf8"));
    const [kasse] = await apiCall<{ id: number; kassenId: string }[]>(request, admin, "GET", "rksv/kasse", {
      mandantId: api.mandantId,
    });
    expect(kasse?.kassenId).toBe(kassenId);
    const container = await apiCall<KryptoMaterialContainer>(
      request,
      admin,
      "GET",
      `rksv/kasse/${kasse!.id}/container`,
      { mandantId: api.mandantId },
    );
    expect(pruefeDep(dep, container)).toMatchObject({ ok: true, belegAnzahl: 4, umsatzzaehlerCent: 11300 });

    // The journal as PDF, in the UI's language.
    const [journalPdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Journal (PDF)" }).click(),
    ]);
    expect(journalPdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await readFile(await journalPdf.path())).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // From a day without receipts: the journal is empty and the DEP is the SPEC's message.
    await page.getByRole("textbox", { name: /^Ab Datum/ }).fill("01.01.2099");
    await expect(page.getByText("Keine JOURNAL-Daten vorhanden!")).toBeVisible();
    await page.getByRole("button", { name: "DEP exportieren" }).click();
    await expect(page.getByText("Keine DEP-Daten vorhanden!")).toBeVisible();
  });
});
