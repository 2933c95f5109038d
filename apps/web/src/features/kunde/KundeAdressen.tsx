import { ADRESSE_MAX } from "@kontor/domain/kunde/kunde.rules";
import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LandSelect } from "../land/LandSelect.tsx";
import { adresseToForm, istLieferadresseAn, type KundeForm, neueLieferadresse } from "./kunde.form.ts";
import { adresseName } from "./kunde.labels.ts";
import { LieferadresseQuickCreateModal } from "./quick/LieferadresseQuickCreateModal.tsx";

/**
 * Adressen (SPEC §3: [0] billing, [1] delivery, later ones further delivery addresses): the billing address, the
 * switch for a different delivery address (a stored one is deactivated rather than removed, so documents that
 * used it keep it), further delivery addresses, and — for a stored customer — the delivery-address quick create.
 */
export function KundeAdressen({ form }: { form: KundeForm }) {
  const { t } = useTranslation("kunde");
  const [anlegen, setAnlegen] = useState(false);
  const values = form.getValues();
  const adressen = values.adresseLists;
  const lieferadresseAn = istLieferadresseAn(values);

  const schalten = (an: boolean) => {
    const lieferadresse = adressen[1];
    if (an) {
      if (lieferadresse) form.setFieldValue("adresseLists.1.aktiv", true);
      else form.insertListItem("adresseLists", neueLieferadresse(adressen[0]?.land));
      return;
    }
    if (!lieferadresse) return;
    // A new one without followers goes; a stored one (or one that others follow) only stops being used.
    if (lieferadresse.id === undefined && adressen.length === 2) form.removeListItem("adresseLists", 1);
    else form.setFieldValue("adresseLists.1.aktiv", false);
  };

  return (
    <Stack gap="lg">
      <Fieldset legend={adresseName(t, 0)}>
        <AdresseFelder form={form} index={0} />
      </Fieldset>

      <Switch
        label={t("adresse.abweichend")}
        description={t("adresse.abweichendHint")}
        checked={lieferadresseAn}
        onChange={(event) => schalten(event.currentTarget.checked)}
      />
      {lieferadresseAn && (
        <Fieldset legend={adresseName(t, 1)}>
          <AdresseFelder form={form} index={1} />
        </Fieldset>
      )}
      {adressen[1] && !lieferadresseAn && adressen[1].id !== undefined && (
        <Text size="sm" c="dimmed">
          {t("adresse.lieferInaktiv")}
        </Text>
      )}

      {adressen.slice(2).map((adresse, offset) => {
        const index = offset + 2;
        return (
          <Fieldset key={adresse.key} legend={adresseName(t, index)}>
            <Stack gap="sm">
              <AdresseFelder form={form} index={index} />
              <Group justify="space-between">
                <Checkbox
                  label={t("adresse.field.aktiv")}
                  key={form.key(`adresseLists.${index}.aktiv`)}
                  {...form.getInputProps(`adresseLists.${index}.aktiv`, { type: "checkbox" })}
                />
                {adresse.id === undefined && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => form.removeListItem("adresseLists", index)}
                  >
                    {t("adresse.entfernen")}
                  </Button>
                )}
              </Group>
            </Stack>
          </Fieldset>
        );
      })}

      {values.id !== undefined ? (
        <Group>
          <Button variant="default" onClick={() => setAnlegen(true)}>
            {t("adresse.schnellAnlegen")}
          </Button>
          <LieferadresseQuickCreateModal
            opened={anlegen}
            onClose={() => setAnlegen(false)}
            kundeId={values.id}
            onCreated={(adresse) => {
              setAnlegen(false);
              // Stored already: add it to what is typed and to what counts as unchanged, so nothing is lost.
              const neu = adresseToForm(adresse);
              form.insertListItem("adresseLists", neu);
              const initial = form.getInitialValues();
              form.setInitialValues({ ...initial, adresseLists: [...initial.adresseLists, neu] });
            }}
          />
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t("adresse.schnellAnlegenNachSpeichern")}
        </Text>
      )}
    </Stack>
  );
}

/** Every field of one address (SPEC §3 Address), maximum lengths of SPEC §9. */
function AdresseFelder({ form, index }: { form: KundeForm; index: number }) {
  const { t } = useTranslation("kunde");
  const path = (field: string) => `adresseLists.${index}.${field}` as const;
  // Controlled form: inputs need no form.key to pick up new values.
  const input = (field: string) => form.getInputProps(path(field));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <TextInput
          label={t("adresse.field.strasse")}
          maxLength={ADRESSE_MAX.strasse}
          {...input("strasse")}
          style={{ gridColumn: "span 2" }}
        />
        <TextInput
          label={t("adresse.field.hausNummer")}
          maxLength={ADRESSE_MAX.hausNummer}
          {...input("hausNummer")}
        />
        <SimpleGrid cols={2} spacing="md">
          <TextInput label={t("adresse.field.stiege")} maxLength={ADRESSE_MAX.stiege} {...input("stiege")} />
          <TextInput label={t("adresse.field.tuer")} maxLength={ADRESSE_MAX.tuer} {...input("tuer")} />
        </SimpleGrid>
      </SimpleGrid>
      <TextInput
        label={t("adresse.field.adressZusatz")}
        maxLength={ADRESSE_MAX.adressZusatz}
        {...input("adressZusatz")}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput label={t("adresse.field.plz")} maxLength={ADRESSE_MAX.plz} {...input("plz")} />
        <TextInput label={t("adresse.field.ort")} maxLength={ADRESSE_MAX.ort} {...input("ort")} />
        <LandSelect
          label={t("adresse.field.land")}
          {...form.getInputProps(path("land"))}
          value={form.getValues().adresseLists[index]?.land || null}
          onChange={(value) => form.setFieldValue(path("land"), value ?? "")}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t("adresse.field.firmenName")} maxLength={200} {...input("firmenName")} />
        <TextInput
          label={t("adresse.field.bezeichnung")}
          placeholder={t("adresse.hint.bezeichnung")}
          maxLength={200}
          {...input("bezeichnung")}
        />
      </SimpleGrid>
      <Checkbox
        label={t("adresse.field.zuHanden")}
        {...form.getInputProps(path("zuHanden"), { type: "checkbox" })}
      />
    </Stack>
  );
}
