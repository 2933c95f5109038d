import { Checkbox } from "@mantine/core";
import type { ListColumn } from "./listTypes.ts";

/**
 * The first column of a list whose rows can be selected (customers, articles, documents): a box per row, named by
 * the row (`label`, e.g. "Auswählen: Muster GmbH"); no header text — "select all" is in the bar above. The row
 * type names the column's field: `Row & { auswahl?: never }`.
 */
export function auswahlSpalte<Row extends Chosen & { auswahl?: never }, Chosen extends { id: number }>(
  selected: ReadonlyMap<number, Chosen>,
  onSelect: (update: (previous: ReadonlyMap<number, Chosen>) => ReadonlyMap<number, Chosen>) => void,
  label: (row: Row) => string,
): ListColumn<Row> {
  const toggle = (row: Row, checked: boolean) =>
    onSelect((previous) => {
      const next = new Map(previous);
      if (checked) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  return {
    field: "auswahl" as Extract<keyof Row, string>,
    title: "",
    sortable: false,
    width: 48,
    textAlign: "center",
    render: (row) => (
      <Checkbox
        aria-label={label(row)}
        checked={selected.has(row.id)}
        onChange={(event) => toggle(row, event.currentTarget.checked)}
        display="inline-flex"
      />
    ),
  };
}
