import { eq } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { fahrzeug, felddefinition, mandant, mandantLogo, rechnungsvorlage } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { zeroPng } from "../../test/files.ts";
import { call, createTenantUser, createTestApp, login } from "../../test/helpers.ts";
import { createBeleg, rechnungsfaehig, STORNO_2026 } from "../beleg/beleg.testing.ts";
import { createKunde } from "../kunde/kunde.testing.ts";
import { belegDruckLesen } from "./belegDruck.ts";
import { pdfPool } from "./pdfPool.ts";
import { pdfSeiten } from "./pdfText.testing.ts";

const t = await createTestApp();
const flach = (seiten: string[]) => seiten.join(" ").replace(/\s+/g, " ");

async function tenant(belegLangKey: "de" | "en" = "de", kunde: object = {}) {
  const user = await createTenantUser(t, { authorities: ["ROLE_USER"], modules: ["rechnungslegung"] });
  await rechnungsfaehig(t, user.mandantId);
  const who = { token: await login(t, user), mandantId: user.mandantId };
  const k = await createKunde(t, who, {
    bezeichnung: "Muster GmbH",
    belegLangKey,
    uid: "ATU12345675",
    ...kunde,
  });
  return { ...who, kunde: k };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

const rechnung = (who: Tenant, extra: object = {}) =>
  createBeleg(t, who, {
    belegsTyp: "rechnung",
    kunde: { id: who.kunde.id },
    leistungsDatum: "2026-03-01",
    belegspositionSet: [
      { positionsBeschreibung: "Beratung", positionsMenge: 2, positionsPreis: 50, positionsMwst: 20 },
      { positionsBeschreibung: "Fachbuch", positionsMenge: 1, positionsPreis: 30, positionsMwst: 10 },
    ],
    ...extra,
  });
const freigeben = async (who: Tenant, id: number) => {
  const response = await call(t, { method: "POST", url: `/app/api/beleg/${id}/freigabe`, ...who });
  expect(response.statusCode, response.body).toBe(200);
};
const pdf = (who: { token: string; mandantId: number }, id: number, query = "") =>
  call(t, { method: "GET", url: `/app/api/beleg/${id}/pdf${query}`, ...who });

describe("GET beleg/{id}/pdf", () => {
  it("shows a finalized invoice inline, in German, with every legal content; download=true makes it a download", async () => {
    const who = await tenant();
    const b = await rechnung(who, { bestellBelegnummer: "PO-1" });
    await freigeben(who, b.id);
    const response = await pdf(who, b.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(
      `inline; filename="Rechnung 2026-00001.pdf"; filename*=UTF-8''Rechnung%202026-00001.pdf`,
    );
    const text = flach(await pdfSeiten(response.rawPayload));
    for (const erwartet of [
      "Rechnung 2026-00001",
      "Datum 02.03.2026",
      "Leistungsdatum 01.03.2026",
      "Muster GmbH",
      "Hauptstraße 1",
      "Ihre UID ATU12345675",
      "Unsere UID ATU13585627",
      "Ring 1",
      "1010 Wien",
      "Ihre Bestellung PO-1",
      "Beratung 2 50,00 € 20 % 100,00 €",
      "Nettobetrag 130,00 €",
      "USt. 20 % von 100,00 € 20,00 €",
      "USt. 10 % von 30,00 € 3,00 €",
      "Gesamtbetrag 153,00 €",
    ])
      expect(text).toContain(erwartet);

    const download = await pdf(who, b.id, "?download=true");
    expect(download.headers["content-disposition"]).toMatch(
      /^attachment; filename="Rechnung 2026-00001.pdf"/,
    );
  });

  it("prints in the customer's document language: English labels, formats and file name", async () => {
    const who = await tenant("en");
    const b = await rechnung(who);
    await freigeben(who, b.id);
    const response = await pdf(who, b.id);
    expect(response.headers["content-disposition"]).toContain('filename="Invoice 2026-00001.pdf"');
    const text = flach(await pdfSeiten(response.rawPayload));
    for (const erwartet of [
      "Invoice 2026-00001",
      "Date 02/03/2026",
      "Your VAT ID",
      "Total €153.00",
      "Page 1 of 1",
    ])
      expect(text).toContain(erwartet);
    expect(text).not.toMatch(/Rechnung|Gesamtbetrag|Seite/);
  });

  it("a draft is marked as such and has no number", async () => {
    const who = await tenant();
    const b = await rechnung(who);
    const response = await pdf(who, b.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toContain('filename="Rechnung ENTWURF.pdf"');
    expect(flach(await pdfSeiten(response.rawPayload))).toContain("Rechnung (ENTWURF)");
  });

  it("a storno names the invoice it cancels; the cancelled invoice says so", async () => {
    const who = await tenant();
    const b = await rechnung(who);
    await freigeben(who, b.id);
    const storno = await call(t, {
      method: "POST",
      url: `/app/api/beleg/${b.id}/storno`,
      ...who,
      payload: STORNO_2026,
    });
    expect(storno.statusCode, storno.body).toBe(200);
    const stornoText = flach(await pdfSeiten((await pdf(who, storno.json().id)).rawPayload));
    expect(stornoText).toContain("Stornorechnung 2026-00002");
    expect(stornoText).toContain("Storno zu Rechnung 2026-00001");
    expect(stornoText).toContain("Gesamtbetrag -153,00 €");
    const original = flach(await pdfSeiten((await pdf(who, b.id)).rawPayload));
    expect(original).toContain("Dieser Beleg wurde storniert (Storno 2026-00002).");
  });

  it("prints the reverse-charge notice, the vehicle marked for print and printable custom fields", async () => {
    const who = await tenant();
    const [fz] = await t.db
      .insert(fahrzeug)
      .values({
        mandantId: who.mandantId,
        kundeId: who.kunde.id,
        kennzeichen: "W-4711A",
        marke: "Skoda",
        saveonpdf: true,
      })
      .returning();
    const [feld] = await t.db
      .insert(felddefinition)
      .values({ mandantId: who.mandantId, bereich: "beleg", bezeichnung: "Baustelle", printable: true })
      .returning();
    const [geheim] = await t.db
      .insert(felddefinition)
      .values({ mandantId: who.mandantId, bereich: "beleg", bezeichnung: "Intern", printable: false })
      .returning();
    const b = await rechnung(who, {
      reverseCharge: true,
      fahrzeug: { id: fz!.id },
      belegFelder: [
        { felddefinitionId: feld!.id, value: "Linz" },
        { felddefinitionId: geheim!.id, value: "nur für uns" },
      ],
    });
    await freigeben(who, b.id);
    const text = flach(await pdfSeiten((await pdf(who, b.id)).rawPayload));
    expect(text).toContain("Übergang der Steuerschuld auf den Leistungsempfänger (Reverse Charge).");
    expect(text).toContain("Steuerfrei (Reverse Charge) 130,00 € 0,00 €");
    expect(text).toContain("Fahrzeug: Kennzeichen W-4711A · Marke Skoda");
    expect(text).toContain("Baustelle Linz");
    expect(text).not.toContain("nur für uns");
  });

  it("lays the active PDF template under the pages when the customer uses templates, not otherwise", async () => {
    const briefpapier = await PDFDocument.create();
    const seite = briefpapier.addPage([595.28, 841.89]);
    seite.drawText("BRIEFKOPF HUBER", {
      x: 40,
      y: 800,
      size: 10,
      font: await briefpapier.embedFont(StandardFonts.Helvetica),
    });
    const bytes = Buffer.from(await briefpapier.save());

    const who = await tenant();
    await t.db.insert(rechnungsvorlage).values({
      mandantId: who.mandantId,
      vorlagename: "Briefpapier",
      vorlage: bytes,
      vorlageContentType: "application/pdf",
    });
    const mit = await rechnung(who);
    await freigeben(who, mit.id);
    const text = flach(await pdfSeiten((await pdf(who, mit.id)).rawPayload));
    expect(text).toContain("BRIEFKOPF HUBER");
    expect(text).toContain("Rechnung 2026-00001");

    const ohneVorlage = await createKunde(t, who, { bezeichnung: "Ohne GmbH", belegVorlageVerwenden: false });
    const ohne = await createBeleg(t, who, {
      belegsTyp: "rechnung",
      kunde: { id: ohneVorlage.id },
      leistungsDatum: "2026-03-01",
    });
    expect(flach(await pdfSeiten((await pdf(who, ohne.id)).rawPayload))).not.toContain("BRIEFKOPF HUBER");
  });

  it("follows the tenant's output settings: logo, footer line, layout and window envelope form", async () => {
    const who = await tenant();
    const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: "#0b5d6b" } })
      .png()
      .toBuffer();
    await t.db
      .insert(mandantLogo)
      .values({ mandantId: who.mandantId, png, breite: 300, hoehe: 100, groesse: png.length });
    await t.db
      .update(mandant)
      .set({
        pdfLayout: "modern",
        fensterkuvert: "A",
        pdfFusszeile: "Geschäftsführerin: Eva Huber · HG Wien",
      })
      .where(eq(mandant.id, who.mandantId));
    const b = await rechnung(who);
    await freigeben(who, b.id);
    const response = await pdf(who, b.id);
    const roh = response.rawPayload.toString("latin1");
    expect(roh).toMatch(/\/Subtype \/Image/);
    expect(flach(await pdfSeiten(response.rawPayload))).toContain("Geschäftsführerin: Eva Huber · HG Wien");
    // Without a logo: no image in the file.
    const ohne = await tenant();
    const c = await rechnung(ohne);
    expect((await pdf(ohne, c.id)).rawPayload.toString("latin1")).not.toMatch(/\/Subtype \/Image/);
  });

  it("says what the PDF lacks (x-pdf-hinweise), and prints without a letterhead that cannot be read", async () => {
    const who = await tenant();
    const b = await rechnung(who);
    expect((await pdf(who, b.id)).headers["x-pdf-hinweise"]).toBe("bankFehlt,logoFehlt");
    await t.db.update(mandant).set({ iban: "AT611904300234573201" }).where(eq(mandant.id, who.mandantId));
    expect((await pdf(who, b.id)).headers["x-pdf-hinweise"]).toBe("logoFehlt");
    await t.db.insert(rechnungsvorlage).values({
      mandantId: who.mandantId,
      vorlagename: "Kaputt",
      vorlage: Buffer.from("%PDF-1.7\n% nothing but a header\n"),
      vorlageContentType: "application/pdf",
    });
    const response = await pdf(who, b.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-pdf-hinweise"]).toBe("vorlageUnbrauchbar");
    expect(flach(await pdfSeiten(response.rawPayload))).toContain("Rechnung (ENTWURF)");
  });

  it("a template image stored before uploads were checked — 10 000 × 10 000 px — is left out, undecoded (issue 33)", async () => {
    const who = await tenant();
    const b = await rechnung(who);
    await t.db.insert(rechnungsvorlage).values({
      mandantId: who.mandantId,
      vorlagename: "Riesig",
      vorlage: await zeroPng(10_000, 10_000), // 389 KB; 400 MB decoded, 21 s of pdfkit before issue 33
      vorlageContentType: "image/png",
    });
    const response = await pdf(who, b.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-pdf-hinweise"]).toContain("vorlageUnbrauchbar");
    expect(response.rawPayload.toString("latin1")).not.toMatch(/\/Subtype \/Image/);
    expect(flach(await pdfSeiten(response.rawPayload))).toContain("Rechnung (ENTWURF)");
  });

  it("a template image stored before, within the bounds but with transparency, is printed normalised (issue 33)", async () => {
    const who = await tenant();
    const b = await rechnung(who);
    await t.db.insert(rechnungsvorlage).values({
      mandantId: who.mandantId,
      vorlagename: "Transparent",
      vorlage: await zeroPng(3000, 4000),
      vorlageContentType: "image/png",
    });
    const response = await pdf(who, b.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-pdf-hinweise"]).toBe("bankFehlt"); // printed with it: not vorlageUnbrauchbar
    const text = response.rawPayload.toString("latin1");
    // inside A4 at 300 dpi, on white: no alpha channel for pdfkit to decode and split off (no /SMask)
    expect(text).toMatch(/\/Width 2480/);
    expect(text).toMatch(/\/Height 3307/);
    expect(text).not.toMatch(/\/SMask/);
  });

  it("an in-flight render of a long document holds up no other request: health answers before the PDF (issue 33)", async () => {
    const who = await tenant();
    const b = await rechnung(who, {
      belegspositionSet: Array.from({ length: 500 }, (_, i) => ({
        positionsBeschreibung: `Position ${i + 1}: ${"Beratung und Umsetzung nach Aufwand. ".repeat(10)}`,
        positionsMenge: 1,
        positionsPreis: 10,
        positionsMwst: 20,
      })),
    });
    const reihenfolge: string[] = [];
    let fertig = false;
    const dokument = pdf(who, b.id).then((response) => {
      fertig = true;
      reihenfolge.push(`pdf ${response.statusCode}`);
    });
    // Once the document is being drawn (in the PDF worker), ask for something else.
    while (!fertig && pdfPool().load.running === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(fertig).toBe(false);
    const health = await call(t, { method: "GET", url: "/app/api/health" });
    reihenfolge.push(`health ${health.statusCode}`);
    await dokument;
    expect(reihenfolge).toEqual(["health 200", "pdf 200"]);
  });

  it("answers 404 for another tenant's document and for an id that does not exist", async () => {
    const a = await tenant();
    const b = await tenant();
    const fremd = await rechnung(b);
    expect((await pdf(a, fremd.id)).statusCode).toBe(404);
    expect((await pdf(a, 999_999_999)).statusCode).toBe(404);
    expect((await pdf(a, fremd.id)).body).not.toContain("Muster");
  });

  it("needs the module, a role that may read documents and a sign-in", async () => {
    const who = await tenant();
    const b = await rechnung(who);
    const ohneModul = await createTenantUser(t, { authorities: ["ROLE_USER"], modules: ["crm"] });
    const ohneModulWho = { token: await login(t, ohneModul), mandantId: ohneModul.mandantId };
    const modul = await pdf(ohneModulWho, b.id);
    expect(modul.statusCode).toBe(403);
    expect(modul.json().code).toBe("error.moduleMissing");
    const ohneRolle = await createTenantUser(t, {
      authorities: ["ROLE_KASSABUCH"],
      modules: ["rechnungslegung"],
    });
    const rolle = await pdf({ token: await login(t, ohneRolle), mandantId: ohneRolle.mandantId }, b.id);
    expect(rolle.statusCode).toBe(403);
    expect(rolle.json().code).toBe("error.forbidden");
    expect((await call(t, { method: "GET", url: `/app/api/beleg/${b.id}/pdf` })).statusCode).toBe(401);
    expect((await pdf(who, "abc" as unknown as number)).statusCode).toBe(400);
  });
});

describe("the payment code (EPC QR) of a document", () => {
  const lesen = (who: Tenant, id: number) => withTenant(t.db, who.mandantId, (tx) => belegDruckLesen(tx, id));

  it("carries the tenant's IBAN and BIC, the open amount and the invoice number — and only when there is one to pay", async () => {
    const who = await tenant();
    const ohneBank = await rechnung(who);
    await freigeben(who, ohneBank.id);
    expect((await lesen(who, ohneBank.id))!.epc).toBeNull(); // issued without a bank account
    expect((await lesen(who, ohneBank.id))!.zahlbarOhneBank).toBe(true);
    await t.db
      .update(mandant)
      .set({ iban: "AT611904300234573201", bic: "BKAUATWW", bankName: "Bank Austria" })
      .where(eq(mandant.id, who.mandantId));
    const b = await rechnung(who);
    expect((await lesen(who, b.id))!.epc).toBeNull(); // a draft
    await freigeben(who, b.id);
    const druck = (await lesen(who, b.id))!;
    expect(druck.epc).toBe(
      [
        "BCD",
        "002",
        "1",
        "SCT",
        "BKAUATWW",
        druck.verkaeufer.name,
        "AT611904300234573201",
        "EUR153.00",
        "",
        "",
        "Rechnung 2026-00002",
      ].join("\n"),
    );
    const text = flach(await pdfSeiten((await pdf(who, b.id)).rawPayload));
    expect(text).toContain("Bankverbindung: Bank Austria · IBAN AT61 1904 3002 3457 3201 · BIC BKAUATWW");
    expect(text).toContain("QR-Code mit der Banking-App scannen");

    const storno = await call(t, {
      method: "POST",
      url: `/app/api/beleg/${b.id}/storno`,
      ...who,
      payload: STORNO_2026,
    });
    expect((await lesen(who, b.id))!.epc).toBeNull(); // cancelled
    expect((await lesen(who, storno.json().id))!.epc).toBeNull(); // a storno is nothing to pay
  });

  it("a finalized document keeps the seller as issued: a later change of the tenant's bank account does not reach it", async () => {
    const who = await tenant();
    await t.db
      .update(mandant)
      .set({ iban: "AT611904300234573201", bic: "BKAUATWW", bankName: "Bank Austria", fn: "FN 123456a" })
      .where(eq(mandant.id, who.mandantId));
    const b = await rechnung(who);
    await freigeben(who, b.id);
    await t.db
      .update(mandant)
      .set({ iban: "DE89370400440532013000", bic: null, bankName: "Neue Bank", fn: "FN 999999z" })
      .where(eq(mandant.id, who.mandantId));
    const druck = (await lesen(who, b.id))!;
    expect(druck.verkaeufer.bank).toEqual({
      iban: "AT61 1904 3002 3457 3201",
      bic: "BKAUATWW",
      bankName: "Bank Austria",
    });
    expect(druck.verkaeufer.fn).toBe("FN 123456a");
    expect(druck.epc).toContain("AT611904300234573201");
    // A draft shows today's tenant.
    const entwurf = await rechnung(who);
    expect((await lesen(who, entwurf.id))!.verkaeufer.bank?.bankName).toBe("Neue Bank");
  });

  it("is left out for a document type that is not paid by transfer (an offer)", async () => {
    const who = await tenant();
    await t.db.update(mandant).set({ iban: "AT611904300234573201" }).where(eq(mandant.id, who.mandantId));
    const angebot = await rechnung(who, { belegsTyp: "angebot" });
    await freigeben(who, angebot.id);
    expect((await lesen(who, angebot.id))!.epc).toBeNull();
  });
});
