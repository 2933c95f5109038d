import type { TBeleg } from "@kontor/domain/beleg/beleg.schema";
import type { TOffenerPosten } from "@kontor/domain/zahlung/zahlung.schema";
import { rechnungLesen } from "@kontor/erechnung/lesen";
import type { Rechnung } from "@kontor/erechnung/modell";
import { type Befund, fatale, offiziellPruefen, type Pruefling } from "@kontor/erechnung/offiziell.testing";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createTenantUser, createTestApp, login } from "../../test/helpers.ts";
import { alsBody, createBeleg, erechnungsfaehig } from "../beleg/beleg.testing.ts";
import { pdfSeiten } from "../belegausgabe/pdfText.testing.ts";
import { createKunde } from "../kunde/kunde.testing.ts";
import { eingebettetesXml } from "./facturx.ts";

/**
 * Issue 33, the sign convention: a credit note states what it credits as positive amounts — in the editor (the
 * API's document), on its PDF and as a 381 in every e-invoice format; a storno is its original negated and its
 * e-invoice states it positive the other way round (the storno of an invoice a 381, of a credit note a 380); the
 * open amount of the invoice follows. Every format of every such document passes the official checkers.
 *
 * The invoice: Heizkörper 1 × 289,90 € at 20 % (VAT 57,98 €) and Fachbuch 1 × 49,90 € at 10 % (VAT 4,99 €):
 * net 339,80 €, VAT 62,97 €, gross 402,77 €.
 */

const t = await createTestApp();
const flach = (seiten: string[]) => seiten.join(" ").replace(/\s+/g, " ");

type Who = { token: string; mandantId: number; kunde: { id: number } };

async function tenant(): Promise<Who> {
  const user = await createTenantUser(t, {
    authorities: ["ROLE_USER"],
    modules: ["rechnungslegung", "zahlung"],
  });
  await erechnungsfaehig(t, user.mandantId);
  const who = { token: await login(t, user), mandantId: user.mandantId };
  const kunde = await createKunde(t, who, {
    bezeichnung: "Stadt Musterstadt",
    email: "erechnung@musterstadt.example",
    uid: "DE136695976",
    kaeuferReferenz: "04011000-12345-03",
  });
  return { ...who, kunde };
}

async function send<T>(who: Who, method: "GET" | "POST" | "PUT", url: string, payload?: object): Promise<T> {
  const response = await call(t, { method, url: `/app/api/${url}`, ...who, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json() as T;
}

async function rechnung(who: Who): Promise<TBeleg & { id: number }> {
  const b = await createBeleg(t, who, {
    belegsTyp: "rechnung",
    belegDatum: "2026-11-20",
    leistungsDatum: "2026-11-18",
    kunde: { id: who.kunde.id },
    belegspositionSet: [
      { positionsBeschreibung: "Heizkörper", positionsMenge: 1, positionsPreis: 289.9, positionsMwst: 20 },
      { positionsBeschreibung: "Fachbuch", positionsMenge: 1, positionsPreis: 49.9, positionsMwst: 10 },
    ],
  });
  return send(who, "POST", `beleg/${b.id}/freigabe`);
}

const FORMATE = [
  ["xrechnung-ubl", "ubl", ["cen", "xrechnung"]],
  ["xrechnung-cii", "cii", ["cen", "xrechnung"]],
  ["peppol", "ubl", ["cen", "peppol"]],
  ["ebinterface", "ebinterface", []],
] as const;

/** Every format of document `id` as a Pruefling (the ZUGFeRD PDF's factur-x.xml included). */
async function formate(who: Who, name: string, id: number): Promise<Pruefling[]> {
  const holen = async (format: string) => {
    const response = await call(t, {
      method: "GET",
      url: `/app/api/beleg/${id}/erechnung?format=${format}`,
      ...who,
    });
    expect(response.statusCode, `${name} ${format}: ${response.body}`).toBe(200);
    return response;
  };
  const ergebnis: Pruefling[] = [];
  for (const [format, syntax, regeln] of FORMATE)
    ergebnis.push({
      name: `${name}.${format}`,
      xml: (await holen(format)).body,
      syntax,
      regeln: [...regeln],
    });
  const facturx = eingebettetesXml((await holen("zugferd")).rawPayload);
  ergebnis.push({ name: `${name}.zugferd`, xml: facturx!.xml, syntax: "cii", regeln: ["cen"] });
  return ergebnis;
}

const pdfText = async (who: Who, id: number) => {
  const response = await call(t, { method: "GET", url: `/app/api/beleg/${id}/pdf`, ...who });
  expect(response.statusCode, response.body).toBe(200);
  return flach(await pdfSeiten(response.rawPayload));
};

const posten = (who: Who, id: number) => send<TOffenerPosten>(who, "GET", `unpaidbelege/${id}`);

/** The totals every EN 16931 format states (read back), and ebInterface's, of the Prueflinge named `name`. */
function summen(pruefling: Pruefling[], name: string) {
  const gelesen: Record<string, Pick<Rechnung, "art"> & Rechnung["summen"]> = {};
  for (const p of pruefling.filter((q) => q.name.startsWith(`${name}.`) && q.syntax !== "ebinterface")) {
    const r = rechnungLesen(p.xml).rechnung;
    gelesen[p.name] = { art: r.art, ...r.summen };
  }
  const eb = pruefling.find((q) => q.name === `${name}.ebinterface`)!.xml;
  const wert = (element: string) => new RegExp(`<${element}>([^<]*)</${element}>`).exec(eb)?.[1];
  return {
    gelesen,
    ebinterface: {
      art: /DocumentType="([^"]+)"/.exec(eb)?.[1],
      brutto: wert("TotalGrossAmount"),
      zahlbar: wert("PayableAmount"),
      negativ: />-\d/.test(eb),
    },
  };
}

describe("credit notes and stornos carry one sign convention (issue 33)", () => {
  let who: Who;
  let original: TBeleg & { id: number };
  let gutschrift: TBeleg & { id: number };
  let stornoGutschrift: TBeleg & { id: number };
  let stornoRechnung: TBeleg & { id: number };
  let zweite: TBeleg & { id: number };
  const pruefling: Pruefling[] = [];
  let befunde: Map<string, Befund[]>;
  let offen: { vorGutschrift: TOffenerPosten; nachGutschrift: TOffenerPosten; nachStorno: TOffenerPosten };

  beforeAll(async () => {
    who = await tenant();
    original = await rechnung(who);
    const vorGutschrift = await posten(who, original.id);
    // Converted into a credit note and finalized as it is.
    const entwurf = await send<TBeleg & { id: number }>(who, "POST", `beleg/${original.id}/umwandeln`, {
      belegsTyp: "gutschrift",
    });
    gutschrift = await send(who, "POST", `beleg/${entwurf.id}/freigabe`);
    const nachGutschrift = await posten(who, original.id);
    pruefling.push(...(await formate(who, "gutschrift", gutschrift.id)));
    // The credit note cancelled: the credit is taken back.
    stornoGutschrift = await send(who, "POST", `beleg/${gutschrift.id}/storno`, {});
    const nachStorno = await posten(who, original.id);
    pruefling.push(...(await formate(who, "stornoGutschrift", stornoGutschrift.id)));
    // Another invoice cancelled.
    zweite = await rechnung(who);
    stornoRechnung = await send(who, "POST", `beleg/${zweite.id}/storno`, {});
    pruefling.push(...(await formate(who, "stornoRechnung", stornoRechnung.id)));
    offen = { vorGutschrift, nachGutschrift, nachStorno };
    befunde = await offiziellPruefen(pruefling);
  }, 180_000);

  it("a credit note made by conversion shows what it credits as positive amounts: API, PDF and every e-invoice (381, 0 fatal)", async () => {
    // As the editor shows it: the invoice's positive quantities and totals.
    expect(gutschrift.belegsTyp).toBe("gutschrift");
    expect(gutschrift.belegspositionSet.map((p) => [p.positionsMenge, p.positionsSumme])).toEqual([
      [1, 289.9],
      [1, 49.9],
    ]);
    expect([gutschrift.summeNetto, gutschrift.summeBrutto]).toEqual([339.8, 402.77]);
    // The PDF.
    const pdf = await pdfText(who, gutschrift.id);
    expect(pdf).toContain(`Gutschrift zu Rechnung ${original.belegNummer}`);
    expect(pdf).toContain("Nettobetrag 339,80 €");
    expect(pdf).toContain("Gutschriftsbetrag 402,77 €");
    expect(pdf).not.toMatch(/-[\d.]+,\d\d €/);
    // Every format: the official checkers find nothing fatal; BT-109, BT-110, BT-112, BT-115 as computed above.
    for (const p of pruefling.filter((q) => q.name.startsWith("gutschrift.")))
      expect(fatale(befunde.get(p.name)), p.name).toEqual([]);
    const { gelesen, ebinterface } = summen(pruefling, "gutschrift");
    expect(Object.keys(gelesen)).toHaveLength(4);
    for (const [name, r] of Object.entries(gelesen))
      expect(r, name).toEqual({
        art: "381",
        positionen: "339.80",
        netto: "339.80",
        steuer: "62.97",
        brutto: "402.77",
        zahlbar: "402.77",
      });
    expect(ebinterface).toEqual({ art: "CreditMemo", brutto: "402.77", zahlbar: "402.77", negativ: false });
    const ubl = rechnungLesen(pruefling.find((p) => p.name === "gutschrift.xrechnung-ubl")!.xml).rechnung;
    expect(ubl.vorgaenger?.nummer).toBe(original.belegNummer);
    expect(ubl.positionen.map((p) => [p.menge, p.netto])).toEqual([
      ["1", "289.90"],
      ["1", "49.90"],
    ]);
  });

  it("a storno is its original negated and states it positive the other way round; the invoice's open amount follows", async () => {
    // Stored (and printed) as the originals negated.
    expect(stornoGutschrift.summeBrutto).toBe(-402.77);
    expect(stornoGutschrift.belegspositionSet.map((p) => p.positionsMenge)).toEqual([-1, -1]);
    expect(stornoRechnung.summeBrutto).toBe(-402.77);
    const pdf = await pdfText(who, stornoGutschrift.id);
    expect(pdf).toContain(`Storno zu Gutschrift ${gutschrift.belegNummer}`);
    expect(pdf).toContain("-402,77 €");
    // Every format passes the official checkers.
    for (const p of pruefling.filter((q) => q.name.startsWith("storno")))
      expect(fatale(befunde.get(p.name)), p.name).toEqual([]);
    // The storno of the credit note takes the credit back: a 380 charging 402.77, naming the credit note.
    const vonGutschrift = summen(pruefling, "stornoGutschrift");
    for (const [name, r] of Object.entries(vonGutschrift.gelesen))
      expect([r.art, r.netto, r.steuer, r.brutto, r.zahlbar], name).toEqual([
        "380",
        "339.80",
        "62.97",
        "402.77",
        "402.77",
      ]);
    expect(vonGutschrift.ebinterface).toEqual({
      art: "Invoice",
      brutto: "402.77",
      zahlbar: "402.77",
      negativ: false,
    });
    const cii = rechnungLesen(
      pruefling.find((p) => p.name === "stornoGutschrift.xrechnung-cii")!.xml,
    ).rechnung;
    expect(cii.vorgaenger?.nummer).toBe(gutschrift.belegNummer);
    expect(cii.zahlung?.faelligAm).toBeUndefined();
    expect(cii.zahlung?.bedingungen).toBe(
      `Storno der Gutschrift ${gutschrift.belegNummer}: Der gutgeschriebene Betrag wird wieder verrechnet.`,
    );
    // The storno of an invoice takes the charge back: a 381 crediting 402.77.
    const vonRechnung = summen(pruefling, "stornoRechnung");
    for (const [name, r] of Object.entries(vonRechnung.gelesen))
      expect([r.art, r.brutto, r.zahlbar], name).toEqual(["381", "402.77", "402.77"]);
    expect(vonRechnung.ebinterface).toMatchObject({ art: "CreditMemo", brutto: "402.77", negativ: false });

    // Payments: the credit note reduced what the customer owes to nothing; its storno made it owed again.
    expect(offen.vorGutschrift).toMatchObject({ restbetrag: 402.77, gutschriften: 0, bezahlt: false });
    expect(offen.nachGutschrift).toMatchObject({ restbetrag: 0, gutschriften: 402.77, bezahlt: true });
    expect(offen.nachStorno).toMatchObject({ restbetrag: 402.77, gutschriften: 0, bezahlt: false });
    const zahlung = await call(t, {
      method: "POST",
      url: "/app/api/zahlung",
      ...who,
      payload: { zahlungsDatum: "2026-11-20", betrag: 402.77, belegSet: [{ id: original.id }] },
    });
    expect(zahlung.statusCode, zahlung.body).toBe(200);
    expect(await posten(who, original.id)).toMatchObject({ restbetrag: 0, bezahlt: true });
  });

  it("a credit note typed with negative quantities is refused at the positions (it would charge)", async () => {
    const body = {
      belegsTyp: "gutschrift",
      belegDatum: "2026-11-20",
      kunde: { id: who.kunde.id },
      belegspositionSet: [
        {
          positionsBeschreibung: "Rabatt nachträglich",
          positionsMenge: -1,
          positionsPreis: 25,
          positionsMwst: 20,
        },
      ],
    };
    const response = await call(t, { method: "PUT", url: "/app/api/beleg", ...who, payload: body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: "belegspositionSet", code: "negativeCredit" }]);
    // As a positive amount it is saved; an existing draft cannot be turned negative either.
    const positiv = await send<TBeleg & { id: number }>(who, "PUT", "beleg", {
      ...body,
      belegspositionSet: [{ ...body.belegspositionSet[0], positionsMenge: 1 }],
    });
    expect(positiv.summeBrutto).toBe(30);
    const gespeichert = alsBody(positiv) as { belegspositionSet: object[] };
    const negativ = await call(t, {
      method: "PUT",
      url: "/app/api/beleg",
      ...who,
      payload: {
        ...gespeichert,
        belegspositionSet: gespeichert.belegspositionSet.map((p) => ({ ...p, positionsMenge: -1 })),
      },
    });
    expect(negativ.statusCode).toBe(400);
    expect(negativ.json().fieldErrors).toEqual([{ field: "belegspositionSet", code: "negativeCredit" }]);
  });
});
