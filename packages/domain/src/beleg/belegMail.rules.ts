import { anzeigename, istKontaktEmail } from "../kunde/kunde.rules.ts";
import type { TBelegsTyp } from "../typen/typen.codes.ts";
import type { TMailVorschlag } from "./belegMail.schema.ts";

/**
 * Rules of sending a document by mail (issue 16): which template a document type takes, whom the mail is
 * prefilled for, how the greeting addresses the customer, and filling the {{placeholders}} of a template.
 */

/**
 * Template families of the mail text: invoices to pay (amount and due date), invoices already paid (a cash
 * invoice, or one marked paid), offers (amount), and every other document (type, number, date).
 */
export const MAIL_VORLAGEN = ["rechnung", "bezahlt", "angebot", "allgemein"] as const;
export type TMailVorlage = (typeof MAIL_VORLAGEN)[number];

export function mailVorlage(typ: TBelegsTyp, bezahlt: boolean): TMailVorlage {
  if (typ === "barrechnung") return "bezahlt";
  if (typ === "rechnung" || typ === "proformarechnung") return bezahlt ? "bezahlt" : "rechnung";
  if (typ === "angebot") return "angebot";
  return "allgemein";
}

/** What the recipients are made of: the customer (its display-name fields and e-mail) and its contacts. */
export interface MailKunde {
  firma?: "firma" | "privatperson" | null;
  bezeichnung?: string | null;
  vorname?: string | null;
  nachname?: string | null;
  geschlecht?: string | null;
  email?: string | null;
}
export interface MailKontakt {
  vorname?: string | null;
  nachname?: string | null;
  email?: string | null;
}

/**
 * The addresses of a customer and its contacts, each once (compared without case), in this order: the customer's
 * own, then the contacts' as listed; addresses that are no valid contact address (SPEC §5) are left out. The
 * prefilled recipients are all of them — the user removes whom the mail is not for; `vorschlaege` keeps the names
 * to offer them again.
 */
export function mailEmpfaenger(
  kunde: MailKunde | null | undefined,
  kontakte: readonly MailKontakt[],
  sprache: "de" | "en" = "de",
): { to: string[]; vorschlaege: TMailVorschlag[] } {
  const vorschlaege: TMailVorschlag[] = [];
  const gesehen = new Set<string>();
  const dazu = (email: string | null | undefined, name: string) => {
    const adresse = email?.trim() ?? "";
    if (!istKontaktEmail(adresse) || adresse === "" || gesehen.has(adresse.toLowerCase())) return;
    gesehen.add(adresse.toLowerCase());
    vorschlaege.push({ email: adresse, name });
  };
  if (kunde) dazu(kunde.email, anzeigename(kunde, sprache));
  for (const kontakt of kontakte)
    dazu(kontakt.email, [kontakt.vorname, kontakt.nachname].filter((teil) => teil?.trim()).join(" "));
  return { to: vorschlaege.map((v) => v.email), vorschlaege };
}

/** Which greeting: a private person with salutation herr/frau/familie and a last name personally, else in general. */
export function mailAnrede(kunde: MailKunde | null | undefined): {
  anrede: "herr" | "frau" | "familie" | "allgemein";
  nachname: string;
} {
  const nachname = kunde?.nachname?.trim() ?? "";
  const geschlecht = kunde?.geschlecht;
  if (
    kunde?.firma === "privatperson" &&
    nachname !== "" &&
    (geschlecht === "herr" || geschlecht === "frau" || geschlecht === "familie")
  )
    return { anrede: geschlecht, nachname };
  return { anrede: "allgemein", nachname };
}

/** Fills {{name}} placeholders; unknown ones become empty. */
export function platzhalterFuellen(text: string, werte: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => werte[name] ?? "");
}
