import type { TFeldBereich } from "@kontor/domain/felddefinition/felddefinition.schema";
import type { TBelegsTyp } from "@kontor/domain/typen/typen.codes";
import type { TFunction } from "i18next";
import type { ListColumn } from "../../components/list/listTypes.ts";
import type { ListResource } from "../../components/resource/resource.ts";
import type { FelddefinitionRecord } from "./felddefinition.form.ts";

/**
 * What the area's lists show. No schema and no form, so the list chunk carries neither zod nor the inputs; no
 * table, so the edit chunk (which spreads these into its resources) does not carry the list's.
 */

export type FelddefinitionPrefix = `${TFeldBereich}felddefinition`;
type T = TFunction<"felddefinition">;

/** The route segment and text prefix of a field definition resource. */
export const felddefinitionPrefix = (bereich: TFeldBereich): FelddefinitionPrefix =>
  `${bereich}felddefinition`;

/** Document types by their translated names, in the contract's order (the API keeps them so). */
function belegsTypNames(t: T, typs: readonly TBelegsTyp[]): string {
  return typs.map((typ) => t(`belegsTyp.${typ}`)).join(", ");
}

/**
 * A self-defined field of customers, articles or documents (SPEC §2/§3, one table behind three API paths):
 * /{bereich}felddefinition_list/ and /{bereich}felddefinition/{slug}, sorted by sortOrder (SPEC §9). The three
 * lists differ only in where they live and which columns they have besides the common ones.
 */
function felddefinitionList(
  bereich: TFeldBereich,
  api: string,
): ListResource<FelddefinitionRecord, "felddefinition"> {
  const prefix = felddefinitionPrefix(bereich);
  const printable = bereich !== "artikel";
  return {
    key: prefix,
    api,
    ns: "felddefinition",
    prefix,
    listPath: `/${prefix}_list`,
    editPath: (id) => `/${prefix}/${id}`,
    columns: (t) => {
      const columns: ListColumn<FelddefinitionRecord>[] = [
        { field: "bezeichnung", title: t(`${prefix}.field.bezeichnung`) },
        { field: "type", title: t(`${prefix}.field.type`), render: (r) => t(`feldTyp.${r.type}`) },
      ];
      if (bereich === "beleg")
        columns.push({
          field: "belegsTypsString",
          title: t("belegfelddefinition.field.belegsTypsString"),
          sortable: false,
          render: (r) => belegsTypNames(t, r.belegsTyps ?? []),
        });
      columns.push(
        { field: "sortOrder", title: t(`${prefix}.field.sortOrder`), width: 130, textAlign: "right" },
        { field: "search", title: t(`${prefix}.column.search`), width: 100, textAlign: "center" },
      );
      if (printable)
        columns.push({
          field: "printable",
          title: t(
            bereich === "kunde"
              ? "kundefelddefinition.column.printable"
              : "belegfelddefinition.column.printable",
          ),
          sortable: false,
          width: 100,
          textAlign: "center",
        });
      return columns;
    },
    defaultSort: { field: "sortOrder", direction: "asc" },
    label: (r) => r.bezeichnung,
  };
}

/** The list of each area's field definitions. */
export const felddefinitionLists = {
  kunde: felddefinitionList("kunde", "kundefelddefinitions"),
  artikel: felddefinitionList("artikel", "artikelfelddefinitions"),
  beleg: felddefinitionList("beleg", "belegfelddefinitions"),
} as const satisfies Record<TFeldBereich, ListResource<FelddefinitionRecord, "felddefinition">>;
