import { fehlendeFelder, pflichtFelder } from "@kontor/domain/artikel/artikel.rules";
import { ZArtikel } from "@kontor/domain/artikel/artikel.schema";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { heuteGueltig } from "./ArtikelPreise.tsx";
import { bildFehler, verschieben } from "./artikel.bild.ts";
import {
  artikelDuplikat,
  artikelFromForm,
  artikelToForm,
  fehlerJeTab,
  neuerArtikelForm,
  neuerLieferant,
  neuerPreis,
  tabOf,
} from "./artikel.form.ts";
import { katalogParams, LEERER_FILTER } from "./artikel.katalog.tsx";
import { betroffen } from "./artikel.list.extras.tsx";
import type { ArtikelListRow } from "./artikel.resource.ts";

/** What PUT artikel takes (the API's save schema): images as {assetId} links. */
const ZSpeichern = ZArtikel.extend({
  artikelImages: z.array(z.object({ assetId: z.number().int().positive() })),
});

/** A stored article as GET artikel/{id} answers it. */
const gespeichert = ZArtikel.parse({
  id: 17,
  artikelNummer: "A-0017",
  artikelBezeichnung: "Glühbirne E27",
  artikelBeschreibung: "Warmweiß",
  mehrwertssteuer: { id: 2, mwst: 20 },
  untergruppe: { id: 5, bezeichnung: "Lampen", warengruppe: { id: 3, bezeichnung: "Elektro" } },
  einkaufsPreis: 1.2,
  lagerstand: 12.5,
  vpe: 10,
  artikelPreisSet: [
    { id: 1, preis: 2.5, vonDatum: "2026-01-01", preisschiene: null },
    { id: 2, preis: 2.1, vonDatum: "2026-02-01", preisschiene: { id: 9 } },
  ],
  artikelLieferantSet: [
    {
      id: 4,
      lieferant: { id: 40, anzeigename: "Licht GmbH" },
      lieferantenArtikelNummer: "L-1",
      einkaufsPreis: 1.1,
    },
  ],
  artikelFelder: [{ felddefinitionId: 8, value: "rot" }],
  artikelImages: [
    { assetId: 100, dateiname: "a.jpg", contentType: "image/jpeg", groesse: 10 },
    { assetId: 101, dateiname: "b.png", contentType: "image/png", groesse: 20 },
  ],
  artikelPdfs: [
    { id: 3, dateiname: "d.pdf", contentType: "application/pdf", groesse: 5, hochgeladenAm: "x" },
  ],
  webshopId: 555,
  webshopArtikel: true,
  webshopCategory: 7,
  locked: false,
});

describe("article form mapping", () => {
  it("maps a record to inputs and back to a body the shared schema accepts", () => {
    const values = artikelToForm(gespeichert);
    expect(values.mehrwertssteuer).toBe("2");
    expect(values.warengruppe).toBe("3");
    expect(values.untergruppe).toBe("5");
    expect(values.artikelPreisSet.map((preis) => preis.preisschiene)).toEqual(["", "9"]);
    expect(values.artikelLieferantSet[0]?.lieferant).toEqual({ id: 40, anzeigename: "Licht GmbH" });

    const body = artikelFromForm(values);
    expect(body).toMatchObject({
      id: 17,
      artikelNummer: "A-0017",
      mehrwertssteuer: { id: 2 },
      untergruppe: { id: 5 },
      einkaufsPreis: 1.2,
      vpe: 10,
      webshopId: 555,
      artikelImages: [{ assetId: 100 }, { assetId: 101 }],
      artikelPreisSet: [
        { id: 1, preis: 2.5, vonDatum: "2026-01-01", preisschiene: null },
        { id: 2, preis: 2.1, vonDatum: "2026-02-01", preisschiene: { id: 9 } },
      ],
      artikelLieferantSet: [
        { id: 4, lieferant: { id: 40 }, lieferantenArtikelNummer: "L-1", einkaufsPreis: 1.1 },
      ],
    });
    expect(body).not.toHaveProperty("artikelPdfs");
    expect(JSON.stringify(body)).not.toContain('"key"');
    expect(ZSpeichern.safeParse(body).success).toBe(true);
  });

  it("sends empty inputs as null, a cleared stock as 0 and no holder for an article not lendable", () => {
    const values = {
      ...neuerArtikelForm({ mehrwertssteuerId: 1 }),
      artikelBezeichnung: "Neu",
      lagerstand: "" as const,
      halter: "Franz",
    };
    const body = artikelFromForm(values);
    expect(body).toMatchObject({
      artikelNummer: null,
      einkaufsPreis: null,
      lagerstand: 0,
      vpe: null,
      halter: null,
      untergruppe: null,
    });
    expect(body).not.toHaveProperty("id");
    expect(ZSpeichern.safeParse(body).success).toBe(true);
  });

  it("preselects the default VAT rate and one field per definition with its default on new", () => {
    const values = neuerArtikelForm({
      mehrwertssteuerId: 4,
      felddefinitionen: [{ id: 1, value: "x" }, { id: 2 }],
    });
    expect(values.mehrwertssteuer).toBe("4");
    expect(values.artikelFelder).toEqual([
      { felddefinitionId: 1, value: "x" },
      { felddefinitionId: 2, value: "" },
    ]);
    expect(values.rabattierFaehig).toBe(true);
    expect(values.id).toBeUndefined();
  });
});

describe("duplicate mapping", () => {
  it("clears id, number, PDFs and webshop id; keeps images as the same assets; copies rows without ids", () => {
    const kopie = artikelDuplikat(artikelToForm({ ...gespeichert, locked: true, geloescht: true }));
    expect(kopie.id).toBeUndefined();
    expect(kopie.artikelNummer).toBe("");
    expect(kopie).not.toHaveProperty("webshopId");
    expect(kopie.locked).toBe(false);
    expect(kopie.geloescht).toBe(false);
    expect(kopie.artikelBezeichnung).toBe("Glühbirne E27");
    expect(kopie.artikelImages.map((bild) => bild.assetId)).toEqual([100, 101]);
    expect(kopie.artikelPreisSet.every((preis) => preis.id === undefined)).toBe(true);
    expect(kopie.artikelLieferantSet.every((eintrag) => eintrag.id === undefined)).toBe(true);

    const body = artikelFromForm(kopie);
    expect(body).not.toHaveProperty("id");
    expect(body).not.toHaveProperty("webshopId");
    expect(body.artikelNummer).toBeNull();
    expect(body.artikelPreisSet).toEqual([
      { preis: 2.5, vonDatum: "2026-01-01", preisschiene: null },
      { preis: 2.1, vonDatum: "2026-02-01", preisschiene: { id: 9 } },
    ]);
    expect(body.artikelLieferantSet).toEqual([
      { lieferant: { id: 40 }, lieferantenArtikelNummer: "L-1", einkaufsPreis: 1.1 },
    ]);
    expect(body.artikelImages).toEqual([{ assetId: 100 }, { assetId: 101 }]);
    expect(body.webshopArtikel).toBe(true);
  });

  it("gives the copied rows new keys (the original's inputs are not reused)", () => {
    const original = artikelToForm(gespeichert);
    const kopie = artikelDuplikat(original);
    expect(kopie.artikelPreisSet[0]?.key).not.toBe(original.artikelPreisSet[0]?.key);
  });
});

describe("save rules", () => {
  it("needs Bezeichnung and MwSt, not the number; a price needs amount and day; a supplier row its supplier", () => {
    const leer = neuerArtikelForm();
    expect(fehlendeFelder(leer).map((grund) => grund.field)).toEqual([
      "artikelBezeichnung",
      "mehrwertssteuer",
    ]);
    const values = {
      ...leer,
      artikelBezeichnung: "X",
      mehrwertssteuer: "1",
      artikelPreisSet: [neuerPreis(), { ...neuerPreis("2026-01-01"), preis: 3 }],
      artikelLieferantSet: [neuerLieferant()],
    };
    expect(fehlendeFelder(values).map((grund) => grund.field)).toEqual([
      "artikelPreisSet.0.preis",
      "artikelPreisSet.0.vonDatum",
      "artikelLieferantSet.0.lieferant",
    ]);
    expect(pflichtFelder(values).has("artikelPreisSet.1.vonDatum")).toBe(true);
    expect(pflichtFelder(values).has("artikelNummer")).toBe(false);
  });

  it("puts errors on their tabs", () => {
    expect(tabOf("artikelPreisSet.0.vonDatum")).toBe("preise");
    expect(tabOf("artikelLieferantSet.1.lieferant")).toBe("lieferanten");
    expect(tabOf("artikelImages")).toBe("bilder");
    expect(tabOf("artikelFelder.0.value")).toBe("felder");
    expect(tabOf("artikelNummer")).toBe("stammdaten");
    expect(fehlerJeTab(["artikelNummer", "artikelPreisSet.0.preis", "artikelPreisSet.1.preis"])).toEqual({
      stammdaten: 1,
      preise: 2,
    });
  });
});

describe("prices valid today", () => {
  const preis = (value: number, vonDatum: string, preisschiene = "") => ({
    ...neuerPreis(vonDatum, preisschiene),
    preis: value,
  });
  it("shows the latest base entry and per tier its own entry or else the base price", () => {
    const zeilen = [
      preis(10, "2026-01-01"),
      preis(11, "2026-06-01"),
      preis(12, "2027-01-01"),
      preis(9, "2026-03-01", "1"),
      { ...neuerPreis("2026-01-01"), preis: "" as const },
    ];
    const gueltig = heuteGueltig(zeilen, [{ id: 1 }, { id: 2 }], "2026-11-22");
    expect(gueltig.basis?.preis).toBe(11);
    expect(gueltig.jeSchiene.map(({ eintrag }) => eintrag?.preis)).toEqual([9, 11]);
    expect([...gueltig.keys].sort()).toEqual([zeilen[1]?.key, zeilen[3]?.key].sort());
  });
  it("has none before the first day", () => {
    expect(heuteGueltig([preis(10, "2026-12-01")], [], "2026-11-30").basis).toBeUndefined();
  });
});

describe("images", () => {
  const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
  const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]);
  it("accepts JPEG/PNG/WebP by content, at most 5, at most 10 MB", () => {
    expect(bildFehler({ size: 100 }, jpeg, 0)).toBeNull();
    expect(bildFehler({ size: 100 }, gif, 0)).toBe("notImage");
    expect(bildFehler({ size: 100 }, jpeg, 5)).toBe("tooMany");
    expect(bildFehler({ size: 0 }, jpeg, 0)).toBe("empty");
    expect(bildFehler({ size: 10 * 1024 * 1024 + 1 }, jpeg, 0)).toBe("tooLarge");
  });
  it("reorders", () => {
    expect(verschieben([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(verschieben([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(verschieben([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });
});

describe("list bulk actions and catalogue query", () => {
  const row = (id: number, geloescht: boolean, locked: boolean) =>
    ({ id, geloescht, locked }) as ArtikelListRow;
  it("changes only the rows not already so; a locked row only takes unlock", () => {
    const rows = [row(1, false, false), row(2, true, false), row(3, false, true)];
    expect(betroffen(rows, "loeschen")).toEqual([1]);
    expect(betroffen(rows, "wiederherstellen")).toEqual([2]);
    expect(betroffen(rows, "sperren")).toEqual([1, 2]);
    expect(betroffen(rows, "entsperren")).toEqual([3]);
  });
  it("sends init on the first page without filters, and the filters set otherwise", () => {
    expect(katalogParams(LEERER_FILTER, 0, true)).toEqual({
      page: 0,
      size: 24,
      sort: "artikelBezeichnung,asc",
      init: true,
    });
    expect(
      katalogParams(
        {
          ...LEERER_FILTER,
          searchTerm: " lampe ",
          warengruppe: "3",
          untergruppen: ["5", "6"],
          lieferant: { id: 40, anzeigename: "L" },
          verleihbar: true,
          includeDeactivated: true,
        },
        1,
        false,
      ),
    ).toEqual({
      page: 1,
      size: 24,
      sort: "artikelBezeichnung,asc",
      searchTerm: "lampe",
      selectedUGS: "5,6",
      selectedLieferant: 40,
      selectedVerleihbar: true,
      selectedIncludeDeactivated: true,
    });
    expect(katalogParams({ ...LEERER_FILTER, warengruppe: "3" }, 0, false)).toMatchObject({ selectedWG: 3 });
    expect(
      katalogParams({ ...LEERER_FILTER, warengruppe: "3", untergruppen: ["5"] }, 0, false),
    ).toMatchObject({
      selectedUG: 5,
    });
  });
});
