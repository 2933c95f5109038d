import type { TRabatt } from "@kontor/domain/rabatt/rabatt.schema";
import { Group, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PercentInput } from "../../components/form/PercentInput.tsx";
import { ResourceEditPage } from "../../components/resource/ResourceEdit.tsx";
import { orUndefined, type Resource } from "../../components/resource/resource.ts";
import { rabattList } from "./rabatt.resource.ts";

interface Values {
  id?: number;
  code: string;
  bezeichnung: string;
  prozent: number | "";
}

/** Discounts: their list, the shared schema and the form (a code unique in the tenant, a name, a percentage). */
const rabatt: Resource<TRabatt, Values, "stammdaten"> = {
  ...rabattList,
  schema: () => import("@kontor/domain/rabatt/rabatt.schema").then((module) => module.ZRabatt),
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

export const RabattEdit = () => <ResourceEditPage resource={rabatt} />;
