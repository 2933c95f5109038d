import { BELEGS_TYPEN, type TBelegsTyp } from "@kontor/domain/beleg/beleg.codes";
import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import type { TKunde } from "@kontor/domain/kunde/kunde.schema";
import { Checkbox, Group, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { DateInput } from "../../components/form/DateInput.tsx";
import { PercentInput } from "../../components/form/PercentInput.tsx";
import { Raster } from "../../components/form/Raster.tsx";
import { lieferbedingungenQuery, zahlungsbedingungenQuery, zahlungszieleQuery } from "../kunde/kunde.api.ts";
import { KundeSearchField } from "../kunde/quick/KundeSearchField.tsx";
import type { BelegForm, LeistungsArt } from "./beleg.form.ts";

type Auswahl = "zahlungsziel" | "lieferbedingung" | "zahlungsbedingung";

/** An address of the customer in one line: street, number, postcode, place. */
export function adresseText(adresse: TKunde["adresseLists"][number]): string {
  const strasse = [adresse.strasse, adresse.hausNummer].filter(Boolean).join(" ");
  const ort = [adresse.plz, adresse.ort].filter(Boolean).join(" ");
  return [adresse.bezeichnung, adresse.firmenName, strasse, ort].filter(Boolean).join(", ");
}

/**
 * The document's header: type, date, customer (quick search with quick create; picking one fills its terms —
 * see onKunde), the address printed, "to the attention of", the date of supply or the service period, the
 * order number, the terms, the vehicle, reverse charge and the document discount.
 */
export function BelegKopf({
  form,
  kunde,
  stored,
  readOnly,
  onTyp,
  onKunde,
}: {
  form: BelegForm;
  /** The chosen customer's record (its addresses and vehicles), once loaded. */
  kunde: TKunde | undefined;
  /** The document is stored: its type is fixed (a conversion makes a new document). */
  stored: boolean;
  readOnly: boolean;
  onTyp: (typ: TBelegsTyp) => void;
  onKunde: (kunde: TKundeZeile | null) => void;
}) {
  const { t } = useTranslation("beleg");
  const values = form.getValues();
  const zahlungsziele = useQuery(zahlungszieleQuery);
  const lieferbedingungen = useQuery(lieferbedingungenQuery);
  const zahlungsbedingungen = useQuery(zahlungsbedingungenQuery);

  const auswahl = (feld: Auswahl, data: { value: string; label: string }[]) => ({
    ...form.getInputProps(feld),
    // "" is no choice: null, so the select shows its placeholder and no clear button.
    value: values[feld] || null,
    data,
    clearable: !readOnly,
    searchable: true,
    nothingFoundMessage: t("kopf.nichtsGefunden"),
  });

  const adressen = kunde?.adresseLists ?? [];
  const adressOptionen = adressen.flatMap((adresse, index) =>
    index === 0
      ? [{ value: "", label: t("kopf.rechnungsadresse", { adresse: adresseText(adresse) }) }]
      : adresse.id !== undefined && adresse.aktiv
        ? [{ value: String(adresse.id), label: t("kopf.lieferadresse", { adresse: adresseText(adresse) }) }]
        : [],
  );
  const fahrzeuge = (kunde?.fahrzeuge ?? []).flatMap((fahrzeug) =>
    fahrzeug.id === undefined
      ? []
      : [
          {
            value: String(fahrzeug.id),
            label: [fahrzeug.kennzeichen, fahrzeug.marke, fahrzeug.typ].filter(Boolean).join(" "),
          },
        ],
  );
  const kundeWert = values.kunde
    ? ({ id: values.kunde.id, anzeigename: values.kunde.anzeigename } as TKundeZeile)
    : null;

  return (
    <Stack gap="md">
      <Raster min={220}>
        <Select
          label={t("field.belegsTyp")}
          data={BELEGS_TYPEN.map((typ) => ({ value: typ, label: t(`typ.${typ}`) }))}
          {...form.getInputProps("belegsTyp")}
          onChange={(typ) => {
            if (typ) onTyp(typ as TBelegsTyp);
          }}
          allowDeselect={false}
          disabled={stored}
          title={stored ? t("kopf.typFest") : undefined}
        />
        <DateInput label={t("field.belegDatum")} {...form.getInputProps("belegDatum")} />
        <div style={{ gridColumn: "span 2" }}>
          <KundeSearchField
            label={t("field.kunde")}
            value={kundeWert}
            onChange={onKunde}
            error={form.errors.kunde}
            disabled={readOnly}
            withAsterisk={values.belegsTyp !== "barrechnung"}
          />
        </div>
      </Raster>
      <Raster min={220}>
        <Select
          label={t("field.adresse")}
          data={adressOptionen}
          {...form.getInputProps("adresse")}
          onChange={(value) => form.setFieldValue("adresse", value ?? "")}
          disabled={!kunde}
          allowDeselect={false}
          placeholder={kunde ? undefined : t("kopf.erstKunde")}
        />
        <TextInput label={t("field.zuHanden")} {...form.getInputProps("zuHanden")} />
        <TextInput label={t("field.bestellBelegnummer")} {...form.getInputProps("bestellBelegnummer")} />
        <TextInput
          label={t("field.kaeuferReferenz")}
          title={t("kopf.kaeuferReferenzHinweis")}
          {...form.getInputProps("kaeuferReferenz")}
        />
        {fahrzeuge.length > 0 && (
          <Select
            label={t("field.fahrzeug")}
            data={fahrzeuge}
            clearable={!readOnly}
            {...form.getInputProps("fahrzeug")}
            value={values.fahrzeug || null}
            onChange={(value) => form.setFieldValue("fahrzeug", value ?? "")}
          />
        )}
      </Raster>
      <Stack gap={6}>
        <Group gap="sm" align="center">
          <Text size="sm" fw={500} id="leistung-label">
            {t("field.leistung")}
          </Text>
          <SegmentedControl
            size="xs"
            aria-labelledby="leistung-label"
            data={[
              { value: "datum", label: t("kopf.leistungDatum") },
              { value: "zeitraum", label: t("kopf.leistungZeitraum") },
            ]}
            value={values.leistungsArt}
            onChange={(art) => form.setFieldValue("leistungsArt", art as LeistungsArt)}
          />
        </Group>
        <Raster min={220}>
          {values.leistungsArt === "datum" ? (
            <DateInput label={t("field.leistungsDatum")} {...form.getInputProps("leistungsDatum")} />
          ) : (
            <>
              <DateInput
                label={t("field.leistungsZeitraumVon")}
                {...form.getInputProps("leistungsZeitraumVon")}
              />
              <DateInput
                label={t("field.leistungsZeitraumBis")}
                {...form.getInputProps("leistungsZeitraumBis")}
              />
            </>
          )}
        </Raster>
      </Stack>
      <Raster min={220}>
        <Select
          label={t("field.zahlungsziel")}
          {...auswahl(
            "zahlungsziel",
            (zahlungsziele.data ?? []).flatMap((ziel) =>
              ziel.id === undefined ? [] : [{ value: String(ziel.id), label: ziel.name }],
            ),
          )}
          onChange={(value) => form.setFieldValue("zahlungsziel", value ?? "")}
        />
        <Select
          label={t("field.lieferbedingung")}
          {...auswahl(
            "lieferbedingung",
            (lieferbedingungen.data ?? []).flatMap((b) =>
              b.id === undefined ? [] : [{ value: String(b.id), label: b.name }],
            ),
          )}
          onChange={(value) => form.setFieldValue("lieferbedingung", value ?? "")}
        />
        <Select
          label={t("field.zahlungsbedingung")}
          {...auswahl(
            "zahlungsbedingung",
            (zahlungsbedingungen.data ?? []).flatMap((b) =>
              b.id === undefined ? [] : [{ value: String(b.id), label: b.name }],
            ),
          )}
          onChange={(value) => form.setFieldValue("zahlungsbedingung", value ?? "")}
        />
        <PercentInput label={t("field.belegRabatt")} {...form.getInputProps("belegRabatt")} />
      </Raster>
      <Checkbox
        label={t("field.reverseCharge")}
        {...form.getInputProps("reverseCharge", { type: "checkbox" })}
      />
    </Stack>
  );
}
