import { BELEGS_TYPEN, type TBelegsTyp } from "../typen/typen.codes.ts";

/**
 * Code lists and fixed rules of documents (Belege), zod-free so lists, the editor's first load and the totals can
 * name them without loading a schema. The document types themselves are the one list of typen.codes.ts
 * (BELEGS_TYPEN: angebot, auftragsbestaetigung, lieferschein, rechnung, gutschrift, storno, proformarechnung,
 * barrechnung, bestellung) — re-exported here, never written a second time.
 */

export { BELEGS_TYPEN, type TBelegsTyp };

/** The type of a new document when the tenant remembers none (SPEC §4 "default rechnung"). */
export const BELEG_DEFAULT_TYP: TBelegsTyp = "rechnung";
/** The type of a new order (SPEC §4 "A new order has type bestellung"). */
export const BESTELLUNG_TYP: TBelegsTyp = "bestellung";

/**
 * Status of a document. SPEC §4 shows no status enumeration, only the flags freigabe (finalized), bezahlt and
 * storniert; the status is derived from them (belegStatus), never stored on its own.
 * - entwurf: not finalized — editable, no number yet;
 * - finalisiert: finalized (freigabe) — immutable (DESIGN §6), numbered, open;
 * - bezahlt: finalized and marked paid (or paid in full);
 * - storniert: finalized and cancelled by a storno document.
 */
export const BELEG_STATUS = ["entwurf", "finalisiert", "bezahlt", "storniert"] as const;
export type TBelegStatus = (typeof BELEG_STATUS)[number];

/** The flags the status is derived from; records and form values both fit. */
export interface BelegStatusFelder {
  freigabe?: boolean | null | undefined;
  bezahlt?: boolean | null | undefined;
  storniert?: boolean | null | undefined;
}

/** The document's status from its flags: storniert before bezahlt before finalisiert; not finalized = entwurf. */
export function belegStatus(beleg: BelegStatusFelder): TBelegStatus {
  if (!beleg.freigabe) return "entwurf";
  if (beleg.storniert) return "storniert";
  if (beleg.bezahlt) return "bezahlt";
  return "finalisiert";
}

/** Whether the document may still be changed: only drafts (DESIGN §6: finalized documents are immutable). */
export function bearbeitbar(beleg: BelegStatusFelder): boolean {
  return belegStatus(beleg) === "entwurf";
}

/**
 * Invoices in the sense of the VAT acts (§11 UStG AT, §14 UStG DE): their finalization checks the legal contents
 * (fehlendePflichtangaben) and they draw their numbers from an invoice circle (rechnungskreis). A storno and a
 * credit note correct an invoice and are invoices themselves; a pro-forma invoice is not one.
 */
export const RECHNUNGS_TYPEN = [
  "rechnung",
  "barrechnung",
  "gutschrift",
  "storno",
] as const satisfies readonly TBelegsTyp[];
export type TRechnungsTyp = (typeof RECHNUNGS_TYPEN)[number];

/** Whether the type is an invoice in the sense of the VAT acts (RECHNUNGS_TYPEN). */
export function istRechnung(typ: string | null | undefined): typ is TRechnungsTyp {
  return (RECHNUNGS_TYPEN as readonly (string | null | undefined)[]).includes(typ);
}

/**
 * The types whose documents print their payment term (the sentence of zahlungszielText with skonto dates and
 * amounts): what a customer is asked to pay or is offered — offer, order confirmation, invoice, pro-forma invoice.
 * A cash invoice is paid at issue; a credit note and a storno ask for no payment; a delivery note names none.
 */
export const ZAHLUNGSZIEL_TYPEN = [
  "angebot",
  "auftragsbestaetigung",
  "rechnung",
  "proformarechnung",
] as const satisfies readonly TBelegsTyp[];

/** Whether a document of the type prints its payment term (ZAHLUNGSZIEL_TYPEN). */
export function zahlungszielGedruckt(typ: string | null | undefined): boolean {
  return (ZAHLUNGSZIEL_TYPEN as readonly (string | null | undefined)[]).includes(typ);
}

/**
 * The sign convention of documents (docs/ARCHITECTURE.md "Documents", "Signs"): a document states its amounts as
 * positive figures in its own direction — an invoice (offer, order, cash invoice, …) what it charges, a credit note
 * what it credits — and editor, PDF and e-invoice show them alike. A storno is the document it cancels negated line
 * by line (stornoVon), so it runs the other way: the storno of an invoice credits, the storno of a credit note
 * charges. Whether a document credits the customer: a credit note, or a storno of anything but a credit note (of
 * an unknown original: of an invoice).
 */
export function gutschreibend(
  typ: string | null | undefined,
  ursprungsTyp?: string | null | undefined,
): boolean {
  if (typ === "gutschrift") return true;
  return typ === "storno" && ursprungsTyp !== "gutschrift";
}

/**
 * Where a finalized document's number comes from: invoices from the tenant's invoice circle (SPEC §3
 * rechnungskreis, with its cash-invoice and RKSV variants), every other type from the document number circle
 * that lists the type (SPEC §3 belegnummerkreis.belegsTyps).
 */
export function nummernQuelle(typ: TBelegsTyp): "rechnungskreis" | "belegnummerkreis" {
  return istRechnung(typ) ? "rechnungskreis" : "belegnummerkreis";
}

/**
 * Which document a document may become (SPEC §4 "create bill", "cancel"): the sales chain offer → order
 * confirmation → delivery note(s) → invoice, each step skippable forwards (an offer may be invoiced at once);
 * a pro-forma invoice before the real one; an invoice (also a cash invoice or credit note) is cancelled by a
 * storno, and an invoice may be corrected by a credit note. Conversions copy positions into a new draft; the
 * source stays as it is. Nothing turns into an offer or order, and a storno or an order converts into nothing.
 */
export const UMWANDLUNGEN: Readonly<Record<TBelegsTyp, readonly TBelegsTyp[]>> = {
  angebot: ["auftragsbestaetigung", "lieferschein", "proformarechnung", "rechnung", "barrechnung"],
  auftragsbestaetigung: ["lieferschein", "proformarechnung", "rechnung", "barrechnung"],
  lieferschein: ["rechnung", "barrechnung"],
  proformarechnung: ["rechnung"],
  rechnung: ["gutschrift", "storno"],
  barrechnung: ["storno"],
  gutschrift: ["storno"],
  storno: [],
  bestellung: [],
};

/** Whether a document of type `von` may be converted into (or, for storno, cancelled by) one of type `nach`. */
export function umwandlungErlaubt(von: TBelegsTyp, nach: TBelegsTyp): boolean {
  return UMWANDLUNGEN[von]?.includes(nach) ?? false;
}

/**
 * The conversions that need a finalized source: cancelling and crediting correct what was issued, so the source
 * must be finalized (and, for a storno, not cancelled yet: stornierbar). Every other conversion may start from a
 * draft (an offer need not be finalized to become an order confirmation).
 */
export const UMWANDLUNG_BRAUCHT_FREIGABE: readonly TBelegsTyp[] = ["storno", "gutschrift"];

/** Whether the document can be cancelled now: a finalized invoice type that has a storno and is not cancelled. */
export function stornierbar(
  beleg: BelegStatusFelder & { belegsTyp?: TBelegsTyp | null | undefined },
): boolean {
  return umwandelbar(beleg, "storno");
}

/**
 * Whether this document may be converted into (or cancelled by) a `nach` now: the table allows it, a cancelled
 * document converts into nothing, and cancelling or crediting needs a finalized source.
 */
export function umwandelbar(
  beleg: BelegStatusFelder & { belegsTyp?: TBelegsTyp | null | undefined },
  nach: TBelegsTyp,
): boolean {
  if (!beleg.belegsTyp || !umwandlungErlaubt(beleg.belegsTyp, nach) || beleg.storniert) return false;
  return !UMWANDLUNG_BRAUCHT_FREIGABE.includes(nach) || Boolean(beleg.freigabe);
}

/**
 * VAT category codes of EN 16931 (BT-118 / BT-151, UNTDID 5305 subset): S standard rate, Z zero rated, E exempt
 * (used for the small-business exemption), AE reverse charge, K intra-community supply, G export outside the EU,
 * O outside the scope of VAT. Every category but S carries a rate of 0.
 */
export const MWST_KATEGORIEN = ["S", "Z", "E", "AE", "K", "G", "O"] as const;
export type TMwstKategorie = (typeof MWST_KATEGORIEN)[number];

/**
 * The notice a document must print for a VAT-free category (§11 UStG AT, §14 UStG DE): the keys of the tenant's
 * notice texts (SPEC §3 Tenant: small business, export, intra-community in DE and EN) — and reverse charge, for
 * which the tenant has no text (the fixed legal wording comes from the translations).
 */
export const MWST_HINWEISE = [
  "kleinunternehmer",
  "export",
  "innergemeinschaftlich",
  "reverseCharge",
] as const;
export type TMwstHinweis = (typeof MWST_HINWEISE)[number];

/** EN 16931 VAT exemption reason codes (BT-121, VATEX list) of the categories that have one. */
export const MWST_BEFREIUNGSGRUND: Readonly<Partial<Record<TMwstKategorie, string>>> = {
  AE: "VATEX-EU-AE",
  K: "VATEX-EU-IC",
  G: "VATEX-EU-G",
  O: "VATEX-EU-O",
};

/** SPEC §9: documents sort by belegDatum, then belegNumber, both descending. */
export const BELEG_SORTIERUNG = [
  ["belegDatum", "desc"],
  ["belegNummer", "desc"],
] as const;

/**
 * At most this many positions on a document. SPEC §9 names "a constant of 500 (meaning not shown)"; 500 positions
 * is also the size the totals are measured at.
 */
export const BELEG_POSITIONEN_MAX = 500;

/** The largest amount a document stores (numeric(14,2)), positive or negative. */
export const BELEG_BETRAG_MAX = 999_999_999_999.99;

/** Kleinbetragsrechnung: gross amount up to which an invoice may leave out the buyer (§11 (6) UStG AT, §33 UStDV DE). */
export const KLEINBETRAG_GRENZE: Readonly<Record<string, number>> = { AT: 400, DE: 250 };

/** AT: above this gross amount an invoice to a business names the buyer's VAT id (§11 (1) Z 2 UStG). */
export const UID_GRENZE_AT = 10_000;

/**
 * What a document's PDF may lack that the tenant can add (the API's header x-pdf-hinweise, shown beside the
 * preview): bankFehlt — an invoice to pay, but no IBAN (no bank details, no payment code); logoFehlt — neither logo
 * nor letterhead; vorlageUnbrauchbar — the letterhead file could not be read (printed without it).
 */
export const PDF_HINWEISE = ["bankFehlt", "logoFehlt", "vorlageUnbrauchbar"] as const;
export type TPdfHinweis = (typeof PDF_HINWEISE)[number];
