import { describe, expect, it } from "vitest";
import { RksvFehler } from "./fehler.ts";
import {
  aesSchluesselBytes,
  aesSchluesselPruefwert,
  entschluesseleUmsatzzaehler,
  erzeugeAesSchluessel,
  STORNO_MARKER,
  TRAINING_MARKER,
  umsatzzaehlerIv,
  verschluesseleUmsatzzaehler,
} from "./umsatzzaehler.ts";

// The deterministic values of shared/testdata/README.md (section rksv/).
const KASSE = "CASHBOX-DEMO-1";
const SCHLUESSEL = "WQRtiiya3hYh/Uz44Bv3x8ETl1nrH6nCdErn69g5/lU=";

describe("turnover counter vectors", () => {
  it.each<[string, number, number, string, string]>([
    ["CASHBOX-DEMO-1-Receipt-ID-1", 0, 8, "4229bc5028e623692c1e7ae498b47f3f", "4r1iIdZGeAQ="],
    ["CASHBOX-DEMO-1-Receipt-ID-1", 0, 5, "4229bc5028e623692c1e7ae498b47f3f", "4r1iIdY="],
    ["CASHBOX-DEMO-1-Receipt-ID-2", 123456, 8, "cc51d74678e0005f51f1f73eda773e05", "4K6F7XVR2X0="],
    ["CASHBOX-DEMO-1-Receipt-ID-3", -500, 8, "82b0d9e4c9e98d5ed4a7c693ac6dd891", "IXgEQJV4VMY="],
    ["CASHBOX-DEMO-1-Receipt-ID-3", -500, 5, "82b0d9e4c9e98d5ed4a7c693ac6dd891", "IXgEQWY="],
  ])("%s, %i cents in %i bytes", (belegNummer, cent, laenge, iv, feld) => {
    expect(umsatzzaehlerIv(KASSE, belegNummer).toString("hex")).toBe(iv);
    expect(verschluesseleUmsatzzaehler(cent, KASSE, belegNummer, SCHLUESSEL, laenge)).toBe(feld);
    expect(entschluesseleUmsatzzaehler(feld, KASSE, belegNummer, SCHLUESSEL)).toBe(cent);
  });

  it("round-trips the edges of each length", () => {
    for (const laenge of [5, 6, 7, 8]) {
      const grenze = Math.min(Number.MAX_SAFE_INTEGER, 2 ** (8 * laenge - 1) - 1);
      for (const cent of [0, 1, -1, grenze, -grenze]) {
        const feld = verschluesseleUmsatzzaehler(cent, KASSE, "R-1", SCHLUESSEL, laenge);
        expect(Buffer.from(feld, "base64")).toHaveLength(laenge);
        expect(entschluesseleUmsatzzaehler(feld, KASSE, "R-1", SCHLUESSEL)).toBe(cent);
      }
    }
  });

  it("refuses a counter that does not fit, and lengths outside 5 to 8", () => {
    expect(() => verschluesseleUmsatzzaehler(2 ** 39, KASSE, "R-1", SCHLUESSEL, 5)).toThrow(RksvFehler);
    expect(() => verschluesseleUmsatzzaehler(-(2 ** 39) - 1, KASSE, "R-1", SCHLUESSEL, 5)).toThrow(
      RksvFehler,
    );
    expect(verschluesseleUmsatzzaehler(-(2 ** 39), KASSE, "R-1", SCHLUESSEL, 5)).toHaveLength(8);
    expect(() => verschluesseleUmsatzzaehler(1, KASSE, "R-1", SCHLUESSEL, 4)).toThrow(/5 bis 8/);
    expect(() => verschluesseleUmsatzzaehler(1, KASSE, "R-1", SCHLUESSEL, 9)).toThrow(/5 bis 8/);
    expect(() => verschluesseleUmsatzzaehler(0.5, KASSE, "R-1", SCHLUESSEL)).toThrow(/Centbetrag/);
  });

  it("gives null for markers and fields that are not a counter", () => {
    expect(entschluesseleUmsatzzaehler(STORNO_MARKER, KASSE, "R-1", SCHLUESSEL)).toBeNull();
    expect(entschluesseleUmsatzzaehler(TRAINING_MARKER, KASSE, "R-1", SCHLUESSEL)).toBeNull();
    expect(entschluesseleUmsatzzaehler("AAAA", KASSE, "R-1", SCHLUESSEL)).toBeNull();
    expect(entschluesseleUmsatzzaehler("AAAAAAAAAAAAAA==", KASSE, "R-1", SCHLUESSEL)).toBeNull();
  });
});

describe("AES key", () => {
  it("has the check value of the README", () => {
    expect(aesSchluesselPruefwert(SCHLUESSEL)).toBe("omRR");
  });

  it("makes 32-byte keys and refuses others", () => {
    expect(aesSchluesselBytes(erzeugeAesSchluessel())).toHaveLength(32);
    expect(() => aesSchluesselBytes(Buffer.alloc(16).toString("base64"))).toThrow(RksvFehler);
    expect(() => aesSchluesselBytes("kein base64!")).toThrow(RksvFehler);
  });
});

describe("markers", () => {
  it("are base64 of STO and TRA", () => {
    expect(STORNO_MARKER).toBe(Buffer.from("STO").toString("base64"));
    expect(TRAINING_MARKER).toBe(Buffer.from("TRA").toString("base64"));
    expect([STORNO_MARKER, TRAINING_MARKER]).toEqual(["U1RP", "VFJB"]);
  });
});
