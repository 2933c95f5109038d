import { describe, expect, it } from "vitest";
import { istZeitpunkt, zeitpunktWien } from "./zeitpunkt.ts";

describe("zeitpunktWien", () => {
  it.each<[string, string]>([
    ["2024-01-15T12:00:00Z", "2024-01-15T13:00:00"],
    ["2024-07-01T12:00:00Z", "2024-07-01T14:00:00"],
    ["2024-12-31T23:30:05Z", "2025-01-01T00:30:05"],
    // The night the clocks go back: 02:30 comes twice, and the code shows the wall clock both times.
    ["2024-10-27T00:30:00Z", "2024-10-27T02:30:00"],
    ["2024-10-27T01:30:00Z", "2024-10-27T02:30:00"],
  ])("writes %s as %s", (moment, text) => {
    expect(zeitpunktWien(new Date(moment))).toBe(text);
  });
});

describe("istZeitpunkt", () => {
  it.each(["2024-05-01T00:00:00", "2024-02-29T23:59:59"])("takes %s", (text) => {
    expect(istZeitpunkt(text)).toBe(true);
  });

  it.each([
    "2023-02-29T10:00:00",
    "2024-05-01T24:00:00",
    "2024-05-01 10:00:00",
    "2024-05-01T10:00",
    "2024-05-01T10:00:00.000",
  ])("refuses %s", (text) => {
    expect(istZeitpunkt(text)).toBe(false);
  });
});
