import type { TMwstKategorie } from "@kontor/domain/beleg/beleg.codes";
import { belegSummen } from "@kontor/domain/beleg/beleg.totals";
import { isZero, toNumber } from "@kontor/domain/money/decimal";
import { Group, Paper, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatMoney, formatPercent } from "../../components/format/format.ts";
import type { BelegValues } from "./beleg.form.ts";

/**
 * The live totals under the positions (DESIGN §6): belegSummen — the function the server stores with — on the
 * form's values in the document's VAT category, so the editor shows the cents the document will carry. Net, the
 * document discount, the VAT per category and rate, gross.
 */
export function BelegSummen({
  values,
  kategorie,
}: {
  values: Pick<BelegValues, "belegspositionSet" | "belegRabatt">;
  kategorie: TMwstKategorie;
}) {
  const { t } = useTranslation("beleg");
  const summen = belegSummen(values, { kategorie });
  const zeile = (label: string, betrag: number, stark = false, testId?: string) => (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text size="sm" fw={stark ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={stark ? 700 : undefined} ff="monospace" data-testid={testId}>
        {formatMoney(betrag)}
      </Text>
    </Group>
  );
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      ml="auto"
      w={{ base: "100%", sm: 440 }}
      aria-label={t("summen.titel")}
    >
      <Stack gap={6}>
        {zeile(t("summen.positionen"), toNumber(summen.summeNetto), false, "summe-positionen")}
        {!isZero(summen.rabatt) &&
          zeile(t("summen.belegRabatt"), -toNumber(summen.rabatt), false, "summe-rabatt")}
        {zeile(t("summen.netto"), toNumber(summen.netto), true, "summe-netto")}
        {summen.mwst.length > 0 && (
          <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} fz="sm">
            <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>
              <Text size="xs" c="dimmed">
                {t("summen.aufschluesselung")}
              </Text>
            </Table.Caption>
            <Table.Tbody>
              {summen.mwst.map((mwst) => (
                <Table.Tr key={`${mwst.kategorie}-${toNumber(mwst.satz)}`}>
                  <Table.Td>
                    {mwst.kategorie === "S" || mwst.kategorie === "Z"
                      ? t("summen.mwstSatz", { satz: formatPercent(toNumber(mwst.satz)) })
                      : t(`kategorie.${mwst.kategorie}`)}
                  </Table.Td>
                  <Table.Td ta="right" c="dimmed">
                    {t("summen.basis", { betrag: formatMoney(toNumber(mwst.basis)) })}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {formatMoney(toNumber(mwst.betrag))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {zeile(t("summen.mwst"), toNumber(summen.summeMwst), false, "summe-mwst")}
        {zeile(t("summen.brutto"), toNumber(summen.brutto), true, "summe-brutto")}
      </Stack>
    </Paper>
  );
}
