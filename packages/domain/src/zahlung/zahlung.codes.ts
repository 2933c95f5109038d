import type { TBelegsTyp } from "../beleg/beleg.codes.ts";

/**
 * Code lists and the one "may it take a payment" rule of payments (issue 17), import-free so the document editor's
 * first load can name them without the payment rules (zahlung.rules.ts) or a schema.
 */

/**
 * How a payment was received; "guthaben" settles documents from the customer's credit (earlier overpayments) —
 * no money comes in, the credit shrinks by the amount.
 */
export const ZAHLUNGSARTEN = ["bank", "bar", "karte", "guthaben"] as const;
export type TZahlungsart = (typeof ZAHLUNGSARTEN)[number];

/** The document types that take payments: invoices (a cash invoice is paid at issue, a pro-forma is no claim). */
export const ZAHLBARE_TYPEN = ["rechnung"] as const satisfies readonly TBelegsTyp[];

/** Types whose finalized documents reduce the open amount of the invoice they refer to (ursprungsBeleg). */
export const GUTSCHRIFT_TYPEN = ["gutschrift"] as const satisfies readonly TBelegsTyp[];

/** The most documents one payment may settle. */
export const ZAHLUNG_BELEGE_MAX = 100;

/** Why a document takes no payment: draft, cancelled, a type without payments, nothing open. */
export type ZahlungHindernis = "notFinalized" | "cancelled" | "notPayable" | "notOpen";

/** What decides whether a document takes a payment now. */
export interface ZahlbarFelder {
  belegsTyp: TBelegsTyp | string;
  freigabe: boolean;
  storniert: boolean;
  restbetrag: number;
}

/** Why the document cannot take a payment now, or null when it can (a finalized, open, not cancelled invoice). */
export function zahlungHindernis(beleg: ZahlbarFelder): ZahlungHindernis | null {
  if (!(ZAHLBARE_TYPEN as readonly string[]).includes(beleg.belegsTyp)) return "notPayable";
  if (!beleg.freigabe) return "notFinalized";
  if (beleg.storniert) return "cancelled";
  if (beleg.restbetrag <= 0) return "notOpen";
  return null;
}
