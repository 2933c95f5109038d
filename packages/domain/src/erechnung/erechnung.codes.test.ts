import { describe, expect, it } from "vitest";
import {
  elektronischeAdresse,
  elektronischeAdresseGueltig,
  leitwegIdGueltig,
  peppolAdresse,
} from "./erechnung.codes.ts";

describe("leitwegIdGueltig", () => {
  it.each([
    ["04011000-12345-03", true], // the official XRechnung test invoice
    ["04011000-12345-04", false], // wrong check digits
    ["04011000-1234A-xx", false],
    ["1-12", false], // coarse addressing needs two digits
    ["", false],
    ["04011000--03", false],
  ])("%s → %s", (wert, gueltig) => {
    expect(leitwegIdGueltig(wert)).toBe(gueltig);
  });

  it("accepts letters in the fine addressing, case-insensitively", () => {
    // Compute a valid id with letters: the check digits are 98 − (number × 100 mod 97).
    const basis = "0401100012345ABC";
    let rest = 0;
    for (const z of basis) {
      const ziffern = /[0-9]/.test(z) ? z : String(z.charCodeAt(0) - 55);
      for (const d of ziffern) rest = (rest * 10 + Number(d)) % 97;
    }
    const pruef = String(98 - ((rest * 100) % 97)).padStart(2, "0");
    expect(leitwegIdGueltig(`04011000-12345ABC-${pruef}`)).toBe(true);
    expect(leitwegIdGueltig(`04011000-12345abc-${pruef}`)).toBe(true);
  });
});

describe("elektronischeAdresse", () => {
  it("reads e-mail addresses and EAS ids", () => {
    expect(elektronischeAdresse(" rechnung@firma.at ")).toEqual({ schema: "EM", wert: "rechnung@firma.at" });
    expect(elektronischeAdresse("9915:b")).toEqual({ schema: "9915", wert: "b" });
    expect(elektronischeAdresse("0204:04011000-12345-03")).toEqual({
      schema: "0204",
      wert: "04011000-12345-03",
    });
    expect(elektronischeAdresse("firma.at")).toBeNull();
    expect(elektronischeAdresse("12:ab")).toBeNull();
  });
});

describe("elektronischeAdresseGueltig (EAS code list, BR-CL-25)", () => {
  it.each([
    ["rechnung@firma.at", true],
    ["9915:b", true],
    ["0088:4035811991014", true],
    ["0204:04011000-12345-03", true],
    ["1234:abc", false], // no EAS code
    ["0000:abc", false],
    ["firma.at", false],
  ])("%s → %s", (wert, gueltig) => {
    expect(elektronischeAdresseGueltig(wert)).toBe(gueltig);
  });
});

describe("peppolAdresse", () => {
  it("keeps a Peppol address, replaces an e-mail address by the VAT id's scheme, or has none", () => {
    expect(peppolAdresse({ schema: "0088", wert: "4035811991014" }, "ATU13585627")).toEqual({
      schema: "0088",
      wert: "4035811991014",
    });
    expect(peppolAdresse({ schema: "EM", wert: "a@b.at" }, "atu 13585627")).toEqual({
      schema: "9914",
      wert: "ATU13585627",
    });
    expect(peppolAdresse(null, "CHE123456789")).toEqual({ schema: "9927", wert: "CHE123456789" });
    expect(peppolAdresse({ schema: "EM", wert: "kreditoren@meier.ch" }, null)).toBeNull();
    expect(peppolAdresse(undefined, "XX123")).toBeNull();
  });
});
