import { describe, expect, it } from "vitest";
import {
  eintragVerschieben,
  icsFalten,
  icsKalender,
  icsText,
  isoWoche,
  kopieVerschiebung,
  quartalBeginn,
  quartalEnde,
  quartalWochen,
  wochentag,
} from "./quartalskalender.rules.ts";
import { ZKalenderEintragSpeichern } from "./quartalskalender.schema.ts";

describe("quarter days and ISO weeks", () => {
  it.each([
    [2026, 1, "2026-01-01", "2026-03-31"],
    [2026, 2, "2026-04-01", "2026-06-30"],
    [2026, 3, "2026-07-01", "2026-09-30"],
    [2026, 4, "2026-10-01", "2026-12-31"],
    [2024, 1, "2024-01-01", "2024-03-31"],
  ])("%i Q%i runs %s – %s", (jahr, quartal, von, bis) => {
    expect(quartalBeginn(jahr, quartal)).toBe(von);
    expect(quartalEnde(jahr, quartal)).toBe(bis);
  });

  it.each([
    ["2026-01-01", 4],
    ["2026-01-05", 1],
    ["2026-03-29", 7],
    ["2024-02-29", 4],
    ["1969-12-31", 3],
  ])("%s is ISO weekday %i", (datum, tag) => expect(wochentag(datum)).toBe(tag));

  it.each([
    ["2026-01-01", 2026, 1],
    ["2021-01-03", 2020, 53],
    ["2024-12-30", 2025, 1],
    ["2026-12-31", 2026, 53],
    ["2027-01-03", 2026, 53],
    ["2026-06-15", 2026, 25],
  ])("%s lies in ISO week %i-W%i", (datum, jahr, woche) => expect(isoWoche(datum)).toEqual({ jahr, woche }));

  it.each([
    [2026, 1, 14, 1, 14], // Thu 1 Jan … Tue 31 Mar
    [2026, 2, 14, 14, 27], // Wed 1 Apr … Tue 30 Jun
    [2026, 3, 14, 27, 40], // Wed 1 Jul … Wed 30 Sep
    [2026, 4, 14, 40, 53], // Thu 1 Oct … Thu 31 Dec
    [2024, 2, 13, 14, 26], // Mon 1 Apr … Sun 30 Jun
    [2027, 1, 14, 53, 13], // Fri 1 Jan 2027 lies in 2026-W53
  ])("%i Q%i has %i weeks, from W%i to W%i", (jahr, quartal, anzahl, erste, letzte) => {
    const wochen = quartalWochen(jahr, quartal);
    expect(wochen).toHaveLength(anzahl);
    expect(wochen[0]!.woche).toBe(erste);
    expect(wochen.at(-1)!.woche).toBe(letzte);
    for (const w of wochen) {
      expect(w.tage).toHaveLength(7);
      expect(wochentag(w.montag)).toBe(1);
      expect(w.tage.filter((t) => t.wochenende).map((t) => t.wochentag)).toEqual([6, 7]);
    }
    const tage = wochen.flatMap((w) => w.tage).filter((t) => t.imQuartal);
    expect(tage[0]!.datum).toBe(quartalBeginn(jahr, quartal));
    expect(tage.at(-1)!.datum).toBe(quartalEnde(jahr, quartal));
  });
});

describe("copying a quarter: whole weeks, weekdays stay", () => {
  it.each([
    [{ jahr: 2026, quartal: 1 }, { jahr: 2026, quartal: 2 }, 91],
    [{ jahr: 2026, quartal: 2 }, { jahr: 2026, quartal: 3 }, 91],
    [{ jahr: 2026, quartal: 4 }, { jahr: 2027, quartal: 1 }, 91],
    [{ jahr: 2024, quartal: 1 }, { jahr: 2024, quartal: 2 }, 91],
    [{ jahr: 2024, quartal: 2 }, { jahr: 2024, quartal: 3 }, 91],
    [{ jahr: 2026, quartal: 1 }, { jahr: 2027, quartal: 1 }, 364],
    [{ jahr: 2026, quartal: 2 }, { jahr: 2026, quartal: 1 }, -91],
  ])("%o → %o shifts by %i days", (von, nach, tage) => {
    expect(kopieVerschiebung(von, nach)).toBe(tage);
    expect(Math.abs(tage % 7)).toBe(0);
  });

  it("an entry keeps its weekday, stays in its week of the quarter and is cut at the quarter's edges", () => {
    const nach = { jahr: 2026, quartal: 2 };
    const tage = kopieVerschiebung({ jahr: 2026, quartal: 1 }, nach);
    // Monday 12 Jan (week 3 of Q1) → Monday 13 Apr (week 3 of Q2).
    const montag = eintragVerschieben({ von: "2026-01-12", bis: "2026-01-14", text: "x" }, tage, nach);
    expect(montag).toEqual({ von: "2026-04-13", bis: "2026-04-15", text: "x" });
    expect(wochentag(montag!.von)).toBe(wochentag("2026-01-12"));
    // Thu 1 Jan → Thu 2 Apr (1 Apr is a Wednesday: the copy keeps the weekday).
    expect(eintragVerschieben({ von: "2026-01-01", bis: "2026-01-01" }, tage, nach)).toEqual({
      von: "2026-04-02",
      bis: "2026-04-02",
    });
    // Mon 30 Mar – Tue 31 Mar → Mon 29 Jun – Tue 30 Jun.
    expect(eintragVerschieben({ von: "2026-03-30", bis: "2026-03-31" }, tage, nach)).toEqual({
      von: "2026-06-29",
      bis: "2026-06-30",
    });
  });

  it("an entry that falls into the neighbouring quarter is cut, one wholly outside is left out", () => {
    const q4 = { jahr: 2026, quartal: 4 };
    const tage = kopieVerschiebung({ jahr: 2026, quartal: 3 }, q4); // Mon 29 Jun → Mon 28 Sep
    expect(tage).toBe(91);
    // Wed 1 – Fri 3 Jul → Wed 30 Sep – Fri 2 Oct: cut to 1–2 Oct.
    expect(eintragVerschieben({ von: "2026-07-01", bis: "2026-07-03" }, tage, q4)).toEqual({
      von: "2026-10-01",
      bis: "2026-10-02",
    });
    // Wed 1 Jul → Wed 30 Sep, still in Q3: not copied.
    expect(eintragVerschieben({ von: "2026-07-01", bis: "2026-07-01" }, tage, q4)).toBe(null);
  });
});

/** UTF-8 octets of a text (independent of the folding code). */
const octets = (text: string) => encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, "x").length;

describe("iCalendar text (RFC 5545)", () => {
  it("escapes backslash, semicolon, comma and every kind of line break", () => {
    expect(icsText("a\\b;c,d\r\ne\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
  });

  it("folds lines at 75 octets, continuation lines start with a space, never splits a character", () => {
    const kurz = "SUMMARY:kurz";
    expect(icsFalten(kurz)).toBe(`${kurz}\r\n`);
    const lang = `SUMMARY:${"x".repeat(200)}`;
    const gefaltet = icsFalten(lang);
    const zeilen = gefaltet.split("\r\n").slice(0, -1);
    expect(zeilen[0]).toHaveLength(75);
    for (const zeile of zeilen.slice(1)) {
      expect(zeile.startsWith(" ")).toBe(true);
      expect(octets(zeile)).toBeLessThanOrEqual(75);
    }
    expect(zeilen.map((z, i) => (i === 0 ? z : z.slice(1))).join("")).toBe(lang);

    const umlaute = `SUMMARY:${"ä".repeat(100)}`;
    const teile = icsFalten(umlaute).split("\r\n").slice(0, -1);
    for (const teil of teile) {
      expect(octets(teil)).toBeLessThanOrEqual(75);
      expect(teil).not.toContain("\uFFFD");
    }
    expect(teile.map((z, i) => (i === 0 ? z : z.slice(1))).join("")).toBe(umlaute);
  });

  it("writes one all-day VEVENT per entry with an exclusive DTEND, UID and DTSTAMP, all lines CRLF", () => {
    const ics = icsKalender({
      name: "Q2, Montage",
      stempel: new Date("2026-04-01T08:09:10.123Z"),
      ereignisse: [
        { uid: "qk-1-7@kontor", von: "2026-04-30", bis: "2026-04-30", summary: "Montage; Dach, Süd" },
        {
          uid: "qk-1-8@kontor",
          von: "2026-06-29",
          bis: "2026-06-30",
          summary: "Urlaub",
          description: "Zeile 1\nZeile 2",
          location: "Wien",
        },
      ],
    });
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    expect(ics).toContain("X-WR-CALNAME:Q2\\, Montage\r\n");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain("UID:qk-1-7@kontor\r\nDTSTAMP:20260401T080910Z\r\n");
    expect(ics).toContain("DTSTART;VALUE=DATE:20260430\r\nDTEND;VALUE=DATE:20260501\r\n");
    expect(ics).toContain("DTSTART;VALUE=DATE:20260629\r\nDTEND;VALUE=DATE:20260701\r\n");
    expect(ics).toContain("SUMMARY:Montage\\; Dach\\, Süd\r\n");
    expect(ics).toContain("DESCRIPTION:Zeile 1\\nZeile 2\r\n");
    expect(ics).toContain("LOCATION:Wien\r\n");
  });
});

describe("entry contract", () => {
  it("refuses bis before von at bis (bisVorVon) and takes one-day entries", () => {
    const basis = { von: "2026-04-02", bis: "2026-04-01", text: "x", userId: 1 };
    const falsch = ZKalenderEintragSpeichern.safeParse(basis);
    expect(falsch.success).toBe(false);
    expect(falsch.error?.issues[0]).toMatchObject({ path: ["bis"], params: { code: "bisVorVon" } });
    const gut = ZKalenderEintragSpeichern.parse({ ...basis, bis: "2026-04-02" });
    expect(gut).toMatchObject({ farbe: "blau", wiederkehrend: false, kundeId: null, baustelleId: null });
  });
});
