import { patternExample } from "@kontor/domain/nummernkreis/nummernmuster.rules";
import {
  DEFAULT_STAMMNUMMER_PATTERN,
  ersteSequenz,
  stammnummerDatum,
} from "@kontor/domain/nummernkreis/stammnummer.rules";
import { Checkbox, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DateInput } from "../../components/form/DateInput.tsx";
import { MoneyInput } from "../../components/form/MoneyInput.tsx";
import { NumberField } from "../../components/form/NumberField.tsx";
import type { MandantForm } from "./useMandantForm.ts";

/**
 * The sections with number inputs (number circles, cash register). Loaded on their own (see MandantFormFields):
 * only the full edit form needs them, not the wizard.
 */
interface SectionProps {
  form: MandantForm;
}

/**
 * A master-data number pattern with what its first number looks like ("{YYYY}-{NNNNN}" → "2026-00001") instead
 * of only the raw tokens; empty, the numbers run 1, 2, 3 …; an invalid pattern says why (the server then numbers
 * in sequence, stammnummer.rules).
 */
function PatternInput({
  form,
  field,
  first,
}: SectionProps & {
  field: "patternArtikelnummer" | "patternKundennummer";
  first: "firstArtikelNummer" | "firstKundenNummer";
}) {
  const { t } = useTranslation(["mandant", "nummernkreis"]);
  const date = useMemo(() => stammnummerDatum(), []);
  const values = form.getValues();
  const pattern = values[field].trim();
  const start = ersteSequenz(Number(values[first]) || null);
  const example = patternExample(pattern || DEFAULT_STAMMNUMMER_PATTERN, date, start);
  const props = form.getInputProps(field);
  return (
    <TextInput
      label={t(`field.${field}`)}
      maxLength={50}
      placeholder={DEFAULT_STAMMNUMMER_PATTERN}
      styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
      key={form.key(field)}
      {...props}
      description={
        example.ok
          ? pattern === ""
            ? t("hint.patternLeer", { nummer: example.number })
            : t("hint.patternBeispiel", { nummer: example.number })
          : undefined
      }
      error={
        props.error ??
        (example.ok
          ? undefined
          : t("hint.patternUngueltig", { grund: t(`nummernkreis:pattern.error.${example.code}`) }))
      }
    />
  );
}

function NummernFields({ form }: SectionProps) {
  const { t } = useTranslation("mandant");
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <PatternInput form={form} field="patternArtikelnummer" first="firstArtikelNummer" />
        <NumberField
          label={t("field.firstArtikelNummer")}
          min={0}
          maxDecimals={0}
          grouping={false}
          key={form.key("firstArtikelNummer")}
          {...form.getInputProps("firstArtikelNummer")}
        />
        <PatternInput form={form} field="patternKundennummer" first="firstKundenNummer" />
        <NumberField
          label={t("field.firstKundenNummer")}
          min={0}
          maxDecimals={0}
          grouping={false}
          key={form.key("firstKundenNummer")}
          {...form.getInputProps("firstKundenNummer")}
        />
      </SimpleGrid>
      <Checkbox
        label={t("field.rechnungsNummerProJahr")}
        key={form.key("rechnungsNummerProJahr")}
        {...form.getInputProps("rechnungsNummerProJahr", { type: "checkbox" })}
      />
    </Stack>
  );
}

function KassaFields({ form }: SectionProps) {
  const { t } = useTranslation("mandant");
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MoneyInput
          label={t("field.kassaBetrag")}
          key={form.key("kassaBetrag")}
          {...form.getInputProps("kassaBetrag")}
        />
        <DateInput
          label={t("field.kassaStartdatum")}
          key={form.key("kassaStartdatum")}
          {...form.getInputProps("kassaStartdatum")}
        />
      </SimpleGrid>
      <Checkbox
        label={t("field.kassaStartZeroYear")}
        key={form.key("kassaStartZeroYear")}
        {...form.getInputProps("kassaStartZeroYear", { type: "checkbox" })}
      />
    </Stack>
  );
}

/** The default export for React.lazy: one of the two sections. */
export default function MandantNumberFields({
  form,
  section,
}: SectionProps & { section: "nummern" | "kassa" }) {
  return section === "nummern" ? <NummernFields form={form} /> : <KassaFields form={form} />;
}
