import { describe, expect, it } from "vitest";
import { type BelegCode, baueCode, zerlegeCode } from "./code.ts";
import { RksvFehler } from "./fehler.ts";
import { ladeJson } from "./rksv.testing.ts";

const beleg: BelegCode = {
  zda: "AT0",
  kassenId: "KASSE-1",
  belegNummer: "2024-17",
  zeitpunkt: "2024-05-01T09:15:00",
  betraege: {
    satzNormal: 1200,
    satzErmaessigt1: 550,
    satzErmaessigt2: 0,
    satzNull: -5,
    satzBesonders: 123456,
  },
  umsatzzaehlerFeld: "uGcANY6Pq84=",
  zertifikatSeriennummer: "U:ATU12345678-K1",
  verkettungswert: "49NTwZEOOqY=",
};

describe("maschinenlesbarer Code", () => {
  it("writes the twelve fields of suite R1", () => {
    expect(baueCode(beleg)).toBe(
      "_R1-AT0_KASSE-1_2024-17_2024-05-01T09:15:00_12,00_5,50_0,00_-0,05_1234,56_uGcANY6Pq84=_U:ATU12345678-K1_49NTwZEOOqY=",
    );
    expect(zerlegeCode(baueCode(beleg))).toEqual(beleg);
  });

  it("reads every code of the official example", () => {
    const qr = ladeJson<string[]>("pruefetool/examples/qr-codes.json");
    const codes = qr.map((q) => q.slice(0, q.lastIndexOf("_")));
    expect(codes.map((c) => zerlegeCode(c)?.betraege.satzNormal)).toEqual([0, 1200, 2490, 0, -1200]);
    for (const code of codes) expect(baueCode(zerlegeCode(code)!)).toBe(code);
  });

  it.each<[string, Partial<BelegCode>]>([
    ["an _ in the cash box id", { kassenId: "KASSE_1" }],
    ["an empty receipt number", { belegNummer: "" }],
    ["an _ in the serial", { zertifikatSeriennummer: "A_B" }],
    ["a ZDA that is none", { zda: "XY1" }],
    ["a time with zone", { zeitpunkt: "2024-05-01T09:15:00Z" }],
    ["an impossible day", { zeitpunkt: "2024-02-30T09:15:00" }],
    ["a fraction of a cent", { betraege: { ...beleg.betraege, satzNull: 0.5 } }],
  ])("refuses %s", (_fall, aenderung) => {
    expect(() => baueCode({ ...beleg, ...aenderung })).toThrow(RksvFehler);
  });

  it.each([
    "R1-AT0_KASSE-1_1_2024-05-01T09:15:00_0,00_0,00_0,00_0,00_0,00_AAA=_S_AAA=",
    "_R2-AT0_KASSE-1_1_2024-05-01T09:15:00_0,00_0,00_0,00_0,00_0,00_AAA=_S_AAA=",
    "_R1-AT0_KASSE-1_1_2024-05-01T09:15:00_0.00_0,00_0,00_0,00_0,00_AAA=_S_AAA=",
    "_R1-AT0_KASSE-1_1_2024-05-01T09:15:00_0,00_0,00_0,00_0,00_0,00_AAA=_S",
    "_R1-AT0_KASSE-1_1_2024-05-01_0,00_0,00_0,00_0,00_0,00_AAA=_S_AAA=",
  ])("takes %s for no code", (code) => {
    expect(zerlegeCode(code)).toBeNull();
  });
});
