import { z } from "zod";
import { FIELD_ERROR_CODES } from "./field-error.codes.ts";

/**
 * Stable error codes of the HTTP contract (DESIGN.md §5). The web translates codes (namespace "errors"),
 * it never parses the human-readable title or detail.
 */
export const PROBLEM_CODES = [
  "error.validation",
  "error.unauthorized",
  "error.tokenMissing",
  "error.tokenInvalid",
  "error.tokenExpired",
  "error.sessionRevoked",
  "error.badCredentials",
  "error.userNotActivated",
  "error.tooManyAttempts",
  "error.forbidden",
  "error.mandantMissing",
  "error.mandantForbidden",
  "error.mandantInactive",
  "error.moduleMissing",
  "error.notFound",
  "error.idExists",
  "error.loginUsed",
  "error.emailUsed",
  "error.conflict",
  "error.guthabenVerwendet",
  "error.rksvGestartet",
  "error.rksvNichtGestartet",
  "error.rksvKeinDep",
  "error.rksvKeinJournal",
  "error.erechnungUngueltig",
  "error.erechnungTyp",
  "error.erechnungUnlesbar",
  "error.inUse",
  "error.kundeInUse",
  "error.artikelLocked",
  "error.belegFinalized",
  "error.belegNotFinalized",
  "error.belegStorniert",
  "error.pflichtangaben",
  "error.umwandlung",
  "error.cashBalanceExceeded",
  "error.kassabuchClosed",
  "error.kassabuchBeforeStart",
  "error.kassabuchAppendOnly",
  "error.kassabuchKorrigiert",
  "error.kassabuchBeleg",
  "error.zeitLaeuft",
  "error.zeitLaeuftNicht",
  "error.zeitUeberschneidung",
  "error.monatStatus",
  "error.monatGeschlossen",
  "error.abwesenheitStatus",
  "error.folderLoop",
  "error.folderNotEmpty",
  "error.firmengruppeInUse",
  "error.tooManyFiles",
  "error.emailNotFound",
  "error.keyInvalid",
  "error.keyExpired",
  "error.codeInvalid",
  "error.passwordWrong",
  "error.twoFactorRequired",
  "error.mailFailed",
  "error.mailDisabled",
  "error.mailServerUnreachable",
  "error.mailRejected",
  "error.mailRecipientRejected",
  "error.mailPartlySent",
  "error.mailLimit",
  "error.payloadTooLarge",
  "error.headerTooLarge",
  "error.requestTimeout",
  "error.badRequest",
  "error.unavailable",
  "error.busy",
  "error.belegZuGross",
  "error.internal",
] as const;
export const ZProblemCode = z.enum(PROBLEM_CODES);
export type TProblemCode = z.infer<typeof ZProblemCode>;

export { FIELD_ERROR_CODES };

export const ZFieldErrorCode = z.enum(FIELD_ERROR_CODES);
export type TFieldErrorCode = z.infer<typeof ZFieldErrorCode>;

export const ZFieldError = z.object({
  field: z.string().describe("Dotted path of the offending field, e.g. adresseLists.0.plz"),
  code: ZFieldErrorCode,
  min: z.number().optional().describe("The bound for minLength and min; the first year for dateRange"),
  max: z.number().optional().describe("The bound for maxLength and max; the last year for dateRange"),
});
export type TFieldError = z.infer<typeof ZFieldError>;

/** A broken e-invoice rule (issue 19): the official rule id, the business term and the values involved. */
export const ZRegelVerstoss = z.object({
  regel: z.string().describe('Official rule id, e.g. "BR-CO-10", "BR-DE-15", "PEPPOL-EN16931-R003"'),
  bt: z.string().optional().describe('The business term, e.g. "BT-10"'),
  werte: z
    .record(z.string(), z.string())
    .optional()
    .describe("Values named in the message (amounts, line ids)"),
});
export type TRegelVerstoss = z.infer<typeof ZRegelVerstoss>;

export const ZProblem = z
  .object({
    status: z.number().int(),
    title: z.string(),
    code: ZProblemCode,
    detail: z.string().optional(),
    fieldErrors: z.array(ZFieldError).optional(),
    regeln: z
      .array(ZRegelVerstoss)
      .optional()
      .describe(
        "error.erechnungUngueltig: the e-invoice rules the document breaks (EN 16931, XRechnung, Peppol)",
      ),
    requestId: z.string().optional(),
  })
  .describe("application/problem+json error body");
export type TProblem = z.infer<typeof ZProblem>;
