import { describe, expect, it } from "vitest";
import { artikelListeAus, artikelZeilenAus, siehtAusWieNummer } from "./artikelQuick.api.ts";
import {
  artikelAusForm,
  artikelFehlt,
  formFehler,
  leererArtikel,
  zeileAusArtikel,
} from "./artikelQuick.form.ts";
import { kameraFehlerArt } from "./qrKamera.ts";

describe("artikelQuick", () => {
  it("tells numbers from names", () => {
    for (const text of ["10023", "A-0012", "M8", " x/12.5 "])
      expect(siehtAusWieNummer(text), text).toBe(true);
    for (const text of ["Schraube", "Schraube M8", "", "A 12", "#12"])
      expect(siehtAusWieNummer(text), text).toBe(false);
  });

  it("reads rows leniently: without id or name they are left out, wrong types read as empty", () => {
    expect(artikelZeilenAus({ artikelList: [] })).toEqual([]);
    expect(artikelListeAus([{ id: 1, artikelBezeichnung: "x" }])).toEqual([]);
    const [row, ...rest] = artikelZeilenAus([
      { id: 1, artikelBezeichnung: "Kabel", preis: "3", geloescht: true, bildAssetId: 4 },
      { id: "2", artikelBezeichnung: "x" },
      { id: 3 },
      null,
    ]);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      id: 1,
      artikelNummer: "",
      preis: null,
      mwst: 0,
      geloescht: true,
      bildAssetId: 4,
    });
  });

  it("maps the quick-create form to PUT artikel and back", () => {
    expect(leererArtikel("  Lampe  E27 ")).toMatchObject({
      artikelNummer: "",
      artikelBezeichnung: "Lampe E27",
    });
    expect(leererArtikel("A-1")).toMatchObject({ artikelNummer: "A-1", artikelBezeichnung: "" });
    const values = {
      artikelNummer: " A-1 ",
      artikelBezeichnung: " Lampe ",
      mehrwertssteuerId: "4",
      preis: 3.5,
    };
    expect(artikelFehlt(values)).toEqual([]);
    expect(artikelFehlt({ ...values, preis: "", mehrwertssteuerId: "" })).toEqual([
      "mehrwertssteuerId",
      "preis",
    ]);
    const body = artikelAusForm(values, "2026-03-01");
    expect(body).toEqual({
      artikelNummer: "A-1",
      artikelBezeichnung: "Lampe",
      mehrwertssteuer: { id: 4 },
      artikelPreisSet: [{ preis: 3.5, vonDatum: "2026-03-01", preisschiene: null }],
    });
    expect(
      formFehler({ "artikelPreisSet.0.vonDatum": "a", "mehrwertssteuer.id": "b", artikelNummer: "c" }),
    ).toEqual({
      preis: "a",
      mehrwertssteuerId: "b",
      artikelNummer: "c",
    });
    expect(
      zeileAusArtikel({ id: 9, artikelNummer: "A-1", artikelBezeichnung: "Lampe" }, body, 20),
    ).toMatchObject({
      id: 9,
      preis: 3.5,
      mwst: 20,
      bildAssetId: null,
    });
  });

  it("names camera failures", () => {
    expect(kameraFehlerArt(new DOMException("x", "NotAllowedError"))).toBe("verweigert");
    expect(kameraFehlerArt(new DOMException("x", "NotFoundError"))).toBe("keine");
    expect(kameraFehlerArt(new Error("x"))).toBe("fehler");
  });
});
