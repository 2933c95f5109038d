import type { TPreisschiene } from "@kontor/domain/preisschiene/preisschiene.schema";
import { Group, Stack, Text, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { AktivButton } from "../../components/form/AktivButton.tsx";
import { ResourceEditPage } from "../../components/resource/ResourceEdit.tsx";
import type { Resource } from "../../components/resource/resource.ts";
import { setPreisschieneAktiv } from "./preisschiene.api.ts";
import { AktivBadge, preisschieneList } from "./preisschiene.resource.tsx";

interface Values {
  id?: number;
  bezeichnung: string;
  aktiv: boolean;
}

/**
 * Price tiers: their list, the shared schema and the form (a name); a new tier is active, a saved one is switched
 * with the activate/deactivate calls (SPEC §4), not by saving the form.
 */
const preisschiene: Resource<TPreisschiene, Values, "stammdaten"> = {
  ...preisschieneList,
  schema: () =>
    import("@kontor/domain/preisschiene/preisschiene.schema").then((module) => module.ZPreisschiene),
  empty: () => ({ bezeichnung: "", aktiv: true }),
  toForm: (r) => ({ ...r }),
  fromForm: (v) => v,
  Fields: function PreisschieneFields({ form, record }) {
    const { t } = useTranslation("stammdaten");
    const queryClient = useQueryClient();
    // The state changes on the server (AktivButton); a later save must send the new one, and it is no edit.
    const aktiv = record?.aktiv;
    const { getValues, getInitialValues, setInitialValues, setFieldValue } = form;
    useEffect(() => {
      if (aktiv === undefined || getValues().aktiv === aktiv) return;
      setInitialValues({ ...getInitialValues(), aktiv });
      setFieldValue("aktiv", aktiv);
    }, [aktiv, getValues, getInitialValues, setInitialValues, setFieldValue]);
    return (
      <>
        <TextInput
          label={t("preisschiene.field.bezeichnung")}
          withAsterisk
          maxLength={100}
          key={form.key("bezeichnung")}
          {...form.getInputProps("bezeichnung")}
        />
        {record?.id === undefined ? (
          <Text size="sm" c="dimmed">
            {t("preisschiene.hint.neu")}
          </Text>
        ) : (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t("preisschiene.field.aktiv")}
            </Text>
            <Group gap="md">
              <AktivBadge aktiv={record.aktiv} />
              <AktivButton
                aktiv={record.aktiv}
                name={record.bezeichnung}
                message={(next) =>
                  t(next ? "preisschiene.confirm.activate" : "preisschiene.confirm.deactivate", {
                    name: record.bezeichnung,
                  })
                }
                change={(next) => setPreisschieneAktiv(record.id!, next)}
                onSettled={() => queryClient.invalidateQueries({ queryKey: ["preisschiene"] })}
              />
            </Group>
            <Text size="xs" c="dimmed">
              {t("preisschiene.hint.aktiv")}
            </Text>
          </Stack>
        )}
      </>
    );
  },
};

export const PreisschieneEdit = () => <ResourceEditPage resource={preisschiene} />;
