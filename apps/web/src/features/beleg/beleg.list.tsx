import { BELEGS_TYPEN, umwandelbar } from "@kontor/domain/beleg/beleg.codes";
import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { Anchor, Badge, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import type { TFunction } from "i18next";
import { lazy, type MouseEvent, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import "./beleg.css";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { DateInput } from "../../components/form/DateInput.tsx";
import { formatDate, formatMoney } from "../../components/format/format.ts";
import { auswahlSpalte } from "../../components/list/auswahlSpalte.tsx";
import { EntityList } from "../../components/list/EntityList.tsx";
import { ListSearchInput, useListSearchText } from "../../components/list/ListSearchInput.tsx";
import type { ListColumn, ListDefinition } from "../../components/list/listTypes.ts";
import type { ListSearch } from "../../components/list/listValues.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { BelegPdfAnsicht } from "./BelegPdf.tsx";
import { rechnungAus } from "./beleg.api.ts";
import {
  BELEG_LIST_PATH,
  type BelegFilter,
  type BelegListRow,
  belegEditPath,
  belegKeys,
  belegStatus,
  deleteBeleg,
  LEERER_BELEG_FILTER,
  listBelege,
  readBelegFilter,
  STATUS_FARBE,
  writeBelegFilter,
} from "./beleg.resource.ts";

/* The customer search loads after the table (it brings the quick-create dialog's loader along). */
const KundeSearchField = lazy(async () => ({
  default: (await import("../kunde/quick/KundeSearchField.tsx")).KundeSearchField,
}));

/** A row's name in buttons and dialogs: its number, else type and date. */
export function belegLabel(t: TFunction<"beleg">, row: BelegListRow): string {
  return row.belegNummer ?? `${t(`typ.${row.belegsTyp}`)} ${formatDate(row.belegDatum)}`;
}

/** The list's columns (number, date, type, customer, net, gross, status). */
export function belegColumns(t: TFunction<"beleg">): ListColumn<BelegListRow>[] {
  return [
    {
      field: "belegNummer",
      title: t("list.nummer"),
      width: 140,
      render: (row) => (
        <Anchor component={Link} to={belegEditPath(row.id)} data-beleg-edit={row.id} size="sm">
          {row.belegNummer ?? t("list.ohneNummer")}
        </Anchor>
      ),
    },
    { field: "belegDatum", title: t("list.datum"), width: 110, render: (row) => formatDate(row.belegDatum) },
    { field: "belegsTyp", title: t("list.typ"), sortable: false, render: (row) => t(`typ.${row.belegsTyp}`) },
    {
      field: "kundeName",
      title: t("list.kunde"),
      sortable: false,
      render: (row) => row.kunde?.anzeigename ?? "",
    },
    {
      field: "summeNetto",
      title: t("list.netto"),
      textAlign: "right",
      width: 120,
      render: (row) => formatMoney(row.summeNetto),
    },
    {
      field: "summeBrutto",
      title: t("list.brutto"),
      textAlign: "right",
      width: 120,
      render: (row) => formatMoney(row.summeBrutto),
    },
    {
      field: "status",
      title: t("list.status"),
      sortable: false,
      width: 120,
      render: (row) => {
        const status = belegStatus(row);
        return (
          <Badge color={STATUS_FARBE[status]} variant="light" size="sm" tt="none">
            {t(`status.${status}`)}
          </Badge>
        );
      },
    },
  ];
}

const JA_NEIN = ["", "true", "false"] as const;

/** A row click opens the editor (a click on a control in the row does what the control does). */
function zeileOeffnen(navigate: (to: string) => void) {
  return (event: MouseEvent<HTMLDivElement>) => {
    const ziel = event.target as HTMLElement;
    if (ziel.closest("a, button, input, label, [role='checkbox']")) return;
    const zeile = ziel.closest("tbody tr");
    const link = zeile?.querySelector<HTMLElement>("[data-beleg-edit]");
    const id = Number(link?.dataset.belegEdit);
    if (Number.isInteger(id) && id > 0) navigate(belegEditPath(id));
  };
}

/**
 * /beleg_list/ (SPEC §2): documents, newest first; filters by type, customer, paid, cancelled, draft and period,
 * the search box (number or customer), "new"; a row opens the editor. Selecting rows of one customer offers
 * "create bill": one invoice draft from them (SPEC §4, e.g. from several delivery notes).
 */
export function BelegList() {
  const { t } = useTranslation(["beleg", "crud"]);
  const tb = t as unknown as TFunction<"beleg">;
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search = useListSearchText();
  const [filter, setFilterState] = useState<BelegFilter>(() => readBelegFilter());
  const [selected, setSelected] = useState<ReadonlyMap<number, BelegListRow>>(new Map());
  const [erstellt, setErstellt] = useState(false);

  const listQueryKey = useMemo(() => [...belegKeys.lists(), filter, search] as const, [filter, search]);

  const setFilter = (next: BelegFilter) => {
    writeBelegFilter(next);
    setFilterState(next);
    void navigate({
      to: ".",
      search: ((previous: ListSearch) => ({ ...previous, page: undefined })) as never,
      replace: true,
    });
  };

  const columns = useMemo(
    (): ListColumn<BelegListRow>[] => [
      auswahlSpalte(selected, setSelected, (row) => tb("list.select", { name: belegLabel(tb, row) })),
      ...belegColumns(tb),
    ],
    [tb, selected],
  );

  const definition: ListDefinition<BelegListRow> = {
    queryKey: listQueryKey,
    list: (query, signal) => listBelege(query, filter, search, signal),
    columns,
    defaultSort: { field: "belegDatum", direction: "desc" },
    edit: (id) => belegEditPath(id),
    remove: deleteBeleg,
    // Only drafts may be deleted (a finalized document is kept; a storno undoes it).
    removable: (row) => !row.freigabe,
    label: (row) => belegLabel(tb, row),
    // The eye shows the document's PDF.
    preview: (row) => <BelegPdfAnsicht belegId={row.id} name={belegLabel(tb, row)} />,
    previewSize: "min(1100px, 95vw)",
  };

  const gewaehlt = [...selected.values()];
  const kunden = new Set(gewaehlt.map((row) => row.kunde?.id ?? null));
  const rechnungMoeglich =
    gewaehlt.length > 0 &&
    kunden.size === 1 &&
    !kunden.has(null) &&
    gewaehlt.every((row) => umwandelbar(row, "rechnung"));

  const rechnungErstellen = async () => {
    setErstellt(true);
    try {
      const rechnung = await rechnungAus(gewaehlt.map((row) => row.id));
      void queryClient.invalidateQueries({ queryKey: belegKeys.all });
      notifySuccess(tb("list.rechnungErstellt"));
      setSelected(new Map());
      if (rechnung.id !== undefined) {
        queryClient.setQueryData(belegKeys.detail(rechnung.id), rechnung);
        void navigate({ to: belegEditPath(rechnung.id) });
      }
    } catch (error) {
      notifyFailure(tb("list.rechnungFehler"), problemMessage(error));
    } finally {
      setErstellt(false);
    }
  };

  const jaNein = (feld: "bezahlt" | "storniert" | "entwurf") => (
    <Select
      label={tb(`list.filter.${feld}`)}
      w={150}
      allowDeselect={false}
      data={JA_NEIN.map((wert) => ({ value: wert, label: tb(`list.filter.${feld}Wert.${wert || "alle"}`) }))}
      value={filter[feld]}
      onChange={(wert) => setFilter({ ...filter, [feld]: (wert ?? "") as BelegFilter[typeof feld] })}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{tb("list.title")}</Title>
        <Button component={Link} to={belegEditPath("new")}>
          {tb("list.neu")}
        </Button>
      </Group>

      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={tb("list.filter.typ")}
              w={200}
              clearable
              placeholder={tb("list.filter.alleTypen")}
              data={BELEGS_TYPEN.map((typ) => ({ value: typ, label: tb(`typ.${typ}`) }))}
              value={filter.belegsTyp || null}
              onChange={(typ) => setFilter({ ...filter, belegsTyp: (typ ?? "") as BelegFilter["belegsTyp"] })}
            />
            <div style={{ width: 280 }}>
              <Suspense fallback={<TextInput label={tb("list.filter.kunde")} disabled />}>
                <KundeSearchField
                  label={tb("list.filter.kunde")}
                  allowCreate={false}
                  value={filter.kunde ? ({ ...filter.kunde } as TKundeZeile) : null}
                  onChange={(kunde) =>
                    setFilter({
                      ...filter,
                      kunde: kunde ? { id: kunde.id, anzeigename: kunde.anzeigename } : null,
                    })
                  }
                />
              </Suspense>
            </div>
            <DateInput
              label={tb("list.filter.von")}
              w={130}
              value={filter.von}
              onChange={(von) =>
                setFilter({
                  ...filter,
                  von: /^\d{4}-\d{2}-\d{2}$/.test(von) || von === "" ? von : filter.von,
                })
              }
            />
            <DateInput
              label={tb("list.filter.bis")}
              w={130}
              value={filter.bis}
              onChange={(bis) =>
                setFilter({
                  ...filter,
                  bis: /^\d{4}-\d{2}-\d{2}$/.test(bis) || bis === "" ? bis : filter.bis,
                })
              }
            />
          </Group>
          <Group gap="sm" align="flex-end" justify="space-between" wrap="wrap">
            <Group gap="sm" align="flex-end">
              {jaNein("entwurf")}
              {jaNein("bezahlt")}
              {jaNein("storniert")}
              <Button variant="subtle" onClick={() => setFilter(LEERER_BELEG_FILTER)}>
                {tb("list.filter.zuruecksetzen")}
              </Button>
            </Group>
            <ListSearchInput label={tb("list.search")} placeholder={tb("list.searchPlaceholder")} />
          </Group>
        </Stack>
      </Paper>

      {gewaehlt.length > 0 && (
        <Paper withBorder p="xs" radius="md" role="region" aria-label={tb("list.auswahl")}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {tb("list.ausgewaehlt", { count: gewaehlt.length })}
              {!rechnungMoeglich && ` — ${tb("list.rechnungNurEinKunde")}`}
            </Text>
            <Group gap="sm">
              <Button variant="default" size="xs" onClick={() => setSelected(new Map())}>
                {tb("list.auswahlLeeren")}
              </Button>
              <Button size="xs" onClick={rechnungErstellen} loading={erstellt} disabled={!rechnungMoeglich}>
                {tb("list.rechnungErstellen")}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      {/* biome-ignore lint/a11y/noStaticElementInteractions: the row's number link is the accessible way; the row click is a shortcut */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above */}
      <div className="beleg-liste" onClick={zeileOeffnen((to) => void navigate({ to }))}>
        <EntityList definition={definition} />
      </div>
    </Stack>
  );
}

export { BELEG_LIST_PATH };
