import { toFieldErrors } from "@kontor/domain/http/field-errors";
import { ZZahlungsziel } from "@kontor/domain/zahlungsziel/zahlungsziel.schema";
import { describe, expect, it } from "vitest";
import {
  amountOf,
  emptySkontoRow,
  emptyZahlungsziel,
  formatSkontoProzent,
  shortLabel,
  zahlungszielFromForm,
  zahlungszielToForm,
} from "./zahlungsziel.form.ts";

const fieldErrors = (body: unknown) => {
  const result = ZZahlungsziel.safeParse(body);
  return result.success ? [] : toFieldErrors(result.error.issues, body).map((e) => `${e.field} ${e.code}`);
};

describe("zahlungsziel form", () => {
  it("sends a loaded term back without step ids, row keys or customers", () => {
    const term = ZZahlungsziel.parse({
      id: 4,
      name: "30 Tage, 10 Tage 2 %",
      nettoTage: 30,
      skontoList: [
        { id: 1, tage: 10, prozent: 2 },
        { id: 2, tage: 20, prozent: 1.5 },
      ],
      defaultZahlungsziel: true,
    });
    const values = zahlungszielToForm(term);
    expect(new Set(values.skontoList.map((row) => row.key)).size).toBe(2);
    expect(zahlungszielFromForm(values)).toEqual({
      id: 4,
      name: "30 Tage, 10 Tage 2 %",
      nettoTage: 30,
      skontoList: [
        { tage: 10, prozent: 2 },
        { tage: 20, prozent: 1.5 },
      ],
      defaultZahlungsziel: true,
    });
  });

  it("leaves out the id of a new term", () => {
    expect(zahlungszielFromForm({ ...emptyZahlungsziel(), name: "Sofort", nettoTage: 0 })).toEqual({
      name: "Sofort",
      nettoTage: 0,
      skontoList: [],
      defaultZahlungsziel: false,
    });
  });

  it("reports empty inputs as required at their field, not as net days 0", () => {
    const values = { ...emptyZahlungsziel(), name: "n", skontoList: [emptySkontoRow()] };
    expect(fieldErrors(zahlungszielFromForm(values))).toEqual([
      "nettoTage required",
      "skontoList.0.tage required",
      "skontoList.0.prozent required",
    ]);
  });

  it("reports a step that breaks the order at that step, as the server does", () => {
    const values = {
      ...emptyZahlungsziel(),
      name: "n",
      nettoTage: 30,
      skontoList: [
        { ...emptySkontoRow(), tage: 10, prozent: 3 },
        { ...emptySkontoRow(), tage: 5, prozent: 2 },
      ],
    };
    expect(fieldErrors(zahlungszielFromForm(values))).toEqual(["skontoList.1.tage invalid"]);
  });
});

describe("formats", () => {
  it.each([
    [3, "3 %"],
    [2.5, "2,5 %"],
    [1.75, "1,75 %"],
  ])("skonto %d → %s", (prozent, expected) => {
    expect(formatSkontoProzent(prozent)).toBe(expected);
  });

  it.each<[number | string, number | undefined]>([
    [1234.5, 1234.5],
    ["1234.50", 1234.5],
    ["1234.", 1234],
    ["-", undefined],
    ["", undefined],
  ])("amount of input %j", (input, expected) => {
    expect(amountOf(input)).toBe(expected);
  });

  it("shortens long texts for titles", () => {
    expect(shortLabel("frei\nHaus")).toBe("frei Haus");
    expect(shortLabel("x".repeat(80), 10)).toBe(`${"x".repeat(9)}…`);
  });
});
