import type {
  TLieferbedingung,
  TZahlungsbedingung,
  TZahlungsziel,
} from "@kontor/domain/zahlungsziel/zahlungsziel.schema";
import type { TFunction } from "i18next";
import type { ListResource } from "../../components/resource/resource.ts";
import { formatSkontoProzent, shortLabel } from "./zahlungsziel.form.ts";

/**
 * What the area's lists show. No schema and no form, so the list chunk carries neither zod nor the inputs; no
 * table, so the edit chunk (which spreads these into its resources) does not carry the list's.
 */

/** First element of every query key of the payment terms, the printed-text preview included. */
export const ZAHLUNGSZIEL_KEY = "zahlungsziel";

type T = TFunction<"zahlungsbedingungen">;

/** "3 % / 10 Tage, 2 % / 20 Tage": the list's short form of the skonto steps. */
const skontoKurz = (term: TZahlungsziel, t: T) =>
  term.skontoList
    .map((step) =>
      t("zahlungsziel.skonto.kurz", { count: step.tage, prozent: formatSkontoProzent(step.prozent) }),
    )
    .join(", ");

/** "30 Tage", or "sofort" for 0. */
const nettoText = (nettoTage: number, t: T) =>
  nettoTage === 0
    ? t("zahlungsziel.nettoTage.sofort")
    : t("zahlungsziel.nettoTage.tage", { count: nettoTage });

/** Payment terms (SPEC §2 /zahlungsziel_list/, /zahlungsziel/{slug}; §3), sorted by name (§9). */
export const zahlungszielList: ListResource<TZahlungsziel, "zahlungsbedingungen"> = {
  key: ZAHLUNGSZIEL_KEY,
  api: "zahlungsziels",
  ns: "zahlungsbedingungen",
  prefix: "zahlungsziel",
  listPath: "/zahlungsziel_list",
  editPath: (id) => `/zahlungsziel/${id}`,
  columns: (t) => [
    { field: "name", title: t("zahlungsziel.field.name") },
    {
      field: "nettoTage",
      title: t("zahlungsziel.field.nettoTage"),
      render: (r) => nettoText(r.nettoTage, t),
    },
    {
      field: "skontoList",
      title: t("zahlungsziel.field.skontoList"),
      sortable: false,
      render: (r) => skontoKurz(r, t),
    },
    { field: "defaultZahlungsziel", title: t("zahlungsziel.field.defaultZahlungsziel") },
  ],
  defaultSort: { field: "name", direction: "asc" },
  label: (r) => r.name,
};

/** Delivery terms and payment conditions have the same shape (SPEC §3): a text a document prints. */
export type TBedingung = TLieferbedingung | TZahlungsbedingung;
export type BedingungArt = "lieferbedingung" | "zahlungsbedingung";

/**
 * The list of one kind of condition (SPEC §2 /lieferbedingung/, /zahlungsbedingung/): API path, route and text
 * prefix are the kind's name. The customers using one (`kundeList`) are empty until customers exist: not shown.
 */
export function bedingungList(art: BedingungArt): ListResource<TBedingung, "zahlungsbedingungen"> {
  return {
    key: art,
    api: art,
    ns: "zahlungsbedingungen",
    prefix: art,
    listPath: `/${art}`,
    editPath: (id) => `/${art}/${id}`,
    columns: (t) => [{ field: "name", title: t(`${art}.field.name`) }],
    defaultSort: { field: "name", direction: "asc" },
    label: (r) => shortLabel(r.name),
  };
}

export const lieferbedingungList = bedingungList("lieferbedingung");
export const zahlungsbedingungList = bedingungList("zahlungsbedingung");
