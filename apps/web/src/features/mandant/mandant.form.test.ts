import { type TMandant, ZMandant } from "@kontor/domain/mandant/mandant.schema";
import { describe, expect, it } from "vitest";
import {
  emptyMandant,
  errorsOfStep,
  firstStepWithError,
  toFormValues,
  toPayload,
  userName,
  WIZARD_STEPS,
} from "./mandant.form.ts";

const saved: TMandant = ZMandant.parse({
  id: 7,
  bezeichnung: "Muster GmbH",
  uid: "ATU12345675",
  email: null,
  kassaBetrag: 1234.5,
  kassaStartdatum: "2024-01-01",
  firstArtikelNummer: null,
  adresseLists: [{ id: 3, strasse: "Hauptstraße", hausNummer: "1", plz: "1010", ort: "Wien", land: "AT" }],
  modulList: ["rksv", "crm"],
  userLists: [{ id: 2, login: "user", firstName: "Ute", lastName: "User" }],
  anzahlBeleg: 12,
  letztesBelegsDatum: "2024-05-01",
});

describe("tenant form values", () => {
  it("an empty form is invalid only for the missing name", () => {
    const result = ZMandant.safeParse(toPayload(emptyMandant()));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["bezeichnung"]);
  });

  it("shows null texts and numbers as empty inputs and keeps the billing stats out of the form", () => {
    const values = toFormValues(saved);
    expect(values.email).toBe("");
    expect(values.firstArtikelNummer).toBe("");
    expect(values.kassaBetrag).toBe(1234.5);
    expect(values).toMatchObject({ pdfLayout: "standard", fensterkuvert: "B", pdfFusszeile: "" });
    expect(values).not.toHaveProperty("anzahlBeleg");
    expect(values).not.toHaveProperty("letztesBelegsDatum");
  });

  it("sends empty inputs as null and round-trips a saved tenant unchanged", () => {
    const payload = ZMandant.parse(toPayload(toFormValues(saved)));
    const { anzahlBeleg: _count, letztesBelegsDatum: _last, ...rest } = saved;
    expect(payload).toEqual({ ...rest });
    const modern = { ...saved, pdfLayout: "modern", fensterkuvert: "A", pdfFusszeile: "FN 123456a" } as const;
    expect(ZMandant.parse(toPayload(toFormValues(modern)))).toMatchObject({
      pdfLayout: "modern",
      fensterkuvert: "A",
      pdfFusszeile: "FN 123456a",
    });
    const cleared = toPayload({ ...toFormValues(saved), kassaBetrag: "", kassaStartdatum: "", uid: "" });
    expect(ZMandant.parse(cleared)).toMatchObject({ kassaBetrag: null, kassaStartdatum: null, uid: null });
  });

  it("assigns errors to the wizard steps that show their fields", () => {
    const errors = { bezeichnung: "x", "adresseLists.0.plz": "y", kassaBetrag: "z" };
    expect(errorsOfStep(errors, "stammdaten")).toEqual({ bezeichnung: "x" });
    expect(errorsOfStep(errors, "adresse")).toEqual({ "adresseLists.0.plz": "y" });
    expect(errorsOfStep(errors, "module")).toEqual({});
    expect(firstStepWithError({ "adresseLists.1.ort": "y" })).toBe(1);
    expect(firstStepWithError({ userLists: "y", modulList: "z" })).toBe(2);
    // A field no step shows: the last step ("Fertig") tells about it.
    expect(firstStepWithError({ kassaBetrag: "z" })).toBe(WIZARD_STEPS.length - 1);
  });

  it("names members by name and login", () => {
    expect(userName({ id: 1, login: "user", firstName: "Ute", lastName: "User" })).toBe("Ute User (user)");
    expect(userName({ id: 1, login: "admin", firstName: null, lastName: null })).toBe("admin");
    expect(userName({ id: 9 })).toBe("#9");
  });
});
