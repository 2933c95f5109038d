import { describe, expect, it } from "vitest";
import { type EpcUeberweisung, epcQrText, utf8Bytes } from "./epc.rules.ts";

const basis: EpcUeberweisung = {
  name: "Muster Handels GmbH",
  iban: "AT61 1904 3002 3457 3201",
  bic: "BKAUATWW",
  betrag: 1234.5,
  verwendungszweck: "Rechnung 2026-00042",
};
const zeilen = (text: string | null) => text?.split("\n");

/* EPC069-12, version 002: BCD, 002, 1 (UTF-8), SCT, BIC, name, IBAN, EUR amount, purpose, reference, text. */
describe("epcQrText", () => {
  it("writes the eleven elements in order, LF-separated, nothing after the text", () => {
    expect(epcQrText(basis)).toBe(
      "BCD\n002\n1\nSCT\nBKAUATWW\nMuster Handels GmbH\nAT611904300234573201\nEUR1234.50\n\n\nRechnung 2026-00042",
    );
  });

  it.each([
    ["cents", 0.01, "EUR0.01"],
    ["the largest amount", "999999999.99", "EUR999999999.99"],
    ["rounded half away from zero", 10.005, "EUR10.01"],
    ["a whole amount", 100, "EUR100.00"],
  ])("amount: %s", (_, betrag, expected) => {
    expect(zeilen(epcQrText({ ...basis, betrag }))?.[7]).toBe(expected);
  });

  it.each([
    ["nothing to pay", 0],
    ["a credit", -12.5],
    ["less than a cent after rounding", 0.004],
    ["above the scheme's maximum", "1000000000.00"],
  ])("no code for %s", (_, betrag) => {
    expect(epcQrText({ ...basis, betrag })).toBeNull();
  });

  it("no code without a valid IBAN or a name", () => {
    expect(epcQrText({ ...basis, iban: "AT611904300234573202" })).toBeNull();
    expect(epcQrText({ ...basis, iban: "" })).toBeNull();
    expect(epcQrText({ ...basis, name: "  " })).toBeNull();
  });

  it("leaves the BIC empty when there is none or it is not one (optional in version 002)", () => {
    expect(zeilen(epcQrText({ ...basis, bic: null }))?.[4]).toBe("");
    expect(zeilen(epcQrText({ ...basis, bic: "no-bic" }))?.[4]).toBe("");
    expect(zeilen(epcQrText({ ...basis, bic: "bkau atww" }))?.[4]).toBe("BKAUATWW");
  });

  it("cuts the name to 70 and the text to 140 characters, and the whole to 331 bytes", () => {
    const lang = epcQrText({ ...basis, name: "N".repeat(80), verwendungszweck: "x".repeat(200) });
    expect(zeilen(lang)?.[5]).toHaveLength(70);
    expect(zeilen(lang)?.[10]).toHaveLength(140);
    const umlaute = epcQrText({ ...basis, name: "Ä".repeat(70), verwendungszweck: "Ü".repeat(140) })!;
    expect(utf8Bytes(umlaute)).toBeLessThanOrEqual(331);
    expect(utf8Bytes(umlaute)).toBeGreaterThan(320);
    expect(zeilen(umlaute)?.[10]).toMatch(/^Ü+$/);
  });

  it("counts UTF-8 bytes", () => {
    expect([utf8Bytes("a"), utf8Bytes("ä"), utf8Bytes("€"), utf8Bytes("😀")]).toEqual([1, 2, 3, 4]);
  });

  it("ends with the amount's empty elements dropped when there is no text", () => {
    expect(epcQrText({ ...basis, verwendungszweck: " " })).toBe(
      "BCD\n002\n1\nSCT\nBKAUATWW\nMuster Handels GmbH\nAT611904300234573201\nEUR1234.50",
    );
  });
});
