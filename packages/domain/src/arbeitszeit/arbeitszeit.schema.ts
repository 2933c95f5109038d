import { z } from "zod";
import { ZIsoDate, ZIsoDateTime } from "../date/date.schema.ts";
import { ZDecimalNumber } from "../money/percent.schema.ts";
import {
  ABWESENHEIT_ARTEN,
  ABWESENHEIT_STATUS,
  FEIERTAG_ARTEN,
  FEIERTAG_REGIONEN,
  MONAT_AKTIONEN,
  MONAT_STATUS,
  TAG_HINWEISE,
} from "./arbeitszeit.codes.ts";

/**
 * Employee working time (Arbeitszeiterfassung, issue 22; SPEC §3 "Employee time record: id, von, bis, user,
 * beschreibung", Account zeiterfassungUserData, holiday entry; §7 zeiterfassung, zeiterfassungreport, holidayentry).
 * Durations are whole minutes; times of day are "HH:MM" in the business time zone (Europe/Vienna); a record belongs
 * to the day it starts on. The rules (targets, breaks, balances, holidays): arbeitszeit.rules.ts, feiertage.rules.ts.
 */

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/** A time of day HH:MM (00:00–23:59); "24:00" ends a record at midnight. */
export const ZUhrzeit = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/);

/** A month YYYY-MM (years 1900–2199). */
export const ZMonat = z
  .string()
  .regex(/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/)
  .describe("Month YYYY-MM");

export const ZAbwesenheitArt = z.enum(ABWESENHEIT_ARTEN);
export const ZAbwesenheitStatus = z.enum(ABWESENHEIT_STATUS);
export const ZMonatStatus = z.enum(MONAT_STATUS);
export const ZMonatAktion = z.enum(MONAT_AKTIONEN);
export const ZFeiertagRegion = z.enum(FEIERTAG_REGIONEN);
export const ZTagHinweis = z.enum(TAG_HINWEISE);

// ---------------------------------------------------------------------------------------------------------------
// Records

/** PUT zeiterfassung: a record typed in (create without id, change with id — a change is a correction). */
export const ZArbeitszeitSpeichern = z.strictObject({
  id: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("Absent: a new record; present: a correction of that record"),
  userId: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("Whose record (default: the caller); another employee's needs ROLE_ARBEITSZEITERFASSUNG_ADMIN"),
  datum: ZIsoDate.describe("The day the work started"),
  von: ZUhrzeit.describe("Start HH:MM"),
  bis: ZUhrzeit.describe("End HH:MM, after von (24:00 = midnight)"),
  beschreibung: text(500).describe("What was done"),
  homeoffice: z.boolean().default(false),
  grund: text(500).describe("Why a record is corrected (kept in the history)"),
});
export type TArbeitszeitSpeichern = z.infer<typeof ZArbeitszeitSpeichern>;
export type TArbeitszeitSpeichernInput = z.input<typeof ZArbeitszeitSpeichern>;

/** POST zeiterfassung/kommen: the clock starts now (one open record per employee). */
export const ZKommen = z.strictObject({
  beschreibung: text(500),
  homeoffice: z.boolean().default(false),
});

/** One record as the screens show it. */
export const ZArbeitszeit = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  datum: ZIsoDate,
  von: ZIsoDateTime.describe("Start instant"),
  bis: ZIsoDateTime.nullable().describe("End instant; null while the clock runs (Kommen without Gehen)"),
  vonZeit: z.string().describe("Start HH:MM (Europe/Vienna)"),
  bisZeit: z.string().nullable().describe("End HH:MM (Europe/Vienna)"),
  minuten: z.number().int().describe("Length in minutes (0 while open)"),
  beschreibung: z.string().nullable(),
  homeoffice: z.boolean(),
  korrektur: z
    .boolean()
    .describe("Typed in after the day, or changed later: marked as a correction, its history kept"),
  erfasstAm: z.string(),
  erfasstVon: z.string().describe("Login of who recorded it"),
});
export type TArbeitszeit = z.infer<typeof ZArbeitszeit>;

/** GET zeiterfassung: one employee's records of a period (at most 366 days). */
export const ZArbeitszeitQuery = z.object({
  userId: z.coerce.number().int().positive().optional().describe("Default: the caller"),
  von: ZIsoDate,
  bis: ZIsoDate,
});

/** One change of a record (GET zeiterfassung/{id}/historie): the evidence trail. */
export const ZArbeitszeitHistorie = z.object({
  am: z.string(),
  von: z.string().describe("Login of who changed it"),
  aktion: z.enum(["create", "update", "delete", "kommen", "gehen"]),
  vorher: z.object({ datum: z.string(), von: z.string(), bis: z.string().nullable() }).nullable(),
  nachher: z.object({ datum: z.string(), von: z.string(), bis: z.string().nullable() }).nullable(),
  grund: z.string().nullable(),
});
export type TArbeitszeitHistorie = z.infer<typeof ZArbeitszeitHistorie>;

// ---------------------------------------------------------------------------------------------------------------
// Absences

/** PUT abwesenheit: a request (urlaub, zeitausgleich) or a record (krank, sonstiges) of whole days from von to bis. */
export const ZAbwesenheitSpeichern = z.strictObject({
  id: z.number().int().positive().optional(),
  userId: z.number().int().positive().optional().describe("Default: the caller"),
  art: ZAbwesenheitArt,
  von: ZIsoDate,
  bis: ZIsoDate.describe("Last day (inclusive), not before von"),
  halbtag: z.boolean().default(false).describe("Half a day (only when von = bis)"),
  kommentar: text(500),
});
export type TAbwesenheitSpeichern = z.infer<typeof ZAbwesenheitSpeichern>;
export type TAbwesenheitSpeichernInput = z.input<typeof ZAbwesenheitSpeichern>;

export const ZAbwesenheit = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  art: ZAbwesenheitArt,
  von: ZIsoDate,
  bis: ZIsoDate,
  halbtag: z.boolean(),
  tage: z.number().describe("Working days it covers (days with a target; 0.5 for half a day)"),
  status: ZAbwesenheitStatus,
  kommentar: z.string().nullable(),
  entscheidung: z.string().nullable().describe("The admin's comment when approving or refusing"),
  erfasstAm: z.string(),
});
export type TAbwesenheit = z.infer<typeof ZAbwesenheit>;

/** The answer of PUT abwesenheit: the absence and, for vacation beyond the balance, a warning (it is kept). */
export const ZAbwesenheitAntwort = z.object({
  abwesenheit: ZAbwesenheit,
  warnung: z.enum(["urlaubUeberschritten"]).nullable(),
  urlaubRest: z.number().describe("Vacation days left in the year after this absence"),
});

export const ZAbwesenheitQuery = z.object({
  userId: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe("Default: the caller; 'all' needs the admin role"),
  alle: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true")
    .describe("Admin: every employee's absences"),
  von: ZIsoDate,
  bis: ZIsoDate,
  status: ZAbwesenheitStatus.optional(),
});

export const ZEntscheidung = z.strictObject({ kommentar: text(500) });

// ---------------------------------------------------------------------------------------------------------------
// Month

export const ZMonatQuery = z.object({
  userId: z.coerce.number().int().positive().optional().describe("Default: the caller"),
  monat: ZMonat,
});

export const ZMonatAktionBody = z.strictObject({
  userId: z.number().int().positive().optional().describe("Default: the caller"),
  monat: ZMonat,
  kommentar: text(500).describe("Required to return or reopen a month"),
});

export const ZArbeitszeitTag = z.object({
  datum: ZIsoDate,
  soll: z.number().int().describe("Target minutes (settings, weekday, holidays)"),
  brutto: z.number().int().describe("Minutes recorded"),
  pause: z.number().int().describe("Break taken between records (pieces of the statutory minimum length)"),
  pausePflicht: z.number().int().describe("Statutory break for the minutes recorded"),
  abzug: z.number().int().describe("Missing break deducted (tenant setting pausenAbzug)"),
  netto: z.number().int().describe("Working minutes counted"),
  gutschrift: z.number().int().describe("Minutes credited for approved absences (vacation, sick, other)"),
  ist: z.number().int().describe("netto + gutschrift"),
  saldo: z.number().int().describe("ist − soll"),
  feiertag: z.object({ bezeichnung: z.string(), halbtag: z.boolean() }).nullable(),
  abwesenheiten: z.array(
    z.object({
      id: z.number().int(),
      art: ZAbwesenheitArt,
      halbtag: z.boolean(),
      status: ZAbwesenheitStatus,
    }),
  ),
  eintraege: z.array(ZArbeitszeit),
  hinweise: z.array(ZTagHinweis),
});
export type TArbeitszeitTag = z.infer<typeof ZArbeitszeitTag>;

export const ZArbeitszeitMonat = z.object({
  userId: z.number().int(),
  name: z.string(),
  monat: ZMonat,
  status: ZMonatStatus,
  kommentar: z.string().nullable().describe("The admin's comment of the last return or reopening"),
  tage: z.array(ZArbeitszeitTag),
  summe: z.object({
    bis: ZIsoDate.describe(
      "The last day summed: the month's end, or today while the month runs (so saldo = the overtime's change)",
    ),
    soll: z.number().int(),
    ist: z.number().int(),
    saldo: z.number().int(),
    homeofficeTage: z.number().int(),
  }),
  ueberstunden: z.object({
    vormonat: z.number().int().describe("Overtime balance (minutes) at the end of the month before"),
    stand: z.number().int().describe("Balance at the end of this month (or today while it runs)"),
    deadline: ZIsoDate.nullable(),
  }),
  urlaub: z.object({
    jahr: z.number().int(),
    anspruch: z.number().describe("Entitlement of the year (pro rata in the entry year) plus carry-over"),
    genommen: z.number().describe("Approved vacation days of the year"),
    beantragt: z.number().describe("Requested, not yet decided"),
    rest: z.number(),
  }),
  laufend: ZArbeitszeit.nullable().describe("The open record (clock running), whatever its day"),
  aenderbar: z.boolean().describe("Whether the caller may change records of this month"),
  historie: z.array(
    z.object({ am: z.string(), von: z.string(), aktion: z.string(), kommentar: z.string().nullable() }),
  ),
});
export type TArbeitszeitMonat = z.infer<typeof ZArbeitszeitMonat>;

// ---------------------------------------------------------------------------------------------------------------
// Team view (/zeiterfassung_mitarbeiter)

export const ZTeamQuery = z.object({ monat: ZMonat });

export const ZTeamZeile = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  login: z.string(),
  soll: z.number().int().describe("Target of the month (up to today while it runs, as the month's summe)"),
  ist: z.number().int(),
  saldoMonat: z.number().int(),
  ueberstunden: z.number().int().describe("Overtime balance at the end of the month (or today)"),
  deadlineUeberschritten: z.boolean().describe("Overtime left after uberstunden_deadline"),
  urlaubRest: z.number(),
  status: ZMonatStatus,
  offeneAntraege: z.number().int().describe("Absence requests waiting for a decision"),
  hinweise: z
    .number()
    .int()
    .describe("Days of the month with a flag (break, >10 h, rest period, open record)"),
  abwesenheitTage: z
    .object({ urlaub: z.number(), zeitausgleich: z.number(), krank: z.number(), sonstiges: z.number() })
    .describe("Approved absence days of the month by kind (working days; payroll)"),
});
export type TTeamZeile = z.infer<typeof ZTeamZeile>;

// ---------------------------------------------------------------------------------------------------------------
// Settings (/zem_settings_list)

const stunden = (max: number) => ZDecimalNumber(2, 0, max);

/** zeiterfassungUserData (SPEC §3 Account), kept per employee and tenant by the working-time admin. */
export const ZZeiterfassungUserData = z
  .strictObject({
    workhours: stunden(80).describe("Weekly hours"),
    workhoursMon: stunden(24)
      .nullish()
      .transform((v) => v ?? null)
      .describe("Hours on Monday (null: weekly / 5)"),
    workhoursTue: stunden(24)
      .nullish()
      .transform((v) => v ?? null),
    workhoursWed: stunden(24)
      .nullish()
      .transform((v) => v ?? null),
    workhoursThu: stunden(24)
      .nullish()
      .transform((v) => v ?? null),
    workhoursFri: stunden(24)
      .nullish()
      .transform((v) => v ?? null),
    uberstunden_aktuell: ZDecimalNumber(2, -9999, 9999)
      .default(0)
      .describe("Overtime balance in hours carried over on uberstunden_beginn"),
    uberstunden_beginn: ZIsoDate.nullish()
      .transform((v) => v ?? null)
      .describe("Day the balances start (default: eintrittsdatum)"),
    uberstunden_deadline: ZIsoDate.nullish()
      .transform((v) => v ?? null)
      .describe("Overtime should be taken by then (flagged after it)"),
    uberstunden_end: ZIsoDate.nullish()
      .transform((v) => v ?? null)
      .describe("Last day counted (e.g. leaving)"),
    urlaub_aktuell: ZDecimalNumber(1, -366, 366)
      .default(0)
      .describe("Vacation days carried over on uberstunden_beginn"),
    urlaubsanspruchjahr: ZDecimalNumber(1, 0, 366).default(25).describe("Vacation days per year"),
    eintrittsdatum: ZIsoDate.nullish().transform((v) => v ?? null),
    mainly_homeoffice: z.boolean().default(false),
    part_time: z.boolean().default(false),
  })
  .superRefine((d, ctx) => {
    const vor = (a: string | null, b: string | null) => a !== null && b !== null && a < b;
    if (vor(d.uberstunden_end, d.uberstunden_beginn))
      ctx.addIssue({ code: "custom", path: ["uberstunden_end"], params: { code: "invalid" } });
    if (vor(d.uberstunden_beginn, d.eintrittsdatum))
      ctx.addIssue({ code: "custom", path: ["uberstunden_beginn"], params: { code: "invalid" } });
    if (!Number.isInteger(d.urlaubsanspruchjahr * 2))
      ctx.addIssue({ code: "custom", path: ["urlaubsanspruchjahr"], params: { code: "invalid" } });
    if (!Number.isInteger(d.urlaub_aktuell * 2))
      ctx.addIssue({ code: "custom", path: ["urlaub_aktuell"], params: { code: "invalid" } });
  });
export type TZeiterfassungUserData = z.infer<typeof ZZeiterfassungUserData>;
export type TZeiterfassungUserDataInput = z.input<typeof ZZeiterfassungUserData>;

/** Employee list item (SPEC §3): the tenant's members with a working-time role, and their settings (null: none yet). */
export const ZMitarbeiter = z.object({
  id: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  login: z.string(),
  admin: z.boolean().describe("Has ROLE_ARBEITSZEITERFASSUNG_ADMIN"),
  zeiterfassungUserData: ZZeiterfassungUserData.nullable(),
});
export type TMitarbeiter = z.infer<typeof ZMitarbeiter>;

/** GET/PUT zeiterfassung/betrieb: the tenant's working-time rules. */
export const ZArbeitszeitBetrieb = z.strictObject({
  region: ZFeiertagRegion.describe("Whose law and public holidays: AT, or DE-<federal state>"),
  pausenAbzug: z
    .boolean()
    .describe("Deduct a missing statutory break automatically (true) or only flag the day (false)"),
  confirmTimes: z.boolean().describe("Employees submit each month; the admin approves it"),
  zeitausgleich: z.boolean().describe("Overtime can be taken as time off (absence zeitausgleich)"),
  vacationMode: z.boolean().describe("Vacation and time off are requested and approved by the admin"),
});
export type TArbeitszeitBetrieb = z.infer<typeof ZArbeitszeitBetrieb>;

// ---------------------------------------------------------------------------------------------------------------
// Holidays (holidayentry)

export const ZFeiertagSpeichern = z.strictObject({
  id: z.number().int().positive().optional(),
  datum: ZIsoDate,
  bezeichnung: z.string().trim().min(1).max(100),
  art: z.enum(FEIERTAG_ARTEN).default("betrieblich"),
  halbtag: z.boolean().default(false).describe("Half a working day off (e.g. 24 December)"),
});
export type TFeiertagSpeichernInput = z.input<typeof ZFeiertagSpeichern>;

export const ZFeiertag = z.object({
  id: z.number().int(),
  datum: ZIsoDate,
  bezeichnung: z.string(),
  art: z.enum(FEIERTAG_ARTEN),
  halbtag: z.boolean(),
});
export type TFeiertag = z.infer<typeof ZFeiertag>;

export const ZFeiertagQuery = z.object({
  jahr: z.coerce.number().int().min(1900).max(2199).optional().describe("Default: this year"),
});

/** POST holidayentry/import: the statutory public holidays of a year and region (existing days are kept). */
export const ZFeiertagImport = z.strictObject({
  jahr: z.number().int().min(1900).max(2199),
  region: ZFeiertagRegion,
});

// ---------------------------------------------------------------------------------------------------------------
// Report (zeiterfassungreport)

export const ZReportQuery = z.object({
  userId: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe("One employee's sheet (default: the caller)"),
  team: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true")
    .describe("Admin: every employee of the month (payroll; csv or xlsx)"),
  monat: ZMonat,
  format: z.enum(["pdf", "csv", "xlsx"]).default("pdf"),
  lang: z.enum(["de", "en"]).default("de"),
});
