import { ZUntergruppe } from "@kontor/domain/warengruppe/warengruppe.schema";
import { describe, expect, it } from "vitest";
import {
  emptyUntergruppe,
  untergruppeFromForm,
  untergruppeToForm,
  warengruppeName,
} from "./untergruppe.form.ts";

describe("untergruppe form", () => {
  it("sends the goods group by id only", () => {
    const body = untergruppeFromForm({ id: 7, unterGruppe: "110", bezeichnung: "Säfte", warengruppe: "3" });
    expect(body).toEqual({ id: 7, unterGruppe: "110", bezeichnung: "Säfte", warengruppe: { id: 3 } });
    expect(ZUntergruppe.safeParse(body).success).toBe(true);
  });

  it("leaves out a goods group not chosen, so the schema names that field", () => {
    for (const warengruppe of ["", null]) {
      const body = untergruppeFromForm({
        ...emptyUntergruppe(),
        unterGruppe: "1",
        bezeichnung: "x",
        warengruppe,
      });
      expect(body.warengruppe).toBeUndefined();
      const result = ZUntergruppe.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["warengruppe"]);
    }
  });

  it("starts a subgroup of a given group with that group chosen", () => {
    expect(emptyUntergruppe(5)).toEqual({ unterGruppe: "", bezeichnung: "", warengruppe: "5" });
    expect(emptyUntergruppe().warengruppe).toBe("");
  });

  it("turns a loaded subgroup into form values and back", () => {
    const record = {
      id: 9,
      unterGruppe: "120",
      bezeichnung: "Limonaden",
      warengruppe: { id: 2, warenGruppe: "100", bezeichnung: "Getränke" },
    };
    const values = untergruppeToForm(record);
    expect(values).toEqual({ id: 9, unterGruppe: "120", bezeichnung: "Limonaden", warengruppe: "2" });
    expect(untergruppeFromForm(values)).toEqual({ ...record, warengruppe: { id: 2 } });
  });

  it("names a goods group by code and name", () => {
    expect(warengruppeName({ warenGruppe: "100", bezeichnung: "Getränke" })).toBe("100 – Getränke");
    expect(warengruppeName({ warenGruppe: "100" })).toBe("100");
  });
});
