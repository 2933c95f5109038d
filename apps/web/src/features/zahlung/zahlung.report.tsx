import type { TZahlungReport } from "@kontor/domain/zahlung/zahlung.schema";
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../app/api.ts";
import { fetchDatei } from "../../components/anhang/fetchDatei.ts";
import { notifyFailure } from "../../components/feedback/notify.ts";
import { saveBlob } from "../../components/files/files.ts";
import { formatDate, formatMoney } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { KundeZeitraumFilter } from "./KundeZeitraumFilter.tsx";
import { type ReportFilter, reportExportPfad, reportQuery, zahlungKeys } from "./zahlung.api.ts";

/** "2026-03" → "03/26" (the chart's axis). */
const monatKurz = (monat: string) => `${monat.slice(5, 7)}/${monat.slice(2, 4)}`;

/** Received and open per month as bars (plain SVG, no chart library). */
function Balken({ report }: { report: TZahlungReport }) {
  const { t } = useTranslation("beleg", { keyPrefix: "zahlung.report" });
  const hoehe = 220;
  const unten = 24;
  const breite = Math.max(report.monate.length * 56, 320);
  const max = Math.max(1, ...report.monate.flatMap((m) => [m.erhalten, Math.max(m.offen, 0)]));
  const h = (wert: number) => (Math.max(wert, 0) / max) * (hoehe - unten - 12);
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${breite} ${hoehe}`}
        width="100%"
        preserveAspectRatio="xMinYMid meet"
        role="img"
        aria-label={t("chartLabel")}
        style={{ maxHeight: 260 }}
      >
        <line x1={0} x2={breite} y1={hoehe - unten} y2={hoehe - unten} stroke="var(--mantine-color-gray-4)" />
        {report.monate.map((m, i) => {
          const x = i * 56 + 8;
          return (
            <g key={m.monat}>
              <rect
                x={x}
                y={hoehe - unten - h(m.erhalten)}
                width={18}
                height={h(m.erhalten)}
                fill="var(--mantine-color-teal-6)"
              >
                <title>{`${m.monat}: ${t("erhalten")} ${formatMoney(m.erhalten)}`}</title>
              </rect>
              <rect
                x={x + 20}
                y={hoehe - unten - h(m.offen)}
                width={18}
                height={h(m.offen)}
                fill="var(--mantine-color-orange-5)"
              >
                <title>{`${m.monat}: ${t("offen")} ${formatMoney(m.offen)}`}</title>
              </rect>
              <text
                x={x + 19}
                y={hoehe - 8}
                textAnchor="middle"
                fontSize={11}
                fill="var(--mantine-color-dimmed)"
              >
                {monatKurz(m.monat)}
              </text>
            </g>
          );
        })}
      </svg>
      <Group gap="lg" component="figcaption" mt={4}>
        <Group gap={6}>
          <span
            style={{
              width: 12,
              height: 12,
              background: "var(--mantine-color-teal-6)",
              display: "inline-block",
            }}
          />
          <Text size="sm">{t("erhalten")}</Text>
        </Group>
        <Group gap={6}>
          <span
            style={{
              width: 12,
              height: 12,
              background: "var(--mantine-color-orange-5)",
              display: "inline-block",
            }}
          />
          <Text size="sm">{t("offenMonatsende")}</Text>
        </Group>
      </Group>
    </figure>
  );
}

/**
 * /zahlung_report/ (issue 17): for a period (default the last 12 months) and optionally one customer — received,
 * skonto granted, credit, written off, open on the last day; per month received and open at the month's end as bars
 * and as a table; export as CSV or Excel (made by the server, in the UI's language).
 */
export function ZahlungReport() {
  const { t, i18n } = useTranslation("beleg", { keyPrefix: "zahlung.report" });
  const problemMessage = useProblemMessage();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<ReportFilter>({ von: "", bis: "", kunde: null });
  const query = useQuery({
    queryKey: [...zahlungKeys.all, "report", filter] as const,
    queryFn: ({ signal }) =>
      api.get<TZahlungReport>("zahlung/report", { signal, query: reportQuery(filter) }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const report = query.data;
  const kopf = [t("monat"), t("erhalten"), t("skonto"), t("offenMonatsende")];

  const exportieren = useMutation({
    mutationFn: (format: "csv" | "xlsx") =>
      fetchDatei(reportExportPfad(format, filter, i18n.language), () => {
        void navigate({ to: "/login", replace: true });
      }),
    onSuccess: ({ blob, name }, format) => saveBlob(blob, name ?? `zahlungen.${format}`),
    onError: (error) => notifyFailure(t("exportFehler"), problemMessage(error)),
  });
  const exportKnopf = (format: "csv" | "xlsx") => (
    <Button
      variant="default"
      onClick={() => exportieren.mutate(format)}
      disabled={!report}
      loading={exportieren.isPending && exportieren.variables === format}
    >
      {t(format === "csv" ? "csv" : "excel")}
    </Button>
  );

  const kachel = (label: string, wert: number | undefined, testId: string) => (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={600} data-testid={testId}>
        {wert === undefined ? "…" : formatMoney(wert)}
      </Text>
    </Paper>
  );

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Anchor component={Link} to="/zahlung_list/" size="sm">
          ← {t("zurueck")}
        </Anchor>
        <Title order={1}>{t("title")}</Title>
      </Stack>
      <KundeZeitraumFilter filter={filter} setFilter={setFilter}>
        {exportKnopf("csv")}
        {exportKnopf("xlsx")}
      </KundeZeitraumFilter>
      {query.isError && (
        <Alert color="red" role="alert">
          {problemMessage(query.error)}
        </Alert>
      )}
      {report && (
        <Text size="sm" c="dimmed">
          {t("zeitraum", { von: formatDate(report.von), bis: formatDate(report.bis) })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3, lg: 5 }} spacing="sm">
        {kachel(t("erhalten"), report?.erhalten, "report-erhalten")}
        {kachel(t("skonto"), report?.skonto, "report-skonto")}
        {kachel(
          t("offenAm", { datum: report ? formatDate(report.bis) : "" }),
          report?.offenAmStichtag,
          "report-offen",
        )}
        {kachel(t("abgeschrieben"), report?.abgeschrieben, "report-abgeschrieben")}
        {kachel(t("guthaben"), report?.ueberzahlung, "report-guthaben")}
      </SimpleGrid>
      {report && (
        <Paper withBorder p="md" radius="md">
          <Balken report={report} />
        </Paper>
      )}
      {report && (
        <Table striped withTableBorder aria-label={t("tabelle")}>
          <Table.Thead>
            <Table.Tr>
              {kopf.map((spalte, i) => (
                <Table.Th key={spalte} ta={i === 0 ? undefined : "right"}>
                  {spalte}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.monate.map((m) => (
              <Table.Tr key={m.monat}>
                <Table.Td>{monatKurz(m.monat)}</Table.Td>
                <Table.Td ta="right">{formatMoney(m.erhalten)}</Table.Td>
                <Table.Td ta="right">{formatMoney(m.skonto)}</Table.Td>
                <Table.Td ta="right">{formatMoney(m.offen)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
