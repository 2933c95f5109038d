import { gueltigerPreis } from "@kontor/domain/artikel/artikel.preis";
import { todayIso } from "@kontor/domain/date/calendar";
import {
  ActionIcon,
  Badge,
  Button,
  Flex,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { DateInput } from "../../components/form/DateInput.tsx";
import { MoneyInput } from "../../components/form/MoneyInput.tsx";
import { formatDate, formatMoney } from "../../components/format/format.ts";
import { IconTrash } from "../../components/icons.tsx";
import { preisschienenQuery } from "./artikel.api.ts";
import { type ArtikelForm, neuerPreis, type PreisValues } from "./artikel.form.ts";

/** A price row as the SPEC §3 rule reads it (rows still being typed are left out). */
function alsEintrag(preis: PreisValues) {
  return preis.preis === "" || preis.vonDatum === "" || !/^\d{4}-\d{2}-\d{2}$/.test(preis.vonDatum)
    ? null
    : {
        key: preis.key,
        preis: preis.preis,
        vonDatum: preis.vonDatum,
        preisschiene: preis.preisschiene === "" ? null : { id: Number(preis.preisschiene) },
      };
}

/**
 * What applies today per tier (SPEC §3, the domain's gueltigerPreis): the base price and, for each price tier, its
 * own latest entry or else the base price. `keys` are the rows that set a price today.
 */
export function heuteGueltig(
  preise: readonly PreisValues[],
  schienen: readonly { id: number }[],
  heute: string,
) {
  const eintraege = preise.flatMap((preis) => {
    const eintrag = alsEintrag(preis);
    return eintrag ? [eintrag] : [];
  });
  const basis = gueltigerPreis(eintraege, heute, null);
  const jeSchiene = schienen.map((schiene) => ({
    schieneId: schiene.id,
    eintrag: gueltigerPreis(eintraege, heute, schiene.id),
  }));
  const keys = new Set<string>();
  if (basis) keys.add(basis.key);
  for (const { eintrag } of jeSchiene) if (eintrag?.preisschiene) keys.add(eintrag.key);
  return { basis, jeSchiene, keys };
}

/** Preise: sales prices from a day on, per price tier or (none) as the base price; what applies today. */
export function ArtikelPreise({ form, readOnly }: { form: ArtikelForm; readOnly: boolean }) {
  const { t } = useTranslation("artikel");
  const schienen = useQuery(preisschienenQuery);
  const preise = form.getValues().artikelPreisSet;
  const heute = todayIso();
  const schienenListe = (schienen.data ?? []).flatMap((schiene) =>
    schiene.id === undefined ? [] : [{ id: schiene.id, bezeichnung: schiene.bezeichnung }],
  );
  const schieneName = (id: number) =>
    schienenListe.find((schiene) => schiene.id === id)?.bezeichnung ?? `#${id}`;
  const gueltig = heuteGueltig(preise, schienenListe, heute);
  const schieneDaten = [
    { value: "", label: t("preis.basispreis") },
    ...schienenListe.map((schiene) => ({ value: String(schiene.id), label: schiene.bezeichnung })),
  ];
  // A stored row may name a tier that is no longer offered: keep it choosable.
  for (const preis of preise)
    if (preis.preisschiene !== "" && !schieneDaten.some((option) => option.value === preis.preisschiene))
      schieneDaten.push({ value: preis.preisschiene, label: schieneName(Number(preis.preisschiene)) });

  return (
    <Stack gap="md">
      <Paper withBorder radius="sm" p="sm" bg="var(--mantine-color-gray-light)">
        <Text size="sm" fw={600} mb={4}>
          {t("preis.heute", { datum: formatDate(heute) })}
        </Text>
        <Table withRowBorders={false} verticalSpacing={2} fz="sm">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>{t("preis.basispreis")}</Table.Td>
              <Table.Td ta="right" aria-label={t("preis.heuteBasis")}>
                {gueltig.basis ? formatMoney(gueltig.basis.preis) : t("preis.keiner")}
              </Table.Td>
            </Table.Tr>
            {gueltig.jeSchiene.map(({ schieneId, eintrag }) => (
              <Table.Tr key={schieneId}>
                <Table.Td>{schieneName(schieneId)}</Table.Td>
                <Table.Td ta="right">
                  {eintrag ? formatMoney(eintrag.preis) : t("preis.keiner")}
                  {eintrag && !eintrag.preisschiene && (
                    <Text span c="dimmed" size="xs">
                      {" "}
                      ({t("preis.ausBasis")})
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>

      {preise.length === 0 && (
        <Text c="dimmed" size="sm">
          {t("preis.leer")}
        </Text>
      )}
      {preise.map((preis, index) => {
        const path = (field: string) => `artikelPreisSet.${index}.${field}` as const;
        const nummer = t("preis.nummer", { n: index + 1 });
        return (
          <Paper key={preis.key} withBorder radius="sm" p="sm">
            {/* Side by side from sm; stacked on a phone, where three inputs in a row leave no room for a message. */}
            <Flex
              direction={{ base: "column", sm: "row" }}
              align={{ base: "stretch", sm: "flex-end" }}
              gap="sm"
            >
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: 1 }}>
                <MoneyInput
                  label={t("preis.preis")}
                  min={0}
                  key={form.key(path("preis"))}
                  {...form.getInputProps(path("preis"))}
                />
                <DateInput
                  label={t("preis.vonDatum")}
                  key={form.key(path("vonDatum"))}
                  {...form.getInputProps(path("vonDatum"))}
                />
                <Select
                  label={t("preis.preisschiene")}
                  data={schieneDaten}
                  allowDeselect={false}
                  key={form.key(path("preisschiene"))}
                  {...form.getInputProps(path("preisschiene"))}
                  value={preis.preisschiene}
                  onChange={(value) => form.setFieldValue(path("preisschiene"), value ?? "")}
                />
              </SimpleGrid>
              <Group gap="xs" wrap="nowrap" mb={6} miw={110}>
                {gueltig.keys.has(preis.key) ? (
                  <Badge color="green" variant="light" tt="none">
                    {t("preis.giltHeute")}
                  </Badge>
                ) : preis.vonDatum > heute ? (
                  <Badge color="blue" variant="light" tt="none">
                    {t("preis.kuenftig")}
                  </Badge>
                ) : null}
                {!readOnly && (
                  <Tooltip label={t("preis.entfernen", { name: nummer })} openDelay={400}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("preis.entfernen", { name: nummer })}
                      onClick={() => form.removeListItem("artikelPreisSet", index)}
                    >
                      <IconTrash />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            </Flex>
          </Paper>
        );
      })}
      {!readOnly && (
        <Group>
          <Button variant="default" onClick={() => form.insertListItem("artikelPreisSet", neuerPreis(heute))}>
            {t("preis.hinzufuegen")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
