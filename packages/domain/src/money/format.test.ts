import { describe, expect, it } from "vitest";
import { euroText, prozentText, zahlText } from "./format.ts";

describe("printed numbers (SPEC §9)", () => {
  it.each([
    [1234.56, "de", "1.234,56 €"],
    [1234.56, "en", "€1,234.56"],
    [-1234567.5, "de", "-1.234.567,50 €"],
    [-0.5, "en", "-€0.50"],
    [0, "de", "0,00 €"],
    ["999999999999.99", "de", "999.999.999.999,99 €"],
    [0.005, "de", "0,01 €"],
    [-0.004, "de", "0,00 €"],
  ] as const)("euroText(%s, %s) = %s", (value, sprache, expected) => {
    expect(euroText(value, sprache)).toBe(expected);
  });

  it("unit prices keep up to four decimals, at least two", () => {
    expect(euroText(1.2345, "de", 4)).toBe("1,2345 €");
    expect(euroText(1.2, "en", 4)).toBe("€1.20");
  });

  it("quantities and percentages drop trailing zeros", () => {
    expect(zahlText(1.5, "de", 0, 3)).toBe("1,5");
    expect(zahlText(1000, "en", 0, 3)).toBe("1,000");
    expect(prozentText(2.5, "de")).toBe("2,5 %");
    expect(prozentText(20, "en")).toBe("20%");
  });
});
