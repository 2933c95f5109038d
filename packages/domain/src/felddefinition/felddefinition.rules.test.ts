import { describe, expect, it } from "vitest";
import type { TFeldTyp } from "./felddefinition.codes.ts";
import { optionenIssue, valueFitsType } from "./felddefinition.rules.ts";
import { ZBelegFelddefinition, ZKundeFelddefinition } from "./felddefinition.schema.ts";

describe("optionenIssue", () => {
  it.each<[TFeldTyp, string[], string | undefined]>([
    ["TEXT", [], undefined],
    ["NUMBER", [], undefined],
    ["TEXT", ["a"], "invalid"],
    ["BOOLEAN", ["ja", "nein"], "invalid"],
    ["SELECT", [], "required"],
    ["SELECT", ["klein", "mittel", "groß"], undefined],
    ["SELECT", ["klein", "klein"], "unique"],
    ["SELECT", ["Groß", "groß"], "unique"],
  ])("%s %j → %s", (type, optionen, expected) => {
    expect(optionenIssue(type, optionen)).toBe(expected);
  });
});

describe("valueFitsType", () => {
  it.each<[TFeldTyp, string | null, boolean]>([
    ["TEXT", "irgendwas", true],
    ["NUMBER", null, true],
    ["NUMBER", "", true],
    ["NUMBER", "12,5", true],
    ["NUMBER", "-3.25", true],
    ["NUMBER", "12 Stück", false],
    ["DATE", "2024-02-29", true],
    ["DATE", "2023-02-29", false],
    ["DATE", "29.02.2024", false],
    ["BOOLEAN", "true", true],
    ["BOOLEAN", "ja", false],
    ["SELECT", "mittel", true],
    ["SELECT", "riesig", false],
  ])("%s %j → %s", (type, value, expected) => {
    expect(valueFitsType(type, value, ["klein", "mittel"])).toBe(expected);
  });
});

describe("field definition schemas", () => {
  it("fills the SPEC defaults and reports the rules at their fields", () => {
    expect(ZKundeFelddefinition.parse({ bezeichnung: " Branche " })).toEqual({
      bezeichnung: "Branche",
      type: "TEXT",
      optionen: [],
      sortOrder: 0,
      search: true,
      printable: false,
      value: null,
    });
    const wrong = ZKundeFelddefinition.safeParse({
      bezeichnung: "Größe",
      type: "SELECT",
      optionen: ["S"],
      value: "M",
    });
    expect(wrong.error?.issues.map((issue) => issue.path.join("."))).toEqual(["value"]);
  });

  it("keeps document types once each, in their usual order", () => {
    const parsed = ZBelegFelddefinition.parse({
      bezeichnung: "x",
      belegsTyps: ["rechnung", "angebot", "rechnung"],
    });
    expect(parsed.belegsTyps).toEqual(["angebot", "rechnung"]);
  });
});
