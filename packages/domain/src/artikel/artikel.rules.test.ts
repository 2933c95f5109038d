import { describe, expect, it } from "vitest";
import { toFieldErrors } from "../http/field-errors.ts";
import { fehlendeFelder, mitSpeicherRegeln, pflichtFelder } from "./artikel.rules.ts";
import { ZArtikel } from "./artikel.schema.ts";

const felder = (artikel: Parameters<typeof fehlendeFelder>[0]) =>
  fehlendeFelder(artikel).map((grund) => grund.field);

describe("article save rules", () => {
  it("read form values: Bezeichnung (blank is missing) and MwSt, a price's amount and day, a supplier", () => {
    expect(felder({ artikelBezeichnung: "  ", mehrwertssteuer: "", artikelPreisSet: [] })).toEqual([
      "artikelBezeichnung",
      "mehrwertssteuer",
    ]);
    expect(
      felder({
        artikelBezeichnung: "X",
        mehrwertssteuer: "1",
        artikelPreisSet: [
          { preis: "", vonDatum: "" },
          { preis: 0, vonDatum: "2026-01-01" },
        ],
        artikelLieferantSet: [{ lieferant: null }, { lieferant: { id: 4 } }],
      }),
    ).toEqual(["artikelPreisSet.0.preis", "artikelPreisSet.0.vonDatum", "artikelLieferantSet.0.lieferant"]);
  });

  it("read the body of PUT artikel the same way (null, {id}); rows that are no objects are left to the schema", () => {
    expect(fehlendeFelder({ artikelBezeichnung: null, mehrwertssteuer: null })).toEqual([
      { field: "artikelBezeichnung", code: "required" },
      { field: "mehrwertssteuer", code: "required" },
    ]);
    expect(
      felder({
        artikelBezeichnung: "X",
        mehrwertssteuer: { id: 1 },
        artikelPreisSet: [null, { preis: 2, vonDatum: null }],
        artikelLieferantSet: "kaputt",
      }),
    ).toEqual(["artikelPreisSet.1.vonDatum"]);
  });

  it("mark every input they can ask for with the current rows, not the number", () => {
    const pflicht = pflichtFelder({ artikelPreisSet: [{}, {}], artikelLieferantSet: [{}] });
    expect([...pflicht]).toEqual([
      "artikelBezeichnung",
      "mehrwertssteuer",
      "artikelPreisSet.0.preis",
      "artikelPreisSet.0.vonDatum",
      "artikelPreisSet.1.preis",
      "artikelPreisSet.1.vonDatum",
      "artikelLieferantSet.0.lieferant",
    ]);
    expect(pflicht.has("artikelNummer")).toBe(false);
  });

  it("as a save schema: every missing field once, code required, also beside other invalid fields", () => {
    const ZSpeichern = mitSpeicherRegeln(ZArtikel);
    const input = {
      artikelBezeichnung: " ",
      einkaufsPreis: 1.234,
      artikelPreisSet: [{ preis: null, vonDatum: null }],
      artikelLieferantSet: [{ lieferant: null }],
    };
    const result = ZSpeichern.safeParse(input);
    expect(result.success).toBe(false);
    const errors = toFieldErrors(result.error?.issues ?? [], input);
    expect(errors).toContainEqual({ field: "einkaufsPreis", code: "invalid" });
    const verlangt = errors.filter((error) => error.code === "required").map((error) => error.field);
    expect(verlangt.sort()).toEqual([
      "artikelBezeichnung",
      "artikelLieferantSet.0.lieferant",
      "artikelPreisSet.0.preis",
      "artikelPreisSet.0.vonDatum",
      "mehrwertssteuer",
    ]);
    expect(ZSpeichern.safeParse({ artikelBezeichnung: "X", mehrwertssteuer: { id: 1 } }).success).toBe(true);
  });
});
