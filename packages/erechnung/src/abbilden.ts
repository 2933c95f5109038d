import type { TMwstKategorie } from "@kontor/domain/beleg/beleg.codes";
import { gutschreibend, MWST_BEFREIUNGSGRUND } from "@kontor/domain/beleg/beleg.codes";
import { belegSummen, type PositionSummenFelder } from "@kontor/domain/beleg/beleg.totals";
import { addDays } from "@kontor/domain/date/calendar";
import { elektronischeAdresse } from "@kontor/domain/erechnung/erechnung.codes";
import { add, type Decimal, dec, isZero, sub, toFixedString } from "@kontor/domain/money/decimal";
import type { Abschlag, Adresse, Partei, Position, Rechnung, Steuerzeile, TKategorie } from "./modell.ts";

/**
 * The one mapping from a finalized document of the product to the EN 16931 business terms (issue 19). The API
 * reads the document, its parties (as copied at finalization) and master data into a `BelegQuelle`; this pure
 * function turns it into a `Rechnung` every serializer writes. Totals come from the one totals implementation
 * (belegSummen), so the e-invoice carries exactly the amounts of the document and its PDF.
 *
 * Decisions:
 * - Signs (the product's convention, gutschreibend in beleg.codes.ts): a document stores its figures as positive
 *   amounts in its own direction — an invoice what it charges, a credit note what it credits — and a storno as
 *   the document it cancels negated. An e-invoice states every document with positive amounts in its direction:
 *   invoice and cash invoice are BT-3 380 as stored; a credit note is 381 as stored; a storno is stated the other
 *   way round from what it cancels, its quantities negated back before the totals are computed (rounding is
 *   symmetric, so every amount is exactly the negated stored one): the storno of an invoice is a 381 crediting the
 *   invoice's amounts, the storno of a credit note a 380 charging the credit note's amounts. Credit note and storno
 *   name the original as preceding invoice (BT-25/26). A 381 asks for no payment (BT-20 says the amount is
 *   credited); neither does the storno of a credit note (BT-20 says the credit is taken back) — no due date, no
 *   skonto.
 * - A line with a negative price gets price and quantity negated (same line net): BR-27 forbids negative prices.
 * - The line discounts (the article's and the line's own percentage) are one line allowance (BG-27): price =
 *   the unit price (BT-146), allowance = round(quantity × price, 2) − line net (BT-136).
 * - The document discount is one document-level allowance per VAT category and rate (BG-20) with its base (the
 *   discountable line nets of that rate) and percentage, exactly as belegSummen computes it.
 * - A position without amounts (a text line) is no invoice line in EN 16931: its text becomes an invoice note.
 * - A cash invoice is paid on issue: paid amount (BT-113) = total, amount due (BT-115) = 0, payment means cash (10),
 *   or "not defined" (1) when paid by card — code 48 would need the card's number (BG-18), which the product does
 *   not keep. Other invoices: SEPA credit transfer (58) to the seller's IBAN, else "not defined" (1).
 * - Skonto steps are written as XRechnung's #SKONTO# lines in BT-20 (with the due-date sentence after them), which
 *   all formats carry; ebInterface turns them into its own discount elements.
 * - The supply date (BT-72) is the document's, else — without a service period — the invoice date (§11 UStG: the
 *   date of the invoice stands for the supply date when they are the same). Intra-community supplies need a
 *   deliver-to country (BR-IC-12): the billing address stands in when the document has no delivery address.
 */

/** An address as the product stores it (customer address, tenant seat), copied at finalization. */
export interface QuellAdresse {
  firmenName?: string | null;
  adressZusatz?: string | null;
  strasse?: string | null;
  hausNummer?: string | null;
  stiege?: string | null;
  tuer?: string | null;
  plz?: string | null;
  ort?: string | null;
  land?: string | null;
}

export interface QuellPosition extends PositionSummenFelder {
  positionsBeschreibung?: string | null;
  positionsBeschreibungZusatz?: string | null;
  /** The UN/ECE unit code of the article's unit; C62 (one) without. */
  einheit?: string | null;
  artikelNummer?: string | null;
}

/** What the mapping reads: one finalized invoice, credit note, cancellation or cash invoice with its parties. */
export interface BelegQuelle {
  beleg: {
    belegsTyp: "rechnung" | "gutschrift" | "storno" | "barrechnung";
    belegNummer: string;
    belegDatum: string;
    leistungsDatum?: string | null;
    leistungsZeitraumVon?: string | null;
    leistungsZeitraumBis?: string | null;
    /** BT-10 (Leitweg-ID for German public buyers). */
    kaeuferReferenz?: string | null;
    /** BT-13. */
    bestellBelegnummer?: string | null;
    belegRabatt?: number | string | null;
    /** The VAT category the document was computed in (kategorieAusMwst of its stored VAT lines). */
    kategorie: TMwstKategorie;
    positionen: readonly QuellPosition[];
    /** Paid by card (cash invoices). */
    bankomat?: boolean;
    /** The stored net due date (faelligAm). */
    faelligAm?: string | null;
    /** The document text (plain), printed above the positions. */
    text?: string | null;
    /**
     * The original of a credit note or cancellation (BT-25/26); `typ`: its document type (a storno of a credit
     * note charges, any other storno credits).
     */
    vorgaenger?: { nummer: string; datum?: string | null; typ?: string | null } | null;
  };
  verkaeufer: {
    name: string;
    uid?: string | null;
    steuernummer?: string | null;
    /** Firmenbuch-/Handelsregisternummer (BT-30). */
    registernummer?: string | null;
    email?: string | null;
    /** The tenant's electronic address ("0088:…", "9914:ATU…" or an e-mail address); else its e-mail. */
    elektronischeAdresse?: string | null;
    telefon?: string | null;
    kontaktName?: string | null;
    adresse: QuellAdresse | null;
    iban?: string | null;
    bic?: string | null;
    /** The seller's number at this buyer (BT-29, the customer's lieferantenNummer). */
    kennungBeimKaeufer?: string | null;
  };
  kaeufer: {
    name: string;
    kundenNummer?: string | null;
    uid?: string | null;
    email?: string | null;
    telefon?: string | null;
    /** The customer's electronic address ("0204:…", "9915:b" or an e-mail address). */
    elektronischeAdresse?: string | null;
    zuHanden?: string | null;
    adresse: QuellAdresse | null;
    lieferadresse?: QuellAdresse | null;
  };
  zahlungsziel?: { nettoTage: number; skontoList: readonly { tage: number; prozent: number }[] } | null;
  /** The payment text printed (the document's own, or the term's sentence), after any skonto lines in BT-20. */
  zahlungstext?: string | null;
  /** The notice the VAT category needs (BT-120: the tenant's text, or the fixed reverse-charge wording). */
  befreiungsText?: string | null;
  /** The invoice note for a credit note's payment terms, e.g. "The amount will be credited." */
  gutschriftText?: string | null;
  /** The payment terms of a storno of a credit note, e.g. "The credit of credit note 2026-00018 is cancelled." */
  stornoGutschriftText?: string | null;
}

const NULL = dec(0);
const geld = (wert: Decimal) => toFixedString(wert, 2);
const leer = (wert: string | null | undefined) => {
  const text = wert?.trim();
  return text ? text : undefined;
};

/** A decimal written without trailing zeros beyond what it needs, at least two places for money-like values. */
function zahlText(wert: Decimal, mindestens = 0): string {
  let text = toFixedString(wert, Math.max(wert.scale, mindestens));
  if (text.includes(".")) text = text.replace(/0+$/, "").replace(/\.$/, "");
  if (mindestens > 0) {
    const [ganz, bruch = ""] = text.split(".");
    text = `${ganz}.${bruch.padEnd(mindestens, "0")}`;
  }
  return text;
}

function adresse(a: QuellAdresse | null | undefined, ersatzLand: string): Adresse {
  const nummer = [a?.hausNummer, a?.stiege, a?.tuer].map(leer).filter(Boolean).join("/");
  return ohneLeere({
    zeile1: leer([a?.strasse, nummer].map(leer).filter(Boolean).join(" ")),
    zeile2: leer(a?.adressZusatz),
    ort: leer(a?.ort),
    plz: leer(a?.plz),
    land: leer(a?.land)?.toUpperCase() ?? ersatzLand,
  });
}

function ohneLeere<T extends object>(objekt: T): T {
  for (const [schluessel, wert] of Object.entries(objekt))
    if (wert === undefined) delete (objekt as Record<string, unknown>)[schluessel];
  return objekt;
}

/** The object, or undefined when it has no term left. */
function nichtLeer<T extends object>(objekt: T): T | undefined {
  return Object.keys(objekt).length === 0 ? undefined : objekt;
}

/** The XRechnung skonto lines (BR-DE-18), earliest step first, each ended by a line feed. */
export function skontoZeilen(ziel: BelegQuelle["zahlungsziel"]): string {
  return [...(ziel?.skontoList ?? [])]
    .sort((a, b) => a.tage - b.tage)
    .map((stufe) => `#SKONTO#TAGE=${stufe.tage}#PROZENT=${toFixedString(dec(stufe.prozent), 2)}#\n`)
    .join("");
}

/** The document's business terms (see the top of this file). */
export function belegAbbilden(quelle: BelegQuelle): Rechnung {
  const { beleg, verkaeufer, kaeufer } = quelle;
  // A storno is stored as its original negated; it is stated positive in its own direction (see the top).
  const storno = beleg.belegsTyp === "storno";
  const gutschrift = gutschreibend(beleg.belegsTyp, beleg.vorgaenger?.typ);
  // Neither a credit nor a storno asks for a payment of its own.
  const ohneZahlung = gutschrift || storno;
  const steuerfrei = beleg.kategorie !== "S" && beleg.kategorie !== "Z";
  const heimat = leer(verkaeufer.adresse?.land)?.toUpperCase() ?? "AT";

  // A storno's quantities negated back; negative prices turned into negative quantities.
  const positionen = beleg.positionen.map((p) => {
    const preis =
      p.positionsPreis === undefined || p.positionsPreis === null ? null : String(p.positionsPreis);
    const menge =
      p.positionsMenge === undefined || p.positionsMenge === null ? "1" : String(p.positionsMenge);
    const preisNegativ = preis?.trim().startsWith("-") === true;
    // Negating the price flips the line's sign, negating the quantity flips it back (or undoes the storno's).
    const mengeNegieren = storno !== preisNegativ;
    const negiert = (wert: string) => {
      const d = sub(NULL, dec(wert));
      return toFixedString(d, d.scale);
    };
    return {
      quelle: p,
      felder: {
        ...p,
        positionsMenge: preis !== null && mengeNegieren ? negiert(menge) : menge,
        positionsPreis: preis !== null && preisNegativ ? negiert(preis) : preis,
      } satisfies PositionSummenFelder,
    };
  });
  const summen = belegSummen(
    { belegspositionSet: positionen.map((p) => p.felder), belegRabatt: beleg.belegRabatt ?? 0 },
    { kategorie: beleg.kategorie },
  );

  const notizen: string[] = [];
  if (leer(beleg.text)) notizen.push(leer(beleg.text)!);
  const zeilen: Position[] = [];
  const rabattBasis = new Map<string, Decimal>();
  positionen.forEach(({ quelle: p, felder }, index) => {
    const summe = summen.positionen[index]!;
    if (summe.netto === null || summe.rabatt === null) {
      const text = [leer(p.positionsBeschreibung), leer(p.positionsBeschreibungZusatz)]
        .filter(Boolean)
        .join("\n");
      if (text) notizen.push(text);
      return;
    }
    const satz = steuerfrei ? NULL : dec(String(felder.positionsMwst ?? 0));
    const kategorie: TKategorie = steuerfrei ? beleg.kategorie : isZero(satz) ? "Z" : "S";
    const schluessel = `${kategorie}/${geld(satz)}`;
    if (p.artikel?.rabattierFaehig !== false)
      rabattBasis.set(schluessel, add(rabattBasis.get(schluessel) ?? NULL, summe.netto));
    const name = leer(p.positionsBeschreibung) ?? leer(p.artikelNummer) ?? String(zeilen.length + 1);
    const [ersteZeile = name, ...weitere] = name.split("\n");
    const rabattProzent = [p.artikelRabatt, p.rabatt].filter(
      (r) => r !== undefined && r !== null && Number(r) !== 0,
    );
    zeilen.push(
      ohneLeere({
        id: String(zeilen.length + 1),
        menge: zahlText(dec(String(felder.positionsMenge))),
        einheit: leer(p.einheit) ?? "C62",
        netto: geld(summe.netto),
        preis: zahlText(dec(String(felder.positionsPreis)), 2),
        abschlag: isZero(summe.rabatt)
          ? undefined
          : ohneLeere({
              betrag: geld(summe.rabatt),
              grund: rabattProzent.length > 0 ? "Rabatt" : undefined,
            }),
        kategorie,
        satz: geld(satz),
        name: ersteZeile.trim().slice(0, 500) || name,
        beschreibung: leer([...weitere, p.positionsBeschreibungZusatz ?? ""].join("\n")),
        artikelNummer: leer(p.artikelNummer),
      }),
    );
  });

  const abschlaege: Abschlag[] = [];
  const steuern: Steuerzeile[] = [];
  const befreiungsCode = MWST_BEFREIUNGSGRUND[beleg.kategorie];
  for (const zeile of summen.mwst) {
    const satz = geld(zeile.satz);
    if (!isZero(zeile.rabatt))
      abschlaege.push({
        betrag: geld(zeile.rabatt),
        basis: geld(rabattBasis.get(`${zeile.kategorie}/${satz}`) ?? NULL),
        prozent: toFixedString(dec(String(beleg.belegRabatt ?? 0)), 2),
        kategorie: zeile.kategorie,
        satz,
        grund: "Rabatt",
        grundCode: "95",
      });
    steuern.push(
      ohneLeere({
        basis: geld(zeile.basis),
        betrag: geld(zeile.betrag),
        kategorie: zeile.kategorie,
        satz,
        befreiungsGrund:
          zeile.kategorie === "S" || zeile.kategorie === "Z" ? undefined : leer(quelle.befreiungsText),
        befreiungsCode: zeile.kategorie === "S" || zeile.kategorie === "Z" ? undefined : befreiungsCode,
      }),
    );
  }

  const bar = beleg.belegsTyp === "barrechnung";
  const vorausbezahlt = bar ? summen.brutto : NULL;
  const zahlbar = sub(summen.brutto, vorausbezahlt);
  const iban = leer(verkaeufer.iban)?.replace(/\s+/g, "").toUpperCase();
  const zahlungstext = leer(quelle.zahlungstext);
  const bedingungen = gutschrift
    ? (leer(quelle.gutschriftText) ?? "")
    : storno
      ? (leer(quelle.stornoGutschriftText) ?? "")
      : skontoZeilen(quelle.zahlungsziel) + (zahlungstext ?? "");
  const faelligAm =
    bar || ohneZahlung
      ? undefined
      : (leer(beleg.faelligAm) ??
        (quelle.zahlungsziel ? addDays(beleg.belegDatum, quelle.zahlungsziel.nettoTage) : undefined));

  const zeitraum =
    leer(beleg.leistungsZeitraumVon) && leer(beleg.leistungsZeitraumBis)
      ? { von: beleg.leistungsZeitraumVon!, bis: beleg.leistungsZeitraumBis! }
      : undefined;
  const lieferadresse = kaeufer.lieferadresse ?? (beleg.kategorie === "K" ? kaeufer.adresse : null);
  const kaeuferAdresse =
    elektronischeAdresse(kaeufer.elektronischeAdresse ?? "") ??
    (leer(kaeufer.email) ? elektronischeAdresse(kaeufer.email!) : null);
  const verkaeuferAdresse =
    elektronischeAdresse(verkaeufer.elektronischeAdresse ?? "") ??
    (leer(verkaeufer.email) ? elektronischeAdresse(verkaeufer.email!) : null);

  const verkaeuferPartei: Partei = ohneLeere({
    name: verkaeufer.name,
    kennung: leer(verkaeufer.kennungBeimKaeufer),
    registernummer: leer(verkaeufer.registernummer),
    uid: leer(verkaeufer.uid)?.replace(/\s+/g, "").toUpperCase(),
    steuernummer: leer(verkaeufer.steuernummer),
    elektronischeAdresse: verkaeuferAdresse ?? undefined,
    adresse: adresse(verkaeufer.adresse, heimat),
    kontakt: ohneLeere({
      name: leer(verkaeufer.kontaktName) ?? verkaeufer.name,
      telefon: leer(verkaeufer.telefon),
      email: leer(verkaeufer.email),
    }),
  });
  const kaeuferPartei: Partei = ohneLeere({
    name: leer(kaeufer.adresse?.firmenName) ?? kaeufer.name,
    kennung: leer(kaeufer.kundenNummer),
    uid: leer(kaeufer.uid)?.replace(/\s+/g, "").toUpperCase(),
    elektronischeAdresse: kaeuferAdresse ?? undefined,
    adresse: adresse(kaeufer.adresse, heimat),
    kontakt:
      leer(kaeufer.zuHanden) || leer(kaeufer.telefon) || leer(kaeufer.email)
        ? ohneLeere({
            name: leer(kaeufer.zuHanden),
            telefon: leer(kaeufer.telefon),
            email: leer(kaeufer.email),
          })
        : undefined,
  });

  return ohneLeere({
    nummer: beleg.belegNummer,
    datum: beleg.belegDatum,
    art: gutschrift ? "381" : "380",
    waehrung: "EUR",
    notizen,
    kaeuferReferenz: leer(beleg.kaeuferReferenz),
    bestellReferenz: leer(beleg.bestellBelegnummer),
    vorgaenger: beleg.vorgaenger
      ? ohneLeere({ nummer: beleg.vorgaenger.nummer, datum: leer(beleg.vorgaenger.datum) })
      : undefined,
    verkaeufer: verkaeuferPartei,
    kaeufer: kaeuferPartei,
    lieferung: nichtLeer(
      ohneLeere({
        name: lieferadresse ? leer(lieferadresse.firmenName) : undefined,
        datum: leer(beleg.leistungsDatum) ?? (zeitraum ? undefined : beleg.belegDatum),
        adresse: lieferadresse ? adresse(lieferadresse, heimat) : undefined,
      }),
    ),
    zeitraum,
    zahlung: ohneLeere({
      // Card payments would need the card's number (BG-18, XRechnung BR-DE-24): a paid card receipt says "not defined".
      artCode: bar ? (beleg.bankomat ? "1" : "10") : iban ? "58" : "1",
      verwendungszweck: bar ? undefined : beleg.belegNummer,
      konto:
        iban && !bar
          ? ohneLeere({ iban, bic: leer(verkaeufer.bic)?.toUpperCase(), inhaber: verkaeufer.name })
          : undefined,
      bedingungen: bedingungen === "" ? undefined : bedingungen,
      faelligAm,
    }),
    abschlaege,
    positionen: zeilen,
    steuern,
    summen: ohneLeere({
      positionen: geld(summen.summeNetto),
      abschlaege: isZero(summen.rabatt) ? undefined : geld(summen.rabatt),
      netto: geld(summen.netto),
      steuer: geld(summen.summeMwst),
      brutto: geld(summen.brutto),
      vorausbezahlt: isZero(vorausbezahlt) ? undefined : geld(vorausbezahlt),
      zahlbar: geld(zahlbar),
    }),
  });
}
