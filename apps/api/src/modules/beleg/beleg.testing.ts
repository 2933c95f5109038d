import type { TBeleg, TBelegSpeichernInput } from "@kontor/domain/beleg/beleg.schema";
import { eq } from "drizzle-orm";
import { adresse, mandant } from "../../db/schema/index.ts";
import { call, type TestApp } from "../../test/helpers.ts";
import type { Caller } from "../kunde/kunde.testing.ts";

/** A draft that can be saved: a cash invoice (no customer needed) with one position; overrides win. */
export const gueltigerBeleg = (overrides: Partial<TBelegSpeichernInput> = {}): TBelegSpeichernInput => ({
  belegDatum: "2026-03-02",
  belegsTyp: "barrechnung",
  belegspositionSet: [
    { positionsBeschreibung: "Beratung", positionsMenge: 2, positionsPreis: 50, positionsMwst: 20 },
  ],
  ...overrides,
});

/**
 * The body of a storno of a document of gueltigerBeleg's date: dated in the same year, so its number is 2026's on any
 * day the suite runs (a storno defaults to today — after New Year that is next year's sequence).
 */
export const STORNO_2026 = { belegDatum: "2026-03-09" } as const;

/**
 * A document as a client sends it back after reading it (GET beleg/{id}): the read-only fields left out, references
 * as {id}. What the editor does before a PUT.
 */
export function alsBody(beleg: TBeleg | Record<string, unknown>): Record<string, unknown> {
  const {
    mandant: _m,
    belegNummer: _n,
    summeNetto: _sn,
    summeBrutto: _sb,
    belegMwstSet: _mw,
    freigabe: _f,
    bezahlt: _b,
    storniert: _s,
    stornoRechnungsnummer: _sr,
    ursprungsBeleg: _u,
    rksvBarcode: _r,
    docPath: _d,
    zahlungList: _z,
    ...rest
  } = beleg as TBeleg;
  const ref = (value: { id: number } | null | undefined) => (value ? { id: value.id } : null);
  return {
    ...rest,
    kunde: ref(rest.kunde),
    belegspositionSet: rest.belegspositionSet.map(
      ({ positionsSumme: _ps, stillOpenAmount: _o, artikel, belegspositionLieferant, ...p }) => ({
        ...p,
        artikel: ref(artikel),
        belegspositionLieferant: ref(belegspositionLieferant),
      }),
    ),
  };
}

/** Test helper: PUT beleg with a valid draft plus the overrides; fails the test unless it is saved. */
export async function createBeleg(
  t: TestApp,
  who: Caller,
  overrides: Partial<TBelegSpeichernInput> = {},
): Promise<TBeleg & { id: number }> {
  const response = await call(t, {
    method: "PUT",
    url: "/app/api/beleg",
    ...who,
    payload: gueltigerBeleg(overrides),
  });
  if (response.statusCode !== 200)
    throw new Error(`createBeleg failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/**
 * Gives the tenant what an invoice must name of its seller (§11 UStG): a VAT id and an address (the test tenants
 * are made without them).
 */
export async function rechnungsfaehig(t: TestApp, mandantId: number): Promise<void> {
  await t.db.update(mandant).set({ uid: "ATU13585627" }).where(eq(mandant.id, mandantId));
  await t.db.insert(adresse).values({
    mandantId,
    strasse: "Ring",
    hausNummer: "1",
    plz: "1010",
    ort: "Wien",
    land: "AT",
    position: 0,
  });
}

/**
 * rechnungsfaehig plus what every e-invoice format asks of the seller: e-mail, phone (left out with
 * `ohneTelefon`: XRechnung then names the gap), contact and bank account.
 */
export async function erechnungsfaehig(t: TestApp, mandantId: number, { ohneTelefon = false } = {}) {
  await rechnungsfaehig(t, mandantId);
  await t.db
    .update(mandant)
    .set({
      email: "rechnung@huber.at",
      telefon: ohneTelefon ? null : "+43 1 234 56 78",
      kontaktName: "Maria Huber",
      iban: "AT611904300234573201",
      bic: "BKAUATWW",
    })
    .where(eq(mandant.id, mandantId));
}
