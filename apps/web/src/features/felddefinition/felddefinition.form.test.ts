import {
  ZArtikelFelddefinition,
  ZBelegFelddefinition,
  ZKundeFelddefinition,
} from "@kontor/domain/felddefinition/felddefinition.schema";
import { toFieldErrors } from "@kontor/domain/http/field-errors";
import { describe, expect, it } from "vitest";
import {
  emptyFelddefinition,
  type FelddefinitionValues,
  felddefinitionFromForm,
  felddefinitionToForm,
} from "./felddefinition.form.ts";

const filled = (overrides: Partial<FelddefinitionValues> = {}): FelddefinitionValues => ({
  ...emptyFelddefinition(),
  bezeichnung: "Farbe",
  ...overrides,
});

const errorsOf = (schema: typeof ZBelegFelddefinition | typeof ZKundeFelddefinition, body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? [] : toFieldErrors(result.error.issues, body);
};

describe("felddefinitionFromForm", () => {
  it("sends only the fields of each kind", () => {
    const values = filled({
      printable: true,
      value: "rot",
      bezeichnungEn: "Colour",
      belegsTyps: ["rechnung"],
    });
    expect(Object.keys(felddefinitionFromForm("artikel", values)).sort()).toEqual(
      ["bezeichnung", "optionen", "search", "sortOrder", "type"].sort(),
    );
    expect(felddefinitionFromForm("kunde", values)).toMatchObject({ printable: true, value: "rot" });
    expect(felddefinitionFromForm("kunde", values)).not.toHaveProperty("belegsTyps");
    expect(felddefinitionFromForm("beleg", values)).toMatchObject({
      printable: true,
      bezeichnungEn: "Colour",
      belegsTyps: ["rechnung"],
    });
    expect(felddefinitionFromForm("beleg", values)).not.toHaveProperty("value");
  });

  it("drops choices the hidden input still holds when the type is no selection list", () => {
    const body = felddefinitionFromForm("artikel", filled({ type: "TEXT", optionen: ["a", "b"] }));
    expect(body.optionen).toEqual([]);
    expect(ZArtikelFelddefinition.safeParse(body).success).toBe(true);
    expect(felddefinitionFromForm("artikel", filled({ type: "SELECT", optionen: ["a"] })).optionen).toEqual([
      "a",
    ]);
  });

  it("turns empty inputs into what the contract expects", () => {
    const kunde = felddefinitionFromForm("kunde", filled({ value: "  ", sortOrder: "" }));
    expect(kunde).toMatchObject({ value: null, sortOrder: undefined });
    expect(ZKundeFelddefinition.parse(kunde).sortOrder).toBe(0);
    expect(felddefinitionFromForm("beleg", filled({ bezeichnungEn: "" }))).toMatchObject({
      bezeichnungEn: null,
    });
  });

  it("reports no document type as missing, not as too short", () => {
    const body = felddefinitionFromForm("beleg", filled({ belegsTyps: [] }));
    expect(errorsOf(ZBelegFelddefinition, body)).toEqual([{ field: "belegsTyps", code: "required" }]);
  });

  it("leaves a selection list without choices to the shared rule", () => {
    const body = felddefinitionFromForm("kunde", filled({ type: "SELECT", optionen: [] }));
    expect(errorsOf(ZKundeFelddefinition, body)).toEqual([{ field: "optionen", code: "required" }]);
  });
});

describe("felddefinitionToForm", () => {
  it("round-trips a document field and fills what a kind does not have", () => {
    const record = ZBelegFelddefinition.parse({
      id: 4,
      bezeichnung: "Kostenstelle",
      bezeichnungEn: null,
      type: "SELECT",
      optionen: ["A", "B"],
      belegsTyps: ["rechnung", "angebot"],
      belegsTypsString: "Angebot, Rechnung",
    });
    const values = felddefinitionToForm(record);
    expect(values).toMatchObject({
      id: 4,
      bezeichnungEn: "",
      value: "",
      belegsTyps: ["angebot", "rechnung"],
    });
    expect(ZBelegFelddefinition.parse(felddefinitionFromForm("beleg", values))).toMatchObject({
      id: 4,
      optionen: ["A", "B"],
      belegsTyps: ["angebot", "rechnung"],
    });
    expect(felddefinitionToForm(ZArtikelFelddefinition.parse({ bezeichnung: "x" }))).toMatchObject({
      printable: false,
      search: true,
      belegsTyps: [],
    });
  });
});
