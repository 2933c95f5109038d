import "mantine-datatable/styles.css";
import type { TRksvBelegZeile, TRksvKasse } from "@kontor/domain/rksv/rksv.schema";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { fetchDatei } from "../../components/anhang/fetchDatei.ts";
import { notifyFailure } from "../../components/feedback/notify.ts";
import { saveBlob } from "../../components/files/files.ts";
import { DateInput } from "../../components/form/DateInput.tsx";
import { formatMoney } from "../../components/format/format.ts";
import { PaginationBar } from "../../components/list/PaginationBar.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import {
  belegPfad,
  type ExportArt,
  exportName,
  exportPfad,
  journalQuery,
  monatsanfang,
  wandzeit,
} from "./rksv.api.ts";

const ISO_TAG = /^\d{4}-\d{2}-\d{2}$/;
/** SPEC §9: page size 20 — the journal arrives whole and is paged here. */
const SEITE = 20;

/** The SPEC's own toasts for "nothing from that day on" (SPEC §8), shown as they are. */
const LEER = new Set(["error.rksvKeinDep", "error.rksvKeinJournal"]);

/**
 * Exports and the receipt journal (issue 18, SPEC §7 GET rksv/dep, rksv/sjournal): from a chosen day (empty: from
 * the start receipt), of one register — the DEP7 (JSON), the journal as CSV, for admins the crypto material
 * container — and the receipts of that time in a table.
 */
export function RksvExport({ kassen, admin }: { kassen: readonly TRksvKasse[]; admin: boolean }) {
  const { t, i18n } = useTranslation(["rksv", "errors"]);
  const problemMessage = useProblemMessage();
  const navigate = useNavigate();
  const [von, setVon] = useState(() => monatsanfang());
  const [gewaehlt, setGewaehlt] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const kasse = kassen.find((k) => k.id === gewaehlt) ?? kassen[0];
  const kasseId = kasse?.id ?? null;
  const datumOk = von === "" || ISO_TAG.test(von);

  const journal = useQuery({ ...journalQuery(von, kasseId), enabled: datumOk && kasseId !== null });
  const keinJournal = isApiError(journal.error) && LEER.has(journal.error.code);
  const zeilen = keinJournal ? [] : (journal.data ?? []);
  const pages = Math.max(1, Math.ceil(zeilen.length / SEITE));
  const seite = Math.min(page, pages);

  const exportieren = useMutation({
    mutationFn: (art: ExportArt) =>
      fetchDatei(exportPfad(art, von, kasseId, i18n.language), () => {
        void navigate({ to: "/login", replace: true });
      }),
    onSuccess: ({ blob, name }, art) => saveBlob(blob, name ?? exportName(art, von, kasse?.kassenId ?? "")),
    onError: (error) =>
      isApiError(error) && LEER.has(error.code)
        ? notifyFailure(problemMessage(error))
        : notifyFailure(t("export.fehler"), problemMessage(error)),
  });
  const knopf = (art: ExportArt, label: string) => (
    <Button
      variant="default"
      disabled={!datumOk || kasseId === null}
      loading={exportieren.isPending && exportieren.variables === art}
      onClick={() => exportieren.mutate(art)}
    >
      {label}
    </Button>
  );

  const columns: DataTableColumn<TRksvBelegZeile>[] = [
    { accessor: "nr", title: t("journal.nr"), width: 64, textAlign: "right" },
    {
      accessor: "zeitpunkt",
      title: t("journal.zeitpunkt"),
      width: 140,
      render: (z) => <span style={{ whiteSpace: "nowrap" }}>{wandzeit(z.zeitpunkt)}</span>,
    },
    {
      accessor: "typ",
      title: t("journal.typ"),
      render: (z) => (
        <Group gap={6} wrap="nowrap">
          <span>{z.zweck ? `${t(`typ.${z.typ}`)} · ${t(`zweck.${z.zweck}`)}` : t(`typ.${z.typ}`)}</span>
          {z.ausgefallen && (
            <Tooltip label={t("journal.ausgefallenTitel")} withArrow>
              <Badge color="red" variant="light" size="sm" tt="none" data-testid="rksv-ausgefallen">
                {t("journal.ausgefallen")}
              </Badge>
            </Tooltip>
          )}
        </Group>
      ),
    },
    { accessor: "belegNummer", title: t("journal.belegNummer") },
    {
      accessor: "summe",
      title: t("journal.summe"),
      textAlign: "right",
      width: 120,
      render: (z) => <span style={{ whiteSpace: "nowrap" }}>{formatMoney(z.summe)}</span>,
    },
    {
      accessor: "umsatzzaehler",
      title: t("journal.umsatzzaehler"),
      textAlign: "right",
      width: 170,
      render: (z) => <span style={{ whiteSpace: "nowrap" }}>{formatMoney(z.umsatzzaehler)}</span>,
    },
    {
      accessor: "beleg",
      title: t("journal.beleg"),
      render: (z) =>
        z.beleg ? (
          <Anchor
            component={Link}
            to={belegPfad(z.beleg.id)}
            size="sm"
            aria-label={t("journal.belegOeffnen", { belegNummer: z.beleg.belegNummer ?? `#${z.beleg.id}` })}
          >
            {z.beleg.belegNummer ?? `#${z.beleg.id}`}
          </Anchor>
        ) : null,
    },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby="rksv-export-titel">
      <Title order={2} size="h3" id="rksv-export-titel">
        {t("export.titel")}
      </Title>
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <DateInput
              label={t("export.ab")}
              description={t("export.abHinweis")}
              w={220}
              value={von}
              error={datumOk ? undefined : t("export.datumFormat")}
              onChange={(wert) => {
                setVon(wert);
                setPage(1);
              }}
            />
            {kassen.length > 1 && (
              <Select
                label={t("export.kasse")}
                w={200}
                allowDeselect={false}
                data={kassen.map((k) => ({ value: String(k.id), label: k.kassenId }))}
                value={kasseId === null ? null : String(kasseId)}
                onChange={(wert) => {
                  setGewaehlt(wert ? Number(wert) : null);
                  setPage(1);
                }}
              />
            )}
            {knopf("dep", t("export.dep"))}
            {knopf("csv", t("export.journalCsv"))}
            {knopf("pdf", t("export.journalPdf"))}
          </Group>
          {admin && (
            <Group gap="sm" wrap="wrap">
              {knopf("container", t("export.container"))}
              <Text size="xs" c="dimmed" maw={520}>
                {t("export.containerHinweis")}
              </Text>
            </Group>
          )}
        </Stack>
      </Paper>

      <Title order={3} size="h4" id="rksv-journal-titel">
        {t("journal.titel")}
      </Title>
      {journal.isError && !keinJournal && (
        <Alert color="red" role="alert">
          {problemMessage(journal.error)}
        </Alert>
      )}
      <DataTable<TRksvBelegZeile>
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        verticalAlign="center"
        minHeight={zeilen.length > 0 ? undefined : 140}
        records={zeilen.slice((seite - 1) * SEITE, seite * SEITE)}
        columns={columns}
        idAccessor={(z) => `${z.kassenId}-${z.nr}`}
        fetching={journal.isFetching}
        noRecordsText={keinJournal ? t("errors:error.rksvKeinJournal") : journal.isError ? "" : "–"}
        aria-labelledby="rksv-journal-titel"
        aria-busy={journal.isFetching}
        data-testid="rksv-journal"
      />
      <PaginationBar
        page={seite}
        pages={pages}
        totalCount={journal.isSuccess || keinJournal ? zeilen.length : null}
        onChange={setPage}
      />
    </Stack>
  );
}
