import { z } from "zod";
import { ZIsoDate } from "../date/date.schema.ts";
import { ZBelegsTyp } from "../typen/typen.ts";
import { ZBelegBetrag } from "./beleg.schema.ts";

/**
 * The public share link of a finalized document (issue 16): `/app/invoicetemplate/{token}` shows the document and
 * its PDF without a sign-in, until it is revoked or expires. The token is 32 random bytes in base64url (43
 * characters); the server keeps only its SHA-256, so it is shown once, when the link is made.
 */

/** What a token looks like; anything else is answered like an unknown token (404). */
export const BELEG_LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A link's state: usable, past its last day, or revoked (revoked wins). */
export const BELEG_LINK_STATUS = ["aktiv", "abgelaufen", "widerrufen"] as const;
export type TBelegLinkStatus = (typeof BELEG_LINK_STATUS)[number];

/** POST beleg/{id}/link: optionally the last day the link works (Europe/Vienna; today or later). */
export const ZBelegLinkAnlegen = z.strictObject({
  gueltigBis: ZIsoDate.nullish().describe(
    "The last day the link works (it ends at midnight Europe/Vienna); none: until revoked",
  ),
});
export type TBelegLinkAnlegen = z.infer<typeof ZBelegLinkAnlegen>;

/** A link of a document as its tenant sees it — never with its token. */
export const ZBelegLink = z.object({
  id: z.number().int(),
  belegId: z.number().int(),
  erstelltAm: z.string().describe("ISO timestamp"),
  erstelltVon: z
    .string()
    .nullable()
    .describe("Login of the user who made it (null once that user is deleted)"),
  gueltigBis: ZIsoDate.nullable().describe("The last day it works; null: until revoked"),
  widerrufenAm: z.string().nullable().describe("ISO timestamp of the revocation"),
  aufrufe: z.number().int().describe("How often the public page was opened"),
  letzterAufruf: z.string().nullable().describe("ISO timestamp of the last view"),
  status: z.enum(BELEG_LINK_STATUS),
});
export type TBelegLink = z.infer<typeof ZBelegLink>;

/** The answer to POST beleg/{id}/link: the new link with its full address, shown this once. */
export const ZBelegLinkNeu = ZBelegLink.extend({
  url: z.string().describe("The public address <baseUrl>/app/invoicetemplate/<token>; not retrievable later"),
});
export type TBelegLinkNeu = z.infer<typeof ZBelegLinkNeu>;

/** GET public/beleg/{token}: what the customer holding the link may see of the document. */
export const ZOeffentlicherBeleg = z.object({
  mandant: z.string().describe("The issuing company (as on the document)"),
  belegsTyp: ZBelegsTyp,
  belegNummer: z.string().nullable(),
  belegDatum: ZIsoDate,
  summeBrutto: ZBelegBetrag,
  faelligAm: ZIsoDate.nullable().describe("Net due date of an invoice with a payment term"),
  sprache: z.enum(["de", "en"]).describe("The document's language"),
  storniert: z.boolean().describe("The document was cancelled"),
});
export type TOeffentlicherBeleg = z.infer<typeof ZOeffentlicherBeleg>;
