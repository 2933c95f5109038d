import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysBetween } from "../date/calendar.ts";
import { isoWochentag } from "../date/zeitzone.ts";
import { FEIERTAG_REGIONEN, type TFeiertagRegion } from "./arbeitszeit.codes.ts";
import { bussUndBettag, gesetzlicheFeiertage, ostersonntag } from "./feiertage.rules.ts";

const tabelle = (region: TFeiertagRegion, jahr: number) =>
  gesetzlicheFeiertage(region, jahr).map((f) => `${f.datum} ${f.key}`);

describe("ostersonntag", () => {
  it.each<[number, string]>([
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2038, "2038-04-25"],
    [2000, "2000-04-23"],
    [1900, "1900-04-15"],
    [2100, "2100-03-28"],
    [2008, "2008-03-23"],
    [2011, "2011-04-24"],
    [2285, "2285-03-22"],
  ])("Easter %i is %s", (jahr, erwartet) => {
    expect(ostersonntag(jahr)).toBe(erwartet);
  });

  it("is a Sunday between 22 March and 25 April (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1583, max: 9999 }), (jahr) => {
        const datum = ostersonntag(jahr);
        expect(isoWochentag(datum)).toBe(7);
        const tage = daysBetween(`${datum.slice(0, 4)}-03-22`, datum);
        expect(tage).toBeGreaterThanOrEqual(0);
        expect(tage).toBeLessThanOrEqual(34);
      }),
    );
  });

  it.each([1582, 2026.5, 10_000])("refuses year %d", (jahr) => {
    expect(() => ostersonntag(jahr)).toThrow(RangeError);
  });
});

describe("bussUndBettag", () => {
  it.each<[number, string]>([
    [2026, "2026-11-18"],
    [2025, "2025-11-19"],
    [2024, "2024-11-20"],
    [2023, "2023-11-22"],
    [2022, "2022-11-16"],
    [2028, "2028-11-22"],
  ])("%i is %s", (jahr, erwartet) => {
    expect(bussUndBettag(jahr)).toBe(erwartet);
  });
});

describe("gesetzlicheFeiertage", () => {
  it("AT 2026", () => {
    expect(gesetzlicheFeiertage("AT", 2026)).toEqual([
      { datum: "2026-01-01", key: "neujahr", name: { de: "Neujahr", en: "New Year's Day" } },
      { datum: "2026-01-06", key: "heiligeDreiKoenige", name: { de: "Heilige Drei Könige", en: "Epiphany" } },
      { datum: "2026-04-06", key: "ostermontag", name: { de: "Ostermontag", en: "Easter Monday" } },
      { datum: "2026-05-01", key: "staatsfeiertag", name: { de: "Staatsfeiertag", en: "May Day" } },
      {
        datum: "2026-05-14",
        key: "christiHimmelfahrt",
        name: { de: "Christi Himmelfahrt", en: "Ascension Day" },
      },
      { datum: "2026-05-25", key: "pfingstmontag", name: { de: "Pfingstmontag", en: "Whit Monday" } },
      { datum: "2026-06-04", key: "fronleichnam", name: { de: "Fronleichnam", en: "Corpus Christi" } },
      {
        datum: "2026-08-15",
        key: "mariaeHimmelfahrt",
        name: { de: "Mariä Himmelfahrt", en: "Assumption Day" },
      },
      { datum: "2026-10-26", key: "nationalfeiertag", name: { de: "Nationalfeiertag", en: "National Day" } },
      { datum: "2026-11-01", key: "allerheiligen", name: { de: "Allerheiligen", en: "All Saints' Day" } },
      {
        datum: "2026-12-08",
        key: "mariaeEmpfaengnis",
        name: { de: "Mariä Empfängnis", en: "Immaculate Conception" },
      },
      { datum: "2026-12-25", key: "christtag", name: { de: "Christtag", en: "Christmas Day" } },
      { datum: "2026-12-26", key: "stefanitag", name: { de: "Stefanitag", en: "St Stephen's Day" } },
    ]);
  });

  it("DE-BY 2026", () => {
    expect(gesetzlicheFeiertage("DE-BY", 2026).map((f) => [f.datum, f.name.de, f.name.en])).toEqual([
      ["2026-01-01", "Neujahr", "New Year's Day"],
      ["2026-01-06", "Heilige Drei Könige", "Epiphany"],
      ["2026-04-03", "Karfreitag", "Good Friday"],
      ["2026-04-06", "Ostermontag", "Easter Monday"],
      ["2026-05-01", "Tag der Arbeit", "Labour Day"],
      ["2026-05-14", "Christi Himmelfahrt", "Ascension Day"],
      ["2026-05-25", "Pfingstmontag", "Whit Monday"],
      ["2026-06-04", "Fronleichnam", "Corpus Christi"],
      ["2026-10-03", "Tag der Deutschen Einheit", "German Unity Day"],
      ["2026-11-01", "Allerheiligen", "All Saints' Day"],
      ["2026-12-25", "1. Weihnachtstag", "Christmas Day"],
      ["2026-12-26", "2. Weihnachtstag", "Second Day of Christmas"],
    ]);
  });

  it("DE-BE 2026", () => {
    expect(tabelle("DE-BE", 2026)).toEqual([
      "2026-01-01 neujahr",
      "2026-03-08 frauentag",
      "2026-04-03 karfreitag",
      "2026-04-06 ostermontag",
      "2026-05-01 tagDerArbeit",
      "2026-05-14 christiHimmelfahrt",
      "2026-05-25 pfingstmontag",
      "2026-10-03 tagDerDeutschenEinheit",
      "2026-12-25 weihnachtstag1",
      "2026-12-26 weihnachtstag2",
    ]);
    expect(gesetzlicheFeiertage("DE-BE", 2026)[1]?.name).toEqual({
      de: "Internationaler Frauentag",
      en: "International Women's Day",
    });
  });

  it("DE-SN 2026 (Buß- und Bettag 18 November)", () => {
    expect(tabelle("DE-SN", 2026)).toEqual([
      "2026-01-01 neujahr",
      "2026-04-03 karfreitag",
      "2026-04-06 ostermontag",
      "2026-05-01 tagDerArbeit",
      "2026-05-14 christiHimmelfahrt",
      "2026-05-25 pfingstmontag",
      "2026-10-03 tagDerDeutschenEinheit",
      "2026-10-31 reformationstag",
      "2026-11-18 bussUndBettag",
      "2026-12-25 weihnachtstag1",
      "2026-12-26 weihnachtstag2",
    ]);
    expect(gesetzlicheFeiertage("DE-SN", 2026)[8]?.name).toEqual({
      de: "Buß- und Bettag",
      en: "Day of Repentance and Prayer",
    });
  });

  it.each<[TFeiertagRegion, number, boolean]>([
    ["DE-NI", 2016, false],
    ["DE-NI", 2017, true],
    ["DE-NI", 2018, true],
    ["DE-NI", 2026, true],
    ["DE-HB", 2016, false],
    ["DE-HH", 2026, true],
    ["DE-SH", 2026, true],
    ["DE-BY", 2016, false],
    ["DE-BY", 2017, true],
    ["DE-BY", 2018, false],
    ["DE-NW", 2017, true],
    ["DE-NW", 2026, false],
    ["DE-BB", 2016, true],
    ["DE-TH", 2026, true],
    ["DE-MV", 2026, true],
    ["DE-ST", 2026, true],
  ])("Reformationstag in %s %i: %s", (region, jahr, erwartet) => {
    expect(tabelle(region, jahr).includes(`${jahr}-10-31 reformationstag`)).toBe(erwartet);
  });

  it("DE-NI 2016, 2017, 2026", () => {
    const basis = (jahr: number) =>
      tabelle("DE-NI", jahr).filter((z) => !z.endsWith("reformationstag")).length;
    expect(tabelle("DE-NI", 2016)).toHaveLength(9);
    expect(tabelle("DE-NI", 2017)).toHaveLength(10);
    expect(tabelle("DE-NI", 2026)).toHaveLength(10);
    expect([basis(2016), basis(2017), basis(2026)]).toEqual([9, 9, 9]);
  });

  it.each<[TFeiertagRegion, number, boolean]>([
    ["DE-TH", 2018, false],
    ["DE-TH", 2019, true],
    ["DE-TH", 2026, true],
    ["DE-SN", 2026, false],
  ])("Weltkindertag in %s %i: %s", (region, jahr, erwartet) => {
    expect(tabelle(region, jahr).includes(`${jahr}-09-20 weltkindertag`)).toBe(erwartet);
  });

  it("DE-TH 2018 vs 2019", () => {
    expect(tabelle("DE-TH", 2018)).toEqual([
      "2018-01-01 neujahr",
      "2018-03-30 karfreitag",
      "2018-04-02 ostermontag",
      "2018-05-01 tagDerArbeit",
      "2018-05-10 christiHimmelfahrt",
      "2018-05-21 pfingstmontag",
      "2018-10-03 tagDerDeutschenEinheit",
      "2018-10-31 reformationstag",
      "2018-12-25 weihnachtstag1",
      "2018-12-26 weihnachtstag2",
    ]);
    expect(tabelle("DE-TH", 2019)).toEqual([
      "2019-01-01 neujahr",
      "2019-04-19 karfreitag",
      "2019-04-22 ostermontag",
      "2019-05-01 tagDerArbeit",
      "2019-05-30 christiHimmelfahrt",
      "2019-06-10 pfingstmontag",
      "2019-09-20 weltkindertag",
      "2019-10-03 tagDerDeutschenEinheit",
      "2019-10-31 reformationstag",
      "2019-12-25 weihnachtstag1",
      "2019-12-26 weihnachtstag2",
    ]);
  });

  it.each<[TFeiertagRegion, number, boolean]>([
    ["DE-BE", 2018, false],
    ["DE-BE", 2019, true],
    ["DE-MV", 2022, false],
    ["DE-MV", 2023, true],
    ["DE-BB", 2026, false],
  ])("Frauentag in %s %i: %s", (region, jahr, erwartet) => {
    expect(tabelle(region, jahr).includes(`${jahr}-03-08 frauentag`)).toBe(erwartet);
  });

  it.each<[TFeiertagRegion, string[]]>([
    ["DE-BW", ["heiligeDreiKoenige", "fronleichnam", "allerheiligen"]],
    ["DE-ST", ["heiligeDreiKoenige", "reformationstag"]],
    ["DE-HE", ["fronleichnam"]],
    ["DE-NW", ["fronleichnam", "allerheiligen"]],
    ["DE-RP", ["fronleichnam", "allerheiligen"]],
    ["DE-SL", ["fronleichnam", "mariaeHimmelfahrt", "allerheiligen"]],
    ["DE-HB", ["reformationstag"]],
  ])("%s 2026 adds %j to the federal ones", (region, extra) => {
    const bund = [
      "neujahr",
      "karfreitag",
      "ostermontag",
      "tagDerArbeit",
      "christiHimmelfahrt",
      "pfingstmontag",
      "tagDerDeutschenEinheit",
      "weihnachtstag1",
      "weihnachtstag2",
    ];
    const keys = gesetzlicheFeiertage(region, 2026).map((f) => f.key);
    expect(keys.filter((k) => !bund.includes(k))).toEqual(extra);
    expect(keys.filter((k) => bund.includes(k))).toEqual(bund);
  });

  it("lists a holiday on a weekend, but never Easter or Whit Sunday", () => {
    // 2026-11-01 (Allerheiligen) is a Sunday; Easter Sunday 2026-04-05 and Whit Sunday 2026-05-24 are not listed.
    const daten = gesetzlicheFeiertage("AT", 2026).map((f) => f.datum);
    expect(daten).toContain("2026-11-01");
    expect(daten).not.toContain("2026-04-05");
    expect(daten).not.toContain("2026-05-24");
  });

  it("lists both when two holidays share a day (AT 2008: Staatsfeiertag = Christi Himmelfahrt)", () => {
    expect(tabelle("AT", 2008).filter((z) => z.startsWith("2008-05-01"))).toEqual([
      "2008-05-01 staatsfeiertag",
      "2008-05-01 christiHimmelfahrt",
    ]);
  });

  it("is sorted, within the year, with names in both languages for every region (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FEIERTAG_REGIONEN),
        fc.integer({ min: 1900, max: 2199 }),
        (region, jahr) => {
          const liste = gesetzlicheFeiertage(region, jahr);
          const daten = liste.map((f) => f.datum);
          expect(daten).toEqual([...daten].sort());
          for (const f of liste) {
            expect(f.datum.slice(0, 4)).toBe(String(jahr));
            expect(f.name.de.length).toBeGreaterThan(0);
            expect(f.name.en.length).toBeGreaterThan(0);
          }
          if (region === "AT") expect(liste).toHaveLength(13);
        },
      ),
    );
  });
});
