import { MAX_SKONTO_STUFEN } from "@kontor/domain/zahlungsziel/zahlungsziel.rules";
import type { TZahlungsziel } from "@kontor/domain/zahlungsziel/zahlungsziel.schema";
import { ActionIcon, Button, Checkbox, Group, Input, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { fieldErrorMessage } from "../../components/form/fieldErrors.ts";
import { NumberField } from "../../components/form/NumberField.tsx";
import { PercentInput } from "../../components/form/PercentInput.tsx";
import { IconPlus, IconTrash } from "../../components/icons.tsx";
import type { Resource } from "../../components/resource/resource.ts";
import {
  emptySkontoRow,
  emptyZahlungsziel,
  type ZahlungszielValues,
  zahlungszielFromForm,
  zahlungszielToForm,
} from "./zahlungsziel.form.ts";
import { zahlungszielList } from "./zahlungsziel.resource.ts";

/** Payment terms: their list, the shared schema and the form with the skonto steps. */
export const zahlungsziel: Resource<TZahlungsziel, ZahlungszielValues, "zahlungsbedingungen"> = {
  ...zahlungszielList,
  schema: () =>
    import("@kontor/domain/zahlungsziel/zahlungsziel.schema").then((module) => module.ZZahlungsziel),
  empty: emptyZahlungsziel,
  toForm: zahlungszielToForm,
  fromForm: zahlungszielFromForm,
  Fields: function ZahlungszielFields({ form }) {
    const { t } = useTranslation("zahlungsbedingungen");
    return (
      <>
        <TextInput
          label={t("zahlungsziel.field.name")}
          description={t("zahlungsziel.hint.name")}
          withAsterisk
          maxLength={100}
          key={form.key("name")}
          {...form.getInputProps("name")}
        />
        <NumberField
          label={t("zahlungsziel.field.nettoTage")}
          description={t("zahlungsziel.hint.nettoTage")}
          withAsterisk
          maxDecimals={0}
          min={0}
          max={365}
          styles={{ wrapper: { maxWidth: 160 } }}
          key={form.key("nettoTage")}
          {...form.getInputProps("nettoTage")}
        />
        <SkontoStufen form={form} />
        <Checkbox
          label={t("zahlungsziel.field.defaultZahlungsziel")}
          description={t("zahlungsziel.hint.defaultZahlungsziel")}
          key={form.key("defaultZahlungsziel")}
          {...form.getInputProps("defaultZahlungsziel", { type: "checkbox" })}
        />
      </>
    );
  },
};

/** The skonto steps: a row per step (days, percent, remove), at most MAX_SKONTO_STUFEN, and "add step". */
function SkontoStufen({ form }: { form: UseFormReturnType<ZahlungszielValues> }) {
  const { t } = useTranslation("zahlungsbedingungen");
  const rows = form.getValues().skontoList;
  const full = rows.length >= MAX_SKONTO_STUFEN;
  // The order rules of the steps come back as the generic "invalid": say which rule. The messages of a row stand
  // below it in full width (the inputs are narrow), each naming its field.
  const stepError = (index: number, field: "tage" | "prozent") => {
    const error = form.errors[`skontoList.${index}.${field}`];
    if (error === undefined || error === null || error === false) return undefined;
    const message =
      error === fieldErrorMessage("invalid") ? t(`zahlungsziel.skonto.invalid.${field}`) : String(error);
    return `${t(`zahlungsziel.skonto.${field}`)}: ${message}`;
  };
  const listError = form.errors.skontoList;

  return (
    <Input.Wrapper
      label={t("zahlungsziel.field.skontoList")}
      description={t("zahlungsziel.hint.skontoList")}
      labelElement="div"
      error={listError}
    >
      <Stack gap="xs" mt={4}>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            {t("zahlungsziel.skonto.none")}
          </Text>
        )}
        {rows.map((row, index) => {
          const n = index + 1;
          const errors = { tage: stepError(index, "tage"), prozent: stepError(index, "prozent") };
          const errorId = (field: "tage" | "prozent") =>
            errors[field] === undefined ? undefined : `${row.key}-${field}-error`;
          return (
            <Stack key={row.key} gap={4}>
              <Group gap="sm" align="flex-end" wrap="nowrap">
                <Text size="sm" fw={500} w={64} pb={8} style={{ flexShrink: 0 }}>
                  {t("zahlungsziel.skonto.stufe", { n })}
                </Text>
                <NumberField
                  label={t("zahlungsziel.skonto.tage")}
                  aria-label={t("zahlungsziel.skonto.tageLabel", { n })}
                  withAsterisk
                  maxDecimals={0}
                  min={1}
                  max={365}
                  w={140}
                  key={form.key(`skontoList.${index}.tage`)}
                  {...form.getInputProps(`skontoList.${index}.tage`)}
                  error={errors.tage !== undefined}
                  aria-errormessage={errorId("tage")}
                />
                <PercentInput
                  label={t("zahlungsziel.skonto.prozent")}
                  aria-label={t("zahlungsziel.skonto.prozentLabel", { n })}
                  withAsterisk
                  w={140}
                  key={form.key(`skontoList.${index}.prozent`)}
                  {...form.getInputProps(`skontoList.${index}.prozent`)}
                  error={errors.prozent !== undefined}
                  aria-errormessage={errorId("prozent")}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={t("zahlungsziel.skonto.remove", { n })}
                  title={t("zahlungsziel.skonto.remove", { n })}
                  onClick={() => form.removeListItem("skontoList", index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
              {(["tage", "prozent"] as const).map(
                (field) =>
                  errors[field] !== undefined && (
                    <Text key={field} id={errorId(field)} size="xs" c="red" pl={76}>
                      {errors[field]}
                    </Text>
                  ),
              )}
            </Stack>
          );
        })}
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            disabled={full}
            onClick={() => form.insertListItem("skontoList", emptySkontoRow())}
          >
            {t("zahlungsziel.skonto.add")}
          </Button>
          {full && (
            <Text size="sm" c="dimmed">
              {t("zahlungsziel.skonto.max", { max: MAX_SKONTO_STUFEN })}
            </Text>
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
