import { describe, expect, it } from "vitest";
import { pickMandant } from "./mandant.rules.ts";

const a = { id: 1, bezeichnung: "A", aktiv: true };
const b = { id: 2, bezeichnung: "B", aktiv: true };
const off = { id: 3, bezeichnung: "Off", aktiv: false };

describe("pickMandant", () => {
  it.each([
    { name: "keeps the stored tenant", list: [a, b], stored: 2, expected: 2 },
    { name: "first active when nothing stored", list: [off, b, a], stored: null, expected: 2 },
    { name: "first active when the stored one is not the user's", list: [a, b], stored: 9, expected: 1 },
    { name: "first active when the stored one is inactive", list: [off, a], stored: 3, expected: 1 },
    { name: "none without an active tenant", list: [off], stored: null, expected: null },
    { name: "none without tenants", list: [], stored: 1, expected: null },
  ])("$name", ({ list, stored, expected }) => {
    expect(pickMandant(list, stored)).toBe(expected);
  });

  it.each([
    {
      name: "the device's choice wins over the server's",
      list: [a, b],
      stored: 1,
      remembered: 2,
      expected: 1,
    },
    {
      name: "the server's choice when the device has none",
      list: [a, b],
      stored: null,
      remembered: 2,
      expected: 2,
    },
    {
      name: "the server's choice when the device's is gone",
      list: [a, b],
      stored: 9,
      remembered: 2,
      expected: 2,
    },
    {
      name: "first active when the server's is inactive",
      list: [off, b],
      stored: null,
      remembered: 3,
      expected: 2,
    },
    {
      name: "first active when the server's is not the user's",
      list: [a, b],
      stored: null,
      remembered: 7,
      expected: 1,
    },
  ])("$name", ({ list, stored, remembered, expected }) => {
    expect(pickMandant(list, stored, remembered)).toBe(expected);
  });
});
