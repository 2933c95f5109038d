import { z } from "zod";
import { ZErechnungFormat } from "../erechnung/erechnung.schema.ts";
import { KONTAKT_EMAIL_PATTERN } from "../kunde/kunde.rules.ts";

/**
 * Sending a document by mail (issue 16, SPEC §4 "send by mail"): the draft the dialog opens with
 * (GET beleg/{id}/mail) and what it sends (POST beleg/{id}/mail). The PDF goes along as the attachment; the
 * account's signature is appended by the server, so it cannot be edited away or broken in the dialog.
 */

/** At most this many addresses per recipient list (To, Cc). */
export const MAIL_EMPFAENGER_MAX = 20;
export const MAIL_BETREFF_MAX = 200;
export const MAIL_TEXT_MAX = 20_000;

/**
 * One recipient: an e-mail address as SPEC §5 checks contact addresses (umlauts allowed in the local part),
 * trimmed; field code "email" otherwise.
 */
export const ZMailAdresse = z
  .string()
  .trim()
  .max(254)
  .meta({ format: "email" }) // the pipe below checks it; the OpenAPI document shows the input side
  .pipe(z.email({ pattern: KONTAKT_EMAIL_PATTERN }));

/** POST beleg/{id}/mail: recipients, subject and text as the user left them in the dialog. */
export const ZBelegMailSenden = z.strictObject({
  to: z.array(ZMailAdresse).min(1).max(MAIL_EMPFAENGER_MAX).describe("Recipients (To)"),
  cc: z.array(ZMailAdresse).max(MAIL_EMPFAENGER_MAX).default([]).describe("Copy recipients (Cc)"),
  kopieAnMich: z
    .boolean()
    .default(false)
    .describe("A blind copy to the sending user's own address (the account's e-mail)"),
  betreff: z
    .string()
    .trim()
    .min(1)
    .max(MAIL_BETREFF_MAX)
    .regex(/^[^\r\n]*$/)
    .describe("Subject: one line"),
  text: z.string().trim().min(1).max(MAIL_TEXT_MAX).describe("Plain text; the signature is appended"),
  erechnung: ZErechnungFormat.nullish()
    .transform((v) => v ?? null)
    .describe(
      "Attach the e-invoice in this format (XML beside the PDF; ZUGFeRD replaces the PDF by the PDF/A-3 carrying factur-x.xml). Checked first: a document that breaks the format's rules is refused (422) and nothing is sent.",
    ),
});
export type TBelegMailSenden = z.infer<typeof ZBelegMailSenden>;
export type TBelegMailSendenInput = z.input<typeof ZBelegMailSenden>;

/** An address the dialog offers: the customer's and its contacts', with the name to show. */
export const ZMailVorschlag = z.object({ email: z.string(), name: z.string() });
export type TMailVorschlag = z.infer<typeof ZMailVorschlag>;

/** GET beleg/{id}/mail: the prefilled mail in the document's language (the customer's belegLangKey). */
export const ZBelegMailEntwurf = z.object({
  to: z.array(z.string()).describe("Prefilled recipients: the customer's e-mail and its contacts'"),
  cc: z.array(z.string()),
  vorschlaege: z.array(ZMailVorschlag).describe("Every address of the customer and its contacts, with names"),
  betreff: z.string(),
  text: z
    .string()
    .describe("Greeting, text of the document type's template, closing — without the signature"),
  signatur: z
    .string()
    .nullable()
    .describe("The account's signature as plain text, as the mail will end (null: none)"),
  absender: z.string().describe("The account's e-mail: reply-to, and where the copy to oneself goes"),
  anhang: z.object({ dateiname: z.string(), bytes: z.number().int() }).describe("The PDF attached"),
  erechnung: ZErechnungFormat.nullable().describe(
    "The e-invoice format offered for attaching: the customer's, when it receives e-invoices by mail (eRechnungKanal mail); null otherwise",
  ),
  sprache: z.enum(["de", "en"]),
});
export type TBelegMailEntwurf = z.infer<typeof ZBelegMailEntwurf>;
