import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { rechnungLesen } from "@kontor/erechnung/lesen";
import { EINVOICE_TESTDATA } from "@kontor/erechnung/offiziell.testing";
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, eingangsrechnung } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../../test/helpers.ts";
import { beispielDruck } from "../belegausgabe/belegDruck.testing.ts";
import { belegLayout } from "../belegausgabe/belegPdf.layout.ts";
import { pdfErzeugen } from "../belegausgabe/pdf.ts";
import { type Caller, createKunde } from "../kunde/kunde.testing.ts";
import { facturxPdf } from "./facturx.ts";

/**
 * Incoming e-invoices (issue 19): the official examples (read from ../shared, never copied) import with the
 * reader's business terms unchanged and the original bytes returned byte for byte; a ZUGFeRD PDF made here; the
 * supplier found by VAT id or name, or created; hostile and broken files refused with their reason and nothing
 * stored; DESIGN §8 for every route.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ORDNER = path.join(EINVOICE_TESTDATA, "examples");
const beispiel = (datei: string) => readFileSync(path.join(ORDNER, datei));
const BEISPIELE = readdirSync(ORDNER).filter((d) => d.endsWith(".xml") && !d.startsWith("ebinterface"));
const UBL_NS = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2";
const GEHEIM = "GEHEIM-4711";

const api = (pfad: string) => `/app/api/${pfad}`;

async function mandant(
  options: Parameters<typeof createTenantUser>[1] = {
    authorities: ["ROLE_USER"],
    modules: ["rechnungslegung"],
  },
): Promise<Caller & { login: string }> {
  const user = await createTenantUser(t, options);
  return { token: await login(t, user), mandantId: user.mandantId, login: user.login };
}

const importieren = (who: Caller, inhalt: Buffer | string, dateiname = "rechnung.xml") =>
  call(t, {
    method: "POST",
    url: api("eingangsrechnung/import"),
    ...who,
    payload: { dateiname, inhalt: Buffer.from(inhalt).toString("base64") },
  });

async function importiert(who: Caller, inhalt: Buffer | string, dateiname = "rechnung.xml") {
  const response = await importieren(who, inhalt, dateiname);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const holen = (who: Caller, pfad: string) => call(t, { method: "GET", url: api(pfad), ...who });

/** How many incoming invoices and customers the tenant has (nothing may be stored by a refusal). */
async function bestand(who: Caller) {
  const liste = await holen(who, "eingangsrechnung");
  const kunden = await holen(who, "kundes");
  return {
    rechnungen: Number(liste.headers["x-total-count"]),
    kunden: Number(kunden.headers["x-total-count"]),
  };
}

function abgelehnt(response: LightMyRequestResponse, detail: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers["content-type"]).toContain("application/problem+json");
  expect(response.json()).toMatchObject({ code: "error.erechnungUnlesbar", detail });
  expect(response.body).not.toContain(GEHEIM);
}

/** A document's PDF/A-3b as the product prints it (belegLayout + pdfErzeugen). */
const belegPdf = () =>
  pdfErzeugen(
    belegLayout(beispielDruck({ positionen: 2 }), {
      layout: "standard",
      fensterkuvert: "B",
      fusszeile: null,
      logo: null,
      mitVorlage: false,
    }),
  );

/** A PDF of literal objects with a correct cross-reference table (for the encrypted case). */
function rohesPdf(objekte: string[], trailer: string): Buffer {
  let text = "%PDF-1.7\n";
  const offsets: number[] = [];
  objekte.forEach((objekt, i) => {
    offsets.push(Buffer.byteLength(text, "latin1"));
    text += `${i + 1} 0 obj\n${objekt}\nendobj\n`;
  });
  const start = Buffer.byteLength(text, "latin1");
  text += [
    "xref",
    `0 ${objekte.length + 1}`,
    "0000000000 65535 f\r",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n\r`),
    "trailer",
    `<< /Size ${objekte.length + 1} ${trailer} >>`,
    "startxref",
    String(start),
    "%%EOF",
    "",
  ].join("\n");
  return Buffer.from(text, "latin1");
}

describe("import: every official UBL and CII example", () => {
  const FORMAT: Record<string, string> = {
    "cen-CII_business_example_01.xml": "EN 16931 (CII)",
    "cen-CII_example1.xml": "EN 16931 (CII)",
    "cen-CII_example2.xml": "EN 16931 (CII)",
    "cen-ubl-tc434-creditnote1.xml": "EN 16931 (UBL)",
    "cen-ubl-tc434-example1.xml": "EN 16931 (UBL)",
    "cen-ubl-tc434-example2.xml": "EN 16931 (UBL)",
    "xrechnung-01.01a-INVOICE_ubl.xml": "XRechnung 3.0 (UBL)",
    "xrechnung-01.01a-INVOICE_uncefact.xml": "XRechnung 3.0 (CII)",
  };

  it("knows every example", () => {
    expect(BEISPIELE.sort()).toEqual(Object.keys(FORMAT).sort());
  });

  for (const datei of BEISPIELE) {
    it(`${datei}: stored as read, the original byte for byte, the supplier created`, async () => {
      // A tenant each: several examples are one invoice in two syntaxes (same seller, same number).
      const who = await mandant();
      const bytes = beispiel(datei);
      const gelesen = rechnungLesen(bytes);
      const r = await importiert(who, bytes, datei);
      expect(r).toMatchObject({
        nummer: gelesen.rechnung.nummer,
        datum: gelesen.rechnung.datum,
        art: gelesen.rechnung.art,
        syntax: gelesen.syntax,
        format: FORMAT[datei],
        status: "entwurf",
        contentType: "application/xml",
        dateiname: datei,
        groesse: bytes.length,
        brutto: Number(gelesen.rechnung.summen.brutto),
        zahlbar: Number(gelesen.rechnung.summen.zahlbar),
        waehrung: gelesen.rechnung.waehrung,
        faelligAm: gelesen.rechnung.zahlung?.faelligAm ?? null,
        lieferantAngelegt: true,
        lieferant: { anzeigename: gelesen.rechnung.verkaeufer.name },
        erstelltVon: who.login,
        geprueftVon: null,
      });
      expect(r.rechnung).toEqual(gelesen.rechnung);
      expect(r).not.toHaveProperty("datei");

      // As stored in the database (jsonb), and as GET answers it.
      const [gespeichert] = await withTenant(t.db, who.mandantId, (tx) =>
        tx.select({ rechnung: eingangsrechnung.rechnung }).from(eingangsrechnung),
      );
      expect(gespeichert?.rechnung).toEqual(gelesen.rechnung);
      const einzeln = await holen(who, `eingangsrechnung/${r.id}`);
      expect(einzeln.statusCode).toBe(200);
      expect(einzeln.json().rechnung).toEqual(gelesen.rechnung);

      const original = await holen(who, `eingangsrechnung/${r.id}/datei`);
      expect(original.statusCode).toBe(200);
      expect(original.headers["content-type"]).toBe("application/xml");
      expect(original.headers["x-content-type-options"]).toBe("nosniff");
      expect(original.headers["content-disposition"]).toContain(`attachment; filename="${datei}"`);
      expect(original.rawPayload.equals(bytes)).toBe(true);

      const kunde = (await holen(who, `kundes/${r.lieferant.id}`)).json();
      expect(kunde).toMatchObject({
        lieferant: true,
        firma: "firma",
        bezeichnung: gelesen.rechnung.verkaeufer.name,
        adresseLists: [
          expect.objectContaining({
            strasse: gelesen.rechnung.verkaeufer.adresse.zeile1 ?? null,
            plz: gelesen.rechnung.verkaeufer.adresse.plz ?? null,
            ort: gelesen.rechnung.verkaeufer.adresse.ort ?? null,
            land: gelesen.rechnung.verkaeufer.adresse.land,
          }),
        ],
      });
      expect(kunde.kundenNummer).toBeTruthy();
    });
  }
});

describe("import: the supplier", () => {
  it("is created from the seller on the first invoice (checked VAT id, e-mail, address) and found by VAT id on the next", async () => {
    const who = await mandant();
    const erste = await importiert(who, beispiel("cen-ubl-tc434-example1.xml"));
    expect(erste.lieferantAngelegt).toBe(true);
    const kunde = (await holen(who, `kundes/${erste.lieferant.id}`)).json();
    expect(kunde).toMatchObject({
      bezeichnung: "De Koksmaat",
      uid: "NL820098395B01",
      lieferant: true,
      adresseLists: [
        expect.objectContaining({ strasse: "Postbus 7l", plz: "1950 AB", ort: "Velsen-Noord", land: "NL" }),
      ],
    });
    const audit = await withTenant(t.db, who.mandantId, (tx) =>
      tx
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "kunde"), eq(auditLog.entityId, erste.lieferant.id))),
    );
    expect(audit).toEqual([{ action: "create", detail: { quelle: "eingangsrechnung" } }]);

    // Another invoice of the same seller, under another name: the VAT id decides.
    const zweite = beispiel("cen-ubl-tc434-example1.xml")
      .toString("utf8")
      .replace("<cbc:ID>12115118</cbc:ID>", "<cbc:ID>12115119</cbc:ID>")
      .replaceAll("De Koksmaat", "Koksmaat Velsen B.V.");
    const r = await importiert(who, zweite);
    expect(r).toMatchObject({
      nummer: "12115119",
      lieferantAngelegt: false,
      lieferant: { id: erste.lieferant.id },
    });
    expect(r.rechnung.verkaeufer.name).toBe("Koksmaat Velsen B.V.");
    expect((await bestand(who)).kunden).toBe(1);
  });

  it("takes the e-mail from the electronic address, leaves a VAT id out that fails the check, and finds a supplier by name", async () => {
    const who = await mandant();
    const r = await importiert(who, beispiel("xrechnung-01.01a-INVOICE_ubl.xml"));
    const kunde = (await holen(who, `kundes/${r.lieferant.id}`)).json();
    // "DE 123456789" has a wrong check digit.
    expect(kunde).toMatchObject({
      bezeichnung: "[Seller name]",
      uid: null,
      email: "seller@email.de",
      telnr: "+49 1234-5678",
    });

    // A supplier entered by hand (no VAT id) is found by its name, case-insensitively; a customer of that name is not.
    await createKunde(t, who, { bezeichnung: "Salescompany Ltd.", lieferant: false });
    const lieferant = await createKunde(t, who, { bezeichnung: "SALESCOMPANY LTD.", lieferant: true });
    const norwegisch = await importiert(who, beispiel("cen-ubl-tc434-example2.xml"));
    expect(norwegisch).toMatchObject({ lieferantAngelegt: false, lieferant: { id: lieferant.id } });
    // NO123456789MVA is no EU VAT id: the customer record keeps none either way.
    expect((await holen(who, `kundes/${lieferant.id}`)).json().uid).toBeNull();
  });

  it("a supplier with incoming invoices cannot be deleted (409)", async () => {
    const who = await mandant();
    const r = await importiert(who, beispiel("cen-CII_example1.xml"));
    const response = await call(t, { method: "DELETE", url: api(`kundes/${r.lieferant.id}`), ...who });
    expect(response.statusCode).toBe(409);
  });
});

describe("import: ZUGFeRD / Factur-X PDF", () => {
  it("reads the embedded factur-x.xml; the PDF is kept byte for byte", async () => {
    const who = await mandant();
    const xml = beispiel("cen-CII_example1.xml").toString("utf8");
    const pdf = Buffer.from(
      await facturxPdf(await belegPdf(), xml, {
        nummer: "12115118",
        datum: "2015-01-09",
        verkaeufer: "De Koksmaat",
      }),
    );
    const r = await importiert(who, pdf, "rechnung.pdf");
    expect(r).toMatchObject({
      contentType: "application/pdf",
      format: "Factur-X / ZUGFeRD (PDF)",
      syntax: "cii",
      nummer: "12115118",
      lieferantAngelegt: true,
    });
    expect(r.rechnung).toEqual(rechnungLesen(xml).rechnung);
    const original = await holen(who, `eingangsrechnung/${r.id}/datei`);
    expect(original.headers["content-type"]).toBe("application/pdf");
    expect(original.rawPayload.equals(pdf)).toBe(true);
    // The same invoice as XML: the supplier's number is taken.
    const zweite = await importieren(who, xml);
    expect(zweite.statusCode).toBe(409);
    expect(zweite.json()).toMatchObject({ code: "error.conflict", detail: `gleicheNummer: ${r.id}` });
  });
});

describe("import: the PDF is opened before it is stored (issue 33)", () => {
  it("a Factur-X PDF of more than 1 000 pages is refused as pdfZuGross", async () => {
    const who = await mandant();
    const vorher = await bestand(who);
    const zugferd = await PDFDocument.load(
      await facturxPdf(await belegPdf(), beispiel("cen-CII_example1.xml").toString("utf8"), {
        nummer: "12115118",
        datum: "2015-01-09",
      }),
      { updateMetadata: false },
    );
    for (let i = 0; i < 1000; i++) zugferd.addPage();
    const lang = Buffer.from(await zugferd.save({ useObjectStreams: false }));
    abgelehnt(await importieren(who, lang, "rechnung.pdf"), "pdfZuGross");
    expect(await bestand(who)).toEqual(vorher);
  });
});

describe("import: refused with the reason, nothing stored", () => {
  it("hostile and broken files", async () => {
    const who = await mandant();
    const vorher = await bestand(who);
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE Invoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<Invoice xmlns="${UBL_NS}" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>&xxe;${GEHEIM}</cbc:ID></Invoice>`;
    abgelehnt(await importieren(who, xxe), "dtdVerboten");

    let lol = '<!ENTITY lol0 "lol">';
    for (let i = 1; i <= 9; i++) lol += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`;
    abgelehnt(
      await importieren(
        who,
        `<?xml version="1.0"?><!DOCTYPE lolz [${lol}]><Invoice xmlns="${UBL_NS}">&lol9;</Invoice>`,
      ),
      "dtdVerboten",
    );

    const bestellung = `<?xml version="1.0" encoding="UTF-8"?>
<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"><cbc:ID>${GEHEIM}</cbc:ID></Order>`;
    abgelehnt(await importieren(who, bestellung), "unbekanntesFormat: UBL Order");
    abgelehnt(
      await importieren(who, beispiel("ebinterface_6p1_sample_ecosio.xml")),
      "unbekanntesFormat: ebInterface 6.1",
    );
    abgelehnt(
      await importieren(who, `<Rechnung xmlns="urn:example">${GEHEIM}</Rechnung>`),
      "unbekanntesFormat: Rechnung",
    );

    abgelehnt(await importieren(who, randomBytes(4096)), "keinXml");
    abgelehnt(await importieren(who, `Keine Rechnung ${GEHEIM}`), "keinXml");
    abgelehnt(await importieren(who, JSON.stringify({ Invoice: GEHEIM })), "keinXml");
    // A PNG named .xml: its content decides.
    abgelehnt(
      await importieren(who, Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), "rechnung.xml"),
      "keinXml",
    );

    const ohneDatum = beispiel("cen-ubl-tc434-example1.xml")
      .toString("utf8")
      .replace(/<cbc:IssueDate>[^<]*<\/cbc:IssueDate>/, "");
    abgelehnt(await importieren(who, ohneDatum), "unvollstaendig: BT-2");

    // PDFs: without an invoice inside, encrypted, damaged.
    abgelehnt(await importieren(who, Buffer.from(await belegPdf()), "rechnung.pdf"), "keinXmlImPdf");
    const verschluesselt = rohesPdf(
      [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [] /Count 0 >>",
        "<< /Filter /Standard /V 2 /R 3 >>",
      ],
      "/Root 1 0 R /Encrypt 3 0 R /ID [<00> <00>]",
    );
    abgelehnt(await importieren(who, verschluesselt, "rechnung.pdf"), "pdfVerschluesselt");
    const zugferd = await facturxPdf(await belegPdf(), beispiel("cen-CII_example2.xml").toString("utf8"), {
      nummer: "TOSL108",
      datum: "2013-06-30",
    });
    abgelehnt(
      await importieren(who, Buffer.from(zugferd.subarray(0, Math.floor(zugferd.length / 2))), "kaputt.pdf"),
      "pdfBeschaedigt",
    );

    expect(await bestand(who)).toEqual(vorher);
  });

  it("the same file twice, or the supplier's number again: 409 naming the record there is", async () => {
    const who = await mandant();
    const bytes = beispiel("cen-CII_business_example_01.xml");
    const r = await importiert(who, bytes);
    const vorher = await bestand(who);
    const nochmal = await importieren(who, bytes, "anders.xml");
    expect(nochmal.statusCode).toBe(409);
    expect(nochmal.json()).toMatchObject({ code: "error.conflict", detail: `gleicheDatei: ${r.id}` });
    // The same invoice in UBL (another file): same supplier, same number.
    const ubl = await importieren(who, beispiel("cen-ubl-tc434-example2.xml"));
    expect(ubl.json()).toMatchObject({ code: "error.conflict", detail: `gleicheNummer: ${r.id}` });
    expect(await bestand(who)).toEqual(vorher);
  });

  it("bad input is 400 at the field; a file over 10 MB 400 maxBytes; a body beyond the limit 413", async () => {
    const who = await mandant();
    const post = (payload: unknown) =>
      call(t, { method: "POST", url: api("eingangsrechnung/import"), ...who, payload: payload as object });
    const felder = async (payload: unknown) => (await post(payload)).json().fieldErrors;
    expect(await felder({ inhalt: "PD94" })).toEqual([{ field: "dateiname", code: "required" }]);
    expect(await felder({ dateiname: "  ", inhalt: "PD94" })).toEqual([
      { field: "dateiname", code: "required" },
    ]);
    expect((await post({ dateiname: "a.xml", inhalt: "kein base64!" })).json()).toMatchObject({
      code: "error.validation",
      fieldErrors: [{ field: "inhalt" }],
    });
    expect((await post({ dateiname: "a.xml", inhalt: "PD94", id: 1 })).statusCode).toBe(400);
    expect(await felder({ dateiname: "///", inhalt: "PD94" })).toEqual([
      { field: "dateiname", code: "required" },
    ]);

    const gross = await post({
      dateiname: "gross.xml",
      inhalt: Buffer.alloc(10 * 1024 * 1024 + 1, 32).toString("base64"),
    });
    expect(gross.statusCode).toBe(400);
    expect(gross.json().fieldErrors).toEqual([{ field: "inhalt", code: "maxBytes", max: 10 * 1024 * 1024 }]);
    const zuGross = await post({ dateiname: "riesig.xml", inhalt: "A".repeat(15 * 1024 * 1024) });
    expect(zuGross.statusCode).toBe(413);
    expect(zuGross.json().code).toBe("error.payloadTooLarge");
    expect((await bestand(who)).rechnungen).toBe(0);
  });
});

describe("list, record, file, status, delete", () => {
  let who: Caller & { login: string };
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    who = await mandant();
    for (const datei of [
      "cen-ubl-tc434-example1.xml",
      "cen-CII_example2.xml",
      "cen-ubl-tc434-creditnote1.xml",
    ])
      ids[datei] = (await importiert(who, beispiel(datei), datei)).id;
  });

  it("pages and sorts (the newest invoice first by default), filters by supplier and status", async () => {
    const liste = await holen(who, "eingangsrechnung");
    expect(liste.statusCode).toBe(200);
    expect(liste.headers["x-total-count"]).toBe("3");
    const zeilen = liste.json() as { id: number; datum: string; lieferant: { id: number } }[];
    expect(zeilen.map((z) => z.datum)).toEqual(["2019-09-23", "2015-01-09", "2013-06-30"]);
    expect(zeilen[0]).toEqual({
      id: ids["cen-ubl-tc434-creditnote1.xml"],
      lieferant: { id: expect.any(Number), anzeigename: "My Supplier Company" },
      nummer: "018304 / 28865",
      art: "381",
      datum: "2019-09-23",
      faelligAm: null,
      brutto: 100.11,
      zahlbar: 100.11,
      waehrung: "EUR",
      format: "EN 16931 (UBL)",
      status: "entwurf",
      dateiname: "cen-ubl-tc434-creditnote1.xml",
    });
    const seite = await holen(who, "eingangsrechnung?size=2&page=1&sort=datum,asc");
    expect(seite.headers["x-total-count"]).toBe("3");
    expect(seite.json().map((z: { datum: string }) => z.datum)).toEqual(["2019-09-23"]);
    const brutto = await holen(who, "eingangsrechnung?sort=brutto,desc");
    expect(brutto.json().map((z: { brutto: number }) => z.brutto)).toEqual([1801.78, 250.33, 100.11]);
    const lieferant = zeilen[1]!.lieferant.id;
    const gefiltert = await holen(who, `eingangsrechnung?lieferantId=${lieferant}`);
    expect(gefiltert.json().map((z: { id: number }) => z.id)).toEqual([ids["cen-ubl-tc434-example1.xml"]]);
    expect((await holen(who, "eingangsrechnung?status=geprueft")).headers["x-total-count"]).toBe("0");
    expect((await holen(who, "eingangsrechnung?sort=unbekannt,asc")).statusCode).toBe(400);
    expect((await holen(who, "eingangsrechnung?status=bezahlt")).json().fieldErrors[0].field).toBe("status");
  });

  it("marks checked (audited, who and when), refuses the delete of a checked one, back to draft, deletes", async () => {
    const id = ids["cen-CII_example2.xml"]!;
    const setzen = (status: unknown) =>
      call(t, { method: "PUT", url: api(`eingangsrechnung/${id}/status`), ...who, payload: { status } });
    const geprueft = await setzen("geprueft");
    expect(geprueft.statusCode, geprueft.body).toBe(200);
    expect(geprueft.json()).toMatchObject({ status: "geprueft", geprueftVon: who.login });
    expect(geprueft.json().geprueftAm).toEqual(expect.any(String));
    expect(
      (await holen(who, "eingangsrechnung?status=geprueft")).json().map((z: { id: number }) => z.id),
    ).toEqual([id]);
    const loeschen = () => call(t, { method: "DELETE", url: api(`eingangsrechnung/${id}`), ...who });
    const verweigert = await loeschen();
    expect(verweigert.statusCode).toBe(409);
    expect(verweigert.json()).toMatchObject({ code: "error.conflict", detail: "geprueft" });
    expect((await setzen("bezahlt")).json().fieldErrors).toEqual([{ field: "status", code: "enum" }]);
    expect((await setzen("entwurf")).json()).toMatchObject({
      status: "entwurf",
      geprueftVon: null,
      geprueftAm: null,
    });
    expect((await loeschen()).statusCode).toBe(204);
    expect((await holen(who, `eingangsrechnung/${id}`)).statusCode).toBe(404);
    expect((await loeschen()).statusCode).toBe(404);
    const audit = await withTenant(t.db, who.mandantId, (tx) =>
      tx
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "eingangsrechnung"), eq(auditLog.entityId, id)))
        .orderBy(auditLog.id),
    );
    expect(audit.map((a) => a.action)).toEqual(["import", "status", "status", "delete"]);
    expect(audit[1]?.detail).toMatchObject({ von: "entwurf", nach: "geprueft" });
  });

  it("unknown ids are 404, ids that are no number 400", async () => {
    for (const pfad of ["eingangsrechnung/987654321", "eingangsrechnung/987654321/datei"])
      expect((await holen(who, pfad)).statusCode).toBe(404);
    expect((await holen(who, "eingangsrechnung/abc")).statusCode).toBe(400);
    const status = await call(t, {
      method: "PUT",
      url: api("eingangsrechnung/987654321/status"),
      ...who,
      payload: { status: "geprueft" },
    });
    expect(status.statusCode).toBe(404);
  });

  it("another tenant's invoice is 404 on every route and stays as it was", async () => {
    const fremd = await mandant();
    const id = ids["cen-ubl-tc434-example1.xml"]!;
    const vorher = (await holen(who, `eingangsrechnung/${id}`)).body;
    for (const [method, pfad, payload] of [
      ["GET", `eingangsrechnung/${id}`, undefined],
      ["GET", `eingangsrechnung/${id}/datei`, undefined],
      ["PUT", `eingangsrechnung/${id}/status`, { status: "geprueft" }],
      ["DELETE", `eingangsrechnung/${id}`, undefined],
    ] as const) {
      const response = await call(t, { method, url: api(pfad), ...fremd, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${pfad}`).toBe(404);
    }
    expect((await holen(fremd, "eingangsrechnung")).json()).toEqual([]);
    const lieferant = (await holen(who, `eingangsrechnung/${id}`)).json().lieferant.id;
    expect((await holen(fremd, `eingangsrechnung?lieferantId=${lieferant}`)).json()).toEqual([]);
    expect((await holen(who, `eingangsrechnung/${id}`)).body).toBe(vorher);
  });
});

describe("access", () => {
  const ROUTEN = [
    ["POST", "eingangsrechnung/import", { dateiname: "a.xml", inhalt: "PD94" }],
    ["GET", "eingangsrechnung", undefined],
    ["GET", "eingangsrechnung/1", undefined],
    ["GET", "eingangsrechnung/1/datei", undefined],
    ["PUT", "eingangsrechnung/1/status", { status: "geprueft" }],
    ["DELETE", "eingangsrechnung/1", undefined],
  ] as const;

  it("no token is 401 on every route", async () => {
    const who = await mandant();
    for (const [method, pfad, payload] of ROUTEN) {
      const response = await call(t, {
        method,
        url: api(pfad),
        mandantId: who.mandantId,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${pfad}`).toBe(401);
    }
  });

  it("without the invoicing module 403 error.moduleMissing; without a role for documents 403 error.forbidden", async () => {
    const ohneModul = await mandant({ authorities: ["ROLE_USER"], modules: ["crm"] });
    const ohneRolle = await mandant({
      authorities: ["ROLE_KASSABUCH"],
      modules: ["rechnungslegung", "kassabuch"],
    });
    for (const [who, code] of [
      [ohneModul, "error.moduleMissing"],
      [ohneRolle, "error.forbidden"],
    ] as const)
      for (const [method, pfad, payload] of ROUTEN) {
        const response = await call(t, { method, url: api(pfad), ...who, ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${pfad}`).toBe(403);
        expect(response.json().code).toBe(code);
      }
  });

  it("a warehouse role reads (access area beleg) but neither imports, checks nor deletes (ROLE_USER: belegListCreate)", async () => {
    const lager = await mandant({ authorities: ["ROLE_LAGERIST"], modules: ["rechnungslegung"] });
    const versuch = await importieren(lager, beispiel("cen-CII_example1.xml"));
    expect(versuch.statusCode).toBe(403);
    expect((await call(t, { method: "GET", url: api("eingangsrechnung"), ...lager })).statusCode).toBe(200);
  });
});
