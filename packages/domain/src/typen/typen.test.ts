import { describe, expect, it } from "vitest";
import { AUTHORITIES } from "../access/access.schema.ts";
import { BELEGS_TYP_BESTELLUNG, BELEGS_TYPEN, BELEGS_TYPEN_GUI, ROLE_TYPEN, typList } from "./typen.ts";

describe("simple types", () => {
  it("the editor offers every document type but storno, in the same order", () => {
    expect(BELEGS_TYPEN_GUI).toEqual(BELEGS_TYPEN.filter((typ) => typ !== "storno"));
    expect(BELEGS_TYPEN_GUI).not.toContain("storno");
    expect(BELEGS_TYPEN_GUI).toHaveLength(BELEGS_TYPEN.length - 1);
  });

  it("order document types are document types", () => {
    for (const typ of BELEGS_TYP_BESTELLUNG) expect(BELEGS_TYPEN).toContain(typ);
  });

  it("role types are the authorities", () => {
    expect(ROLE_TYPEN).toEqual(AUTHORITIES);
  });

  it.each<[string, readonly string[], { id: number; name: string }[]]>([
    ["empty", [], []],
    ["one", ["bestellung"], [{ id: 1, name: "bestellung" }]],
    [
      "ids follow the order",
      ["firma", "privatperson"],
      [
        { id: 1, name: "firma" },
        { id: 2, name: "privatperson" },
      ],
    ],
  ])("typList: %s", (_name, codes, expected) => {
    expect(typList(codes)).toEqual(expected);
  });
});
