import { add, compare, type Decimal, dec, div, isZero, mul, round, sub, toNumber } from "../money/decimal.ts";
import {
  MWST_BEFREIUNGSGRUND,
  MWST_KATEGORIEN,
  type TMwstHinweis,
  type TMwstKategorie,
} from "./beleg.codes.ts";

/**
 * The one totals implementation of documents (DESIGN §6, EN 16931), exact on money/decimal.ts. The web editor
 * (live totals) and the API (stored totals) call the same function, so it is pure, synchronous and zod-free.
 *
 * Per position (BG-25):
 *   line gross   = quantity × unit price (exact)
 *   line net     = round(line gross × (1 − artikelRabatt/100) × (1 − rabatt/100), 2)        (BT-131)
 *   line rabatt  = round(line gross, 2) − line net                                         (BT-136)
 *   The two percentages combine successively (10 % and 5 % take 14.5 %, not 15 %), rounded once at the end.
 *   artikelRabatt counts only when the article is rabattierFaehig (a position without article counts as
 *   rabattierFaehig); the position's own rabatt is a discount typed on that line and always counts.
 * Per VAT category and rate (BG-23), over the positions that carry an amount:
 *   allowance    = round(Σ line nets of rabattierFaehig positions × belegRabatt/100, 2)     (BG-20: BT-92, BT-95/96)
 *   basis        = Σ line nets − allowance                                                 (BT-116)
 *   VAT          = round(basis × rate/100, 2)                                              (BT-117)
 *   The document discount is an EN 16931 document-level allowance per rate, rounded per rate — not a discount
 *   spread over the lines (which rounds per line and may differ by cents), and the VAT is computed once per rate,
 *   never summed from per-line VAT.
 * Document (BG-22):
 *   summeNetto   = Σ line nets (BT-106); rabatt = Σ allowances (BT-107); netto = summeNetto − rabatt (BT-109)
 *   summeMwst    = Σ VAT (BT-110); brutto = netto + summeMwst (BT-112); zahlbar = brutto − vorausbezahlt (BT-115)
 *
 * Signs: the function is type-agnostic, amounts carry their sign. A credit line has a negative quantity (or price);
 * a credit note is entered with negative quantities; a storno copies the original's positions with negated
 * quantities (stornoVon), so — rounding being half away from zero, i.e. symmetric — its totals are exactly
 * negiert(totals of the original).
 *
 * Positions without amounts: a position without a price is a free-text line (no amounts, netto null). So is one
 * whose quantity, price or (standard category) rate is not a readable number — the editor shows its live totals
 * while the user types; the save rules name such fields.
 */

/** A number as JSON carries it, or as a form holds it ("12,5", ""); empty or unreadable counts as missing. */
export type Zahl = number | string | null | undefined;

/** What the totals read of a position; TBelegPosition, the PUT body and form values all fit. */
export interface PositionSummenFelder {
  positionsMenge?: Zahl;
  positionsPreis?: Zahl;
  positionsMwst?: Zahl;
  artikelRabatt?: Zahl;
  rabatt?: Zahl;
  /** The article; rabattierFaehig false keeps discounts off the line (absent: discountable). */
  artikel?: { id?: unknown; rabattierFaehig?: boolean | null | undefined } | null | undefined;
}

/** What the totals read of a document. */
export interface BelegSummenFelder {
  belegspositionSet?: readonly (PositionSummenFelder | null | undefined)[] | null | undefined;
  belegRabatt?: Zahl;
}

export interface SummenOptionen {
  /**
   * The document's VAT category (mwstKategorie). S (default; also Z): every position at its own rate, a rate of 0
   * is category Z. Any other category (E, AE, K, G, O) taxes every position at 0 in that category, whatever rate
   * it carries — the rate stays on the position for the day the customer's flags change back.
   */
  kategorie?: TMwstKategorie | undefined;
  /** Amount already paid (BT-113, e.g. a prepayment), subtracted from the amount due. Default 0. */
  vorausbezahlt?: Zahl;
}

/** A position's amounts: line net (BT-131) and line allowance (BT-136); both null for a line without amounts. */
export interface PositionSumme {
  netto: Decimal | null;
  rabatt: Decimal | null;
}

/** A VAT breakdown line (BG-23) with its share of the document discount (BG-20). */
export interface MwstZeile {
  /** Rate in percent (BT-119); 0 for every category but S. */
  satz: Decimal;
  /** VAT category (BT-118). */
  kategorie: TMwstKategorie;
  /** Taxable amount (BT-116): the line nets of this rate minus the allowance. */
  basis: Decimal;
  /** VAT amount (BT-117). */
  betrag: Decimal;
  /** Document-level allowance of this rate (BT-92), 0 without a document discount. */
  rabatt: Decimal;
}

/** The totals of a document; every amount rounded to cents. */
export interface BelegSummen {
  /** One entry per position, in the order of belegspositionSet. */
  positionen: PositionSumme[];
  /** VAT breakdown, by category (S, Z, E, AE, K, G, O) and then rate descending. */
  mwst: MwstZeile[];
  /** BT-106: sum of line nets. */
  summeNetto: Decimal;
  /** BT-107: sum of document-level allowances. */
  rabatt: Decimal;
  /** BT-109: total without VAT (summeNetto − rabatt); what the document stores as summeNetto. */
  netto: Decimal;
  /** BT-110: total VAT. */
  summeMwst: Decimal;
  /** BT-112: total with VAT. */
  brutto: Decimal;
  /** BT-115: amount due (brutto − vorausbezahlt). */
  zahlbar: Decimal;
}

const NULL = dec(0);
const EINS = dec(1);
const HUNDERT = dec(100);
const KATEGORIE_REIHENFOLGE: Readonly<Record<string, number>> = Object.fromEntries(
  MWST_KATEGORIEN.map((kategorie, index) => [kategorie, index]),
);

/** The value as a decimal; undefined when missing or unreadable (never throws: live totals read form values). */
export function zahl(value: Zahl): Decimal | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? dec(value) : undefined;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  try {
    return dec(value);
  } catch {
    return undefined;
  }
}

/** 1 − p/100, exact (dividing by 100 only shifts the digits). */
function restAnteil(prozent: Decimal): Decimal {
  return div(sub(HUNDERT, prozent), HUNDERT, prozent.scale + 2);
}

/** p/100 of the amount, exact. */
function prozentVon(betrag: Decimal, prozent: Decimal): Decimal {
  return div(mul(betrag, prozent), HUNDERT, betrag.scale + prozent.scale + 2);
}

function negiere(wert: Decimal): Decimal {
  return sub(NULL, wert);
}

const OHNE_BETRAG: PositionSumme = { netto: null, rabatt: null };

/** The positions of one rate: their nets, and the nets of those the document discount leaves out. */
type Gruppe = { satz: Decimal; kategorie: TMwstKategorie; netto: bigint; nichtRabattierbar: bigint };

/** A value rounded to cents as an integer number of cents (exact: its scale is at most 2). */
function cent(wert: Decimal): bigint {
  return wert.scale === 2 ? wert.units : wert.scale === 1 ? wert.units * 10n : wert.units * 100n;
}

/** An integer number of cents as a decimal. */
function ausCent(cents: bigint): Decimal {
  return dec(`${cents}e-2`);
}

/**
 * The totals of a document (see the top of this file). Pure and synchronous; unreadable input never throws but
 * makes a position carry no amounts.
 */
export function belegSummen(beleg: BelegSummenFelder, optionen: SummenOptionen = {}): BelegSummen {
  const dokumentKategorie = optionen.kategorie ?? "S";
  const steuerfrei = dokumentKategorie !== "S" && dokumentKategorie !== "Z";
  const gruppen = new Map<Decimal, Gruppe>();
  const positionen: PositionSumme[] = [];
  // Quantities, rates and discounts repeat across positions: each raw value is read once per call.
  const werte = new Map<Zahl, Decimal | undefined>();
  const lesen = (wert: Zahl): Decimal | undefined => {
    if (werte.has(wert)) return werte.get(wert);
    const ergebnis = zahl(wert);
    werte.set(wert, ergebnis);
    return ergebnis;
  };
  const saetze = new Map<Zahl, Decimal | undefined>();
  const faktoren = new Map<Zahl, Decimal | null>();
  /** The factor 1 − p/100 of a discount; null for none (absent, unreadable or 0). */
  const faktor = (wert: Zahl): Decimal | null => {
    if (wert === undefined || wert === null || wert === 0) return null;
    let ergebnis = faktoren.get(wert);
    if (ergebnis === undefined) {
      const prozent = zahl(wert);
      ergebnis = prozent === undefined || isZero(prozent) ? null : restAnteil(prozent);
      faktoren.set(wert, ergebnis);
    }
    return ergebnis;
  };

  const liste = Array.isArray(beleg.belegspositionSet) ? beleg.belegspositionSet : [];
  for (const position of liste) {
    if (position === null || typeof position !== "object") {
      positionen.push(OHNE_BETRAG);
      continue;
    }
    const preis = lesen(position.positionsPreis);
    const menge = position.positionsMenge === undefined ? EINS : lesen(position.positionsMenge);
    let satz: Decimal | undefined = NULL;
    if (!steuerfrei) {
      const roh = position.positionsMwst;
      if (saetze.has(roh)) satz = saetze.get(roh);
      else {
        // The first decimal read of a rate stands for every equal one, so equal rates share a group.
        const gelesen = zahl(roh);
        satz =
          gelesen === undefined
            ? undefined
            : ([...saetze.values()].find(
                (bekannt) => bekannt !== undefined && compare(bekannt, gelesen) === 0,
              ) ?? gelesen);
        saetze.set(roh, satz);
      }
    }
    if (preis === undefined || menge === undefined || satz === undefined) {
      positionen.push(OHNE_BETRAG);
      continue;
    }
    const rabattierFaehig = position.artikel?.rabattierFaehig !== false;
    const brutto = mul(menge, preis);
    const artikelFaktor = rabattierFaehig ? faktor(position.artikelRabatt) : null;
    const positionsFaktor = faktor(position.rabatt);
    let netto: Decimal;
    if (artikelFaktor === null && positionsFaktor === null) {
      netto = round(brutto, 2);
      positionen.push({ netto, rabatt: NULL });
    } else {
      let exakt = brutto;
      if (artikelFaktor !== null) exakt = mul(exakt, artikelFaktor);
      if (positionsFaktor !== null) exakt = mul(exakt, positionsFaktor);
      netto = round(exakt, 2);
      positionen.push({ netto, rabatt: sub(round(brutto, 2), netto) });
    }

    let gruppe = gruppen.get(satz);
    if (!gruppe) {
      const kategorie: TMwstKategorie = steuerfrei ? dokumentKategorie : isZero(satz) ? "Z" : "S";
      gruppe = { satz, kategorie, netto: 0n, nichtRabattierbar: 0n };
      gruppen.set(satz, gruppe);
    }
    // Line nets have cents at most: the groups add them as integers (the same exact sum, without rescaling).
    const cents = cent(netto);
    gruppe.netto += cents;
    if (!rabattierFaehig) gruppe.nichtRabattierbar += cents;
  }

  const belegRabatt = zahl(beleg.belegRabatt);
  const mitRabatt = belegRabatt !== undefined && !isZero(belegRabatt);
  let summeNetto = NULL;
  let summeRabatt = NULL;
  let summeMwst = NULL;
  const mwst: MwstZeile[] = [];
  for (const gruppe of gruppen.values()) {
    const gruppenNetto = ausCent(gruppe.netto);
    const rabattierbar = ausCent(gruppe.netto - gruppe.nichtRabattierbar);
    const rabatt = mitRabatt ? round(prozentVon(rabattierbar, belegRabatt), 2) : NULL;
    const basis = sub(gruppenNetto, rabatt);
    const betrag = round(prozentVon(basis, gruppe.satz), 2);
    mwst.push({ satz: gruppe.satz, kategorie: gruppe.kategorie, basis, betrag, rabatt });
    summeNetto = add(summeNetto, gruppenNetto);
    summeRabatt = add(summeRabatt, rabatt);
    summeMwst = add(summeMwst, betrag);
  }
  mwst.sort(
    (a, b) =>
      (KATEGORIE_REIHENFOLGE[a.kategorie] ?? 0) - (KATEGORIE_REIHENFOLGE[b.kategorie] ?? 0) ||
      compare(b.satz, a.satz),
  );

  const netto = sub(summeNetto, summeRabatt);
  const brutto = add(netto, summeMwst);
  const vorausbezahlt = zahl(optionen.vorausbezahlt);
  const zahlbar = vorausbezahlt === undefined ? brutto : sub(brutto, round(vorausbezahlt, 2));
  return { positionen, mwst, summeNetto, rabatt: summeRabatt, netto, summeMwst, brutto, zahlbar };
}

/**
 * The totals with every amount negated (rates and categories kept): a storno's totals are exactly the negated
 * original's (belegSummen(stornoVon(original)) equals negiert(belegSummen(original))).
 */
export function negiert(summen: BelegSummen): BelegSummen {
  return {
    positionen: summen.positionen.map((position) =>
      position.netto === null || position.rabatt === null
        ? OHNE_BETRAG
        : { netto: negiere(position.netto), rabatt: negiere(position.rabatt) },
    ),
    mwst: summen.mwst.map((zeile) => ({
      satz: zeile.satz,
      kategorie: zeile.kategorie,
      basis: negiere(zeile.basis),
      betrag: negiere(zeile.betrag),
      rabatt: negiere(zeile.rabatt),
    })),
    summeNetto: negiere(summen.summeNetto),
    rabatt: negiere(summen.rabatt),
    netto: negiere(summen.netto),
    summeMwst: negiere(summen.summeMwst),
    brutto: negiere(summen.brutto),
    zahlbar: negiere(summen.zahlbar),
  };
}

/** A VAT line as the document stores and answers it (ZBelegMwst): JSON numbers. */
export interface MwstZeileJson {
  satz: number;
  kategorie: TMwstKategorie;
  basis: number;
  betrag: number;
  rabatt: number;
}

/**
 * The computed fields of a document as JSON numbers (the wire and storage form of ZBeleg): summeNetto is the
 * total without VAT after the document discount (BT-109), so that summeBrutto − summeNetto is the VAT;
 * positionsSumme per position is its line net (null for a line without amounts).
 */
export function summenFelder(summen: BelegSummen): {
  summeNetto: number;
  summeBrutto: number;
  belegMwstSet: MwstZeileJson[];
  positionsSummen: (number | null)[];
} {
  return {
    summeNetto: toNumber(summen.netto),
    summeBrutto: toNumber(summen.brutto),
    belegMwstSet: summen.mwst.map((zeile) => ({
      satz: toNumber(zeile.satz),
      kategorie: zeile.kategorie,
      basis: toNumber(zeile.basis),
      betrag: toNumber(zeile.betrag),
      rabatt: toNumber(zeile.rabatt),
    })),
    positionsSummen: summen.positionen.map((position) =>
      position.netto === null ? null : toNumber(position.netto),
    ),
  };
}

/**
 * The VAT category a stored document was computed in, read from its VAT lines: the VAT-free category (E, AE, K,
 * G, O) when its lines carry one, else S. A storno or a recomputation of a finalized document uses it instead of
 * the customer's flags of today.
 */
export function kategorieAusMwst(
  belegMwstSet: readonly ({ kategorie?: string | null | undefined } | null | undefined)[] | null | undefined,
): TMwstKategorie {
  for (const zeile of belegMwstSet ?? []) {
    const kategorie = zeile?.kategorie;
    if (kategorie && kategorie !== "S" && kategorie !== "Z" && KATEGORIE_REIHENFOLGE[kategorie] !== undefined)
      return kategorie as TMwstKategorie;
  }
  return "S";
}

/** What the VAT category reads of the tenant. */
export interface MandantSteuerFelder {
  /**
   * Small business (Kleinunternehmer, §6 (1) Z 27 UStG AT, §19 UStG DE): no VAT on any document. Not a field of
   * SPEC §3 Tenant (it only names the notice texts); the tenant needs it for this rule.
   */
  kleinunternehmer?: boolean | null | undefined;
}

/** What the VAT category reads of the customer (SPEC §3 kunde). */
export interface KundeSteuerFelder {
  export?: boolean | null | undefined;
  innergemeinschaftlich?: boolean | null | undefined;
}

/** What the VAT category reads of the document. */
export interface BelegSteuerFelder {
  /** The recipient owes the VAT (e.g. construction services, §19 (1a) UStG AT, §13b UStG DE; EU B2B services). */
  reverseCharge?: boolean | null | undefined;
}

/** A document's VAT category, the notice it must print and the EN 16931 exemption reason code. */
export interface MwstEinordnung {
  kategorie: TMwstKategorie;
  /** The notice to print (the tenant's text for it, or the fixed reverse-charge wording); null for S. */
  hinweis: TMwstHinweis | null;
  /** BT-121 exemption reason code (VATEX), where the category has one. */
  befreiungsGrund: string | null;
}

/**
 * The VAT category of a document from the tenant's and customer's flags, first match wins:
 * small business → E (notice kleinunternehmer); reverse charge on the document → AE (reverseCharge);
 * export customer → G (export); intra-community customer → K (innergemeinschaftlich); otherwise S, each position
 * at its own rate (a 0 % position is Z).
 */
export function mwstKategorie(
  mandant: MandantSteuerFelder | null | undefined,
  kunde: KundeSteuerFelder | null | undefined,
  beleg: BelegSteuerFelder | null | undefined = {},
): MwstEinordnung {
  if (mandant?.kleinunternehmer) return mwstEinordnung("E");
  if (beleg?.reverseCharge) return mwstEinordnung("AE");
  if (kunde?.export) return mwstEinordnung("G");
  if (kunde?.innergemeinschaftlich) return mwstEinordnung("K");
  return mwstEinordnung("S");
}

/** The notice each VAT-free category prints (O, outside the scope of VAT, has no tenant text). */
const HINWEIS: Readonly<Partial<Record<TMwstKategorie, TMwstHinweis>>> = {
  E: "kleinunternehmer",
  AE: "reverseCharge",
  G: "export",
  K: "innergemeinschaftlich",
};

/** Notice and exemption reason of a known category, e.g. the one a stored document was computed in. */
export function mwstEinordnung(kategorie: TMwstKategorie): MwstEinordnung {
  return {
    kategorie,
    hinweis: HINWEIS[kategorie] ?? null,
    befreiungsGrund: MWST_BEFREIUNGSGRUND[kategorie] ?? null,
  };
}

/** The tenant field holding the notice text (SPEC §3 Tenant); null for reverse charge, which has none. */
export function hinweisFeld(
  hinweis: TMwstHinweis,
  sprache: "de" | "en",
): `hinweis${"Kleinunternehmer" | "Export" | "Innergemeinschaftlich"}${"De" | "En"}` | null {
  const suffix = sprache === "en" ? "En" : "De";
  switch (hinweis) {
    case "kleinunternehmer":
      return `hinweisKleinunternehmer${suffix}`;
    case "export":
      return `hinweisExport${suffix}`;
    case "innergemeinschaftlich":
      return `hinweisInnergemeinschaftlich${suffix}`;
    default:
      return null;
  }
}
