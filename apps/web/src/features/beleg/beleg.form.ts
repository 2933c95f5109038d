import { BELEG_DEFAULT_TYP, BELEGS_TYPEN, type TBelegsTyp } from "@kontor/domain/beleg/beleg.codes";
import { fehlendeFelder, positionsNummerNeu } from "@kontor/domain/beleg/beleg.rules";
import type { TBeleg, TBelegPosition } from "@kontor/domain/beleg/beleg.schema";
import type { UseFormReturnType } from "@mantine/form";
import { rowKey, tabTabelle } from "../../components/form/aggregateForm.ts";

/**
 * The document form's values (SPEC §3 Document, Document position): inputs hold "" where the record holds null,
 * selections hold ids as text, positions carry a `key` so their inputs stay put when rows move or go. The paths
 * are those of the record (`belegspositionSet.2.positionsMwst`), so the save rules (beleg.rules.ts
 * fehlendeFelder) and the server's field errors land on the inputs as they are. Zod-free.
 */

/** The article of a position as the form shows it (name and number for the row, rabattierFaehig for the totals). */
export interface PositionArtikel {
  id: number;
  artikelNummer?: string | null | undefined;
  artikelBezeichnung?: string | null | undefined;
  rabattierFaehig?: boolean | undefined;
}

export interface PositionValues {
  key: string;
  id?: number | undefined;
  artikel: PositionArtikel | null;
  positionsNummer: number;
  positionsBeschreibung: string;
  positionsBeschreibungZusatz: string;
  /** "" on a free-text line without amounts. */
  positionsMenge: number | "";
  positionsPreis: number | "";
  positionsMwst: number | "";
  artikelRabatt: number | "";
  rabatt: number | "";
  /** Carried as loaded (partial deliveries, time entries, supplier): the editor does not change them. */
  positionsVersandMenge: number | null;
  teilversandFinalize: boolean;
  zeiteintraege: { id: number }[];
  belegspositionLieferant: { id: number } | null;
  /** Read-only: the quantity still to be delivered. */
  stillOpenAmount: number | null;
}

/** How the date of supply is given: one day, or a period. */
export type LeistungsArt = "datum" | "zeitraum";

export interface BelegValues {
  id?: number | undefined;
  belegsTyp: TBelegsTyp;
  belegDatum: string;
  kunde: { id: number; anzeigename: string } | null;
  /** The customer's address printed, id as text; "" = the billing address. */
  adresse: string;
  zuHanden: string;
  leistungsArt: LeistungsArt;
  leistungsDatum: string;
  leistungsZeitraumVon: string;
  leistungsZeitraumBis: string;
  bestellBelegnummer: string;
  kaeuferReferenz: string;
  /** Ids as text ("" = none), as Select holds them. */
  zahlungsziel: string;
  lieferbedingung: string;
  zahlungsbedingung: string;
  fahrzeug: string;
  rabatt: { id: number } | null;
  belegRabatt: number | "";
  reverseCharge: boolean;
  bankomat: boolean;
  rechnungsText: string;
  belegstext2: string;
  belegstext3: string;
  belegFelder: { felddefinitionId: number; value: string }[];
  projektList: { id: number }[];
  belegspositionSet: PositionValues[];
}

const str = (value: string | null | undefined) => value ?? "";
const num = (value: number | null | undefined): number | "" => value ?? "";
const ref = (value: { id: number } | null | undefined) => (value ? String(value.id) : "");

/** A new position: number max+1 (SPEC §4), quantity 1, the given VAT rate. */
export function neuePosition(
  positionen: readonly { positionsNummer?: number | null | undefined }[],
  werte: Partial<Omit<PositionValues, "key" | "positionsNummer">> = {},
): PositionValues {
  return {
    key: rowKey("position"),
    artikel: null,
    positionsNummer: positionsNummerNeu(positionen),
    positionsBeschreibung: "",
    positionsBeschreibungZusatz: "",
    positionsMenge: 1,
    positionsPreis: "",
    positionsMwst: "",
    artikelRabatt: 0,
    rabatt: 0,
    positionsVersandMenge: null,
    teilversandFinalize: false,
    zeiteintraege: [],
    belegspositionLieferant: null,
    stillOpenAmount: null,
    ...werte,
  };
}

/** What the form reads of a record: a loaded ZBeleg (the server's answer), or a duplicate of one. */
export type BelegRecord = Pick<TBeleg, "belegDatum" | "belegsTyp"> &
  Partial<Omit<TBeleg, "belegDatum" | "belegsTyp">>;

function positionToForm(position: Partial<TBelegPosition>, index: number): PositionValues {
  return {
    key: rowKey("position"),
    ...(position.id !== undefined ? { id: position.id } : {}),
    artikel: position.artikel
      ? {
          id: position.artikel.id,
          artikelNummer: position.artikel.artikelNummer ?? null,
          artikelBezeichnung: position.artikel.artikelBezeichnung ?? null,
          ...(position.artikel.rabattierFaehig !== undefined
            ? { rabattierFaehig: position.artikel.rabattierFaehig }
            : {}),
        }
      : null,
    positionsNummer: position.positionsNummer ?? index + 1,
    positionsBeschreibung: str(position.positionsBeschreibung),
    positionsBeschreibungZusatz: str(position.positionsBeschreibungZusatz),
    positionsMenge: num(position.positionsMenge),
    positionsPreis: num(position.positionsPreis),
    positionsMwst: num(position.positionsMwst),
    artikelRabatt: num(position.artikelRabatt ?? 0),
    rabatt: num(position.rabatt ?? 0),
    positionsVersandMenge: position.positionsVersandMenge ?? null,
    teilversandFinalize: position.teilversandFinalize ?? false,
    zeiteintraege: (position.zeiteintraege ?? []).map((eintrag) => ({ id: eintrag.id })),
    belegspositionLieferant: position.belegspositionLieferant
      ? { id: position.belegspositionLieferant.id }
      : null,
    stillOpenAmount: position.stillOpenAmount ?? null,
  };
}

/** A record (loaded) as form values. */
export function belegToForm(beleg: BelegRecord): BelegValues {
  const zeitraum = Boolean(beleg.leistungsZeitraumVon || beleg.leistungsZeitraumBis);
  return {
    ...(beleg.id !== undefined ? { id: beleg.id } : {}),
    belegsTyp: beleg.belegsTyp,
    belegDatum: beleg.belegDatum,
    kunde: beleg.kunde ? { id: beleg.kunde.id, anzeigename: beleg.kunde.anzeigename ?? "" } : null,
    adresse: ref(beleg.adresse),
    zuHanden: str(beleg.zuHanden),
    leistungsArt: zeitraum && !beleg.leistungsDatum ? "zeitraum" : "datum",
    leistungsDatum: str(beleg.leistungsDatum),
    leistungsZeitraumVon: str(beleg.leistungsZeitraumVon),
    leistungsZeitraumBis: str(beleg.leistungsZeitraumBis),
    bestellBelegnummer: str(beleg.bestellBelegnummer),
    kaeuferReferenz: str(beleg.kaeuferReferenz),
    zahlungsziel: ref(beleg.zahlungsziel),
    lieferbedingung: ref(beleg.lieferbedingung),
    zahlungsbedingung: ref(beleg.zahlungsbedingung),
    fahrzeug: ref(beleg.fahrzeug),
    rabatt: beleg.rabatt ? { id: beleg.rabatt.id } : null,
    belegRabatt: num(beleg.belegRabatt ?? 0),
    reverseCharge: beleg.reverseCharge ?? false,
    bankomat: beleg.bankomat ?? false,
    rechnungsText: str(beleg.rechnungsText),
    belegstext2: str(beleg.belegstext2),
    belegstext3: str(beleg.belegstext3),
    belegFelder: (beleg.belegFelder ?? []).map((feld) => ({
      felddefinitionId: feld.felddefinitionId,
      value: str(feld.value),
    })),
    projektList: (beleg.projektList ?? []).map((projekt) => ({ id: projekt.id })),
    belegspositionSet: (beleg.belegspositionSet ?? []).map(positionToForm),
  };
}

/** The form of a new document: the type, today's date, no positions. */
export function neuerBelegForm(belegsTyp: TBelegsTyp, belegDatum: string): BelegValues {
  return belegToForm({ belegsTyp, belegDatum });
}

const idOrNull = (value: string) => (value === "" ? null : { id: Number(value) });
const given = <T>(value: T | "") => (value === "" ? null : value);
const textOrNull = (value: string) => (value.trim() === "" ? null : value.trim());
const withId = (id: number | undefined) => (id === undefined ? {} : { id });

/**
 * The body PUT beleg gets (ZBelegSpeichern): "" as null, selections as {id}, row keys and read-only fields left
 * out; positions in the order shown (their order is stored). A date of supply or a period, whichever is chosen.
 */
export function belegFromForm(values: BelegValues) {
  const zeitraum = values.leistungsArt === "zeitraum";
  return {
    ...withId(values.id),
    belegsTyp: values.belegsTyp,
    belegDatum: values.belegDatum,
    kunde: values.kunde ? { id: values.kunde.id } : null,
    adresse: idOrNull(values.adresse),
    zuHanden: textOrNull(values.zuHanden),
    leistungsDatum: zeitraum ? null : textOrNull(values.leistungsDatum),
    leistungsZeitraumVon: zeitraum ? textOrNull(values.leistungsZeitraumVon) : null,
    leistungsZeitraumBis: zeitraum ? textOrNull(values.leistungsZeitraumBis) : null,
    bestellBelegnummer: textOrNull(values.bestellBelegnummer),
    kaeuferReferenz: textOrNull(values.kaeuferReferenz),
    zahlungsziel: idOrNull(values.zahlungsziel),
    lieferbedingung: idOrNull(values.lieferbedingung),
    zahlungsbedingung: idOrNull(values.zahlungsbedingung),
    fahrzeug: idOrNull(values.fahrzeug),
    rabatt: values.rabatt,
    belegRabatt: values.belegRabatt === "" ? 0 : values.belegRabatt,
    reverseCharge: values.reverseCharge,
    bankomat: values.bankomat,
    rechnungsText: values.rechnungsText.trim() === "" ? null : values.rechnungsText,
    belegstext2: textOrNull(values.belegstext2),
    belegstext3: textOrNull(values.belegstext3),
    belegFelder: values.belegFelder.map((feld) => ({
      felddefinitionId: feld.felddefinitionId,
      value: feld.value.trim() === "" ? null : feld.value,
    })),
    projektList: values.projektList,
    belegspositionSet: values.belegspositionSet.map((position) => ({
      ...withId(position.id),
      artikel: position.artikel ? { id: position.artikel.id } : null,
      artikelRabatt: position.artikelRabatt === "" ? 0 : position.artikelRabatt,
      positionsBeschreibung: textOrNull(position.positionsBeschreibung),
      positionsBeschreibungZusatz: textOrNull(position.positionsBeschreibungZusatz),
      positionsMenge: given(position.positionsMenge),
      positionsMwst: given(position.positionsMwst),
      positionsNummer: position.positionsNummer,
      positionsPreis: given(position.positionsPreis),
      positionsVersandMenge: position.positionsVersandMenge,
      teilversandFinalize: position.teilversandFinalize,
      rabatt: position.rabatt === "" ? 0 : position.rabatt,
      zeiteintraege: position.zeiteintraege,
      belegspositionLieferant: position.belegspositionLieferant,
    })),
  };
}

/** The save rules on the form: the payload's paths are the form's (leistungsDatum/-Zeitraum as chosen). */
export const fehlendeBelegFelder = (values: BelegValues) => fehlendeFelder(belegFromForm(values));

/** Inputs with the required mark: type, date, customer (not on a cash invoice), and per row what its kind needs. */
export function pflichtFelder(values: BelegValues): ReadonlySet<string> {
  const felder = new Set<string>(["belegsTyp", "belegDatum"]);
  if (values.belegsTyp !== "barrechnung") felder.add("kunde");
  if (values.leistungsArt === "zeitraum") {
    felder.add("leistungsZeitraumVon");
    felder.add("leistungsZeitraumBis");
  }
  values.belegspositionSet.forEach((position, index) => {
    if (!position.artikel) felder.add(`belegspositionSet.${index}.positionsBeschreibung`);
    if (position.positionsPreis !== "") felder.add(`belegspositionSet.${index}.positionsMwst`);
  });
  return felder;
}

/** Moves a row (drag or keyboard) from one index to another; numbers stay with their rows. */
export function verschiebe<T>(liste: readonly T[], von: number, nach: number): T[] {
  if (von === nach || von < 0 || nach < 0 || von >= liste.length || nach >= liste.length) return [...liste];
  const neu = [...liste];
  const [zeile] = neu.splice(von, 1);
  neu.splice(nach, 0, zeile as T);
  return neu;
}

/** localStorage key of the type a new document takes, per tenant (SPEC §4: a per-tenant remembered choice). */
export const belegTypKey = (mandantId: number | null) => `kontor.belegsTyp.${mandantId ?? "none"}`;

export function gemerkterTyp(
  mandantId: number | null,
  storage: Storage | undefined = globalThis.localStorage,
): TBelegsTyp {
  try {
    const typ = storage?.getItem(belegTypKey(mandantId));
    return (BELEGS_TYPEN as readonly string[]).includes(typ ?? "") ? (typ as TBelegsTyp) : BELEG_DEFAULT_TYP;
  } catch {
    return BELEG_DEFAULT_TYP;
  }
}

export function typMerken(
  mandantId: number | null,
  typ: TBelegsTyp,
  storage: Storage | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(belegTypKey(mandantId), typ);
  } catch {
    // storage blocked: the choice simply is not remembered
  }
}

/** The tabs of the editor. */
export const BELEG_TABS = ["beleg", "texte", "felder", "zahlungen", "historie"] as const;
export type BelegTab = (typeof BELEG_TABS)[number];

/** Where the document's field paths show; header and positions are on the first tab. */
export const BELEG_TAB_TABELLE = tabTabelle<BelegTab>("beleg", {
  rechnungsText: "texte",
  belegstext2: "texte",
  belegstext3: "texte",
  belegFelder: "felder",
});

export type BelegForm = UseFormReturnType<BelegValues>;
