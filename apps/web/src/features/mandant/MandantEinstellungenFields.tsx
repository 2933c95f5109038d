import { MODULES, type TModul } from "@kontor/domain/access/access.schema";
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { modultypNamesQuery } from "../modul/modul.api.ts";
import { useModulName } from "../modul/modulName.ts";
import type { MandantFormValues } from "./mandant.form.ts";
import type { MandantForm } from "./useMandantForm.ts";

/**
 * The tenant's modules, notice texts, working-time settings and flags: sections of the form loaded on their own
 * (see MandantFormFields; DESIGN §9 route budget).
 */
export default function MandantEinstellungenFields({
  form,
  section,
  readOnly,
}: {
  form: MandantForm;
  section: "module" | "hinweise" | "zeiterfassung" | "flags";
  readOnly?: boolean;
}) {
  if (section === "module") return <ModuleFields form={form} readOnly={readOnly} />;
  if (section === "hinweise") return <HinweisFields form={form} />;
  if (section === "zeiterfassung") return <ZeiterfassungFields form={form} />;
  return <FlagFields form={form} />;
}

interface SectionProps {
  form: MandantForm;
  /** Without ROLE_ADMIN: modules cannot be changed (the server refuses). */
  readOnly?: boolean;
}

function ModuleFields({ form, readOnly }: SectionProps) {
  const { t, i18n } = useTranslation("mandant");
  const names = useQuery({ ...modultypNamesQuery, enabled: !readOnly });
  const modulName = useModulName(!readOnly);
  const collator = useMemo(() => new Intl.Collator(i18n.language), [i18n.language]);
  const options = useMemo(
    () =>
      MODULES.map((code) => ({ code, label: modulName(code) })).sort((a, b) =>
        collator.compare(a.label, b.label),
      ),
    [modulName, collator],
  );
  const selected = form.values.modulList;
  const namesUnavailable =
    names.isError && !(isApiError(names.error) && names.error.status === 403) && !readOnly;

  return (
    <Stack gap="sm">
      {namesUnavailable && (
        <Alert color="yellow" variant="light">
          {t("module.namesFailed")}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {t("module.count", { count: selected.length, total: MODULES.length })}
        </Text>
        {!readOnly && (
          <Group gap="xs">
            <Button size="xs" variant="subtle" onClick={() => form.setFieldValue("modulList", [...MODULES])}>
              {t("module.all")}
            </Button>
            <Button size="xs" variant="subtle" onClick={() => form.setFieldValue("modulList", [])}>
              {t("module.none")}
            </Button>
          </Group>
        )}
      </Group>
      <Checkbox.Group
        aria-label={t("section.module")}
        value={selected}
        onChange={(value) => form.setFieldValue("modulList", value as TModul[])}
        error={form.errors.modulList}
        readOnly={readOnly}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" verticalSpacing="xs">
          {options.map((option) => (
            <Checkbox
              key={option.code}
              value={option.code}
              label={option.label}
              description={
                option.label !== option.code ? <span translate="no">{option.code}</span> : undefined
              }
              disabled={readOnly}
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </Stack>
  );
}

const HINWEISE = [
  ["hinweisKleinunternehmerDe", "hinweisKleinunternehmerEn"],
  ["hinweisExportDe", "hinweisExportEn"],
  ["hinweisInnergemeinschaftlichDe", "hinweisInnergemeinschaftlichEn"],
] as const satisfies ReadonlyArray<readonly [keyof MandantFormValues, keyof MandantFormValues]>;

function HinweisFields({ form }: SectionProps) {
  const { t } = useTranslation("mandant");
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("hint.hinweise")}
      </Text>
      {HINWEISE.map((pair) => (
        <SimpleGrid key={pair[0]} cols={{ base: 1, md: 2 }} spacing="sm">
          {pair.map((field) => (
            <Textarea
              key={form.key(field)}
              label={t(`field.${field}`)}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={2000}
              {...form.getInputProps(field)}
            />
          ))}
        </SimpleGrid>
      ))}
    </Stack>
  );
}

function ZeiterfassungFields({ form }: SectionProps) {
  const { t } = useTranslation("mandant");
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {(["zeitausgleich", "confirmTimes", "vacationMode"] as const).map((field) => (
          <Checkbox
            key={form.key(field)}
            label={t(`field.${field}`)}
            {...form.getInputProps(field, { type: "checkbox" })}
          />
        ))}
      </SimpleGrid>
      <Textarea
        label={t("field.zeiterfassungRestrictions")}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2000}
        key={form.key("zeiterfassungRestrictions")}
        {...form.getInputProps("zeiterfassungRestrictions")}
      />
    </Stack>
  );
}

const FLAGS = [
  "kleinunternehmer",
  "bankomat",
  "belegeFinalisieren",
  "mwstEditierbar",
  "lieferKontaktAusklappen",
  "crmAusklappen",
  "aiActivated",
] as const;

function FlagFields({ form }: SectionProps) {
  const { t } = useTranslation("mandant");
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
      {FLAGS.map((field) => (
        <Checkbox
          key={form.key(field)}
          label={t(`field.${field}`)}
          {...form.getInputProps(field, { type: "checkbox" })}
        />
      ))}
    </SimpleGrid>
  );
}
