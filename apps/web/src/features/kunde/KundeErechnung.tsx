import {
  EAS_CODES,
  ERECHNUNG_FORMATE,
  ERECHNUNG_KANAELE,
  elektronischeAdresse,
  leitwegIdGueltig,
  PEPPOL_EAS_CODES,
  peppolAdresse,
} from "@kontor/domain/erechnung/erechnung.codes";
import { Divider, Select, SimpleGrid, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { KundeForm, KundeValues } from "./kunde.form.ts";

/** Looks like a Leitweg-ID: then its check digits are verified (as the server does, ZKaeuferReferenz). */
const LEITWEG_FORM = /^[0-9]{2,12}-(?:[0-9A-Za-z]{1,30}-)?[0-9]{2}$/;

/**
 * E-invoice settings of a customer (issue 19): buyer reference / Leitweg-ID, our supplier number there, the
 * electronic address, the preferred format and how documents reach the customer. Checked when a field is left;
 * the server checks the same (an address's scheme must be an EAS code). Per format (issue 33): with Peppol as the
 * customer's format, an address Peppol does not take — an e-mail address without a VAT id to address instead, or a
 * scheme outside Peppol's EAS list — is named below the address, since the export would be refused.
 */
export function KundeErechnung({ form }: { form: KundeForm }) {
  const { t } = useTranslation(["kunde", "erechnung"]);
  const values = form.getValues();
  const [verlassen, setVerlassen] = useState<Record<string, boolean>>({});
  const weg = (feld: string) => () => setVerlassen((alt) => ({ ...alt, [feld]: true }));
  const referenz = values.kaeuferReferenz.trim();
  const adresse = values.eRechnungAdresse.trim();
  const referenzFehler =
    verlassen.kaeuferReferenz && LEITWEG_FORM.test(referenz) && !leitwegIdGueltig(referenz)
      ? t("erechnung.leitwegFalsch")
      : undefined;
  const gelesen = adresse === "" ? null : elektronischeAdresse(adresse);
  const adresseFehler =
    !verlassen.eRechnungAdresse || adresse === ""
      ? undefined
      : !gelesen
        ? t("erechnung.adresseFalsch")
        : !EAS_CODES.has(gelesen.schema)
          ? t("erechnung.schemaUnbekannt", { schema: gelesen.schema })
          : undefined;
  // What the Peppol export would address the customer by (the address, else the VAT id; the e-mail is no address).
  const peppolHinweis =
    values.eRechnungFormat !== "peppol" || (adresse !== "" && !gelesen)
      ? undefined
      : gelesen && gelesen.schema !== "EM" && !PEPPOL_EAS_CODES.has(gelesen.schema)
        ? t("erechnung.peppolSchema", { schema: gelesen.schema })
        : !peppolAdresse(gelesen, values.uid)
          ? t("erechnung.peppolOhneAdresse")
          : undefined;
  const referenzProps = form.getInputProps("kaeuferReferenz");
  const adresseProps = form.getInputProps("eRechnungAdresse");

  return (
    <>
      <Divider label={t("erechnung.titel")} labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t("field.kaeuferReferenz")}
          description={t("hint.kaeuferReferenz")}
          key={form.key("kaeuferReferenz")}
          {...referenzProps}
          error={referenzProps.error ?? referenzFehler}
          onBlur={weg("kaeuferReferenz")}
        />
        <TextInput
          label={t("field.lieferantenNummer")}
          description={t("hint.lieferantenNummer")}
          key={form.key("lieferantenNummer")}
          {...form.getInputProps("lieferantenNummer")}
        />
        <TextInput
          label={t("field.eRechnungAdresse")}
          description={
            <>
              {t("hint.eRechnungAdresse")}
              {peppolHinweis && (
                <Text span display="block" size="xs" c="orange.8" data-testid="peppol-hinweis">
                  {peppolHinweis}
                </Text>
              )}
            </>
          }
          key={form.key("eRechnungAdresse")}
          {...adresseProps}
          error={adresseProps.error ?? adresseFehler}
          onBlur={weg("eRechnungAdresse")}
        />
        <Select
          label={t("field.eRechnungFormat")}
          description={t("hint.eRechnungFormat")}
          data={[
            { value: "", label: t("erechnung.keinFormat") },
            ...ERECHNUNG_FORMATE.map((format) => ({
              value: format,
              label: t(`erechnung:formate.${format}`),
            })),
          ]}
          value={values.eRechnungFormat}
          allowDeselect={false}
          onChange={(value) =>
            form.setFieldValue("eRechnungFormat", (value ?? "") as KundeValues["eRechnungFormat"])
          }
          error={form.errors.eRechnungFormat}
        />
        <Select
          label={t("field.eRechnungKanal")}
          data={ERECHNUNG_KANAELE.map((kanal) => ({ value: kanal, label: t(`erechnung.kanal.${kanal}`) }))}
          value={values.eRechnungKanal}
          allowDeselect={false}
          onChange={(value) =>
            form.setFieldValue("eRechnungKanal", (value ?? "pdf") as KundeValues["eRechnungKanal"])
          }
          error={form.errors.eRechnungKanal}
        />
      </SimpleGrid>
    </>
  );
}
