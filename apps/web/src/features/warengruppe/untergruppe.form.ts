import type { TUntergruppe } from "@kontor/domain/warengruppe/warengruppe.schema";
import { orUndefined } from "../../components/resource/resource.ts";

/** The subgroup form: the goods group as the Select holds it (its id as text, "" or null when none is chosen). */
export interface UntergruppeValues {
  id?: number;
  unterGruppe: string;
  bezeichnung: string;
  warengruppe: string | null;
}

export const emptyUntergruppe = (warengruppeId?: number): UntergruppeValues => ({
  unterGruppe: "",
  bezeichnung: "",
  warengruppe: warengruppeId === undefined ? "" : String(warengruppeId),
});

export const untergruppeToForm = (record: TUntergruppe): UntergruppeValues => ({
  ...(record.id === undefined ? {} : { id: record.id }),
  unterGruppe: record.unterGruppe,
  bezeichnung: record.bezeichnung,
  warengruppe: String(record.warengruppe.id),
});

/**
 * The PUT body: the goods group by id only (`warengruppe: {id}`). Without a choice the field is left out, so the
 * shared schema reports "required" at the Select (field "warengruppe").
 */
export function untergruppeFromForm(values: UntergruppeValues) {
  const group = orUndefined(values.warengruppe);
  return {
    ...(values.id === undefined ? {} : { id: values.id }),
    unterGruppe: values.unterGruppe,
    bezeichnung: values.bezeichnung,
    warengruppe: group === undefined ? undefined : { id: Number(group) },
  };
}

/** "100 – Getränke": how a goods group is named in selections and lists. */
export const warengruppeName = (group: {
  warenGruppe?: string | undefined;
  bezeichnung?: string | undefined;
}) => [group.warenGruppe, group.bezeichnung].filter(Boolean).join(" – ");
