import type { TFirmengruppe } from "@kontor/domain/firmengruppe/firmengruppe.schema";
import { List, Stack, Text, TextInput, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ResourceEditPage } from "../../components/resource/ResourceEdit.tsx";
import type { Resource } from "../../components/resource/resource.ts";
import { firmengruppeList } from "./firmengruppe.resource.ts";

interface Values {
  id?: number;
  bezeichnung: string;
}

/** Firm groups: their list, the shared schema and the form (a name; the member customers read-only). */
const firmengruppe: Resource<TFirmengruppe, Values, "felddefinition"> = {
  ...firmengruppeList,
  schema: () =>
    import("@kontor/domain/firmengruppe/firmengruppe.schema").then((module) => module.ZFirmengruppe),
  empty: () => ({ bezeichnung: "" }),
  toForm: ({ id, bezeichnung }) => ({ ...(id !== undefined ? { id } : {}), bezeichnung }),
  fromForm: (values) => values,
  Fields: function FirmengruppeFields({ form, record }) {
    const { t } = useTranslation("felddefinition");
    const kunden = record?.kunden ?? [];
    return (
      <>
        <TextInput
          label={t("firmengruppe.field.bezeichnung")}
          withAsterisk
          maxLength={100}
          key={form.key("bezeichnung")}
          {...form.getInputProps("bezeichnung")}
        />
        {record && (
          <Stack gap={4}>
            <Title order={2} size="h5">
              {t("firmengruppe.kunden.title")}
            </Title>
            {kunden.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("firmengruppe.kunden.empty")}
              </Text>
            ) : (
              <List size="sm">
                {kunden.map((kunde) => (
                  <List.Item key={kunde.id}>{kunde.bezeichnung}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        )}
      </>
    );
  },
};

export const FirmengruppeEdit = () => <ResourceEditPage resource={firmengruppe} />;
