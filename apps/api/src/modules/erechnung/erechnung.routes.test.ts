import type { TAuthority } from "@kontor/domain/access/access.schema";
import { rechnungLesen } from "@kontor/erechnung/lesen";
import { type Befund, fatale, offiziellPruefen, type Pruefling } from "@kontor/erechnung/offiziell.testing";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mandant } from "../../db/schema/index.ts";
import { call, createTenantUser, createTestApp, login } from "../../test/helpers.ts";
import { createArtikel } from "../artikel/artikel.testing.ts";
import { createBeleg, erechnungsfaehig, STORNO_2026 } from "../beleg/beleg.testing.ts";
import { createKunde } from "../kunde/kunde.testing.ts";
import { eingebettetesXml } from "./facturx.ts";

const t = await createTestApp();

/** A tenant ready for e-invoices: VAT id, address, e-mail, phone, contact person, IBAN. */
async function tenant(kunde: object = {}, ohneTelefon = false, authorities: TAuthority[] = ["ROLE_USER"]) {
  const user = await createTenantUser(t, { authorities, modules: ["rechnungslegung"] });
  await erechnungsfaehig(t, user.mandantId, { ohneTelefon });
  const who = { token: await login(t, user), mandantId: user.mandantId };
  const k = await createKunde(t, who, {
    bezeichnung: "Stadt Musterstadt",
    email: "erechnung@musterstadt.de",
    uid: "DE136695976",
    kaeuferReferenz: "04011000-12345-03",
    ...kunde,
  });
  return { ...who, kunde: k };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

const rechnung = async (who: Tenant, extra: object = {}) => {
  const b = await createBeleg(t, who, {
    belegsTyp: "rechnung",
    kunde: { id: who.kunde.id },
    leistungsDatum: "2026-03-01",
    bestellBelegnummer: "B-4711",
    belegRabatt: 5,
    belegspositionSet: [
      {
        positionsBeschreibung: "Beratung",
        positionsMenge: 2,
        positionsPreis: 50,
        positionsMwst: 20,
        rabatt: 10,
      },
      {
        positionsBeschreibung: "Fachbuch & <Anhang>",
        positionsMenge: 1,
        positionsPreis: 30,
        positionsMwst: 10,
      },
    ],
    ...extra,
  });
  const response = await call(t, { method: "POST", url: `/app/api/beleg/${b.id}/freigabe`, ...who });
  expect(response.statusCode, response.body).toBe(200);
  return b;
};
const holen = (who: { token: string; mandantId: number }, id: number, format: string) =>
  call(t, { method: "GET", url: `/app/api/beleg/${id}/erechnung?format=${format}`, ...who });

describe("GET beleg/{id}/erechnung", () => {
  const pruefling: Pruefling[] = [];
  let befunde: Map<string, Befund[]>;

  beforeAll(async () => {
    const who = await tenant();
    const r = await rechnung(who);
    const storno = (
      await call(t, { method: "POST", url: `/app/api/beleg/${r.id}/storno`, ...who, payload: STORNO_2026 })
    ).json() as { id: number };
    const rc = await rechnung(who, { reverseCharge: true });
    for (const [name, id] of [
      ["rechnung", r.id],
      ["storno", storno.id],
      ["reverseCharge", rc.id],
    ] as const) {
      for (const [format, syntax, regeln] of [
        ["xrechnung-ubl", "ubl", ["cen", "xrechnung"]],
        ["xrechnung-cii", "cii", ["cen", "xrechnung"]],
        ["peppol", "ubl", ["cen", "peppol"]],
        ["ebinterface", "ebinterface", []],
      ] as const) {
        const response = await holen(who, id, format);
        expect(response.statusCode, `${name} ${format}: ${response.body}`).toBe(200);
        pruefling.push({ name: `${name}.${format}`, xml: response.body, syntax, regeln: [...regeln] });
      }
      const zugferd = await holen(who, id, "zugferd");
      expect(zugferd.statusCode, zugferd.body).toBe(200);
      const xml = eingebettetesXml(zugferd.rawPayload);
      expect(xml?.name).toBe("factur-x.xml");
      pruefling.push({ name: `${name}.zugferd`, xml: xml!.xml, syntax: "cii", regeln: ["cen"] });
    }
    befunde = await offiziellPruefen(pruefling);
  });

  it("every format of invoice, cancellation and reverse-charge invoice passes the official checkers", () => {
    expect(pruefling).toHaveLength(15);
    for (const p of pruefling) expect(fatale(befunde.get(p.name)), p.name).toEqual([]);
  });

  it("carries the document's business terms: number, Leitweg-ID from the customer, order reference, totals", () => {
    const xr = rechnungLesen(pruefling.find((p) => p.name === "rechnung.xrechnung-ubl")!.xml).rechnung;
    expect(xr).toMatchObject({
      nummer: "2026-00001",
      art: "380",
      kaeuferReferenz: "04011000-12345-03",
      bestellReferenz: "B-4711",
      verkaeufer: { uid: "ATU13585627", kontakt: { telefon: "+43 1 234 56 78" } },
      kaeufer: { name: "Stadt Musterstadt", uid: "DE136695976" },
      zahlung: { artCode: "58", konto: { iban: "AT611904300234573201" } },
    });
    // 2 × 50 − 10 % = 90.00 at 20 %, 30.00 at 10 %; 5 % document discount per rate: 4.50 and 1.50;
    // VAT 20 % of 85.50 = 17.10 and 10 % of 28.50 = 2.85.
    expect(xr.summen).toEqual({
      positionen: "120.00",
      abschlaege: "6.00",
      netto: "114.00",
      steuer: "19.95",
      brutto: "133.95",
      zahlbar: "133.95",
    });
    expect(xr.positionen[1]?.name).toBe("Fachbuch & <Anhang>");
    const storno = rechnungLesen(pruefling.find((p) => p.name === "storno.xrechnung-cii")!.xml).rechnung;
    expect(storno).toMatchObject({ art: "381", vorgaenger: { nummer: "2026-00001" } });
    expect(storno.summen.brutto).toBe("133.95");
    const rc = rechnungLesen(pruefling.find((p) => p.name === "reverseCharge.peppol")!.xml).rechnung;
    expect(rc.steuern.map((s) => s.kategorie)).toEqual(["AE"]);
  });
});

describe("e-invoice: names, refusals, access", () => {
  it("names the file after the document and the format; ZUGFeRD is the PDF", async () => {
    const who = await tenant();
    const r = await rechnung(who);
    const xml = await holen(who, r.id, "xrechnung-ubl");
    expect(xml.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(xml.headers["content-disposition"]).toContain('filename="Rechnung 2026-00001 XRechnung UBL.xml"');
    const pdf = await holen(who, r.id, "zugferd");
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain('filename="Rechnung 2026-00001 ZUGFeRD.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // Finalization copied the customer's buyer reference onto the document (BT-10).
    const beleg = await call(t, { method: "GET", url: `/app/api/beleg/${r.id}`, ...who });
    expect(beleg.json().kaeuferReferenz).toBe("04011000-12345-03");
  });

  it("names each line's unit by its article's unit (UN/ECE code), free lines by the default unit", async () => {
    const who = await tenant({}, false, ["ROLE_USER", "ROLE_ARTIKEL_WRITE"]);
    const einheiten = (await call(t, { method: "GET", url: "/app/api/einheitsall", ...who })).json() as {
      id: number;
      code: string;
    }[];
    const stunde = einheiten.find((e) => e.code === "HUR")!;
    const a = await createArtikel(t, who, { artikelBezeichnung: "Montage", einheit: { id: stunde.id } });
    expect(a.einheit).toEqual({ id: stunde.id, code: "HUR" });
    // An unknown unit (or another tenant's) is refused at the field.
    const falsch = await call(t, {
      method: "PUT",
      url: "/app/api/artikel",
      ...who,
      payload: { ...a, einheit: { id: 999_999 } },
    });
    expect(falsch.statusCode).toBe(400);
    expect(falsch.json().fieldErrors).toContainEqual({ field: "einheit", code: "notFound" });
    const r = await rechnung(who, {
      belegspositionSet: [
        {
          artikel: { id: a.id },
          positionsBeschreibung: "Montage",
          positionsMenge: 2.5,
          positionsPreis: 80,
          positionsMwst: 20,
        },
        { positionsBeschreibung: "Material", positionsMenge: 1, positionsPreis: 30, positionsMwst: 20 },
      ],
    });
    const xml = (await holen(who, r.id, "xrechnung-ubl")).body;
    expect(rechnungLesen(xml).rechnung.positionen.map((p) => p.einheit)).toEqual(["HUR", "C62"]);
  });

  it("refuses what breaks the format's rules with the rules named (422), and says so per format", async () => {
    const who = await tenant({ kaeuferReferenz: null }, true);
    const r = await rechnung(who, { bestellBelegnummer: null });
    const response = await holen(who, r.id, "xrechnung-ubl");
    expect(response.statusCode).toBe(422);
    const problem = response.json();
    expect(problem.code).toBe("error.erechnungUngueltig");
    const regeln = problem.regeln.map((v: { regel: string }) => v.regel);
    expect(regeln).toEqual(expect.arrayContaining(["BR-DE-6", "BR-DE-15"]));
    const status = await call(t, { method: "GET", url: `/app/api/beleg/${r.id}/erechnung/pruefung`, ...who });
    expect(status.statusCode, status.body).toBe(200);
    const nachFormat = Object.fromEntries(
      status.json().map((s: { format: string; ok: boolean }) => [s.format, s.ok]),
    );
    expect(nachFormat).toEqual({
      "xrechnung-ubl": false,
      "xrechnung-cii": false,
      zugferd: true,
      peppol: false, // neither buyer nor order reference (PEPPOL-EN16931-R003)
      ebinterface: true,
    });
  });

  it("refuses drafts and documents that are no invoice (409), unknown formats (400)", async () => {
    const who = await tenant();
    const entwurf = await createBeleg(t, who, { belegsTyp: "rechnung", kunde: { id: who.kunde.id } });
    expect((await holen(who, entwurf.id, "zugferd")).json().code).toBe("error.belegNotFinalized");
    const angebot = await createBeleg(t, who, { belegsTyp: "angebot", kunde: { id: who.kunde.id } });
    await call(t, { method: "POST", url: `/app/api/beleg/${angebot.id}/freigabe`, ...who });
    const antwort = await holen(who, angebot.id, "peppol");
    expect(antwort.statusCode).toBe(409);
    expect(antwort.json().code).toBe("error.erechnungTyp");
    expect((await holen(who, entwurf.id, "pdf")).statusCode).toBe(400);
  });

  it("another tenant's document is 404; without the module or role 403", async () => {
    const a = await tenant();
    const r = await rechnung(a);
    const b = await tenant();
    expect((await holen(b, r.id, "xrechnung-cii")).statusCode).toBe(404);
    expect(
      (await call(t, { method: "GET", url: `/app/api/beleg/${r.id}/erechnung/pruefung`, ...b })).statusCode,
    ).toBe(404);
    const ohneModul = await createTenantUser(t, { authorities: ["ROLE_USER"], modules: ["crm"] });
    const who = { token: await login(t, ohneModul), mandantId: ohneModul.mandantId };
    expect((await holen(who, r.id, "zugferd")).statusCode).toBe(403);
  });

  it("refuses a Leitweg-ID with wrong check digits on the customer and the document (400, field code checksum)", async () => {
    const who = await tenant();
    const kunde = await call(t, {
      method: "PUT",
      url: "/app/api/kundes",
      ...who,
      payload: { ...who.kunde, kaeuferReferenz: "04011000-12345-04" },
    });
    expect(kunde.statusCode).toBe(400);
    expect(kunde.json().fieldErrors).toContainEqual({ field: "kaeuferReferenz", code: "checksum" });
    const beleg = await call(t, {
      method: "PUT",
      url: "/app/api/beleg",
      ...who,
      payload: { belegDatum: "2026-03-02", belegsTyp: "rechnung", kaeuferReferenz: "991-01234-45" },
    });
    expect(beleg.statusCode).toBe(400);
    expect(beleg.json().fieldErrors).toContainEqual({ field: "kaeuferReferenz", code: "checksum" });
  });
});

describe("issue 33: electronic addresses per format, small business in ebInterface", () => {
  const pruefling: Pruefling[] = [];
  let befunde: Map<string, Befund[]>;
  const FORMATE = [
    ["xrechnung-ubl", "ubl", ["cen", "xrechnung"]],
    ["xrechnung-cii", "cii", ["cen", "xrechnung"]],
    ["zugferd", "cii", ["cen"]],
    ["peppol", "ubl", ["cen", "peppol"]],
    ["ebinterface", "ebinterface", []],
  ] as const;
  /** Each format of a document: served (then checked below by the official rules) or refused with its rules. */
  const abgelehnt = new Map<
    string,
    { status: number; contentType: string; code: string; regeln: string[] }
  >();
  async function alleFormate(who: Tenant, name: string, id: number): Promise<void> {
    for (const [format, syntax, regeln] of FORMATE) {
      const response = await holen(who, id, format);
      if (response.statusCode === 200) {
        const xml = format === "zugferd" ? eingebettetesXml(response.rawPayload)!.xml : response.body;
        pruefling.push({ name: `${name}.${format}`, xml, syntax, regeln: [...regeln] });
      } else {
        const problem = response.json();
        abgelehnt.set(`${name}.${format}`, {
          status: response.statusCode,
          contentType: String(response.headers["content-type"]),
          code: problem.code,
          regeln: problem.regeln.map((v: { regel: string }) => v.regel),
        });
      }
    }
  }

  beforeAll(async () => {
    // 1. A Swiss customer (export) known only by its e-mail address; 2. the cancellation of its invoice.
    const schweiz = await tenant({
      bezeichnung: "Uhren Meier AG",
      email: "kreditoren@uhren-meier.ch",
      uid: null,
      export: true,
      kaeuferReferenz: "Einkauf Zürich",
      adresseLists: [{ strasse: "Bahnhofstrasse", hausNummer: "1", plz: "8001", ort: "Zürich", land: "CH" }],
    });
    await t.db
      .update(mandant)
      .set({ hinweisExportDe: "Steuerfreie Ausfuhrlieferung" })
      .where(eq(mandant.id, schweiz.mandantId));
    const r = await rechnung(schweiz);
    const storno = (
      await call(t, {
        method: "POST",
        url: `/app/api/beleg/${r.id}/storno`,
        ...schweiz,
        payload: STORNO_2026,
      })
    ).json() as { id: number };
    await alleFormate(schweiz, "schweiz", r.id);
    await alleFormate(schweiz, "schweizStorno", storno.id);
    // What the refusal asks for: a Peppol id in the customer's terms.
    const kunde = await call(t, {
      method: "PUT",
      url: "/app/api/kundes",
      ...schweiz,
      payload: { ...schweiz.kunde, eRechnungAdresse: "0088:7612345000008" },
    });
    expect(kunde.statusCode, kunde.body).toBe(200);
    await alleFormate(schweiz, "schweizMitPeppolId", r.id);
    await alleFormate(schweiz, "schweizStornoMitPeppolId", storno.id);

    // 3. A small business without VAT id (only its tax number) selling to a private buyer.
    const klein = await tenant({
      firma: "privatperson",
      bezeichnung: null,
      geschlecht: "frau",
      vorname: "Maria",
      nachname: "Muster",
      email: "maria.muster@example.at",
      uid: null,
      kaeuferReferenz: null,
    });
    await t.db
      .update(mandant)
      .set({
        kleinunternehmer: true,
        uid: null,
        steuernummer: "12 345/6789",
        hinweisKleinunternehmerDe: "Umsatzsteuerbefreit – Kleinunternehmer gemäß § 6 Abs. 1 Z 27 UStG",
      })
      .where(eq(mandant.id, klein.mandantId));
    const k = await rechnung(klein);
    await alleFormate(klein, "kleinunternehmer", k.id);

    befunde = await offiziellPruefen(pruefling);
  });

  it("serves only what passes the official rules (XSD, CEN, XRechnung, Peppol)", () => {
    for (const p of pruefling) expect(fatale(befunde.get(p.name)), p.name).toEqual([]);
    expect(pruefling.map((p) => p.name).sort()).toEqual(
      [
        ...["schweiz", "schweizStorno"].flatMap((n) =>
          ["xrechnung-ubl", "xrechnung-cii", "zugferd", "ebinterface"].map((f) => `${n}.${f}`),
        ),
        ...["schweizMitPeppolId", "schweizStornoMitPeppolId"].flatMap((n) =>
          FORMATE.map(([f]) => `${n}.${f}`),
        ),
        "kleinunternehmer.ebinterface",
      ].sort(),
    );
  });

  it("refuses Peppol for a customer known only by e-mail with problem+json naming PEPPOL-EN16931-CL008", () => {
    for (const name of ["schweiz.peppol", "schweizStorno.peppol"])
      expect(abgelehnt.get(name), name).toEqual({
        status: 422,
        contentType: "application/problem+json; charset=utf-8",
        code: "error.erechnungUngueltig",
        regeln: ["PEPPOL-EN16931-CL008"],
      });
    // XRechnung carries the e-mail address as EAS EM (allowed there); Peppol, once the Peppol id is entered, its id.
    const xr = pruefling.find((p) => p.name === "schweiz.xrechnung-ubl")!.xml;
    expect(xr).toContain('<cbc:EndpointID schemeID="EM">kreditoren@uhren-meier.ch</cbc:EndpointID>');
    const peppol = pruefling.find((p) => p.name === "schweizStornoMitPeppolId.peppol")!.xml;
    expect(peppol).toContain('<cbc:EndpointID schemeID="0088">7612345000008</cbc:EndpointID>');
  });

  it("serves a small business without VAT id as ebInterface ('00000000', exemption stated); EN 16931 formats name BR-CO-26", () => {
    const eb = pruefling.find((p) => p.name === "kleinunternehmer.ebinterface")!.xml;
    expect(eb).toContain("<Biller><VATIdentificationNumber>00000000</VATIdentificationNumber>");
    expect(eb).toContain(
      '<FurtherIdentification IdentificationType="FASTNR">12 345/6789</FurtherIdentification>',
    );
    expect(eb).toContain("<InvoiceRecipient><VATIdentificationNumber>00000000</VATIdentificationNumber>");
    // The exemption on each line's tax item and in the summary (a document discount's tax item has none).
    const steuerposten = [...eb.matchAll(/<TaxItem>[\s\S]*?<\/TaxItem>(?=<LineItemAmount>|<\/Tax>)/g)].map(
      (m) => m[0],
    );
    expect(steuerposten).toHaveLength(3); // two lines and the summary
    for (const posten of steuerposten)
      expect(posten).toMatch(/<TaxPercent TaxCategoryCode="E">0.00<\/TaxPercent>.*<Comment>.+<\/Comment>/);
    for (const format of ["xrechnung-ubl", "xrechnung-cii", "zugferd"])
      expect(abgelehnt.get(`kleinunternehmer.${format}`)?.regeln, format).toEqual(
        expect.arrayContaining(["BR-CO-26"]),
      );
    expect(abgelehnt.get("kleinunternehmer.peppol")?.regeln).toEqual(
      expect.arrayContaining(["BR-CO-26", "PEPPOL-EN16931-CL008"]),
    );
  });
});
