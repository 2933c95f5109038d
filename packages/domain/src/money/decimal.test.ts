import { describe, expect, it } from "vitest";
import {
  add,
  compare,
  type Decimal,
  dec,
  decimalPlaces,
  div,
  isZero,
  mul,
  round,
  sub,
  toFixedString,
  toNumber,
} from "./decimal.ts";

const str = (d: Decimal) => toFixedString(d, d.scale);

describe("dec", () => {
  it.each<[number | string, string]>([
    ["12,5", "12.5"],
    ["12.5", "12.5"],
    [12.5, "12.5"],
    [" -3 ", "-3"],
    ["+7", "7"],
    [".5", "0.5"],
    ["5.", "5"],
    ["1.500", "1.5"],
    [0.1, "0.1"],
    [-0, "0"],
    [1e-7, "0.0000001"],
    [1.5e-7, "0.00000015"],
    [1e21, "1000000000000000000000"],
    ["2.5E3", "2500"],
    [123456789.123, "123456789.123"],
  ])("reads %j as %s", (input, expected) => {
    expect(str(dec(input))).toBe(expected);
  });

  it.each<[number | string]>([
    [""],
    ["  "],
    ["-"],
    [","],
    ["abc"],
    ["1.234,56"],
    ["1 000"],
    ["12.5€"],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
  ])("refuses %j", (input) => {
    expect(() => dec(input)).toThrow(RangeError);
  });

  it("gives equal values the same shape", () => {
    expect(dec("0.30")).toEqual(dec(0.3));
  });
});

describe("arithmetic", () => {
  it.each<[string, (a: Decimal, b: Decimal) => Decimal, number | string, number | string, string]>([
    ["0.1 + 0.2 is exactly 0.3", add, 0.1, 0.2, "0.3"],
    ["add across scales", add, "1.005", 2, "3.005"],
    ["add negatives", add, "-1.5", "0.25", "-1.25"],
    ["sub", sub, 0.3, 0.1, "0.2"],
    ["sub below zero", sub, 1, "1.01", "-0.01"],
    ["mul", mul, "1.1", "1.1", "1.21"],
    ["mul by a percent factor", mul, 80, "1.25", "100"],
    ["mul negative", mul, "-2.5", "4", "-10"],
  ])("%s", (_name, op, a, b, expected) => {
    expect(str(op(dec(a), dec(b)))).toBe(expected);
  });
});

describe("div", () => {
  it.each<[number | string, number | string, number, string]>([
    [10, 3, 4, "3.3333"],
    [20, 3, 4, "6.6667"],
    [-20, 3, 4, "-6.6667"],
    [20, -3, 2, "-6.67"],
    [1, 8, 2, "0.13"],
    [-1, 8, 2, "-0.13"],
    ["133.33", "1.2", 2, "111.11"],
    ["0.5", "0.25", 0, "2"],
    [0, 7, 2, "0.00"],
  ])("%s / %s at %i places is %s", (a, b, scale, expected) => {
    expect(toFixedString(div(dec(a), dec(b), scale), scale)).toBe(expected);
  });

  it("throws on division by zero", () => {
    expect(() => div(dec(1), dec("0.00"), 2)).toThrow(/zero/);
  });
});

describe("round (half away from zero)", () => {
  it.each<[number | string, number, string]>([
    [1.005, 2, "1.01"],
    [-2.345, 2, "-2.35"],
    [2.345, 2, "2.35"],
    [2.344, 2, "2.34"],
    [-2.344, 2, "-2.34"],
    ["0.5", 0, "1"],
    ["-0.5", 0, "-1"],
    ["1.45", 1, "1.5"],
    ["-0.004", 2, "0.00"],
    ["7", 2, "7.00"],
    ["111.1111", 2, "111.11"],
  ])("%s at %i places is %s", (value, scale, expected) => {
    expect(toFixedString(round(dec(value), scale), scale)).toBe(expected);
  });

  it("refuses a negative or fractional scale", () => {
    expect(() => round(dec(1), -1)).toThrow(RangeError);
    expect(() => round(dec(1), 1.5)).toThrow(RangeError);
  });
});

describe("toNumber / toFixedString", () => {
  it.each<[string, number, string]>([
    ["0.3", 0.3, "0.30"],
    ["-1234.5", -1234.5, "-1234.50"],
    ["0.005", 0.005, "0.01"],
    ["-0.001", -0.001, "0.00"],
    ["100", 100, "100.00"],
  ])("%s", (value, number, fixed2) => {
    expect(toNumber(dec(value))).toBe(number);
    expect(toFixedString(dec(value), 2)).toBe(fixed2);
  });

  it("0.1 + 0.2 reads back as the number 0.3", () => {
    expect(toNumber(add(dec(0.1), dec(0.2)))).toBe(0.3);
  });
});

describe("compare / isZero", () => {
  it.each<[number | string, number | string, -1 | 0 | 1]>([
    ["1.10", "1.1", 0],
    ["1.09", "1.1", -1],
    ["-1", "-2", 1],
    [0, "-0.0", 0],
  ])("compare(%s, %s) is %i", (a, b, expected) => {
    expect(compare(dec(a), dec(b))).toBe(expected);
  });

  it.each<[string, boolean]>([
    ["0", true],
    ["0.000", true],
    ["-0", true],
    ["0.001", false],
  ])("isZero(%s) is %s", (value, expected) => {
    expect(isZero(dec(value))).toBe(expected);
  });
});

describe("decimalPlaces", () => {
  it.each<[number, number]>([
    [100, 0],
    [12.5, 1],
    [1.005, 3],
    [0.1 + 0.2, 17],
    [1e-7, 7],
    [1.5e-7, 8],
    [1e21, 0],
    [-3.25, 2],
    [Number.NaN, Number.POSITIVE_INFINITY],
  ])("%s has %s", (value, expected) => {
    expect(decimalPlaces(value)).toBe(expected);
  });
});
