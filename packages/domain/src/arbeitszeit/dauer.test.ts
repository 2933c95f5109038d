import { describe, expect, it } from "vitest";
import { dauerText, dezimalStunden } from "./dauer.ts";

describe("dauerText", () => {
  it.each([
    [0, false, "0:00"],
    [462, false, "7:42"],
    [-75, false, "\u22121:15"],
    [75, true, "+1:15"],
    [0, true, "0:00"],
    [6000, false, "100:00"],
    [-5, false, "\u22120:05"],
  ])("%i minutes (plus %s) → %s", (minuten, plus, text) => {
    expect(dauerText(minuten, plus)).toBe(text);
  });
});

describe("dezimalStunden", () => {
  it.each([
    [0, "de", "0,00"],
    [462, "de", "7,70"],
    [462, "en", "7.70"],
    [-75, "de", "-1,25"],
    [1, "en", "0.02"],
    [20, "de", "0,33"],
    [40, "de", "0,67"],
  ] as const)("%i minutes (%s) → %s", (minuten, sprache, text) => {
    expect(dezimalStunden(minuten, sprache)).toBe(text);
  });
});
