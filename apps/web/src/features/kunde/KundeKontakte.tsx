import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { useTranslation } from "react-i18next";
import { IconTrash } from "../../components/icons.tsx";
import { useAnreden } from "./KundeStammdaten.tsx";
import { type KundeForm, neuerKontakt } from "./kunde.form.ts";

/** Kontakte: the customer's contact persons (SPEC §3), each with salutation, names, e-mail and phone. */
export function KundeKontakte({ form }: { form: KundeForm }) {
  const { t } = useTranslation("kunde");
  const anreden = useAnreden();
  const kontakte = form.getValues().kundeKontakte;

  return (
    <Stack gap="md">
      {kontakte.length === 0 && (
        <Text c="dimmed" size="sm">
          {t("kontakt.leer")}
        </Text>
      )}
      {kontakte.map((kontakt, index) => {
        const path = (field: string) => `kundeKontakte.${index}.${field}` as const;
        const nummer = t("kontakt.nummer", { n: index + 1 });
        return (
          <Paper key={kontakt.key} withBorder radius="sm" p="sm">
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm" style={{ flex: 1 }}>
                <Select
                  label={t("kontakt.field.geschlecht")}
                  data={anreden}
                  clearable
                  {...form.getInputProps(path("geschlecht"))}
                  value={kontakt.geschlecht || null}
                  onChange={(value) => form.setFieldValue(path("geschlecht"), value ?? "")}
                />
                <TextInput
                  label={t("kontakt.field.vorname")}
                  maxLength={100}
                  {...form.getInputProps(path("vorname"))}
                />
                <TextInput
                  label={t("kontakt.field.nachname")}
                  withAsterisk
                  maxLength={100}
                  {...form.getInputProps(path("nachname"))}
                />
                <TextInput
                  label={t("kontakt.field.email")}
                  type="email"
                  maxLength={100}
                  {...form.getInputProps(path("email"))}
                />
                <TextInput
                  label={t("kontakt.field.telnr")}
                  type="tel"
                  maxLength={50}
                  {...form.getInputProps(path("telnr"))}
                />
              </SimpleGrid>
              <Tooltip label={t("kontakt.entfernen", { name: nummer })} openDelay={400}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  aria-label={t("kontakt.entfernen", { name: nummer })}
                  onClick={() => form.removeListItem("kundeKontakte", index)}
                >
                  <IconTrash />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Paper>
        );
      })}
      <Group>
        <Button variant="default" onClick={() => form.insertListItem("kundeKontakte", neuerKontakt())}>
          {t("kontakt.hinzufuegen")}
        </Button>
      </Group>
    </Stack>
  );
}
