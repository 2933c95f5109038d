import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { DateInput } from "../../components/form/DateInput.tsx";
import { NumberField } from "../../components/form/NumberField.tsx";
import { IconTrash } from "../../components/icons.tsx";
import { type KundeForm, neuesFahrzeug } from "./kunde.form.ts";

/** Fahrzeuge (module fahrzeuge): the customer's vehicles with every field, and whether documents print them. */
export function KundeFahrzeuge({ form }: { form: KundeForm }) {
  const { t } = useTranslation("kunde");
  const fahrzeuge = form.getValues().fahrzeuge;

  return (
    <Stack gap="md">
      {fahrzeuge.length === 0 && (
        <Text c="dimmed" size="sm">
          {t("fahrzeug.leer")}
        </Text>
      )}
      {fahrzeuge.map((fahrzeug, index) => {
        const path = (field: string) => `fahrzeuge.${index}.${field}` as const;
        const input = (field: string) => form.getInputProps(path(field));
        const name = fahrzeug.kennzeichen.trim() || t("fahrzeug.nummer", { n: index + 1 });
        return (
          <Paper key={fahrzeug.key} withBorder radius="sm" p="md">
            <Stack gap="sm">
              <Group justify="space-between">
                <Text fw={600}>{name}</Text>
                <Tooltip label={t("fahrzeug.entfernen", { name })} openDelay={400}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("fahrzeug.entfernen", { name })}
                    onClick={() => form.removeListItem("fahrzeuge", index)}
                  >
                    <IconTrash />
                  </ActionIcon>
                </Tooltip>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
                <TextInput
                  label={t("fahrzeug.field.kennzeichen")}
                  withAsterisk
                  maxLength={20}
                  {...input("kennzeichen")}
                />
                <TextInput label={t("fahrzeug.field.marke")} maxLength={100} {...input("marke")} />
                <TextInput label={t("fahrzeug.field.typ")} maxLength={100} {...input("typ")} />
                <TextInput
                  label={t("fahrzeug.field.fahrgestellNummer")}
                  maxLength={30}
                  {...input("fahrgestellNummer")}
                />
                <DateInput label={t("fahrzeug.field.erstZulassung")} {...input("erstZulassung")} />
                <TextInput label={t("fahrzeug.field.motorNummer")} maxLength={50} {...input("motorNummer")} />
                <TextInput
                  label={t("fahrzeug.field.leistung")}
                  placeholder={t("fahrzeug.placeholder.leistung")}
                  maxLength={50}
                  {...input("leistung")}
                />
                <TextInput
                  label={t("fahrzeug.field.hubraum")}
                  placeholder={t("fahrzeug.placeholder.hubraum")}
                  maxLength={50}
                  {...input("hubraum")}
                />
                <TextInput
                  label={t("fahrzeug.field.nationalCode")}
                  maxLength={50}
                  {...input("nationalCode")}
                />
                <NumberField
                  label={t("fahrzeug.field.kilometerstand")}
                  min={0}
                  max={99_999_999}
                  maxDecimals={0}
                  rightSection="km"
                  rightSectionPointerEvents="none"
                  {...input("kilometerstand")}
                />
                <TextInput label={t("fahrzeug.field.treibstoff")} maxLength={50} {...input("treibstoff")} />
              </SimpleGrid>
              <Checkbox
                label={t("fahrzeug.field.saveonpdf")}
                description={t("fahrzeug.hint.saveonpdf")}
                {...form.getInputProps(path("saveonpdf"), { type: "checkbox" })}
              />
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button variant="default" onClick={() => form.insertListItem("fahrzeuge", neuesFahrzeug())}>
          {t("fahrzeug.hinzufuegen")}
        </Button>
      </Group>
    </Stack>
  );
}
