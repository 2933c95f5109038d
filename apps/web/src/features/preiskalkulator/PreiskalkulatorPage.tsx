import {
  calculateBackward,
  calculateForward,
  type PreisErgebnis,
} from "@kontor/domain/preis/preiskalkulator.rules";
import {
  Alert,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { MoneyInput } from "../../components/form/MoneyInput.tsx";
import { PercentInput } from "../../components/form/PercentInput.tsx";
import { formatMoney, formatPercent } from "../../components/format/format.ts";
import { mehrwertssteuerAllQuery } from "../mehrwertssteuer/mehrwertssteuer.api.ts";

type Mode = "vorwaerts" | "rueckwaerts";
type Amount = number | "";

const num = (value: Amount) => (value === "" ? null : value);

/**
 * /preiskalkulator (module preiskalkulator + ROLE_PREIS_KALKULATOR): from the purchase price, surcharge, the
 * discount granted and VAT to the net and gross list price — or back from a sales price to the surcharge it earns.
 * The figures come from the pure rule in packages/domain (exact decimals), updated as the user types.
 */
export function PreiskalkulatorPage() {
  const { t } = useTranslation("stammdaten");
  const access = useShellAccess();
  const rates = useQuery(mehrwertssteuerAllQuery);
  const [mode, setMode] = useState<Mode>("vorwaerts");
  const [einkauf, setEinkauf] = useState<Amount>("");
  const [aufschlag, setAufschlag] = useState<Amount>(30);
  const [rabatt, setRabatt] = useState<Amount>(0);
  const [verkauf, setVerkauf] = useState<Amount>("");
  const [basis, setBasis] = useState<"brutto" | "netto">("brutto");
  const [mwstId, setMwstId] = useState<string | null>(null);

  const defaultRate = rates.data?.find((rate) => rate.defaultMwst) ?? rates.data?.[0];
  useEffect(() => {
    if (mwstId === null && defaultRate?.id !== undefined) setMwstId(String(defaultRate.id));
  }, [mwstId, defaultRate]);
  const mwst = rates.data?.find((rate) => String(rate.id) === mwstId)?.mwst ?? null;

  if (access.ready && !access.can("preiskalkulator"))
    return (
      <Alert color="red" role="alert" title={t("preiskalkulator.title")} maw={720}>
        {t("preiskalkulator.forbidden")}
      </Alert>
    );

  const inputs = [num(einkauf), num(rabatt), mwst];
  let result: PreisErgebnis | null = null;
  if (inputs.every((value) => value !== null)) {
    const [einkaufsPreis, rabattProzent, mwstProzent] = inputs as number[];
    if (mode === "vorwaerts" && num(aufschlag) !== null)
      result = calculateForward({
        einkaufsPreis: einkaufsPreis!,
        aufschlag: aufschlag as number,
        rabatt: rabattProzent!,
        mwst: mwstProzent!,
      });
    if (mode === "rueckwaerts" && num(verkauf) !== null)
      result = calculateBackward({
        einkaufsPreis: einkaufsPreis!,
        verkaufsPreis: verkauf as number,
        basis,
        rabatt: rabattProzent!,
        mwst: mwstProzent!,
      });
  }

  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1}>{t("preiskalkulator.title")}</Title>
        <Text c="dimmed">{t("preiskalkulator.intro")}</Text>
      </Stack>
      <SegmentedControl
        w="fit-content"
        value={mode}
        onChange={(value) => setMode(value as Mode)}
        data={[
          { value: "vorwaerts", label: t("preiskalkulator.mode.vorwaerts") },
          { value: "rueckwaerts", label: t("preiskalkulator.mode.rueckwaerts") },
        ]}
        aria-label={t("preiskalkulator.mode.label")}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <MoneyInput
              label={t("preiskalkulator.field.einkaufsPreis")}
              value={einkauf}
              onChange={(v) => setEinkauf(toAmount(v))}
            />
            {mode === "vorwaerts" ? (
              <PercentInput
                label={t("preiskalkulator.field.aufschlag")}
                max={10_000}
                value={aufschlag}
                onChange={(v) => setAufschlag(toAmount(v))}
              />
            ) : (
              <Group grow align="flex-end">
                <MoneyInput
                  label={t("preiskalkulator.field.verkaufsPreis")}
                  value={verkauf}
                  onChange={(v) => setVerkauf(toAmount(v))}
                />
                <Select
                  label={t("preiskalkulator.field.basis")}
                  allowDeselect={false}
                  value={basis}
                  onChange={(v) => setBasis(v === "netto" ? "netto" : "brutto")}
                  data={[
                    { value: "brutto", label: t("preiskalkulator.basis.brutto") },
                    { value: "netto", label: t("preiskalkulator.basis.netto") },
                  ]}
                />
              </Group>
            )}
            <PercentInput
              label={t("preiskalkulator.field.rabatt")}
              description={t("preiskalkulator.hint.rabatt")}
              value={rabatt}
              onChange={(v) => setRabatt(toAmount(v))}
            />
            <Select
              label={t("preiskalkulator.field.mwst")}
              allowDeselect={false}
              value={mwstId}
              onChange={setMwstId}
              data={(rates.data ?? []).map((rate) => ({
                value: String(rate.id),
                label: `${formatPercent(rate.mwst)} (${rate.land})`,
              }))}
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p="lg" aria-live="polite">
          <Title order={2} size="h4" mb="sm">
            {t("preiskalkulator.result")}
          </Title>
          {result === null && <Text c="dimmed">{t("preiskalkulator.incomplete")}</Text>}
          {result?.ok === false && (
            <Alert color="orange" role="alert">
              {t("preiskalkulator.rabattTooHigh")}
            </Alert>
          )}
          {result?.ok && (
            <Table>
              <Table.Tbody>
                {(
                  [
                    ["verkaufNetto", formatMoney(result.verkaufNetto)],
                    ["verkaufBrutto", formatMoney(result.verkaufBrutto)],
                    ["rabattBetrag", formatMoney(result.rabattBetrag)],
                    ["nachRabattNetto", formatMoney(result.nachRabattNetto)],
                    ["gewinn", formatMoney(result.gewinn)],
                    ["aufschlag", result.aufschlag === null ? "–" : formatPercent(result.aufschlag)],
                    ["marge", result.marge === null ? "–" : formatPercent(result.marge)],
                  ] as const
                ).map(([key, value]) => (
                  <Table.Tr key={key}>
                    <Table.Th scope="row" fw={key === "verkaufBrutto" ? 700 : 500}>
                      {t(`preiskalkulator.figure.${key}`)}
                    </Table.Th>
                    <Table.Td ta="right" fw={key === "verkaufBrutto" ? 700 : 400} data-figure={key}>
                      {value}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

/** The number of an input; none while it is empty or refused (the field shows why, with the text kept). */
function toAmount(value: string | number): Amount {
  return typeof value === "number" ? value : "";
}
