import { EINHEIT_CODES } from "@kontor/domain/einheit/einheit.schema";
import { describe, expect, it } from "vitest";
import { einheitCodeLabel, einheitCodeName, einheitCodeOptions } from "./einheitCodes.ts";

describe("einheitCodes", () => {
  it("labels a code with its name in the language", () => {
    expect(einheitCodeLabel("C62", "de")).toBe("C62 – Stück");
    expect(einheitCodeLabel("HUR", "en")).toBe("HUR – Hour");
  });

  it("shows an unknown code as it is", () => {
    expect(einheitCodeName("ZZZ", "de")).toBe("");
    expect(einheitCodeLabel("ZZZ", "de")).toBe("ZZZ");
    expect(einheitCodeName("toString", "de")).toBe("");
  });

  it("offers every code of the list once, the usual ones first", () => {
    const options = einheitCodeOptions("de");
    expect(options.map((o) => o.value)).toEqual(Object.keys(EINHEIT_CODES));
    expect(options[0]).toEqual({ value: "C62", label: "C62 – Stück" });
  });

  it("shows codes the tenant already has as not selectable", () => {
    const options = einheitCodeOptions("en", new Set(["HUR"]));
    expect(options.find((o) => o.value === "HUR")).toEqual({
      value: "HUR",
      label: "HUR – Hour",
      disabled: true,
    });
    expect(options.filter((o) => o.disabled)).toHaveLength(1);
  });
});
