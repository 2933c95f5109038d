import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { Fragment, lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { IconPlus, IconTrash } from "../../components/icons.tsx";
import { LandSelect } from "../land/LandSelect.tsx";
import { emptyAdresse, MAX_ADRESSEN } from "./mandant.form.ts";
import type { MandantForm } from "./useMandantForm.ts";

interface SectionProps {
  form: MandantForm;
  /** Without ROLE_ADMIN: modules cannot be changed (the server refuses). */
  readOnly?: boolean;
}

/** The groups of the tenant form, in the order the edit shows them. */
export const MANDANT_SECTIONS = [
  "stammdaten",
  "adressen",
  "bank",
  "module",
  "benutzer",
  "hinweise",
  "belegausgabe",
  "nummern",
  "kassa",
  "zeiterfassung",
  "flags",
] as const;
export type MandantSection = (typeof MANDANT_SECTIONS)[number];

const NumberFields = lazy(() => import("./MandantNumberFields.tsx"));
/** The VAT id with the domain's check: loaded right after the form (DESIGN §9 route budget). */
const UidInput = lazy(async () => ({
  default: (await import("../../components/form/UidInput.tsx")).UidInput,
}));
/** The members with the user search and its table: loaded right after the form (DESIGN §9 route budget). */
const BenutzerFields = lazy(() => import("./MandantBenutzerFields.tsx"));
/** Modules, notice texts, working-time settings and flags (DESIGN §9 route budget). */
const EinstellungenFields = lazy(() => import("./MandantEinstellungenFields.tsx"));
/** Layout, address window, footer and logo of the document PDFs, with their own texts (DESIGN §9 route budget). */
const BelegausgabeFields = lazy(() => import("./MandantBelegausgabeFields.tsx"));

/**
 * The tenant's fields (SPEC §3 Tenant) in groups (DESIGN §3: <Area>FormFields, shared by the plain edit, which
 * shows every group in a fieldset, and the wizard, which shows one or two groups per step without a frame).
 */
export function MandantFormFields({
  form,
  isAdmin,
  sections = MANDANT_SECTIONS,
  framed = true,
}: {
  form: MandantForm;
  isAdmin: boolean;
  sections?: readonly MandantSection[];
  framed?: boolean;
}) {
  const { t } = useTranslation("mandant");
  const content = (section: MandantSection) => {
    switch (section) {
      case "stammdaten":
        return <StammdatenFields form={form} />;
      case "adressen":
        return <AdressenFields form={form} />;
      case "bank":
        return <BankFields form={form} />;
      case "module":
        return <EinstellungenFields form={form} section="module" readOnly={!isAdmin} />;
      case "benutzer":
        // Its own boundary: the sections around it show while it loads.
        return (
          <Suspense fallback={<Skeleton height={60} radius="md" />}>
            <BenutzerFields form={form} />
          </Suspense>
        );
      case "hinweise":
        return <EinstellungenFields form={form} section="hinweise" />;
      case "belegausgabe":
        return (
          <Suspense fallback={<Skeleton height={120} radius="md" />}>
            <BelegausgabeFields form={form} />
          </Suspense>
        );
      case "nummern":
        return <NumberFields form={form} section="nummern" />;
      case "kassa":
        return <NumberFields form={form} section="kassa" />;
      case "zeiterfassung":
        return <EinstellungenFields form={form} section="zeiterfassung" />;
      case "flags":
        return <EinstellungenFields form={form} section="flags" />;
    }
  };
  return (
    <Suspense fallback={<Skeleton height={120} radius="md" />}>
      <Stack gap="lg">
        {sections.map((section) =>
          framed ? (
            <Section key={section} title={t(`section.${section}`)}>
              {content(section)}
            </Section>
          ) : (
            <Fragment key={section}>{content(section)}</Fragment>
          ),
        )}
      </Stack>
    </Suspense>
  );
}

/** The bank account documents print and the EPC QR code pays into (SPEC §3 tenant; issue 16). */
function BankFields({ form }: SectionProps) {
  const { t } = useTranslation("mandant");
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <TextInput
        label={t("field.iban")}
        placeholder="AT61 1904 3002 3457 3201"
        maxLength={42}
        key={form.key("iban")}
        {...form.getInputProps("iban")}
      />
      <TextInput
        label={t("field.bic")}
        placeholder={t("hint.bic")}
        maxLength={11}
        key={form.key("bic")}
        {...form.getInputProps("bic")}
      />
      <TextInput
        label={t("field.bankName")}
        maxLength={100}
        key={form.key("bankName")}
        {...form.getInputProps("bankName")}
      />
    </SimpleGrid>
  );
}

/** A group of fields: a fieldset (its legend names the group for screen readers) on a white card. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Fieldset
      legend={
        <Title order={2} size="h4" component="span">
          {title}
        </Title>
      }
      radius="md"
      variant="default"
      styles={{ legend: { paddingInline: 6 } }}
    >
      {children}
    </Fieldset>
  );
}

export function StammdatenFields({ form }: SectionProps) {
  const { t } = useTranslation("mandant");
  return (
    <Stack gap="sm">
      <TextInput
        label={t("field.bezeichnung")}
        withAsterisk
        maxLength={200}
        key={form.key("bezeichnung")}
        {...form.getInputProps("bezeichnung")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Suspense
          fallback={<TextInput label={t("field.uid")} maxLength={20} {...form.getInputProps("uid")} />}
        >
          <UidInput form={form} label={t("field.uid")} />
        </Suspense>
        <TextInput
          label={t("field.email")}
          type="email"
          maxLength={100}
          key={form.key("email")}
          {...form.getInputProps("email")}
        />
        <TextInput label={t("field.fn")} maxLength={30} key={form.key("fn")} {...form.getInputProps("fn")} />
        <TextInput
          label={t("field.industrySector")}
          maxLength={100}
          key={form.key("industrySector")}
          {...form.getInputProps("industrySector")}
        />
        <TextInput
          label={t("field.telefon")}
          maxLength={50}
          key={form.key("telefon")}
          {...form.getInputProps("telefon")}
        />
        <TextInput
          label={t("field.kontaktName")}
          description={t("hint.kontaktName")}
          maxLength={100}
          key={form.key("kontaktName")}
          {...form.getInputProps("kontaktName")}
        />
        <TextInput
          label={t("field.steuernummer")}
          description={t("hint.steuernummer")}
          maxLength={30}
          key={form.key("steuernummer")}
          {...form.getInputProps("steuernummer")}
        />
        <TextInput
          label={t("field.eRechnungAdresse")}
          description={t("hint.eRechnungAdresse")}
          maxLength={200}
          key={form.key("eRechnungAdresse")}
          {...form.getInputProps("eRechnungAdresse")}
        />
      </SimpleGrid>
      {form.values.uidData !== "" && (
        <Textarea
          label={t("field.uidData")}
          readOnly
          autosize
          minRows={2}
          maxRows={6}
          variant="filled"
          value={form.values.uidData}
        />
      )}
    </Stack>
  );
}

export function AdressenFields({ form }: SectionProps) {
  const { t } = useTranslation("mandant");
  const adressen = form.values.adresseLists;
  return (
    <Stack gap="sm">
      {adressen.length === 0 && (
        <Text c="dimmed" size="sm">
          {t("adresse.none")}
        </Text>
      )}
      {adressen.map((adresse, index) => {
        const number = index + 1;
        const path = `adresseLists.${index}`;
        return (
          <Paper key={adresse.id ?? `new-${index}`} withBorder radius="sm" p="sm" bg="gray.0">
            <Group justify="space-between" mb={4}>
              <Text fw={600} size="sm">
                {t("adresse.title", { number })}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("adresse.remove", { number })}
                onClick={() => form.removeListItem("adresseLists", index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 6 }} spacing="sm">
              <TextInput
                label={t("adresse.strasse")}
                withAsterisk
                maxLength={100}
                style={{ gridColumn: "span 4" }}
                key={form.key(`${path}.strasse`)}
                {...form.getInputProps(`${path}.strasse`)}
              />
              <TextInput
                label={t("adresse.hausNummer")}
                withAsterisk
                maxLength={10}
                style={{ gridColumn: "span 2" }}
                key={form.key(`${path}.hausNummer`)}
                {...form.getInputProps(`${path}.hausNummer`)}
              />
              <TextInput
                label={t("adresse.plz")}
                withAsterisk
                maxLength={10}
                style={{ gridColumn: "span 1" }}
                key={form.key(`${path}.plz`)}
                {...form.getInputProps(`${path}.plz`)}
              />
              <TextInput
                label={t("adresse.ort")}
                withAsterisk
                maxLength={100}
                style={{ gridColumn: "span 3" }}
                key={form.key(`${path}.ort`)}
                {...form.getInputProps(`${path}.ort`)}
              />
              <LandSelect
                label={t("adresse.land")}
                withAsterisk
                allowDeselect={false}
                style={{ gridColumn: "span 2" }}
                key={form.key(`${path}.land`)}
                {...form.getInputProps(`${path}.land`)}
              />
            </SimpleGrid>
          </Paper>
        );
      })}
      <Group gap="sm">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={adressen.length >= MAX_ADRESSEN}
          onClick={() => form.insertListItem("adresseLists", emptyAdresse())}
        >
          {t("adresse.add")}
        </Button>
        {adressen.length >= MAX_ADRESSEN && (
          <Text size="sm" c="dimmed">
            {t("adresse.max", { max: MAX_ADRESSEN })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
