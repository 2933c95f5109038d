import type { TArtikel } from "@kontor/domain/artikel/artikel.schema";
import type { UseFormReturnType } from "@mantine/form";
import { rowKey, tabTabelle } from "../../components/form/aggregateForm.ts";

/**
 * The article form's values (SPEC §3 Article): inputs hold "" where the record holds null, selections hold ids as
 * text, rows carry a `key` so their inputs stay put when others are removed. The paths are those of the record
 * (`artikelPreisSet.0.vonDatum`), so the save rules' (@kontor/domain artikel.rules.ts) and the server's field
 * errors land on the inputs as they are. Zod-free: the screen's first load carries no schema (DESIGN §9).
 */

export interface PreisValues {
  key: string;
  id?: number | undefined;
  preis: number | "";
  /** ISO date, "" when empty (DateInput). */
  vonDatum: string;
  /** Price tier id as text; "" = base price (no tier). */
  preisschiene: string;
}

export interface LieferantValues {
  key: string;
  id?: number | undefined;
  /** The supplier (a customer flagged lieferant); null until one is chosen. */
  lieferant: { id: number; anzeigename?: string | undefined } | null;
  lieferantenArtikelNummer: string;
  einkaufsPreis: number | "";
}

export interface BildValues {
  assetId: number;
  dateiname: string;
}

export interface FeldValues {
  felddefinitionId: number;
  value: string;
}

export interface ArtikelValues {
  id?: number | undefined;
  artikelNummer: string;
  artikelBezeichnung: string;
  artikelBeschreibung: string;
  artikelKommentar: string;
  /** Ids as text ("" = none), as Select holds them. */
  mehrwertssteuer: string;
  warengruppe: string;
  untergruppe: string;
  /** The base unit's id as text ("" = the tenant's default unit). */
  einheit: string;
  hersteller: string;
  einkaufsPreis: number | "";
  lagerstand: number | "";
  gewichtDurchmesser: string;
  laenge: string;
  verpackung: string;
  vpe: number | "";
  rabattierFaehig: boolean;
  verleihbar: boolean;
  halter: string;
  geloescht: boolean;
  locked: boolean;
  webshopArtikel: boolean;
  webshopCategory: number | "";
  /** Read-only, sent back as loaded (cleared by a duplicate). */
  webshopId?: number | null | undefined;
  artikelPreisSet: PreisValues[];
  artikelLieferantSet: LieferantValues[];
  artikelFelder: FeldValues[];
  artikelImages: BildValues[];
}

const str = (value: string | null | undefined) => value ?? "";
const num = (value: number | null | undefined): number | "" => value ?? "";
const ref = (value: { id: number } | null | undefined) => (value ? String(value.id) : "");

export const neuerPreis = (vonDatum = "", preisschiene = ""): PreisValues => ({
  key: rowKey("preis"),
  preis: "",
  vonDatum,
  preisschiene,
});

export const neuerLieferant = (): LieferantValues => ({
  key: rowKey("lieferant"),
  lieferant: null,
  lieferantenArtikelNummer: "",
  einkaufsPreis: "",
});

/** What the form reads of a record: a loaded ZArtikel (the server's answer). */
export type ArtikelRecord = Pick<TArtikel, "artikelBezeichnung" | "mehrwertssteuer"> &
  Partial<Omit<TArtikel, "artikelBezeichnung" | "mehrwertssteuer">>;

/** A record (loaded) as form values. */
export function artikelToForm(artikel: ArtikelRecord): ArtikelValues {
  return {
    ...(artikel.id !== undefined ? { id: artikel.id } : {}),
    artikelNummer: str(artikel.artikelNummer),
    artikelBezeichnung: artikel.artikelBezeichnung,
    artikelBeschreibung: str(artikel.artikelBeschreibung),
    artikelKommentar: str(artikel.artikelKommentar),
    mehrwertssteuer: ref(artikel.mehrwertssteuer),
    warengruppe: artikel.untergruppe?.warengruppe ? String(artikel.untergruppe.warengruppe.id) : "",
    untergruppe: ref(artikel.untergruppe),
    einheit: ref(artikel.einheit),
    hersteller: str(artikel.hersteller),
    einkaufsPreis: num(artikel.einkaufsPreis),
    lagerstand: num(artikel.lagerstand),
    gewichtDurchmesser: str(artikel.gewichtDurchmesser),
    laenge: str(artikel.laenge),
    verpackung: str(artikel.verpackung),
    vpe: num(artikel.vpe),
    rabattierFaehig: artikel.rabattierFaehig ?? true,
    verleihbar: artikel.verleihbar ?? false,
    halter: str(artikel.halter),
    geloescht: artikel.geloescht ?? false,
    locked: artikel.locked ?? false,
    webshopArtikel: artikel.webshopArtikel ?? false,
    webshopCategory: num(artikel.webshopCategory),
    ...(artikel.webshopId !== undefined ? { webshopId: artikel.webshopId } : {}),
    artikelPreisSet: (artikel.artikelPreisSet ?? []).map((preis) => ({
      key: rowKey("preis"),
      ...(preis.id !== undefined ? { id: preis.id } : {}),
      preis: preis.preis,
      vonDatum: preis.vonDatum,
      preisschiene: ref(preis.preisschiene),
    })),
    artikelLieferantSet: (artikel.artikelLieferantSet ?? []).map((eintrag) => ({
      key: rowKey("lieferant"),
      ...(eintrag.id !== undefined ? { id: eintrag.id } : {}),
      lieferant: { id: eintrag.lieferant.id, anzeigename: eintrag.lieferant.anzeigename },
      lieferantenArtikelNummer: str(eintrag.lieferantenArtikelNummer),
      einkaufsPreis: num(eintrag.einkaufsPreis),
    })),
    artikelFelder: (artikel.artikelFelder ?? []).map((feld) => ({
      felddefinitionId: feld.felddefinitionId,
      value: str(feld.value),
    })),
    artikelImages: (artikel.artikelImages ?? []).map((bild) => ({
      assetId: bild.assetId,
      dateiname: bild.dateiname,
    })),
  };
}

export interface NeuerArtikelOptionen {
  /** The tenant's default VAT rate (preselected). */
  mehrwertssteuerId?: number | undefined;
  /** Field definitions with their default values. */
  felddefinitionen?: readonly { id?: number | undefined; value?: string | null | undefined }[];
}

/** The form of a new article: default VAT preselected, one input per field definition with its default. */
export function neuerArtikelForm(optionen: NeuerArtikelOptionen = {}): ArtikelValues {
  return {
    ...artikelToForm({ artikelBezeichnung: "", mehrwertssteuer: { id: 1 } }),
    mehrwertssteuer: optionen.mehrwertssteuerId !== undefined ? String(optionen.mehrwertssteuerId) : "",
    artikelFelder: (optionen.felddefinitionen ?? []).flatMap((definition) =>
      definition.id === undefined ? [] : [{ felddefinitionId: definition.id, value: definition.value ?? "" }],
    ),
  };
}

/**
 * /artikel/{id}/duplicate (SPEC §2): a NEW article prefilled from a stored one — id, number, PDFs and webshop id
 * cleared; images kept as the same assets (stored once, linked again on save); prices and suppliers copied
 * without their ids. Lock and deleted flags are not copied: the copy is a fresh, editable article.
 */
export function artikelDuplikat(values: ArtikelValues): ArtikelValues {
  const { id: _id, webshopId: _webshopId, ...rest } = values;
  return {
    ...rest,
    artikelNummer: "",
    locked: false,
    geloescht: false,
    artikelPreisSet: values.artikelPreisSet.map(({ id: _preisId, ...preis }) => ({
      ...preis,
      key: rowKey("preis"),
    })),
    artikelLieferantSet: values.artikelLieferantSet.map(({ id: _lieferantId, ...eintrag }) => ({
      ...eintrag,
      key: rowKey("lieferant"),
    })),
    artikelFelder: values.artikelFelder.map((feld) => ({ ...feld })),
    artikelImages: values.artikelImages.map((bild) => ({ ...bild })),
  };
}

const idOrNull = (value: string) => (value === "" ? null : { id: Number(value) });
const given = <T>(value: T | "") => (value === "" ? null : value);
const withId = (id: number | undefined) => (id === undefined ? {} : { id });
const textOrNull = (value: string) => (value.trim() === "" ? null : value.trim());

/**
 * The body PUT artikel gets (ZArtikel): "" as null, selections as {id}, row keys left out, images as {assetId}
 * links in their order. Read-only parts (PDFs, names of references) are not sent.
 */
export function artikelFromForm(values: ArtikelValues) {
  return {
    ...withId(values.id),
    artikelNummer: textOrNull(values.artikelNummer),
    artikelBezeichnung: values.artikelBezeichnung,
    artikelBeschreibung: textOrNull(values.artikelBeschreibung),
    artikelKommentar: textOrNull(values.artikelKommentar),
    mehrwertssteuer: idOrNull(values.mehrwertssteuer),
    untergruppe: idOrNull(values.untergruppe),
    einheit: idOrNull(values.einheit),
    hersteller: textOrNull(values.hersteller),
    einkaufsPreis: given(values.einkaufsPreis),
    // A cleared stock is none (the default), not an error.
    lagerstand: values.lagerstand === "" ? 0 : values.lagerstand,
    gewichtDurchmesser: textOrNull(values.gewichtDurchmesser),
    laenge: textOrNull(values.laenge),
    verpackung: textOrNull(values.verpackung),
    vpe: given(values.vpe),
    rabattierFaehig: values.rabattierFaehig,
    verleihbar: values.verleihbar,
    halter: values.verleihbar ? textOrNull(values.halter) : null,
    geloescht: values.geloescht,
    locked: values.locked,
    webshopArtikel: values.webshopArtikel,
    webshopCategory: given(values.webshopCategory),
    ...(values.webshopId !== undefined ? { webshopId: values.webshopId } : {}),
    artikelPreisSet: values.artikelPreisSet.map(({ key: _key, id, preis, vonDatum, preisschiene }) => ({
      ...withId(id),
      preis: given(preis),
      vonDatum,
      preisschiene: idOrNull(preisschiene),
    })),
    artikelLieferantSet: values.artikelLieferantSet.map(
      ({ key: _key, id, lieferant, lieferantenArtikelNummer, einkaufsPreis }) => ({
        ...withId(id),
        lieferant: lieferant ? { id: lieferant.id } : null,
        lieferantenArtikelNummer: textOrNull(lieferantenArtikelNummer),
        einkaufsPreis: given(einkaufsPreis),
      }),
    ),
    artikelFelder: values.artikelFelder.map((feld) => ({
      felddefinitionId: feld.felddefinitionId,
      value: feld.value,
    })),
    artikelImages: values.artikelImages.map((bild) => ({ assetId: bild.assetId })),
  };
}

/** The tabs of the edit screen. */
export const ARTIKEL_TABS = ["stammdaten", "preise", "lieferanten", "bilder", "dateien", "felder"] as const;
export type ArtikelTab = (typeof ARTIKEL_TABS)[number];

/** Where the article's field paths show (`artikelPreisSet.0.preis` → preise); everything else is on Stammdaten. */
export const ARTIKEL_TAB_TABELLE = tabTabelle<ArtikelTab>("stammdaten", {
  artikelPreisSet: "preise",
  artikelLieferantSet: "lieferanten",
  artikelImages: "bilder",
  artikelPdfs: "dateien",
  artikelFelder: "felder",
});
export const { tabOf, fehlerJeTab } = ARTIKEL_TAB_TABELLE;

/** The article form as the tabs get it. */
export type ArtikelForm = UseFormReturnType<ArtikelValues>;
