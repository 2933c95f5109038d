import { Checkbox, Loader, Select, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Raster } from "../../components/form/Raster.tsx";
import { formatPercent } from "../../components/format/format.ts";
import { einheitAllQuery } from "../einheit/einheit.api.ts";
import {
  mehrwertssteuernQuery,
  naechsteArtikelnummerQuery,
  pruefeArtikelnummer,
  untergruppenQuery,
  warengruppenQuery,
} from "./artikel.api.ts";
import type { ArtikelForm } from "./artikel.form.ts";

/* The number inputs (react-number-format) load with the other tabs, after the screen (DESIGN §9 budget). */
const ArtikelZahlen = lazy(async () => ({ default: (await import("./artikel.tabs.tsx")).ArtikelZahlen }));

/**
 * Stammdaten: number (empty = assigned on save; checked for duplicates when left), name, description, comment, VAT
 * rate, goods group → subgroup, manufacturer, purchase price, stock, measures and packaging, flags, webshop.
 */
export function ArtikelStammdaten({
  form,
  onNummerVergeben,
}: {
  form: ArtikelForm;
  onNummerVergeben: (vergeben: boolean) => void;
}) {
  const { t } = useTranslation("artikel");
  const values = form.getValues();
  const stored = values.id !== undefined;
  const naechste = useQuery({ ...naechsteArtikelnummerQuery, enabled: !stored });
  const mwst = useQuery(mehrwertssteuernQuery);
  const einheiten = useQuery(einheitAllQuery);
  const warengruppen = useQuery(warengruppenQuery);
  const warengruppeId = values.warengruppe === "" ? null : Number(values.warengruppe);
  const untergruppen = useQuery({
    ...untergruppenQuery(warengruppeId ?? 0),
    enabled: warengruppeId !== null,
  });
  const [vergeben, setVergeben] = useState(false);

  const nummerProps = form.getInputProps("artikelNummer");
  const pruefen = async () => {
    const nummer = form.getValues().artikelNummer.trim();
    if (nummer === "") {
      setVergeben(false);
      onNummerVergeben(false);
      return;
    }
    try {
      const { frei } = await pruefeArtikelnummer(nummer, form.getValues().id);
      setVergeben(!frei);
      onNummerVergeben(!frei);
    } catch {
      // the server checks again on save
    }
  };

  const warengruppeDaten = (warengruppen.data ?? [])
    .filter((gruppe) => !gruppe.geloescht || String(gruppe.id) === values.warengruppe)
    .map((gruppe) => ({ value: String(gruppe.id), label: `${gruppe.warenGruppe} – ${gruppe.bezeichnung}` }));
  const untergruppeDaten = (untergruppen.data ?? []).map((gruppe) => ({
    value: String(gruppe.id),
    label: `${gruppe.unterGruppe} – ${gruppe.bezeichnung}`,
  }));

  return (
    <Stack gap="md">
      <Raster>
        <TextInput
          label={t("field.artikelNummer")}
          description={stored ? undefined : t("hint.artikelNummer")}
          placeholder={stored ? undefined : naechste.data?.artikelNummer}
          maxLength={50}
          key={form.key("artikelNummer")}
          {...nummerProps}
          error={nummerProps.error ?? (vergeben ? t("nummer.vergeben") : undefined)}
          onChange={(event) => {
            (nummerProps.onChange as (event: unknown) => void)(event);
            if (vergeben) {
              setVergeben(false);
              onNummerVergeben(false);
            }
          }}
          onBlur={(event) => {
            (nummerProps.onBlur as ((event: unknown) => void) | undefined)?.(event);
            void pruefen();
          }}
        />
        <TextInput
          label={t("field.artikelBezeichnung")}
          maxLength={200}
          key={form.key("artikelBezeichnung")}
          {...form.getInputProps("artikelBezeichnung")}
        />
      </Raster>

      <Textarea
        label={t("field.artikelBeschreibung")}
        description={t("hint.artikelBeschreibung")}
        autosize
        minRows={2}
        maxRows={10}
        maxLength={10_000}
        key={form.key("artikelBeschreibung")}
        {...form.getInputProps("artikelBeschreibung")}
      />
      <Textarea
        label={t("field.artikelKommentar")}
        description={t("hint.artikelKommentar")}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={10_000}
        key={form.key("artikelKommentar")}
        {...form.getInputProps("artikelKommentar")}
      />

      <Raster min={220}>
        <Select
          label={t("field.mehrwertssteuer")}
          data={(mwst.data ?? []).map((satz) => ({
            value: String(satz.id),
            label: `${formatPercent(satz.mwst)} (${satz.land})`,
          }))}
          key={form.key("mehrwertssteuer")}
          {...form.getInputProps("mehrwertssteuer")}
          value={values.mehrwertssteuer || null}
          onChange={(value) => form.setFieldValue("mehrwertssteuer", value ?? "")}
        />
        <Select
          label={t("field.einheit")}
          data={(einheiten.data ?? []).map((e) => ({
            value: String(e.id),
            label: `${e.bezeichnung} (${e.kuerzel})`,
          }))}
          clearable
          searchable
          placeholder={t("einheitStandard", {
            name: einheiten.data?.find((e) => e.defaultEinheit)?.bezeichnung ?? "",
          })}
          key={form.key("einheit")}
          {...form.getInputProps("einheit")}
          value={values.einheit || null}
          onChange={(value) => form.setFieldValue("einheit", value ?? "")}
        />
        <Select
          label={t("field.warengruppe")}
          data={warengruppeDaten}
          clearable
          searchable
          key={form.key("warengruppe")}
          value={values.warengruppe || null}
          onChange={(value) => {
            form.setFieldValue("warengruppe", value ?? "");
            form.setFieldValue("untergruppe", "");
          }}
        />
        <Select
          label={t("field.untergruppe")}
          data={untergruppeDaten}
          clearable
          searchable
          disabled={warengruppeId === null}
          placeholder={warengruppeId === null ? t("hint.untergruppe") : undefined}
          key={form.key("untergruppe")}
          {...form.getInputProps("untergruppe")}
          value={values.untergruppe || null}
          onChange={(value) => form.setFieldValue("untergruppe", value ?? "")}
        />
        <TextInput
          label={t("field.hersteller")}
          maxLength={200}
          key={form.key("hersteller")}
          {...form.getInputProps("hersteller")}
        />
        <Suspense fallback={<Loader size="xs" mt="xl" />}>
          <ArtikelZahlen form={form} teil="lager" />
        </Suspense>
      </Raster>

      <Raster min={180}>
        <TextInput
          label={t("field.gewichtDurchmesser")}
          maxLength={50}
          key={form.key("gewichtDurchmesser")}
          {...form.getInputProps("gewichtDurchmesser")}
        />
        <TextInput
          label={t("field.laenge")}
          maxLength={50}
          key={form.key("laenge")}
          {...form.getInputProps("laenge")}
        />
        <TextInput
          label={t("field.verpackung")}
          maxLength={100}
          key={form.key("verpackung")}
          {...form.getInputProps("verpackung")}
        />
        <Suspense fallback={<Loader size="xs" mt="xl" />}>
          <ArtikelZahlen form={form} teil="vpe" />
        </Suspense>
      </Raster>

      <Raster min={220} gap="sm">
        <Checkbox
          label={t("field.rabattierFaehig")}
          key={form.key("rabattierFaehig")}
          {...form.getInputProps("rabattierFaehig", { type: "checkbox" })}
        />
        <Checkbox
          label={t("field.verleihbar")}
          key={form.key("verleihbar")}
          {...form.getInputProps("verleihbar", { type: "checkbox" })}
        />
        <Checkbox
          label={t("field.geloescht")}
          description={t("hint.geloescht")}
          key={form.key("geloescht")}
          {...form.getInputProps("geloescht", { type: "checkbox" })}
        />
        <Checkbox
          label={t("field.locked")}
          description={t("hint.locked")}
          key={form.key("locked")}
          {...form.getInputProps("locked", { type: "checkbox" })}
        />
      </Raster>
      {values.verleihbar && (
        <TextInput
          label={t("field.halter")}
          maxLength={200}
          key={form.key("halter")}
          {...form.getInputProps("halter")}
        />
      )}

      <Title order={3} size="h5">
        {t("webshop.titel")}
      </Title>
      <Raster min={220}>
        <Checkbox
          mt="lg"
          label={t("field.webshopArtikel")}
          key={form.key("webshopArtikel")}
          {...form.getInputProps("webshopArtikel", { type: "checkbox" })}
        />
        <Suspense fallback={<Loader size="xs" mt="xl" />}>
          <ArtikelZahlen form={form} teil="webshop" />
        </Suspense>
        <TextInput label={t("field.webshopId")} value={values.webshopId ?? ""} readOnly variant="filled" />
      </Raster>
    </Stack>
  );
}
