import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../date/calendar.ts";
import { lokalZuInstant } from "../date/zeitzone.ts";
import type { TAbwesenheitArt, TFeiertagRegion, TTagHinweis } from "./arbeitszeit.codes.ts";
import {
  abwesenheitTage,
  bilanzBeginn,
  type Einstellung,
  type Eintrag,
  type FeiertagTag,
  gutschrift,
  type Land,
  landVonRegion,
  monatsTage,
  PAUSE_MINDESTTEIL,
  pausePflicht,
  tagAuswerten,
  tagSoll,
  ueberstundenStand,
  urlaubsanspruch,
  zeitraumSoll,
} from "./arbeitszeit.rules.ts";
import { gesetzlicheFeiertage } from "./feiertage.rules.ts";

const vollzeit: Einstellung = {
  wochenMinuten: 2400,
  tagMinuten: { Mon: null, Tue: null, Wed: null, Thu: null, Fri: null },
  eintrittsdatum: null,
  beginn: null,
  ende: null,
  uebertragMinuten: 0,
  urlaubUebertrag: 0,
  urlaubsanspruchJahr: 25,
};

/** 20 hours over Monday to Wednesday. */
const teilzeit: Einstellung = {
  ...vollzeit,
  wochenMinuten: 1200,
  tagMinuten: { Mon: 400, Tue: 400, Wed: 400, Thu: 0, Fri: 0 },
};

const keine = new Map<string, FeiertagTag>();

const feiertageVon = (region: TFeiertagRegion, jahr: number, extra: FeiertagTag[] = []) =>
  new Map<string, FeiertagTag>([
    ...gesetzlicheFeiertage(region, jahr).map(
      (f) => [f.datum, { datum: f.datum, halbtag: false, bezeichnung: f.name.de }] as const,
    ),
    ...extra.map((f) => [f.datum, f] as const),
  ]);

const instant = (datum: string, uhrzeit: string): number => {
  const ms = lokalZuInstant(datum, uhrzeit);
  if (ms === null) throw new Error(`no such wall time ${datum} ${uhrzeit}`);
  return ms;
};

/** Records of a day from "HH:MM-HH:MM" ("HH:MM-" = open); an end before the start is on the next day. */
const eintraege = (datum: string, ...spannen: string[]): Eintrag[] =>
  spannen.map((s) => {
    const [von = "", bis = ""] = s.split("-");
    if (bis === "") return { von: instant(datum, von), bis: null };
    return { von: instant(datum, von), bis: instant(bis < von ? addDays(datum, 1) : datum, bis) };
  });

describe("landVonRegion", () => {
  it.each<[TFeiertagRegion, Land]>([
    ["AT", "AT"],
    ["DE-BY", "DE"],
    ["DE-SN", "DE"],
  ])("%s → %s", (region, land) => {
    expect(landVonRegion(region)).toBe(land);
  });
});

describe("tagSoll", () => {
  it.each<[string, Einstellung, string, number]>([
    ["full time Monday", vollzeit, "2026-06-01", 480],
    ["full time Friday", vollzeit, "2026-06-05", 480],
    ["Saturday", vollzeit, "2026-06-06", 0],
    ["Sunday", vollzeit, "2026-06-07", 0],
    ["38.5 h → 462", { ...vollzeit, wochenMinuten: 2310 }, "2026-06-01", 462],
    ["1003 min a week → 201 (rounded)", { ...vollzeit, wochenMinuten: 1003 }, "2026-06-01", 201],
    ["part time Monday", teilzeit, "2026-06-01", 400],
    ["part time Wednesday", teilzeit, "2026-06-03", 400],
    ["part time Thursday", teilzeit, "2026-06-04", 0],
    ["part time Friday", teilzeit, "2026-06-05", 0],
    [
      "one weekday set, others from the week",
      { ...vollzeit, tagMinuten: { ...vollzeit.tagMinuten, Fri: 240 } },
      "2026-06-05",
      240,
    ],
    ["before the entry date", { ...vollzeit, eintrittsdatum: "2026-07-01" }, "2026-06-30", 0],
    ["on the entry date", { ...vollzeit, eintrittsdatum: "2026-07-01" }, "2026-07-01", 480],
    ["on the end date", { ...vollzeit, ende: "2026-06-30" }, "2026-06-30", 480],
    ["after the end date", { ...vollzeit, ende: "2026-06-30" }, "2026-07-01", 0],
    ["leap day 2028-02-29 (Tuesday)", vollzeit, "2028-02-29", 480],
    ["spring-forward Sunday", vollzeit, "2026-03-29", 0],
    ["the Monday after the clock change", vollzeit, "2026-03-30", 480],
  ])("%s", (_, e, datum, erwartet) => {
    expect(tagSoll(e, datum, keine)).toBe(erwartet);
  });

  const feiertage = feiertageVon("AT", 2026, [
    { datum: "2026-12-24", halbtag: true, bezeichnung: "Heiliger Abend" },
    { datum: "2026-12-31", halbtag: true, bezeichnung: "Silvester" },
  ]);
  it.each<[string, Einstellung, string, number]>([
    ["full holiday (Ostermontag)", vollzeit, "2026-04-06", 0],
    ["half holiday (24 December)", vollzeit, "2026-12-24", 240],
    ["half holiday, 462 → 231", { ...vollzeit, wochenMinuten: 2310 }, "2026-12-24", 231],
    ["half holiday, 201 → 101 (rounded)", { ...vollzeit, wochenMinuten: 1003 }, "2026-12-31", 101],
    ["half holiday of a part-timer's free day", teilzeit, "2026-12-24", 0],
    ["a day without a holiday", vollzeit, "2026-04-07", 480],
  ])("%s", (_, e, datum, erwartet) => {
    expect(tagSoll(e, datum, feiertage)).toBe(erwartet);
  });
});

describe("zeitraumSoll", () => {
  it.each<[string, Einstellung, string, string, ReadonlyMap<string, FeiertagTag>, number]>([
    ["March 2026, 22 weekdays", vollzeit, "2026-03-01", "2026-03-31", keine, 22 * 480],
    ["February 2028 (leap), 21 weekdays", vollzeit, "2028-02-01", "2028-02-29", keine, 21 * 480],
    ["February 2026, 20 weekdays", vollzeit, "2026-02-01", "2026-02-28", keine, 20 * 480],
    [
      "May 2026 AT: 21 weekdays − 3 holidays",
      vollzeit,
      "2026-05-01",
      "2026-05-31",
      feiertageVon("AT", 2026),
      18 * 480,
    ],
    [
      "May 2026 DE-BY: − 3 holidays",
      vollzeit,
      "2026-05-01",
      "2026-05-31",
      feiertageVon("DE-BY", 2026),
      18 * 480,
    ],
    ["June 2026 AT (Fronleichnam)", vollzeit, "2026-06-01", "2026-06-30", feiertageVon("AT", 2026), 21 * 480],
    [
      "June 2026 DE-BE (no Fronleichnam)",
      vollzeit,
      "2026-06-01",
      "2026-06-30",
      feiertageVon("DE-BE", 2026),
      22 * 480,
    ],
    ["part time, one week", teilzeit, "2026-06-01", "2026-06-07", keine, 1200],
    ["part time, March 2026", teilzeit, "2026-03-01", "2026-03-31", keine, 14 * 400],
    [
      "part time, entry mid-month (2026-03-04)",
      { ...teilzeit, eintrittsdatum: "2026-03-04" },
      "2026-03-01",
      "2026-03-31",
      keine,
      12 * 400,
    ],
    [
      "full time, end mid-month",
      { ...vollzeit, ende: "2026-03-13" },
      "2026-03-01",
      "2026-03-31",
      keine,
      10 * 480,
    ],
    ["bis before von", vollzeit, "2026-03-31", "2026-03-01", keine, 0],
  ])("%s", (_, e, von, bis, feiertage, erwartet) => {
    expect(zeitraumSoll(e, von, bis, feiertage)).toBe(erwartet);
  });

  it("is the sum of two adjacent periods (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 800 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 60 }),
        (a, b, c) => {
          const von = addDays("2025-01-01", a);
          const mitte = addDays(von, b);
          const bis = addDays(mitte, c);
          expect(zeitraumSoll(vollzeit, von, bis, keine)).toBe(
            zeitraumSoll(vollzeit, von, mitte, keine) + zeitraumSoll(vollzeit, addDays(mitte, 1), bis, keine),
          );
        },
      ),
    );
  });
});

describe("pausePflicht", () => {
  it.each<[Land, number, number]>([
    ["AT", 0, 0],
    ["AT", 360, 0],
    ["AT", 361, 30],
    ["AT", 540, 30],
    ["AT", 541, 30],
    ["AT", 720, 30],
    ["DE", 360, 0],
    ["DE", 361, 30],
    ["DE", 540, 30],
    ["DE", 541, 45],
    ["DE", 720, 45],
  ])("%s %i minutes → %i", (land, minuten, erwartet) => {
    expect(pausePflicht(land, minuten)).toBe(erwartet);
  });

  it("PAUSE_MINDESTTEIL", () => {
    expect(PAUSE_MINDESTTEIL).toEqual({ AT: 10, DE: 15 });
  });
});

describe("tagAuswerten", () => {
  const tag = "2026-06-01";
  type Fall = [string, Land, string[], boolean, number, number, number, number, number, TTagHinweis[]];
  it.each<Fall>([
    // name, land, records, pausenAbzug, brutto, pause, pflicht, abzug, netto, hinweise
    ["no records", "DE", [], true, 0, 0, 0, 0, 0, []],
    ["DE 6 h, no break needed", "DE", ["08:00-14:00"], true, 360, 0, 0, 0, 360, []],
    ["DE 370 min, deducted to 360", "DE", ["08:00-14:10"], true, 370, 0, 30, 10, 360, ["pauseAbgezogen"]],
    ["DE 370 min, flagged", "DE", ["08:00-14:10"], false, 370, 0, 30, 0, 370, ["pauseFehlt"]],
    ["DE 8 h, no break, deducted", "DE", ["08:00-16:00"], true, 480, 0, 30, 30, 450, ["pauseAbgezogen"]],
    ["DE 8 h, no break, flagged", "DE", ["08:00-16:00"], false, 480, 0, 30, 0, 480, ["pauseFehlt"]],
    [
      "DE 550 min, no break: 30 (520 needs 30)",
      "DE",
      ["08:00-17:10"],
      true,
      550,
      0,
      45,
      30,
      520,
      ["pauseAbgezogen"],
    ],
    ["DE 550 min, no break, flagged", "DE", ["08:00-17:10"], false, 550, 0, 45, 0, 550, ["pauseFehlt"]],
    ["DE 8 h with 30 min break", "DE", ["08:00-12:00", "12:30-16:30"], true, 480, 30, 30, 0, 480, []],
    [
      "DE 550 min with 30 min break: 10",
      "DE",
      ["08:00-12:00", "12:30-17:40"],
      true,
      550,
      30,
      45,
      10,
      540,
      ["pauseAbgezogen"],
    ],
    [
      "DE 585 min with 30 min break: 15",
      "DE",
      ["08:00-12:00", "12:30-18:15"],
      true,
      585,
      30,
      45,
      15,
      570,
      ["pauseAbgezogen"],
    ],
    [
      "DE 585 min with 30 min break, flagged",
      "DE",
      ["08:00-12:00", "12:30-18:15"],
      false,
      585,
      30,
      45,
      0,
      585,
      ["pauseFehlt"],
    ],
    [
      "DE 2 × 15 min counts",
      "DE",
      ["08:00-12:00", "12:15-14:00", "14:15-16:30"],
      true,
      480,
      30,
      30,
      0,
      480,
      [],
    ],
    [
      "DE 3 × 10 min does not count",
      "DE",
      ["08:00-11:00", "11:10-13:00", "13:10-15:00", "15:10-17:00"],
      true,
      510,
      0,
      30,
      30,
      480,
      ["pauseAbgezogen"],
    ],
    [
      "DE 3 × 10 min does not count, flagged",
      "DE",
      ["08:00-11:00", "11:10-13:00", "13:10-15:00", "15:10-17:00"],
      false,
      510,
      0,
      30,
      0,
      510,
      ["pauseFehlt"],
    ],
    [
      "DE 11 h with 45 min break",
      "DE",
      ["07:00-12:00", "12:45-18:45"],
      true,
      660,
      45,
      45,
      0,
      660,
      ["ueber10Stunden"],
    ],
    ["AT 6 h", "AT", ["08:00-14:00"], true, 360, 0, 0, 0, 360, []],
    ["AT 370 min, deducted to 360", "AT", ["08:00-14:10"], true, 370, 0, 30, 10, 360, ["pauseAbgezogen"]],
    ["AT 8 h, no break, deducted", "AT", ["08:00-16:00"], true, 480, 0, 30, 30, 450, ["pauseAbgezogen"]],
    ["AT 8 h, no break, flagged", "AT", ["08:00-16:00"], false, 480, 0, 30, 0, 480, ["pauseFehlt"]],
    ["AT 10 h, no break: still 30", "AT", ["07:00-17:00"], true, 600, 0, 30, 30, 570, ["pauseAbgezogen"]],
    ["AT 2 × 15 min", "AT", ["08:00-11:00", "11:15-14:00", "14:15-17:00"], true, 510, 30, 30, 0, 510, []],
    [
      "AT 3 × 10 min",
      "AT",
      ["08:00-11:00", "11:10-13:00", "13:10-15:00", "15:10-17:00"],
      true,
      510,
      30,
      30,
      0,
      510,
      [],
    ],
    [
      "AT 2 × 10 min: 10 missing",
      "AT",
      ["08:00-11:00", "11:10-14:00", "14:10-17:00"],
      true,
      520,
      20,
      30,
      10,
      510,
      ["pauseAbgezogen"],
    ],
    [
      "AT 2 × 10 min, flagged",
      "AT",
      ["08:00-11:00", "11:10-14:00", "14:10-17:00"],
      false,
      520,
      20,
      30,
      0,
      520,
      ["pauseFehlt"],
    ],
    [
      "AT 5 min gap does not count",
      "AT",
      ["08:00-12:00", "12:05-15:00"],
      true,
      415,
      0,
      30,
      30,
      385,
      ["pauseAbgezogen"],
    ],
    [
      "AT 11 h, no break",
      "AT",
      ["07:00-18:00"],
      true,
      660,
      0,
      30,
      30,
      630,
      ["pauseAbgezogen", "ueber10Stunden"],
    ],
    [
      "AT 11 h, no break, flagged",
      "AT",
      ["07:00-18:00"],
      false,
      660,
      0,
      30,
      0,
      660,
      ["pauseFehlt", "ueber10Stunden"],
    ],
    ["exactly 10 h net is not over", "DE", ["07:00-12:00", "12:45-17:45"], true, 600, 45, 45, 0, 600, []],
    [
      "10 h 1 min net is over",
      "DE",
      ["07:00-12:00", "12:45-17:46"],
      true,
      601,
      45,
      45,
      0,
      601,
      ["ueber10Stunden"],
    ],
    ["records in any order", "DE", ["12:30-16:30", "08:00-12:00"], true, 480, 30, 30, 0, 480, []],
    ["open record counts 0", "DE", ["08:00-12:00", "12:30-"], true, 240, 0, 0, 0, 240, ["offen"]],
    ["only an open record", "AT", ["08:00-"], false, 0, 0, 0, 0, 0, ["offen"]],
    [
      "open record between closed ones",
      "DE",
      ["08:00-12:00", "12:30-", "13:00-17:00"],
      true,
      480,
      60,
      30,
      0,
      480,
      ["offen"],
    ],
    ["night shift across midnight", "DE", ["22:00-06:00"], true, 480, 0, 30, 30, 450, ["pauseAbgezogen"]],
  ])("%s", (_, land, spannen, pausenAbzug, brutto, pause, pflicht, abzug, netto, hinweise) => {
    expect(
      tagAuswerten({ eintraege: eintraege(tag, ...spannen), vorherigesEnde: null, land, pausenAbzug }),
    ).toEqual({ brutto, pause, pausePflicht: pflicht, abzug, netto, hinweise });
  });

  it.each<[string, string, number]>([
    ["2026-03-29", "00:00-06:00", 300],
    ["2026-10-25", "00:00-06:00", 420],
    ["2026-03-29", "01:00-03:00", 60],
    ["2026-10-25", "01:00-03:00", 180],
    ["2026-03-28", "22:00-06:00", 420],
    ["2026-10-24", "22:00-06:00", 540],
    ["2026-06-01", "00:00-06:00", 360],
  ])("DST: %s %s is %i minutes", (datum, spanne, minuten) => {
    const r = tagAuswerten({
      eintraege: eintraege(datum, spanne),
      vorherigesEnde: null,
      land: "DE",
      pausenAbzug: false,
    });
    expect(r.brutto).toBe(minuten);
  });

  it("DST autumn: 00:00–06:00 is 420 minutes, a break is due", () => {
    expect(
      tagAuswerten({
        eintraege: eintraege("2026-10-25", "00:00-06:00"),
        vorherigesEnde: null,
        land: "AT",
        pausenAbzug: true,
      }),
    ).toEqual({
      brutto: 420,
      pause: 0,
      pausePflicht: 30,
      abzug: 30,
      netto: 390,
      hinweise: ["pauseAbgezogen"],
    });
  });

  it("floors each record to whole minutes", () => {
    const von = instant(tag, "08:00");
    const r = tagAuswerten({
      eintraege: [
        { von, bis: von + 59_999 },
        { von: von + 120_000, bis: von + 120_000 + 90_500 },
      ],
      vorherigesEnde: null,
      land: "DE",
      pausenAbzug: true,
    });
    expect(r.brutto).toBe(1);
  });

  const vorherigesEnde = instant("2026-05-31", "22:00");
  it.each<[string, string[], TTagHinweis[]]>([
    ["10:59 of rest", ["08:59-12:00"], ["ruhezeit"]],
    ["11:00 of rest", ["09:00-12:00"], []],
    ["12 h of rest", ["10:00-12:00"], []],
    ["the earliest record counts, in any order", ["13:00-14:00", "08:00-12:00"], ["ruhezeit"]],
    ["an open first record counts", ["08:00-"], ["ruhezeit", "offen"]],
    ["no record, no flag", [], []],
  ])("rest period: %s", (_, spannen, hinweise) => {
    expect(
      tagAuswerten({ eintraege: eintraege(tag, ...spannen), vorherigesEnde, land: "AT", pausenAbzug: true })
        .hinweise,
    ).toEqual(hinweise);
  });

  it("rest period across the spring clock change is counted in real time", () => {
    // 22:00 on 28 March to 09:00 on 29 March is only 10 hours: the clocks skip 02:00–03:00.
    const ende = instant("2026-03-28", "22:00");
    expect(
      tagAuswerten({
        eintraege: eintraege("2026-03-29", "09:00-10:00"),
        vorherigesEnde: ende,
        land: "DE",
        pausenAbzug: true,
      }).hinweise,
    ).toEqual(["ruhezeit"]);
    expect(
      tagAuswerten({
        eintraege: eintraege("2026-03-29", "10:00-11:00"),
        vorherigesEnde: ende,
        land: "DE",
        pausenAbzug: true,
      }).hinweise,
    ).toEqual([]);
  });

  it("a deduction is the least that makes the day lawful (property)", () => {
    const spanne = fc.tuple(fc.integer({ min: 0, max: 1440 }), fc.integer({ min: 0, max: 400 }));
    fc.assert(
      fc.property(
        fc.constantFrom<Land>("AT", "DE"),
        fc.array(spanne, { maxLength: 5 }),
        fc.boolean(),
        (land, spannen, pausenAbzug) => {
          const basis = instant(tag, "00:00");
          const liste = spannen.map(([start, laenge]) => ({
            von: basis + start * 60_000,
            bis: basis + (start + laenge) * 60_000,
          }));
          const r = tagAuswerten({ eintraege: liste, vorherigesEnde: null, land, pausenAbzug });
          expect(r.pausePflicht).toBe(pausePflicht(land, r.brutto));
          expect(r.netto).toBe(r.brutto - r.abzug);
          expect(r.abzug).toBeGreaterThanOrEqual(0);
          expect(r.abzug).toBeLessThanOrEqual(Math.max(0, r.pausePflicht - r.pause));
          if (!pausenAbzug) expect(r.abzug).toBe(0);
          else {
            expect(r.abzug + r.pause).toBeGreaterThanOrEqual(pausePflicht(land, r.netto));
            if (r.abzug > 0) {
              expect(r.abzug - 1 + r.pause).toBeLessThan(pausePflicht(land, r.brutto - r.abzug + 1));
              expect(r.hinweise).toContain("pauseAbgezogen");
            }
          }
          expect(r.hinweise.includes("pauseFehlt")).toBe(!pausenAbzug && r.pause < r.pausePflicht);
        },
      ),
    );
  });
});

describe("gutschrift", () => {
  it.each<[TAbwesenheitArt, boolean, number, number]>([
    ["urlaub", false, 480, 480],
    ["urlaub", true, 480, 240],
    ["urlaub", true, 462, 231],
    ["urlaub", true, 201, 101],
    ["krank", false, 400, 400],
    ["krank", true, 400, 200],
    ["sonstiges", false, 480, 480],
    ["urlaub", false, 0, 0],
    ["zeitausgleich", false, 480, 0],
    ["zeitausgleich", true, 480, 0],
  ])("%s (half day %s) of a %i-minute day credits %i", (art, halbtag, soll, erwartet) => {
    expect(gutschrift(art, halbtag, soll)).toBe(erwartet);
  });
});

describe("abwesenheitTage", () => {
  const feiertage = feiertageVon("AT", 2026);
  const sollVoll = (datum: string) => tagSoll(vollzeit, datum, feiertage);
  const sollTeil = (datum: string) => tagSoll(teilzeit, datum, feiertage);
  it.each<[string, string, string, boolean, (d: string) => number, number]>([
    ["one weekday", "2026-06-02", "2026-06-02", false, sollVoll, 1],
    ["a week Monday–Sunday", "2026-06-08", "2026-06-14", false, sollVoll, 5],
    ["a week with Fronleichnam", "2026-06-01", "2026-06-07", false, sollVoll, 4],
    [
      "Christmas to New Year",
      "2026-12-21",
      "2027-01-06",
      false,
      (d) => tagSoll(vollzeit, d, new Map([...feiertage, ...feiertageVon("AT", 2027)])),
      10,
    ],
    ["part time, a week", "2026-06-08", "2026-06-14", false, sollTeil, 3],
    ["half day on a weekday", "2026-06-02", "2026-06-02", true, sollVoll, 0.5],
    ["half day on a Saturday", "2026-06-06", "2026-06-06", true, sollVoll, 0],
    ["half day on a holiday", "2026-06-04", "2026-06-04", true, sollVoll, 0],
    ["half day on a part-timer's free day", "2026-06-04", "2026-06-04", true, sollTeil, 0],
    ["weekend only", "2026-06-06", "2026-06-07", false, sollVoll, 0],
    ["bis before von", "2026-06-07", "2026-06-01", false, sollVoll, 0],
    ["leap February 2028", "2028-02-01", "2028-02-29", false, (d) => tagSoll(vollzeit, d, keine), 21],
  ])("%s", (_, von, bis, halbtag, soll, erwartet) => {
    expect(abwesenheitTage(von, bis, halbtag, soll)).toBe(erwartet);
  });
});

describe("urlaubsanspruch", () => {
  it.each<[string, Partial<Einstellung>, number, number]>([
    ["no dates: full", {}, 2026, 25],
    ["years after entry: full", { eintrittsdatum: "2020-03-01" }, 2026, 25],
    ["entry 1 January: full", { eintrittsdatum: "2026-01-01" }, 2026, 25],
    ["entry 2026-07-01: 184/365 × 25 = 12.60 → 12.5", { eintrittsdatum: "2026-07-01" }, 2026, 12.5],
    ["entry 2024-07-01 (leap): 184/366 × 25 = 12.57 → 12.5", { eintrittsdatum: "2024-07-01" }, 2024, 12.5],
    ["entry 2026-10-15: 78/365 × 25 = 5.34 → 5.5", { eintrittsdatum: "2026-10-15" }, 2026, 5.5],
    ["entry 2026-12-31: 1/365 × 25 → 0", { eintrittsdatum: "2026-12-31" }, 2026, 0],
    ["entry 2026-12-25: 7/365 × 25 = 0.48 → 0.5", { eintrittsdatum: "2026-12-25" }, 2026, 0.5],
    [
      "entry 2026-02-01 with 30 days: 334/365 × 30 = 27.45 → 27.5",
      { eintrittsdatum: "2026-02-01", urlaubsanspruchJahr: 30 },
      2026,
      27.5,
    ],
    [
      "entry 2026-07-01 with 24.5 days: 12.35 → 12.5",
      { eintrittsdatum: "2026-07-01", urlaubsanspruchJahr: 24.5 },
      2026,
      12.5,
    ],
    ["year before entry: 0", { eintrittsdatum: "2026-07-01" }, 2025, 0],
    ["year after entry: full", { eintrittsdatum: "2026-07-01" }, 2027, 25],
    ["year before beginn: 0", { eintrittsdatum: "2020-01-01", beginn: "2025-03-01" }, 2024, 0],
    [
      "beginn year, not 1 January: 0 (in the carry-over)",
      { eintrittsdatum: "2020-01-01", beginn: "2025-03-01" },
      2025,
      0,
    ],
    ["beginn 1 January: full", { eintrittsdatum: "2020-01-01", beginn: "2025-01-01" }, 2025, 25],
    ["after the beginn year: full", { eintrittsdatum: "2020-01-01", beginn: "2025-03-01" }, 2026, 25],
    ["beginn without entry, mid-year: 0", { beginn: "2025-03-01" }, 2025, 0],
    [
      "beginn in the entry year: pro rata from entry",
      { eintrittsdatum: "2026-07-01", beginn: "2026-09-01" },
      2026,
      12.5,
    ],
    [
      "end year: pro rata to 2026-06-30 (181/365 × 25 = 12.40 → 12.5)",
      { eintrittsdatum: "2020-01-01", ende: "2026-06-30" },
      2026,
      12.5,
    ],
    ["end 31 December: full", { eintrittsdatum: "2020-01-01", ende: "2026-12-31" }, 2026, 25],
    ["end 2028-02-29 (leap): 60/366 × 25 = 4.10 → 4", { ende: "2028-02-29" }, 2028, 4],
    ["after the end year: 0", { eintrittsdatum: "2020-01-01", ende: "2026-06-30" }, 2027, 0],
    [
      "entry and end in one year: 2026-03-01 to 2026-08-31, 184 days → 12.5",
      { eintrittsdatum: "2026-03-01", ende: "2026-08-31" },
      2026,
      12.5,
    ],
    ["end before entry: 0", { eintrittsdatum: "2026-08-01", ende: "2026-07-31" }, 2026, 0],
  ])("%s", (_, aenderung, jahr, erwartet) => {
    expect(urlaubsanspruch({ ...vollzeit, ...aenderung }, jahr)).toBe(erwartet);
  });

  it("is a whole or half day, between 0 and the full entitlement (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 80 }), (tage, anspruch) => {
        const e = {
          ...vollzeit,
          eintrittsdatum: addDays("2024-01-01", tage),
          urlaubsanspruchJahr: anspruch / 2,
        };
        for (const jahr of [2024, 2025, 2026, 2027, 2028, 2029]) {
          const wert = urlaubsanspruch(e, jahr);
          expect(Number.isInteger(wert * 2)).toBe(true);
          expect(wert).toBeGreaterThanOrEqual(0);
          expect(wert).toBeLessThanOrEqual(e.urlaubsanspruchJahr);
        }
      }),
    );
  });
});

describe("ueberstundenStand and bilanzBeginn", () => {
  it.each<[string, Partial<Einstellung>, string, number, number, number]>([
    ["carry-over plus actual minus target", { uebertragMinuten: 120 }, "2026-06-30", 9600, 9900, 420],
    ["negative balance", { uebertragMinuten: 0 }, "2026-06-30", 9600, 9000, -600],
    [
      "before the balance starts: the carry-over",
      { beginn: "2026-07-01", uebertragMinuten: 60 },
      "2026-06-30",
      0,
      0,
      60,
    ],
  ])("%s", (_, aenderung, bis, sollSumme, istSumme, erwartet) => {
    expect(ueberstundenStand({ e: { ...vollzeit, ...aenderung }, bis, sollSumme, istSumme })).toBe(erwartet);
  });

  it.each<[Partial<Einstellung>, string | null]>([
    [{}, null],
    [{ eintrittsdatum: "2026-03-01" }, "2026-03-01"],
    [{ eintrittsdatum: "2026-03-01", beginn: "2026-06-01" }, "2026-06-01"],
    [{ beginn: "2026-06-01" }, "2026-06-01"],
  ])("bilanzBeginn(%j) is %s", (aenderung, erwartet) => {
    expect(bilanzBeginn({ ...vollzeit, ...aenderung })).toBe(erwartet);
  });

  it("a month of part time with a vacation day and overtime", () => {
    // June 2026, 20 h over Monday–Wednesday: 14 target days × 400 = 5600; one vacation day (credit 400),
    // 13 worked days of 7 h (420) → 5460 + 400 − 5600 = +260, plus 30 carried over.
    const soll = zeitraumSoll(teilzeit, "2026-06-01", "2026-06-30", keine);
    expect(soll).toBe(5600);
    const ist = 13 * 420 + gutschrift("urlaub", false, tagSoll(teilzeit, "2026-06-01", keine));
    const e = { ...teilzeit, uebertragMinuten: 30 };
    expect(ueberstundenStand({ e, bis: "2026-06-30", sollSumme: soll, istSumme: ist })).toBe(290);
  });
});

describe("monatsTage", () => {
  it.each<[string, number, string, string]>([
    ["2026-01", 31, "2026-01-01", "2026-01-31"],
    ["2026-02", 28, "2026-02-01", "2026-02-28"],
    ["2028-02", 29, "2028-02-01", "2028-02-29"],
    ["2100-02", 28, "2100-02-01", "2100-02-28"],
    ["2026-04", 30, "2026-04-01", "2026-04-30"],
  ])("%s has %i days, %s to %s", (monat, anzahl, erster, letzter) => {
    const tage = monatsTage(monat);
    expect(tage).toHaveLength(anzahl);
    expect(tage[0]).toBe(erster);
    expect(tage.at(-1)).toBe(letzter);
  });

  it.each(["2026-13", "2026-00", "2026-1", "202601", ""])("refuses %j", (monat) => {
    expect(() => monatsTage(monat)).toThrow(RangeError);
  });
});
