import type { SpeicherGrund } from "../http/speicherRegeln.ts";
import { compare, type Decimal, dec, sub } from "../money/decimal.ts";
import {
  BELEG_BETRAG_MAX,
  istRechnung,
  KLEINBETRAG_GRENZE,
  type TBelegsTyp,
  type TMwstKategorie,
  UID_GRENZE_AT,
  umwandlungErlaubt,
  zahlungszielGedruckt,
} from "./beleg.codes.ts";
import {
  type BelegSteuerFelder,
  type BelegSummenFelder,
  belegSummen,
  hinweisFeld,
  type KundeSteuerFelder,
  type MandantSteuerFelder,
  mwstEinordnung,
  mwstKategorie,
  type PositionSummenFelder,
  zahl,
} from "./beleg.totals.ts";

/**
 * The document's rules: save rules as field-path reasons (the form marks the field, PUT answers 400 with the same
 * paths, as kunde and artikel do), the legal contents an invoice needs before it is finalized, position numbers,
 * and what duplicating, converting and cancelling do. Pure and zod-free at run time (types only).
 */

/**
 * A reason with another code than "required": a wrong value ("invalid"), an amount too large ("max"), a credit
 * note that would charge ("negativeCredit").
 */
export type BelegGrund = { field: string; code: "invalid" | "max" | "negativeCredit" };

/** Not given: absent, null, or text that is blank. */
const leer = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** A reference that names a record ({id}); form values may hold the id itself. */
const verwiesen = (value: unknown) =>
  typeof value === "object" && value !== null
    ? !leer((value as { id?: unknown }).id)
    : typeof value === "number" || (typeof value === "string" && value.trim() !== "");

/** The rows of a list that are objects with their index (a row that is none is the schema's to report). */
function zeilen<T>(liste: unknown): [T, number][] {
  if (!Array.isArray(liste)) return [];
  return liste.flatMap((zeile, index): [T, number][] =>
    zeile !== null && typeof zeile === "object" ? [[zeile as T, index]] : [],
  );
}

/** What the rules read of a position; TBelegPosition, the PUT body's rows and form values all fit. */
export interface PositionRegelFelder extends PositionSummenFelder {
  positionsBeschreibung?: unknown;
  artikel?: {
    id?: unknown;
    artikelBezeichnung?: unknown;
    rabattierFaehig?: boolean | null | undefined;
  } | null;
}

/** What the save rules read of a document. */
export interface BelegRegelFelder extends BelegSummenFelder, BelegSteuerFelder {
  belegsTyp?: unknown;
  belegDatum?: unknown;
  kunde?: unknown;
  leistungsDatum?: unknown;
  leistungsZeitraumVon?: unknown;
  leistungsZeitraumBis?: unknown;
  belegspositionSet?: readonly (PositionRegelFelder | null | undefined)[] | null | undefined;
}

/** Whether the position carries amounts: it has a price (a position without one is a free-text line). */
const hatPreis = (position: PositionRegelFelder) => zahl(position.positionsPreis) !== undefined;

/**
 * Why a document cannot be saved, draft or not; empty = save allowed. SPEC §5 names no document rules; these are
 * the least a draft needs to be shown and computed again: its type and date; a customer (not for a cash invoice,
 * which may go to a walk-in buyer); a service period with both ends once one is given; every position an article
 * or a description, every priced position its VAT rate. Paths are those of the 400 fieldErrors
 * (`belegspositionSet.0.positionsMwst`).
 */
export function fehlendeFelder(beleg: BelegRegelFelder): SpeicherGrund[] {
  const gruende: SpeicherGrund[] = [];
  const fehlt = (field: string) => gruende.push({ field, code: "required" });
  if (leer(beleg.belegsTyp)) fehlt("belegsTyp");
  if (leer(beleg.belegDatum)) fehlt("belegDatum");
  if (beleg.belegsTyp !== "barrechnung" && !verwiesen(beleg.kunde)) fehlt("kunde");
  if (!leer(beleg.leistungsZeitraumBis) && leer(beleg.leistungsZeitraumVon)) fehlt("leistungsZeitraumVon");
  if (!leer(beleg.leistungsZeitraumVon) && leer(beleg.leistungsZeitraumBis)) fehlt("leistungsZeitraumBis");
  for (const [position, index] of zeilen<PositionRegelFelder>(beleg.belegspositionSet)) {
    if (!verwiesen(position.artikel) && leer(position.positionsBeschreibung))
      fehlt(`belegspositionSet.${index}.positionsBeschreibung`);
    if (hatPreis(position) && zahl(position.positionsMwst) === undefined)
      fehlt(`belegspositionSet.${index}.positionsMwst`);
  }
  return gruende;
}

const NULL = dec(0);
const MAX = dec(BELEG_BETRAG_MAX);
const betragVon = (wert: Decimal) => (compare(wert, NULL) < 0 ? sub(NULL, wert) : wert);
const zuGross = (wert: Decimal) => compare(betragVon(wert), MAX) > 0;
const UID_GRENZE = dec(UID_GRENZE_AT);

/**
 * Values each valid alone that do not fit together: a service period that ends before it starts
 * (`leistungsZeitraumBis` invalid); a line net or a document total beyond what an amount holds (numeric(14,2):
 * `belegspositionSet.3.positionsPreis` resp. `belegspositionSet` "max") — quantity and price are each within
 * bounds, their product need not be; a credit note whose total is negative (`belegspositionSet`
 * "negativeCredit"): a credit note states what it credits as positive amounts (gutschreibend, beleg.codes.ts) —
 * typed with negative quantities it would charge the customer, so it is refused rather than turned round
 * silently. A single negative line in it (a fee set off against the credit) is fine.
 */
export function ungueltigeFelder(beleg: BelegRegelFelder): BelegGrund[] {
  const gruende: BelegGrund[] = [];
  const von = beleg.leistungsZeitraumVon;
  const bis = beleg.leistungsZeitraumBis;
  if (typeof von === "string" && typeof bis === "string" && von !== "" && bis !== "" && bis < von)
    gruende.push({ field: "leistungsZeitraumBis", code: "invalid" });
  let summen: ReturnType<typeof belegSummen>;
  try {
    summen = belegSummen(beleg);
  } catch (error) {
    // The save schema runs this rule on values its fields refused already (a rate with 140 decimals makes the
    // exact arithmetic give up): those fields carry their own codes, no total needs checking.
    if (error instanceof RangeError) return gruende;
    throw error;
  }
  summen.positionen.forEach((position, index) => {
    if (position.netto !== null && zuGross(position.netto))
      gruende.push({ field: `belegspositionSet.${index}.positionsPreis`, code: "max" });
  });
  if (zuGross(summen.brutto) || zuGross(summen.summeNetto))
    gruende.push({ field: "belegspositionSet", code: "max" });
  else if (beleg.belegsTyp === "gutschrift" && compare(summen.brutto, NULL) < 0)
    gruende.push({ field: "belegspositionSet", code: "negativeCredit" });
  return gruende;
}

/** What the legal contents read of an address. */
export interface AdressePflichtFelder {
  id?: unknown;
  strasse?: unknown;
  plz?: unknown;
  ort?: unknown;
  land?: unknown;
}

/** What the legal contents read of the tenant (the seller; SPEC §3 Tenant). */
export interface MandantPflichtFelder extends MandantSteuerFelder {
  bezeichnung?: unknown;
  uid?: unknown;
  adresseLists?: readonly (AdressePflichtFelder | null | undefined)[] | null | undefined;
  hinweisKleinunternehmerDe?: unknown;
  hinweisKleinunternehmerEn?: unknown;
  hinweisExportDe?: unknown;
  hinweisExportEn?: unknown;
  hinweisInnergemeinschaftlichDe?: unknown;
  hinweisInnergemeinschaftlichEn?: unknown;
}

/** What the legal contents read of the customer (the buyer; SPEC §3 kunde). */
export interface KundePflichtFelder extends KundeSteuerFelder {
  firma?: unknown;
  bezeichnung?: unknown;
  nachname?: unknown;
  uid?: unknown;
  belegLangKey?: unknown;
  adresseLists?: readonly (AdressePflichtFelder | null | undefined)[] | null | undefined;
}

/** What the legal contents read of the document. */
export interface BelegPflichtFelder extends BelegRegelFelder {
  adresse?: { id?: unknown } | null | undefined;
}

/** The address fields an invoice prints of seller and buyer (the house number may be part of the street). */
export const PFLICHT_ADRESSFELDER = ["strasse", "plz", "ort", "land"] as const;

/**
 * What a document of an invoice type lacks before it may be finalized (§11 UStG AT, §14 UStG DE); empty = it may.
 * Each entry names a field path: the document's own (`belegDatum`, `leistungsDatum`,
 * `belegspositionSet.2.positionsMenge`), the tenant's as `mandant.…` and the customer's as `kunde.…`, so the API
 * can refuse the finalization naming each and the editor can point at it. Checked:
 * - seller: name, address (`mandant.adresseLists.0.…`), VAT id — not for a small business, nor on a small-amount
 *   invoice (gross ≤ 400 € AT, ≤ 250 € DE; not for intra-community or reverse-charge supplies);
 * - buyer: a customer, its name (bezeichnung, a private person's nachname) and the document's address (or the
 *   billing address) — not on a small-amount invoice; the buyer's VAT id for intra-community supplies and reverse
 *   charge, and in Austria on invoices over 10 000 € gross to a business (firma);
 * - issue date; date of supply or the service period (`leistungsDatum`; not on a German small-amount invoice);
 * - at least one position with a price (`belegspositionSet`), each with quantity, description (its own or the
 *   article's name) and, in category S, its VAT rate — the net per rate, rate, VAT and gross are computed from
 *   them;
 * - for a VAT-free category the tenant's notice text in the document's language (`mandant.hinweisExportDe`);
 *   reverse charge prints the fixed legal wording.
 * The number is not checked: finalization assigns it. Other document types have no legal contents: [].
 * The VAT category comes from the flags (mwstKategorie) unless given — a storno passes its original's
 * (kategorieAusMwst).
 */
export function fehlendePflichtangaben(
  beleg: BelegPflichtFelder,
  mandant: MandantPflichtFelder | null | undefined,
  kunde: KundePflichtFelder | null | undefined,
  mwst?: TMwstKategorie,
): SpeicherGrund[] {
  if (!istRechnung(typeof beleg.belegsTyp === "string" ? beleg.belegsTyp : undefined)) return [];
  const gruende: SpeicherGrund[] = [];
  const fehlt = (field: string) => gruende.push({ field, code: "required" });

  const { kategorie, hinweis } =
    mwst === undefined ? mwstKategorie(mandant, kunde, beleg) : mwstEinordnung(mwst);
  const summen = belegSummen(beleg, { kategorie });
  const mandantAdresse = mandant?.adresseLists?.[0] ?? undefined;
  const land = typeof mandantAdresse?.land === "string" ? mandantAdresse.land.toUpperCase() : "";
  const grenze = KLEINBETRAG_GRENZE[land];
  const betrag = betragVon(summen.brutto);
  const kleinbetrag =
    grenze !== undefined && compare(betrag, dec(grenze)) <= 0 && kategorie !== "K" && kategorie !== "AE";

  // Seller.
  if (leer(mandant?.bezeichnung)) fehlt("mandant.bezeichnung");
  for (const feld of PFLICHT_ADRESSFELDER)
    if (leer(mandantAdresse?.[feld])) fehlt(`mandant.adresseLists.0.${feld}`);
  if (!mandant?.kleinunternehmer && !kleinbetrag && leer(mandant?.uid)) fehlt("mandant.uid");

  // Buyer.
  if (!kunde) {
    if (!kleinbetrag) fehlt("kunde");
  } else {
    if (!kleinbetrag) {
      if (kunde.firma === "privatperson") {
        if (leer(kunde.nachname)) fehlt("kunde.nachname");
      } else if (leer(kunde.bezeichnung)) fehlt("kunde.bezeichnung");
      const adressen = kunde.adresseLists ?? [];
      const gewaehlt = beleg.adresse?.id;
      const gefunden = leer(gewaehlt) ? -1 : adressen.findIndex((adresse) => adresse?.id === gewaehlt);
      const index = gefunden >= 0 ? gefunden : 0;
      for (const feld of PFLICHT_ADRESSFELDER)
        if (leer(adressen[index]?.[feld])) fehlt(`kunde.adresseLists.${index}.${feld}`);
    }
    const uidNoetig =
      kategorie === "K" ||
      kategorie === "AE" ||
      (land === "AT" && kunde.firma !== "privatperson" && compare(betrag, UID_GRENZE) > 0);
    if (uidNoetig && leer(kunde.uid)) fehlt("kunde.uid");
  }

  // Dates.
  if (leer(beleg.belegDatum)) fehlt("belegDatum");
  const zeitraum = !leer(beleg.leistungsZeitraumVon) && !leer(beleg.leistungsZeitraumBis);
  if (leer(beleg.leistungsDatum) && !zeitraum && !(kleinbetrag && land === "DE")) fehlt("leistungsDatum");

  // Positions.
  const positionen = zeilen<PositionRegelFelder>(beleg.belegspositionSet).filter(([position]) =>
    hatPreis(position),
  );
  if (positionen.length === 0) fehlt("belegspositionSet");
  for (const [position, index] of positionen) {
    if (position.positionsMenge !== undefined && zahl(position.positionsMenge) === undefined)
      fehlt(`belegspositionSet.${index}.positionsMenge`);
    if (leer(position.positionsBeschreibung) && leer(position.artikel?.artikelBezeichnung))
      fehlt(`belegspositionSet.${index}.positionsBeschreibung`);
    if (kategorie === "S" && zahl(position.positionsMwst) === undefined)
      fehlt(`belegspositionSet.${index}.positionsMwst`);
  }

  // The notice of a VAT-free category.
  if (hinweis) {
    const feld = hinweisFeld(hinweis, kunde?.belegLangKey === "en" ? "en" : "de");
    if (feld !== null && leer(mandant?.[feld])) fehlt(`mandant.${feld}`);
  }
  return gruende;
}

/** SPEC §4: a new position gets the highest position number + 1, or 1 when that is below 1 (or there is none). */
export function positionsNummerNeu(
  positionen: readonly ({ positionsNummer?: number | null | undefined } | null | undefined)[],
): number {
  let hoechste = Number.NEGATIVE_INFINITY;
  for (const position of positionen) {
    const nummer = position?.positionsNummer;
    if (typeof nummer === "number" && Number.isFinite(nummer) && nummer > hoechste) hoechste = nummer;
  }
  return hoechste < 1 ? 1 : Math.floor(hoechste) + 1;
}

/** SPEC §4: deleting a position by id or by position number removes it (the others keep their numbers). */
export function positionEntfernen<
  T extends { id?: number | null | undefined; positionsNummer?: number | null },
>(positionen: readonly T[], welche: { id: number } | { positionsNummer: number }): T[] {
  return "id" in welche
    ? positionen.filter((position) => position.id !== welche.id)
    : positionen.filter((position) => position.positionsNummer !== welche.positionsNummer);
}

/** SPEC §4: the fields duplicating a document clears (besides the ids of its positions and VAT lines). */
export const DUPLIKAT_LEERT = [
  "id",
  "belegNummer",
  "bezahlt",
  "storniert",
  "stornoRechnungsnummer",
  "bestellBelegnummer",
  "freigabe",
  "rksvBarcode",
  "docPath",
  "zahlungList",
] as const;

/** What duplicating touches; TBeleg and form values fit. */
export interface DuplikatFelder {
  id?: number | null | undefined;
  belegNummer?: string | null | undefined;
  belegDatum?: string | null | undefined;
  belegsTyp?: TBelegsTyp | null | undefined;
  bezahlt?: boolean | null | undefined;
  storniert?: boolean | null | undefined;
  stornoRechnungsnummer?: string | null | undefined;
  bestellBelegnummer?: string | null | undefined;
  freigabe?: boolean | null | undefined;
  rksvBarcode?: string | null | undefined;
  docPath?: string | null | undefined;
  zahlungList?: readonly unknown[] | null | undefined;
  ursprungsBeleg?: unknown;
  belegstext2?: string | null | undefined;
  belegspositionSet?:
    | readonly {
        id?: number | null | undefined;
        positionsMenge?: unknown;
        positionsPreis?: unknown;
        positionsBeschreibung?: unknown;
        zeiteintraege?: readonly unknown[] | null | undefined;
        positionsVersandMenge?: number | null | undefined;
        stillOpenAmount?: number | null | undefined;
        teilversandFinalize?: boolean | null | undefined;
      }[]
    | null
    | undefined;
  belegMwstSet?:
    | readonly { id?: number | null | undefined; satz?: unknown; kategorie?: unknown }[]
    | null
    | undefined;
}

/**
 * A duplicate as a new draft (SPEC §4): without id, belegNummer, bezahlt, storniert, stornoRechnungsnummer,
 * bestellBelegnummer, freigabe, rksvBarcode, docPath, payments, and without the ids of positions and VAT lines.
 * Beyond the SPEC list, because they belong to the original alone: the document it was made from
 * (ursprungsBeleg), the time entries a position bills (billing them twice would be wrong) and the partial-delivery
 * state of the positions. `belegDatum`, when given, becomes the duplicate's date (e.g. today).
 */
export function duplizieren<T extends DuplikatFelder>(beleg: T, belegDatum?: string): T {
  const { id: _id, ...rest } = beleg;
  return {
    ...rest,
    ...(belegDatum === undefined ? {} : { belegDatum }),
    belegNummer: null,
    bezahlt: false,
    storniert: false,
    stornoRechnungsnummer: null,
    bestellBelegnummer: null,
    freigabe: false,
    rksvBarcode: null,
    docPath: null,
    zahlungList: [],
    ...("ursprungsBeleg" in beleg ? { ursprungsBeleg: null } : {}),
    belegspositionSet: (beleg.belegspositionSet ?? []).map(({ id: _positionId, ...position }) => ({
      ...position,
      ...(position.zeiteintraege === undefined ? {} : { zeiteintraege: [] }),
      ...(position.positionsVersandMenge === undefined ? {} : { positionsVersandMenge: null }),
      ...(position.stillOpenAmount === undefined ? {} : { stillOpenAmount: null }),
      ...(position.teilversandFinalize === undefined ? {} : { teilversandFinalize: false }),
    })),
    belegMwstSet: (beleg.belegMwstSet ?? []).map(({ id: _mwstId, ...zeile }) => zeile),
  } as unknown as T;
}

/** A conversion UMWANDLUNGEN does not allow (umwandeln, stornoVon). */
export class UmwandlungNichtErlaubt extends Error {
  constructor(
    readonly von: TBelegsTyp | null | undefined,
    readonly nach: TBelegsTyp,
  ) {
    super(`A ${von ?? "document"} cannot become a ${nach}`);
  }
}

/**
 * The new draft a conversion creates (SPEC §4 "create bill", offer → order confirmation → delivery note →
 * invoice): a duplicate of the source with the new type and date and a reference to the source
 * (ursprungsBeleg {id, belegNummer, belegsTyp}). Throws UmwandlungNichtErlaubt for a conversion UMWANDLUNGEN does
 * not allow; whether the source's status allows it now is the caller's to ask (umwandelbar, stornierbar).
 * Quantities are copied as they are: a credit note made from an invoice credits the invoice's lines with the
 * invoice's positive figures (the sign convention, gutschreibend); the payment text is left behind when the new
 * document asks for no payment (a credit note, a storno: zahlungszielGedruckt).
 */
export function umwandeln<T extends DuplikatFelder>(quelle: T, nach: TBelegsTyp, belegDatum: string): T {
  if (!quelle.belegsTyp || !umwandlungErlaubt(quelle.belegsTyp, nach))
    throw new UmwandlungNichtErlaubt(quelle.belegsTyp, nach);
  return {
    ...duplizieren(quelle, belegDatum),
    ...("belegstext2" in quelle && !zahlungszielGedruckt(nach) ? { belegstext2: null } : {}),
    belegsTyp: nach,
    ursprungsBeleg: {
      id: quelle.id ?? null,
      belegNummer: quelle.belegNummer ?? null,
      belegsTyp: quelle.belegsTyp,
    },
  } as T;
}

/**
 * The storno draft of a finalized invoice (DESIGN §6: corrections go through a storno with its own number that
 * references the original): umwandeln to "storno" with every position's quantity negated (an absent quantity is
 * the default 1, so it becomes −1). Prices and discounts stay, so the storno's totals are exactly the negated
 * original's (negiert); the stored totals it carries over (summeNetto, summeBrutto, belegMwstSet, positionsSumme)
 * are negated alike. That is the sign convention for a storno (gutschreibend): the storno of an invoice carries
 * the invoice's figures with a minus (it takes the charge back — its e-invoice credits them as positive amounts),
 * the storno of a credit note the credit note's figures with a minus (it takes the credit back — its e-invoice
 * charges them). Compute it in the original's VAT category (kategorieAusMwst of its belegMwstSet), not from
 * the customer's flags of today. The caller marks the original storniert and writes the storno's number into its
 * stornoRechnungsnummer when the storno is finalized.
 */
export function stornoVon<T extends DuplikatFelder>(original: T, belegDatum: string): T {
  const entwurf = umwandeln(original, "storno", belegDatum);
  const storno = entwurf as unknown as StornoSummenFelder;
  const ergebnis: StornoSummenFelder = {
    belegspositionSet: (storno.belegspositionSet ?? []).map((position) => ({
      ...position,
      positionsMenge: negierteMenge(position.positionsMenge),
      ...(typeof position.positionsSumme === "number"
        ? { positionsSumme: minus(position.positionsSumme) }
        : {}),
    })),
    ...(typeof storno.summeNetto === "number" ? { summeNetto: minus(storno.summeNetto) } : {}),
    ...(typeof storno.summeBrutto === "number" ? { summeBrutto: minus(storno.summeBrutto) } : {}),
    ...(Array.isArray(storno.belegMwstSet)
      ? {
          belegMwstSet: storno.belegMwstSet.map((zeile) => ({
            ...zeile,
            ...(typeof zeile.basis === "number" ? { basis: minus(zeile.basis) } : {}),
            ...(typeof zeile.betrag === "number" ? { betrag: minus(zeile.betrag) } : {}),
            ...(typeof zeile.rabatt === "number" ? { rabatt: minus(zeile.rabatt) } : {}),
          })),
        }
      : {}),
  };
  return { ...entwurf, ...ergebnis } as T;
}

/** The stored totals a storno negates. */
interface StornoSummenFelder {
  summeNetto?: number | null | undefined;
  summeBrutto?: number | null | undefined;
  belegMwstSet?:
    | readonly { basis?: number | null; betrag?: number | null; rabatt?: number | null }[]
    | null
    | undefined;
  belegspositionSet?:
    | readonly { positionsMenge?: Zahlwert; positionsSumme?: number | null | undefined }[]
    | null
    | undefined;
}

/** −x without a negative zero (JSON writes −0 as 0 anyway; equality in tests should not see it). */
const minus = (wert: number) => (wert === 0 ? 0 : -wert);

type Zahlwert = number | string | null | undefined;

function negierteMenge(menge: Zahlwert): Zahlwert {
  if (menge === undefined) return -1;
  if (typeof menge === "number") return minus(menge);
  if (typeof menge === "string") {
    const text = menge.trim();
    if (text === "") return menge;
    return text.startsWith("-") ? text.slice(1) : `-${text}`;
  }
  return menge;
}
