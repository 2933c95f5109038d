import { addDays } from "../date/calendar.ts";
import { isoWochentag } from "../date/zeitzone.ts";
import type { TFeiertagRegion } from "./arbeitszeit.codes.ts";

/**
 * Statutory public holidays of Austria (Feiertagsruhegesetz, Arbeitsruhegesetz §7) and of Germany by federal state
 * (the states' holiday laws; German Unity Day is federal). Only days off work are listed: Easter Sunday and Whit
 * Sunday are left out (always Sundays); every other holiday is listed whatever its weekday — the target of a
 * Saturday or Sunday is 0 anyway. Not statutory: Karfreitag in Austria (since 2019), 24 and 31 December (half days
 * are company holidays, entered by the tenant).
 *
 * Historical scope: the current law, with the changes since 2017 the tests need (Reformationstag 2017 everywhere
 * in Germany and from 2018 in the north, Frauentag BE 2019 / MV 2023, Weltkindertag TH 2019).
 */

export type GesetzlicherFeiertag = { datum: string; key: string; name: { de: string; en: string } };

type Bundesland = Exclude<TFeiertagRegion, "AT"> extends `DE-${infer L}` ? L : never;

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function ostersonntag(jahr: number): string {
  if (!Number.isInteger(jahr) || jahr < 1583 || jahr > 9999)
    throw new RangeError(`Year out of range: ${jahr}`);
  const a = jahr % 19;
  const b = Math.floor(jahr / 100);
  const c = jahr % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const monat = Math.floor((h + l - 7 * m + 114) / 31);
  const tag = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(jahr).padStart(4, "0")}-${String(monat).padStart(2, "0")}-${String(tag).padStart(2, "0")}`;
}

/** Buß- und Bettag: the Wednesday before 23 November (16–22 November). */
export function bussUndBettag(jahr: number): string {
  const tag22 = `${String(jahr).padStart(4, "0")}-11-22`;
  // Wednesday = 3; step back from 22 November to the nearest Wednesday on or before it.
  return addDays(tag22, -((isoWochentag(tag22) - 3 + 7) % 7));
}

const NAMEN = {
  neujahr: { de: "Neujahr", en: "New Year's Day" },
  heiligeDreiKoenige: { de: "Heilige Drei Könige", en: "Epiphany" },
  frauentag: { de: "Internationaler Frauentag", en: "International Women's Day" },
  karfreitag: { de: "Karfreitag", en: "Good Friday" },
  ostermontag: { de: "Ostermontag", en: "Easter Monday" },
  staatsfeiertag: { de: "Staatsfeiertag", en: "May Day" },
  tagDerArbeit: { de: "Tag der Arbeit", en: "Labour Day" },
  christiHimmelfahrt: { de: "Christi Himmelfahrt", en: "Ascension Day" },
  pfingstmontag: { de: "Pfingstmontag", en: "Whit Monday" },
  fronleichnam: { de: "Fronleichnam", en: "Corpus Christi" },
  mariaeHimmelfahrt: { de: "Mariä Himmelfahrt", en: "Assumption Day" },
  weltkindertag: { de: "Weltkindertag", en: "World Children's Day" },
  tagDerDeutschenEinheit: { de: "Tag der Deutschen Einheit", en: "German Unity Day" },
  nationalfeiertag: { de: "Nationalfeiertag", en: "National Day" },
  reformationstag: { de: "Reformationstag", en: "Reformation Day" },
  allerheiligen: { de: "Allerheiligen", en: "All Saints' Day" },
  bussUndBettag: { de: "Buß- und Bettag", en: "Day of Repentance and Prayer" },
  mariaeEmpfaengnis: { de: "Mariä Empfängnis", en: "Immaculate Conception" },
  christtag: { de: "Christtag", en: "Christmas Day" },
  stefanitag: { de: "Stefanitag", en: "St Stephen's Day" },
  weihnachtstag1: { de: "1. Weihnachtstag", en: "Christmas Day" },
  weihnachtstag2: { de: "2. Weihnachtstag", en: "Second Day of Christmas" },
} as const satisfies Record<string, { de: string; en: string }>;

export type TFeiertagKey = keyof typeof NAMEN;

const FRONLEICHNAM_DE: readonly Bundesland[] = ["BW", "BY", "HE", "NW", "RP", "SL"];
const ALLERHEILIGEN_DE: readonly Bundesland[] = ["BW", "BY", "NW", "RP", "SL"];
const HEILIGE_DREI_KOENIGE_DE: readonly Bundesland[] = ["BW", "BY", "ST"];
const REFORMATIONSTAG_DE: readonly Bundesland[] = ["BB", "MV", "SN", "ST", "TH"];
const REFORMATIONSTAG_DE_AB_2018: readonly Bundesland[] = ["HB", "HH", "NI", "SH"];

function reformationstag(land: Bundesland, jahr: number): boolean {
  return (
    REFORMATIONSTAG_DE.includes(land) ||
    jahr === 2017 ||
    (jahr >= 2018 && REFORMATIONSTAG_DE_AB_2018.includes(land))
  );
}

function frauentag(land: Bundesland, jahr: number): boolean {
  return (land === "BE" && jahr >= 2019) || (land === "MV" && jahr >= 2023);
}

/** The statutory public holidays of a region and year, sorted by date (years 1583–9999; the contract allows 1900–2199). */
export function gesetzlicheFeiertage(region: TFeiertagRegion, jahr: number): GesetzlicherFeiertag[] {
  const ostern = ostersonntag(jahr);
  const y = String(jahr).padStart(4, "0");
  const tage: [string, TFeiertagKey][] = [];
  const tag = (mmdd: string, key: TFeiertagKey) => tage.push([`${y}-${mmdd}`, key]);
  const ostertag = (offset: number, key: TFeiertagKey) => tage.push([addDays(ostern, offset), key]);

  if (region === "AT") {
    tag("01-01", "neujahr");
    tag("01-06", "heiligeDreiKoenige");
    ostertag(1, "ostermontag");
    tag("05-01", "staatsfeiertag");
    ostertag(39, "christiHimmelfahrt");
    ostertag(50, "pfingstmontag");
    ostertag(60, "fronleichnam");
    tag("08-15", "mariaeHimmelfahrt");
    tag("10-26", "nationalfeiertag");
    tag("11-01", "allerheiligen");
    tag("12-08", "mariaeEmpfaengnis");
    tag("12-25", "christtag");
    tag("12-26", "stefanitag");
  } else {
    const land = region.slice(3) as Bundesland;
    tag("01-01", "neujahr");
    if (HEILIGE_DREI_KOENIGE_DE.includes(land)) tag("01-06", "heiligeDreiKoenige");
    if (frauentag(land, jahr)) tag("03-08", "frauentag");
    ostertag(-2, "karfreitag");
    ostertag(1, "ostermontag");
    tag("05-01", "tagDerArbeit");
    ostertag(39, "christiHimmelfahrt");
    ostertag(50, "pfingstmontag");
    if (FRONLEICHNAM_DE.includes(land)) ostertag(60, "fronleichnam");
    if (land === "SL") tag("08-15", "mariaeHimmelfahrt");
    if (land === "TH" && jahr >= 2019) tag("09-20", "weltkindertag");
    tag("10-03", "tagDerDeutschenEinheit");
    if (reformationstag(land, jahr)) tag("10-31", "reformationstag");
    if (ALLERHEILIGEN_DE.includes(land)) tag("11-01", "allerheiligen");
    if (land === "SN") tage.push([bussUndBettag(jahr), "bussUndBettag"]);
    tag("12-25", "weihnachtstag1");
    tag("12-26", "weihnachtstag2");
  }

  return tage
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([datum, key]) => ({ datum, key, name: { de: NAMEN[key].de, en: NAMEN[key].en } }));
}
