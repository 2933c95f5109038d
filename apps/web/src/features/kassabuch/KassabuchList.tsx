import "mantine-datatable/styles.css";
import type { SortOrder } from "@kontor/domain/http/paging";
import { KASSABUCH_TYPEN, type TKassabuchTyp } from "@kontor/domain/kassabuch/kassabuch.codes";
import type { TKassabuchEintrag } from "@kontor/domain/kassabuch/kassabuch.schema";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { fetchDatei } from "../../components/anhang/fetchDatei.ts";
import { notifyFailure } from "../../components/feedback/notify.ts";
import { saveBlob } from "../../components/files/files.ts";
import { DateInput } from "../../components/form/DateInput.tsx";
import { formatDate, formatMoney, formatPercent } from "../../components/format/format.ts";
import { IconPlus } from "../../components/icons.tsx";
import { pageCount } from "../../components/list/listValues.ts";
import { PaginationBar } from "../../components/list/PaginationBar.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import {
  exportGrenze,
  exportPfad,
  KASSABUCH_SIZE,
  type KassabuchFilter,
  kassabuchQuery,
  korrigierbar,
  ZEITRAEUME,
  type Zeitraum,
  zeitraumTage,
  zeitraumVon,
} from "./kassabuch.api.ts";

/* The dialogs load on the first click: they carry the form, the shared schema (zod) and the supplier search. */
const KassabuchEintragDialog = lazy(async () => ({
  default: (await import("./KassabuchEintragDialog.tsx")).KassabuchEintragDialog,
}));
const KassabuchKorrekturDialog = lazy(async () => ({
  default: (await import("./KassabuchKorrekturDialog.tsx")).KassabuchKorrekturDialog,
}));
const KassabuchAbschlussDialog = lazy(async () => ({
  default: (await import("./KassabuchAbschlussDialog.tsx")).KassabuchAbschlussDialog,
}));

const ISO_TAG = /^\d{4}-\d{2}-\d{2}$/;
const DEFAULT_SORT: SortOrder = { field: "date", direction: "asc" };

type Dialog = { art: "neu" } | { art: "korrektur"; eintrag: TKassabuchEintrag } | { art: "abschluss" } | null;

/** A counter-entry: an arrow turning back. */
function IconGegenbuchung() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M9 14 4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
    </svg>
  );
}

/** One summary card: a label and an amount. */
function Karte({ label, betrag, farbe }: { label: string; betrag: number | undefined; farbe?: string }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} c={farbe} data-testid="kassabuch-karte">
        {betrag === undefined ? "–" : formatMoney(betrag)}
      </Text>
    </Paper>
  );
}

/**
 * /kassabuch_list/ (SPEC §2, issue 17): the cash book of a period — summary cards (opening balance, income,
 * expense, closing balance), today's cash balance, the entries with their running balance, filters (period, type,
 * search), "Neuer Eintrag", corrections and closing a period for cash-book admins, CSV and PDF export.
 */
export function KassabuchList() {
  const { t, i18n } = useTranslation(["kassabuch", "crud"]);
  const access = useShellAccess();
  const admin = access.can("kassabuchAdmin");
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const [filter, setFilter] = useState<KassabuchFilter>(() => ({
    ...zeitraumTage("dieserMonat"),
    typ: "",
    search: "",
  }));
  const [suche, setSuche] = useState("");
  const [verzoegert] = useDebouncedValue(suche, 300);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortOrder>(DEFAULT_SORT);
  const [dialog, setDialog] = useState<Dialog>(null);

  const aktiv = useMemo(() => ({ ...filter, search: verzoegert }), [filter, verzoegert]);
  const buch = useQuery(kassabuchQuery(aktiv, page - 1, sort));
  const daten = buch.data;
  const total = { totalCount: daten?.totalCount ?? null, totalCapped: daten?.totalCapped ?? false };
  const pages = pageCount(total, KASSABUCH_SIZE, page, daten?.entries.length);

  const aendern = (teil: Partial<KassabuchFilter>) => {
    setFilter((vorher) => ({ ...vorher, ...teil }));
    setPage(1);
  };
  const zeitraum = zeitraumVon(filter);
  const neuLaden = () => queryClient.invalidateQueries({ queryKey: ["kassabuch", "buch"] });

  const exportieren = useMutation({
    mutationFn: (format: "csv" | "pdf") =>
      fetchDatei(exportPfad(format, filter, i18n.language), () => {
        void navigate({ to: "/login", replace: true });
      }),
    onSuccess: ({ blob, name }, format) => saveBlob(blob, name ?? `kassabuch.${format}`),
    onError: (error) => {
      // A period beyond the format's cap says so (and what to do), not just "check your input".
      const max = exportGrenze(error);
      notifyFailure(
        t("toast.exportFehler"),
        max === null ? problemMessage(error) : t("toast.exportZuViele", { max }),
      );
    },
  });

  const geld = (betrag: number) => (
    <Text size="sm" ta="right" style={{ whiteSpace: "nowrap" }}>
      {formatMoney(betrag)}
    </Text>
  );
  const columns: DataTableColumn<TKassabuchEintrag>[] = [
    { accessor: "id", title: t("druck.nr"), sortable: true, width: 64 },
    {
      accessor: "date",
      title: t("column.date"),
      sortable: true,
      width: 108,
      render: (e) => formatDate(e.date),
    },
    { accessor: "belegnummer", title: t("column.belegnummer"), width: 100 },
    {
      accessor: "text",
      title: t("column.text"),
      render: (e) => (
        <Stack gap={0}>
          <Text size="sm">{e.text}</Text>
          {e.lieferant && (
            <Text size="xs" c="dimmed">
              {t("column.lieferant")}: {e.lieferant.anzeigename}
            </Text>
          )}
          {e.beleg && (
            <Text size="xs" c="dimmed">
              {t("eintrag.beleg", { nummer: e.beleg.belegNummer ?? `#${e.beleg.id}` })}
            </Text>
          )}
          {e.korrekturVon !== null && (
            <Text size="xs" c="dimmed">
              {t("eintrag.korrekturVon", { id: e.korrekturVon })}
            </Text>
          )}
          {e.korrigiertDurch !== null && (
            <Text size="xs" c="orange.8">
              {t("eintrag.korrigiertDurch", { id: e.korrigiertDurch })}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: "kontonummer", title: t("column.kontonummer"), width: 72 },
    {
      accessor: "mehrwertssteuer",
      title: t("column.mwst"),
      textAlign: "right",
      width: 72,
      render: (e) => (e.mehrwertssteuer ? formatPercent(e.mehrwertssteuer.mwst) : ""),
    },
    {
      accessor: "einnahme",
      title: t("column.einnahme"),
      textAlign: "right",
      width: 112,
      render: (e) => (e.typ === "einnahme" ? geld(e.betrag) : null),
    },
    {
      accessor: "ausgabe",
      title: t("column.ausgabe"),
      textAlign: "right",
      width: 112,
      render: (e) => (e.typ === "ausgabe" ? geld(e.betrag) : null),
    },
    {
      accessor: "saldo",
      title: t("column.saldo"),
      textAlign: "right",
      width: 120,
      render: (e) => (
        <Text size="sm" fw={600} ta="right" style={{ whiteSpace: "nowrap" }} data-testid="kassabuch-saldo">
          {formatMoney(e.saldo)}
        </Text>
      ),
    },
  ];
  if (admin)
    columns.push({
      accessor: "aktionen",
      title: <VisuallyHidden>{t("column.aktionen")}</VisuallyHidden>,
      width: 52,
      render: (e) =>
        korrigierbar(e) ? (
          <Tooltip label={t("korrektur.title", { id: e.id })} openDelay={300}>
            <ActionIcon
              variant="subtle"
              aria-label={t("korrektur.title", { id: e.id })}
              onClick={() => setDialog({ art: "korrektur", eintrag: e })}
            >
              <IconGegenbuchung />
            </ActionIcon>
          </Tooltip>
        ) : null,
    });

  const typOptionen = [
    { value: "", label: t("filter.alle") },
    ...KASSABUCH_TYPEN.map((typ) => ({ value: typ, label: t(`typ.${typ}`) })),
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t("list.title")}</Title>
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() => exportieren.mutate("csv")}
            loading={exportieren.isPending && exportieren.variables === "csv"}
          >
            {t("action.csv")}
          </Button>
          <Button
            variant="default"
            onClick={() => exportieren.mutate("pdf")}
            loading={exportieren.isPending && exportieren.variables === "pdf"}
          >
            {t("action.pdf")}
          </Button>
          {admin && (
            <Button variant="default" onClick={() => setDialog({ art: "abschluss" })}>
              {t("action.abschluss")}
            </Button>
          )}
          <Button leftSection={<IconPlus />} onClick={() => setDialog({ art: "neu" })}>
            {t("action.neu")}
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="sm" radius="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="kassabuch-zeitraum">
              {t("filter.zeitraum")}
            </Text>
            <SegmentedControl
              aria-labelledby="kassabuch-zeitraum"
              value={zeitraum ?? ""}
              data={ZEITRAEUME.map((z) => ({ value: z, label: t(`filter.${z}`) }))}
              onChange={(z) => aendern(zeitraumTage(z as Zeitraum))}
            />
          </Stack>
          <DateInput
            label={t("filter.von")}
            w={130}
            value={filter.von}
            onChange={(von) => (ISO_TAG.test(von) || von === "") && aendern({ von })}
          />
          <DateInput
            label={t("filter.bis")}
            w={130}
            value={filter.bis}
            onChange={(bis) => (ISO_TAG.test(bis) || bis === "") && aendern({ bis })}
          />
          <Select
            label={t("filter.typ")}
            w={160}
            allowDeselect={false}
            data={typOptionen}
            value={filter.typ}
            onChange={(typ) => aendern({ typ: (typ ?? "") as TKassabuchTyp | "" })}
          />
          <TextInput
            label={t("filter.search")}
            placeholder={t("filter.searchPlaceholder")}
            w={280}
            value={suche}
            onChange={(event) => {
              setSuche(event.currentTarget.value);
              setPage(1);
            }}
          />
        </Group>
      </Paper>

      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <Karte label={t("summary.anfangsbestand")} betrag={daten?.zeitraum.anfangsbestand} />
        <Karte label={t("summary.einnahmen")} betrag={daten?.zeitraum.einnahmen} farbe="teal.8" />
        <Karte label={t("summary.ausgaben")} betrag={daten?.zeitraum.ausgaben} farbe="red.8" />
        <Karte label={t("summary.endbestand")} betrag={daten?.zeitraum.endbestand} />
      </SimpleGrid>

      {daten && (
        <Group gap="md" wrap="wrap">
          <Text size="sm" data-testid="kassabuch-kassenstand">
            {t("summary.actualBalance")}: <b>{formatMoney(daten.actualBalance)}</b>
          </Text>
          {daten.completeBalance !== daten.actualBalance && (
            <Text size="sm" c="dimmed">
              {t("summary.completeBalance")}: {formatMoney(daten.completeBalance)}
            </Text>
          )}
          {daten.abgeschlossenBis && (
            <Badge variant="light" color="gray" tt="none">
              {t("summary.abgeschlossenBis", { datum: formatDate(daten.abgeschlossenBis) })}
            </Badge>
          )}
          {daten.kassaStartdatum && (
            <Badge variant="light" color="blue" tt="none">
              {t("summary.startdatum", { datum: formatDate(daten.kassaStartdatum) })}
            </Badge>
          )}
        </Group>
      )}
      {daten?.zeitraum.jahreswechsel && (
        <Alert color="blue" variant="light">
          {t("summary.jahreswechsel")}
        </Alert>
      )}

      {buch.isError && (
        <Alert color="red" role="alert" title={t("crud:list.loadFailed")}>
          {problemMessage(buch.error)}
        </Alert>
      )}
      <DataTable<TKassabuchEintrag>
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        verticalAlign="center"
        minHeight={daten && daten.entries.length > 0 ? undefined : 160}
        records={daten?.entries ?? []}
        columns={columns}
        idAccessor="id"
        fetching={buch.isFetching && !buch.isError}
        noRecordsText={buch.isError ? "" : t("list.leer")}
        sortStatus={{ columnAccessor: sort.field, direction: sort.direction }}
        onSortStatusChange={(status) => {
          const field = String(status.columnAccessor);
          setSort({
            field,
            direction: field === sort.field && sort.direction === "asc" ? "desc" : "asc",
          });
          setPage(1);
        }}
        aria-label={t("list.title")}
        aria-busy={buch.isFetching}
      />
      <PaginationBar
        page={Math.min(page, pages)}
        pages={pages}
        totalCount={total.totalCount}
        totalCapped={total.totalCapped}
        disabled={buch.isFetching}
        onChange={setPage}
      />

      {dialog && (
        <Suspense fallback={null}>
          {dialog.art === "neu" && (
            <KassabuchEintragDialog
              kassenstand={daten?.actualBalance}
              onClose={() => setDialog(null)}
              onGebucht={() => void neuLaden()}
            />
          )}
          {dialog.art === "korrektur" && (
            <KassabuchKorrekturDialog
              eintrag={dialog.eintrag}
              onClose={() => setDialog(null)}
              onGebucht={() => void neuLaden()}
            />
          )}
          {dialog.art === "abschluss" && (
            <KassabuchAbschlussDialog
              abgeschlossenBis={daten?.abgeschlossenBis ?? null}
              onClose={() => setDialog(null)}
              onAbgeschlossen={() => void neuLaden()}
            />
          )}
        </Suspense>
      )}
    </Stack>
  );
}
