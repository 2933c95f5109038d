import { describe, expect, it } from "vitest";
import { toFieldErrors } from "../http/field-errors.ts";
import { type SkontoFehler, skontoFehler, ZZahlungsziel } from "./zahlungsziel.schema.ts";

const steps = (...pairs: [number, number][]) => pairs.map(([tage, prozent]) => ({ tage, prozent }));

describe("skontoFehler", () => {
  it.each<[string, number, [number, number][], SkontoFehler[]]>([
    ["no steps", 0, [], []],
    ["one step before the net date", 30, [[10, 2]], []],
    [
      "three steps, days up, percent down",
      60,
      [
        [7, 3],
        [14, 2],
        [30, 1],
      ],
      [],
    ],
    ["a step on the net date", 30, [[30, 2]], [{ index: 0, field: "tage" }]],
    ["a step with net days 0", 0, [[5, 2]], [{ index: 0, field: "tage" }]],
    [
      "days not increasing",
      30,
      [
        [10, 3],
        [10, 2],
      ],
      [{ index: 1, field: "tage" }],
    ],
    [
      "days decreasing",
      30,
      [
        [14, 3],
        [7, 2],
      ],
      [{ index: 1, field: "tage" }],
    ],
    [
      "percent not decreasing",
      30,
      [
        [7, 2],
        [14, 2],
      ],
      [{ index: 1, field: "prozent" }],
    ],
    [
      "both wrong on the third step",
      60,
      [
        [7, 3],
        [14, 2],
        [14, 2.5],
      ],
      [
        { index: 2, field: "tage" },
        { index: 2, field: "prozent" },
      ],
    ],
    [
      "past the net date, then not increasing",
      10,
      [
        [12, 3],
        [11, 2],
      ],
      [
        { index: 0, field: "tage" },
        { index: 1, field: "tage" },
      ],
    ],
  ])("%s", (_, nettoTage, pairs, expected) => {
    expect(skontoFehler({ nettoTage, skontoList: steps(...pairs) })).toEqual(expected);
  });
});

describe("ZZahlungsziel", () => {
  const fieldErrors = (input: Record<string, unknown>) => {
    const result = ZZahlungsziel.safeParse(input);
    return result.success ? [] : toFieldErrors(result.error.issues, input).map((e) => `${e.field} ${e.code}`);
  };

  it("defaults: net at once, no skonto, no customers, not the default", () => {
    expect(ZZahlungsziel.parse({ name: " Sofort " })).toEqual({
      name: "Sofort",
      nettoTage: 0,
      skontoList: [],
      kundeList: [],
      defaultZahlungsziel: false,
    });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["valid", { name: "30 Tage 2 %", nettoTage: 30, skontoList: steps([10, 2]) }, []],
    ["name missing", { nettoTage: 30 }, ["name required"]],
    ["name too long", { name: "x".repeat(101) }, ["name maxLength"]],
    ["net days above 365", { name: "n", nettoTage: 366 }, ["nettoTage max"]],
    ["net days not whole", { name: "n", nettoTage: 1.5 }, ["nettoTage integer"]],
    [
      "four steps",
      { name: "n", nettoTage: 90, skontoList: steps([1, 4], [2, 3], [3, 2], [4, 1]) },
      ["skontoList maxLength"],
    ],
    ["skonto 0 %", { name: "n", nettoTage: 30, skontoList: steps([10, 0]) }, ["skontoList.0.prozent min"]],
    ["skonto 0 days", { name: "n", nettoTage: 30, skontoList: steps([0, 2]) }, ["skontoList.0.tage min"]],
    [
      "skonto with three decimals",
      { name: "n", nettoTage: 30, skontoList: steps([10, 2.125]) },
      ["skontoList.0.prozent invalid"],
    ],
    [
      "skonto on the net date",
      { name: "n", nettoTage: 30, skontoList: steps([30, 2]) },
      ["skontoList.0.tage invalid"],
    ],
    [
      "days not increasing",
      { name: "n", nettoTage: 30, skontoList: steps([10, 3], [5, 2]) },
      ["skontoList.1.tage invalid"],
    ],
    [
      "percent not decreasing",
      { name: "n", nettoTage: 30, skontoList: steps([5, 2], [10, 3]) },
      ["skontoList.1.prozent invalid"],
    ],
  ])("%s", (_, input, expected) => {
    expect(fieldErrors(input)).toEqual(expected);
  });

  it("ignores the read-only step ids and customers it is sent back", () => {
    const parsed = ZZahlungsziel.parse({
      name: "n",
      nettoTage: 30,
      skontoList: [{ id: 1, tage: 10, prozent: 2 }],
      kundeList: [],
    });
    expect(parsed.skontoList).toEqual([{ id: 1, tage: 10, prozent: 2 }]);
  });
});
