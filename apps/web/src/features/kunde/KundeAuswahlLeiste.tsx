import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { Button } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Page } from "../../app/api.ts";
import { AuswahlLeiste } from "../../components/list/AuswahlLeiste.tsx";
import type { ListQuery } from "../../components/list/listTypes.ts";
import { type KundeListRow, kundeList } from "./kunde.resource.ts";

const SORTABLE = ["kundenNummer", "sortname", "plz", "ort"] as const;

/**
 * Above the customer table: select every row of the page, and — with rows selected, on any page — activate or
 * deactivate them together (PUT kundeslist) or clear the selection.
 */
export function KundeAuswahlLeiste({
  queryKey,
  load,
  selected,
  onSelect,
  pending,
  onAktiv,
}: {
  /** The list's query key prefix and call, as the generic table has them. */
  queryKey: readonly unknown[];
  load: (query: ListQuery, signal: AbortSignal) => Promise<Page<KundeListRow>>;
  selected: ReadonlyMap<number, TKundeZeile>;
  onSelect: (next: ReadonlyMap<number, TKundeZeile>) => void;
  /** Which change is being sent (activate true, deactivate false), if any. */
  pending: boolean | undefined;
  /** Change these customers (only those not already so). */
  onAktiv: (ids: number[], aktiv: boolean) => void;
}) {
  const { t } = useTranslation(["kunde", "crud"]);
  const change = (chosen: TKundeZeile[], aktiv: boolean) => {
    const ids = chosen.filter((row) => row.aktiv !== aktiv).map((row) => row.id);
    if (ids.length > 0) onAktiv(ids, aktiv);
  };

  return (
    <AuswahlLeiste
      queryKey={queryKey}
      load={load}
      sortable={SORTABLE}
      defaultSort={kundeList.defaultSort}
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
          <Button
            size="xs"
            variant="default"
            disabled={!chosen.some((row) => !row.aktiv)}
            loading={pending === true}
            onClick={() => change(chosen, true)}
          >
            {t("crud:action.activate")}
          </Button>
          <Button
            size="xs"
            variant="default"
            color="red"
            disabled={!chosen.some((row) => row.aktiv)}
            loading={pending === false}
            onClick={() => change(chosen, false)}
          >
            {t("crud:action.deactivate")}
          </Button>
        </>
      )}
    </AuswahlLeiste>
  );
}
