import { type TRabatt, ZRabatt } from "@kontor/domain/rabatt/rabatt.schema";
import { Group, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PercentInput } from "../../components/form/PercentInput.tsx";
import { formatPercent } from "../../components/format/format.ts";
import { ResourceEditPage } from "../../components/resource/ResourceEdit.tsx";
import { ResourceList } from "../../components/resource/ResourceList.tsx";
import { orUndefined, type Resource } from "../../components/resource/resource.ts";

interface Values {
  id?: number;
  code: string;
  bezeichnung: string;
  prozent: number | "";
}

/** Discounts (SPEC §2 /rabatt_list, /rabatt/{slug}): a code unique in the tenant, a name, a percentage. */
const rabatt: Resource<TRabatt, Values, "stammdaten"> = {
  key: "rabatt",
  api: "rabatts",
  schema: ZRabatt,
  ns: "stammdaten",
  prefix: "rabatt",
  listPath: "/rabatt_list",
  editPath: (id) => `/rabatt/${id}`,
  columns: (t) => [
    { field: "code", title: t("rabatt.field.code") },
    { field: "bezeichnung", title: t("rabatt.field.bezeichnung") },
    {
      field: "prozent",
      title: t("rabatt.field.prozent"),
      textAlign: "right",
      render: (r) => formatPercent(r.prozent),
    },
  ],
  defaultSort: { field: "code", direction: "asc" },
  label: (r) => `${r.code} – ${r.bezeichnung}`,
  empty: () => ({ code: "", bezeichnung: "", prozent: "" }),
  toForm: (r) => ({ ...r }),
  fromForm: (v) => ({ ...v, prozent: orUndefined(v.prozent) }),
  Fields: function RabattFields({ form }) {
    const { t } = useTranslation("stammdaten");
    return (
      <Group grow align="flex-start">
        <TextInput
          label={t("rabatt.field.code")}
          description={t("rabatt.hint.code")}
          withAsterisk
          maxLength={20}
          key={form.key("code")}
          {...form.getInputProps("code")}
        />
        <TextInput
          label={t("rabatt.field.bezeichnung")}
          withAsterisk
          maxLength={100}
          key={form.key("bezeichnung")}
          {...form.getInputProps("bezeichnung")}
        />
        <PercentInput
          label={t("rabatt.field.prozent")}
          withAsterisk
          key={form.key("prozent")}
          {...form.getInputProps("prozent")}
        />
      </Group>
    );
  },
};

export const RabattList = () => <ResourceList resource={rabatt} />;
export const RabattEdit = () => <ResourceEditPage resource={rabatt} />;
