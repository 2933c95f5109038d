import type { TUntergruppe, TWarengruppe } from "@kontor/domain/warengruppe/warengruppe.schema";
import { Checkbox, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { parseSlug } from "../../components/form/EditStates.tsx";
import { ResourceEditPage } from "../../components/resource/ResourceEdit.tsx";
import { editCalls, type Resource } from "../../components/resource/resource.ts";
import { UntergruppenSection } from "./UntergruppenSection.tsx";
import {
  emptyUntergruppe,
  type UntergruppeValues,
  untergruppeFromForm,
  untergruppeToForm,
  warengruppeName,
} from "./untergruppe.form.ts";
import { warengruppeAllQuery } from "./warengruppe.api.ts";
import { untergruppeList, warengruppeList } from "./warengruppe.resource.ts";

interface WarengruppeValues {
  id?: number;
  warenGruppe: string;
  bezeichnung: string;
  defaultWarengruppe: boolean;
  geloescht: boolean;
}

/** Goods groups: their list, the shared schema and the form; the edit also lists and adds subgroups. */
export const warengruppe: Resource<TWarengruppe, WarengruppeValues, "stammdaten"> = {
  ...warengruppeList,
  schema: () => import("@kontor/domain/warengruppe/warengruppe.schema").then((module) => module.ZWarengruppe),
  empty: () => ({ warenGruppe: "", bezeichnung: "", defaultWarengruppe: false, geloescht: false }),
  // `groups` is read-only (the section below the form shows it); PUT ignores it.
  toForm: ({ groups: _, ...r }) => r,
  fromForm: (v) => v,
  Fields: function WarengruppeFields({ form, record }) {
    const { t } = useTranslation("stammdaten");
    return (
      <>
        <Group grow align="flex-start">
          <TextInput
            label={t("warengruppe.field.warenGruppe")}
            description={t("warengruppe.hint.warenGruppe")}
            withAsterisk
            maxLength={20}
            key={form.key("warenGruppe")}
            {...form.getInputProps("warenGruppe")}
          />
          <TextInput
            label={t("warengruppe.field.bezeichnung")}
            withAsterisk
            maxLength={100}
            key={form.key("bezeichnung")}
            {...form.getInputProps("bezeichnung")}
          />
        </Group>
        <Checkbox
          label={t("warengruppe.field.defaultWarengruppe")}
          description={t("warengruppe.hint.defaultWarengruppe")}
          key={form.key("defaultWarengruppe")}
          {...form.getInputProps("defaultWarengruppe", { type: "checkbox" })}
        />
        <Checkbox
          label={t("warengruppe.field.geloescht")}
          description={t("warengruppe.hint.geloescht")}
          key={form.key("geloescht")}
          {...form.getInputProps("geloescht", { type: "checkbox" })}
        />
        {!record && (
          <Text size="sm" c="dimmed">
            {t("warengruppe.untergruppen.afterSave")}
          </Text>
        )}
      </>
    );
  },
};

/** Subgroups: their list, the shared schema and the form. */
export const untergruppe: Resource<TUntergruppe, UntergruppeValues, "stammdaten"> = {
  ...untergruppeList,
  schema: () => import("@kontor/domain/warengruppe/warengruppe.schema").then((module) => module.ZUntergruppe),
  empty: () => emptyUntergruppe(),
  toForm: untergruppeToForm,
  fromForm: untergruppeFromForm,
  Fields: function UntergruppeFields({ form, record }) {
    const { t } = useTranslation("stammdaten");
    const groups = useQuery(warengruppeAllQuery);
    const data = useMemo(() => {
      const options = (groups.data ?? []).map((g) => ({ value: String(g.id), label: warengruppeName(g) }));
      // A deleted group is not offered any more, but the subgroup may still belong to it.
      const own = record?.warengruppe;
      if (own && !options.some((o) => o.value === String(own.id)))
        options.push({ value: String(own.id), label: warengruppeName(own) || String(own.id) });
      return options;
    }, [groups.data, record]);
    return (
      <>
        <Select
          label={t("untergruppe.field.warengruppe")}
          withAsterisk
          searchable
          data={data}
          nothingFoundMessage={t("untergruppe.warengruppeEmpty")}
          key={form.key("warengruppe")}
          {...form.getInputProps("warengruppe")}
        />
        <Group grow align="flex-start">
          <TextInput
            label={t("untergruppe.field.unterGruppe")}
            description={t("untergruppe.hint.unterGruppe")}
            withAsterisk
            maxLength={20}
            key={form.key("unterGruppe")}
            {...form.getInputProps("unterGruppe")}
          />
          <TextInput
            label={t("untergruppe.field.bezeichnung")}
            withAsterisk
            maxLength={100}
            key={form.key("bezeichnung")}
            {...form.getInputProps("bezeichnung")}
          />
        </Group>
      </>
    );
  },
};

const warengruppeCalls = editCalls(warengruppe);

/** The goods group's form, and below it (once saved) its subgroups with "add subgroup". */
export function WarengruppeEdit() {
  const { slug = "" } = useParams({ strict: false });
  const id = parseSlug(slug, true);
  // The same query (and cache entry) the form loads; the section shows once the group is there.
  const detail = useQuery({
    ...warengruppeCalls.detail(typeof id === "number" ? id : 0),
    enabled: typeof id === "number",
  });
  const group = typeof id === "number" && detail.data?.id === id ? { ...detail.data, id } : undefined;
  return (
    <Stack gap="lg">
      <ResourceEditPage resource={warengruppe} />
      {group && <UntergruppenSection key={group.id} group={group} />}
    </Stack>
  );
}

export const UntergruppeEdit = () => <ResourceEditPage resource={untergruppe} />;
