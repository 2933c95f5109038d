import { Checkbox, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DateInput } from "../../components/form/DateInput.tsx";
import { MoneyInput } from "../../components/form/MoneyInput.tsx";
import { NumberField } from "../../components/form/NumberField.tsx";
import type { MandantForm } from "./useMandantForm.ts";

/**
 * The sections with number inputs (number circles, cash register). Loaded on their own (see MandantFormFields):
 * the number input library is needed only by the full edit form, not by the wizard.
 */
interface SectionProps {
  form: MandantForm;
}

function NummernFields({ form }: SectionProps) {
  const { t } = useTranslation("mandant");
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t("field.patternArtikelnummer")}
          maxLength={50}
          key={form.key("patternArtikelnummer")}
          {...form.getInputProps("patternArtikelnummer")}
        />
        <NumberField
          label={t("field.firstArtikelNummer")}
          min={0}
          maxDecimals={0}
          grouping={false}
          key={form.key("firstArtikelNummer")}
          {...form.getInputProps("firstArtikelNummer")}
        />
        <TextInput
          label={t("field.patternKundennummer")}
          maxLength={50}
          key={form.key("patternKundennummer")}
          {...form.getInputProps("patternKundennummer")}
        />
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
