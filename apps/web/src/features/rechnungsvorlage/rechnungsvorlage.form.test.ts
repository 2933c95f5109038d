import { describe, expect, it } from "vitest";
import { rechnungsvorlageFromForm } from "./rechnungsvorlage.form.ts";

describe("rechnungsvorlageFromForm", () => {
  const values = {
    id: 3,
    vorlagename: "Briefkopf",
    active: true,
    datei: null,
    vorlage: "",
    vorlageDateiname: "",
  };

  it("keeps the stored file when none is picked", () => {
    expect(rechnungsvorlageFromForm(values)).toEqual({ id: 3, vorlagename: "Briefkopf", active: true });
  });

  it("sends a picked file with its name", () => {
    expect(rechnungsvorlageFromForm({ ...values, vorlage: "JVBERi0=", vorlageDateiname: "a.pdf" })).toEqual({
      id: 3,
      vorlagename: "Briefkopf",
      active: true,
      vorlage: "JVBERi0=",
      vorlageDateiname: "a.pdf",
    });
  });
});
