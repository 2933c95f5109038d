import type { SortOrder } from "@kontor/domain/http/paging";
import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Page } from "../../app/api.ts";
import { AuswahlLeiste } from "../../components/list/AuswahlLeiste.tsx";
import type { ListQuery } from "../../components/list/listTypes.ts";
import type { ArtikelListRow } from "./artikel.resource.ts";

/** The quick search loads after the table (it brings the combobox and its dialogs). */
export { ArtikelSearchField } from "./quick/ArtikelSearchField.tsx";

const SORTABLE = ["artikelNummer", "artikelBezeichnung", "lagerstand"] as const;
export const ARTIKEL_DEFAULT_SORT: SortOrder = { field: "artikelBezeichnung", direction: "asc" };

/** A change the selection bar sends for the chosen rows (PUT artikellist). */
export type ArtikelBulkAktion = "loeschen" | "wiederherstellen" | "sperren" | "entsperren";

/** Which rows an action changes: only those not already so. */
export function betroffen(rows: readonly ArtikelListRow[], aktion: ArtikelBulkAktion): number[] {
  const passt = (row: ArtikelListRow) => {
    switch (aktion) {
      case "loeschen":
        return !row.geloescht && !row.locked;
      case "wiederherstellen":
        return row.geloescht && !row.locked;
      case "sperren":
        return !row.locked;
      case "entsperren":
        return row.locked;
    }
  };
  return rows.filter(passt).map((row) => row.id);
}

/**
 * Above the article table: select every row of the page, and — with rows selected, on any page — mark them
 * deleted or restore them, lock or unlock them (PUT artikellist), or clear the selection.
 */
export function ArtikelAuswahlLeiste({
  queryKey,
  load,
  selected,
  onSelect,
  pending,
  onAktion,
}: {
  /** The list's query key prefix and call, as the generic table has them. */
  queryKey: readonly unknown[];
  load: (query: ListQuery, signal: AbortSignal) => Promise<Page<ArtikelListRow>>;
  selected: ReadonlyMap<number, ArtikelListRow>;
  onSelect: (next: ReadonlyMap<number, ArtikelListRow>) => void;
  pending: ArtikelBulkAktion | undefined;
  onAktion: (ids: number[], aktion: ArtikelBulkAktion) => void;
}) {
  const { t } = useTranslation(["artikel", "crud"]);
  const knopf = (chosen: ArtikelListRow[], aktion: ArtikelBulkAktion, danger = false) => {
    const ids = betroffen(chosen, aktion);
    return (
      <Button
        size="xs"
        variant="default"
        color={danger ? "red" : undefined}
        disabled={ids.length === 0}
        loading={pending === aktion}
        onClick={() => onAktion(ids, aktion)}
      >
        {t(`list.bulk.${aktion}`)}
      </Button>
    );
  };

  return (
    <AuswahlLeiste
      queryKey={queryKey}
      load={load}
      sortable={SORTABLE}
      defaultSort={ARTIKEL_DEFAULT_SORT}
      selected={selected}
      onSelect={onSelect}
      texte={{
        selectPage: t("list.selectPage"),
        ausgewaehlt: (count) => t("list.bulk.selected", { count }),
        leeren: t("list.bulk.clear"),
      }}
    >
      {(chosen) => (
        <>
          {knopf(chosen, "loeschen", true)}
          {knopf(chosen, "wiederherstellen")}
          {knopf(chosen, "sperren")}
          {knopf(chosen, "entsperren")}
        </>
      )}
    </AuswahlLeiste>
  );
}
