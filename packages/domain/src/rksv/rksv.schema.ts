import { z } from "zod";
import { ZIsoDate } from "../date/date.schema.ts";
import { ZDecimalNumber } from "../money/percent.schema.ts";

/**
 * RKSV (issue 18, SPEC §7 POST rksv/startbeleg, GET rksv/dep, GET rksv/sjournal): one cash register per invoice
 * circle with rksv on. The receipt engine is @kontor/rksv; these are the API's shapes.
 */

export const RKSV_BELEGTYPEN = ["START", "STANDARD", "STORNO", "TRAINING", "NULL"] as const;
export const RKSV_ZWECKE = [
  "MONATSBELEG",
  "JAHRESBELEG",
  "SCHLUSSBELEG",
  "SAMMELBELEG",
  "KONTROLLBELEG",
] as const;

/** Kassenidentifikationsnummer: printable, no "_" (the code's separator), as FinanzOnline takes it. */
export const ZKassenId = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9.-]+$/);

/** The signature device of a new register. */
export const ZRksvEinrichtung = z.discriminatedUnion("art", [
  z.strictObject({
    art: z
      .literal("software")
      .describe("A software key (closed system AT0, the tenant's UID as Ordnungsbegriff)"),
  }),
  z.strictObject({
    art: z.literal("atrust").describe("A-Trust a.sign RK Online"),
    basisUrl: z.url().max(200),
    benutzer: z.string().trim().min(1).max(100),
    passwort: z.string().min(1).max(200),
  }),
]);
export type TRksvEinrichtung = z.infer<typeof ZRksvEinrichtung>;

/** POST rksv/startbeleg: starts the register of an invoice circle (default: the tenant's invoice circle). */
export const ZRksvStart = z.strictObject({
  kassenId: ZKassenId.describe("Kassenidentifikationsnummer (unique in the tenant)"),
  rechnungskreisId: z.number().int().positive().optional(),
  einrichtung: ZRksvEinrichtung.default({ art: "software" }),
});
export type TRksvStart = z.infer<typeof ZRksvStart>;
export type TRksvStartInput = z.input<typeof ZRksvStart>;

/** A register's state. */
export const ZRksvKasse = z.object({
  id: z.number().int(),
  kassenId: z.string(),
  rechnungskreis: z.object({ id: z.number().int(), rechnungskreisName: z.string() }),
  einrichtungArt: z.enum(["software", "atrust"]),
  zda: z.string(),
  zertifikatSeriennummer: z.string(),
  belegAnzahl: z.number().int(),
  umsatzzaehler: z.number().describe("Turnover counter in euro"),
  letzterBeleg: z
    .object({
      nr: z.number().int(),
      belegNummer: z.string(),
      typ: z.enum(RKSV_BELEGTYPEN),
      zweck: z.enum(RKSV_ZWECKE).nullable(),
      zeitpunkt: z.string(),
      ausgefallen: z.boolean(),
    })
    .nullable(),
  ausgefallenSeit: z.string().nullable().describe("The device fails since (ISO time); null when it works"),
  jahresbelegZuPruefen: z.boolean().describe("A yearly receipt was made: the owner must check and keep it"),
});
export type TRksvKasse = z.infer<typeof ZRksvKasse>;

/** What FinanzOnline asks for when a register and its signature device are registered. */
export const ZRksvRegistrierung = z.object({
  kassenId: z.string(),
  aesSchluessel: z.string().describe("The AES-256 key, base64"),
  pruefwert: z.string().describe("Check value of the key (first 3 bytes of SHA-256, base64)"),
  zda: z.string(),
  zertifikatSeriennummer: z.string(),
  zertifikat: z.string().describe("The signing certificate, base64 DER"),
  oeffentlicherSchluessel: z.string().describe("The public key, base64 DER (closed systems register it)"),
});
export type TRksvRegistrierung = z.infer<typeof ZRksvRegistrierung>;

export const ZRksvStartAntwort = z.object({ kasse: ZRksvKasse, registrierung: ZRksvRegistrierung });
export type TRksvStartAntwort = z.infer<typeof ZRksvStartAntwort>;

/** POST rksv/kasse/{id}/nullbeleg: a control receipt, or the closing receipt when the register is taken out. */
export const ZRksvNullbeleg = z.strictObject({
  zweck: z.enum(["KONTROLLBELEG", "MONATSBELEG", "JAHRESBELEG", "SCHLUSSBELEG"]).default("KONTROLLBELEG"),
});

/** POST rksv/kasse/{id}/trainingsbeleg: a training receipt (marked TRA; the turnover counter does not move). */
const ZTrainingsBetrag = ZDecimalNumber(2, -999_999.99, 999_999.99).default(0);
export const ZRksvTrainingsbeleg = z.strictObject({
  betraege: z
    .strictObject({
      normal: ZTrainingsBetrag,
      ermaessigt1: ZTrainingsBetrag,
      ermaessigt2: ZTrainingsBetrag,
      null: ZTrainingsBetrag,
      besonders: ZTrainingsBetrag,
    })
    .describe("Gross amounts per VAT set in euro: normal 20 %, reduced 10 % and 13 %, zero, special"),
});
export type TRksvTrainingsbeleg = z.infer<typeof ZRksvTrainingsbeleg>;

/** A receipt as the journal shows it. */
export const ZRksvBelegZeile = z.object({
  nr: z.number().int(),
  kassenId: z.string(),
  belegNummer: z.string(),
  typ: z.enum(RKSV_BELEGTYPEN),
  zweck: z.enum(RKSV_ZWECKE).nullable(),
  zeitpunkt: z.string(),
  betraege: z.object({
    normal: z.number(),
    ermaessigt1: z.number(),
    ermaessigt2: z.number(),
    null: z.number(),
    besonders: z.number(),
  }),
  summe: z.number(),
  umsatzzaehler: z.number(),
  ausgefallen: z.boolean(),
  beleg: z.object({ id: z.number().int(), belegNummer: z.string().nullable() }).nullable(),
  qr: z.string(),
});
export type TRksvBelegZeile = z.infer<typeof ZRksvBelegZeile>;

/** GET rksv/dep and rksv/sjournal: from a day (SPEC §7), optionally one register. */
export const ZRksvExportQuery = z.object({
  from: ZIsoDate.optional().describe("From this day on (Europe/Vienna); absent: from the start receipt"),
  kasseId: z.coerce.number().int().positive().optional(),
  format: z.enum(["json", "csv", "pdf"]).default("json"),
  lang: z
    .enum(["de", "en"])
    .default("de")
    .describe("Language of the CSV and PDF headings, numbers and dates"),
});
export type TRksvExportQuery = z.infer<typeof ZRksvExportQuery>;
