import type { TLangKey } from "@kontor/domain/auth/auth.schema";
import { anzeigename } from "@kontor/domain/kunde/kunde.rules";
import { GESCHLECHT_TYPEN, type TFirmaTyp } from "@kontor/domain/typen/typen";
import { Checkbox, Group, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Raster } from "../../components/form/Raster.tsx";
import { UidInput } from "../../components/form/UidInput.tsx";
import { naechsteNummerQuery } from "./kunde.api.ts";
import type { KundeForm } from "./kunde.form.ts";
import { Umschalter } from "./Umschalter.tsx";

/** Salutation choices (SPEC §3 geschlecht; the domain's code list, translated). */
export function useAnreden() {
  const { t } = useTranslation("kunde");
  return GESCHLECHT_TYPEN.map((code) => ({ value: code, label: t(`geschlecht.${code}`) }));
}

/**
 * Stammdaten: company or private person (SPEC §4: the other type's fields are cleared on save), number, contact,
 * VAT id (checked as typed), flags, description, account number; the display name as it will read.
 */
export function KundeStammdaten({ form }: { form: KundeForm }) {
  const { t, i18n } = useTranslation("kunde");
  const anreden = useAnreden();
  const values = form.getValues();
  const stored = values.id !== undefined;
  const naechste = useQuery({ ...naechsteNummerQuery, enabled: !stored });
  const sprache: TLangKey = i18n.resolvedLanguage === "en" ? "en" : "de";
  const name = anzeigename(values, sprache);

  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" justify="space-between">
        <Umschalter<TFirmaTyp>
          label={t("field.firma")}
          value={values.firma}
          onChange={(value) => form.setFieldValue("firma", value)}
          data={[
            { value: "firma", label: t("firmaTyp.firma") },
            { value: "privatperson", label: t("firmaTyp.privatperson") },
          ]}
        />
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            {t("field.anzeigename")}
          </Text>
          <Text fw={600} aria-label={t("field.anzeigename")} aria-live="polite">
            {name || "—"}
          </Text>
        </Stack>
      </Group>

      {values.firma === "firma" ? (
        <TextInput
          label={t("field.bezeichnung")}
          maxLength={200}
          key={form.key("bezeichnung")}
          {...form.getInputProps("bezeichnung")}
        />
      ) : (
        <Raster min={180}>
          <Select
            label={t("field.geschlecht")}
            data={anreden}
            key={form.key("geschlecht")}
            {...form.getInputProps("geschlecht")}
            value={values.geschlecht || null}
            onChange={(value) => form.setFieldValue("geschlecht", value ?? "")}
          />
          <TextInput
            label={t("field.vorname")}
            maxLength={100}
            key={form.key("vorname")}
            {...form.getInputProps("vorname")}
          />
          <TextInput
            label={t("field.nachname")}
            maxLength={100}
            key={form.key("nachname")}
            {...form.getInputProps("nachname")}
          />
        </Raster>
      )}

      <Raster>
        <TextInput
          label={t("field.kundenNummer")}
          description={stored ? undefined : t("hint.kundenNummer")}
          placeholder={stored ? undefined : naechste.data?.kundenNummer}
          maxLength={50}
          key={form.key("kundenNummer")}
          {...form.getInputProps("kundenNummer")}
        />
        <UidInput form={form} label={t("field.uid")} />
        <TextInput
          label={t("field.email")}
          type="email"
          maxLength={100}
          key={form.key("email")}
          {...form.getInputProps("email")}
        />
        <TextInput
          label={t("field.telnr")}
          type="tel"
          maxLength={50}
          key={form.key("telnr")}
          {...form.getInputProps("telnr")}
        />
        <TextInput
          label={t("field.kontonummer")}
          description={t("hint.kontonummer")}
          maxLength={50}
          key={form.key("kontonummer")}
          {...form.getInputProps("kontonummer")}
        />
      </Raster>

      <Raster min={240} gap="sm">
        <Checkbox
          label={t("field.innergemeinschaftlich")}
          description={t("hint.innergemeinschaftlich")}
          key={form.key("innergemeinschaftlich")}
          {...form.getInputProps("innergemeinschaftlich", { type: "checkbox" })}
        />
        <Checkbox
          label={t("field.export")}
          description={t("hint.export")}
          key={form.key("export")}
          {...form.getInputProps("export", { type: "checkbox" })}
        />
        <Checkbox
          label={t("field.lieferant")}
          description={t("hint.lieferant")}
          key={form.key("lieferant")}
          {...form.getInputProps("lieferant", { type: "checkbox" })}
        />
        <Checkbox
          label={t("field.aktiv")}
          description={t("hint.aktiv")}
          key={form.key("aktiv")}
          {...form.getInputProps("aktiv", { type: "checkbox" })}
        />
      </Raster>

      <Textarea
        label={t("field.kundeBeschreibung")}
        autosize
        minRows={3}
        maxRows={12}
        maxLength={10_000}
        key={form.key("kundeBeschreibung")}
        {...form.getInputProps("kundeBeschreibung")}
      />
    </Stack>
  );
}
