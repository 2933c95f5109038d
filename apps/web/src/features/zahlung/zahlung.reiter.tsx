import { add, dec, toNumber } from "@kontor/domain/money/decimal";
import type { TZahlungsart } from "@kontor/domain/zahlung/zahlung.codes";
import { Anchor, Badge, Button, Group, Paper, Select, Stack, Switch, Text } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { notifySuccess } from "../../components/feedback/notify.ts";
import { formatDate, formatMoney } from "../../components/format/format.ts";
import { auswahlSpalte } from "../../components/list/auswahlSpalte.tsx";
import { EntityList } from "../../components/list/EntityList.tsx";
import type { ListColumn, ListDefinition } from "../../components/list/listTypes.ts";
import { belegEditPath, belegKeys } from "../beleg/beleg.resource.ts";
import { KundeZeitraumFilter } from "./KundeZeitraumFilter.tsx";
import {
  LEERER_POSTEN_FILTER,
  LEERER_ZAHLUNG_FILTER,
  listPosten,
  listZahlungen,
  type PostenFilter,
  type PostenZeile,
  type ZahlungFilter,
  type ZahlungListZeile,
  zahlungEntfernen,
  zahlungKeys,
} from "./zahlung.api.ts";

/*
 * The two tabs of /zahlung_list/ (issue 17): the open items and the payments, each with its filters. Loaded right
 * after the screen (zahlung.list.tsx), like the document editor's parts.
 */

const ZahlungDialog = lazy(async () => ({ default: (await import("./ZahlungDialog.tsx")).ZahlungDialog }));

/**
 * The means of payment (ZAHLUNGSARTEN of zahlung.codes.ts, written out: importing the list would put the codes
 * module into the screen's chunk list, which every screen's first load carries).
 */
const ARTEN = ["bank", "bar", "karte", "guthaben"] as const satisfies readonly TZahlungsart[];

/** A row's name in buttons and dialogs: its number. */
const name = (row: PostenZeile) => row.belegNummer ?? String(row.id);

/** The open items with their filters, selection and "Zahlung erfassen". */
export function OffenePosten({
  filter,
  setFilter,
}: {
  filter: PostenFilter;
  setFilter: (f: PostenFilter) => void;
}) {
  const { t } = useTranslation("beleg", { keyPrefix: "zahlung" });
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlyMap<number, PostenZeile>>(new Map());
  const [erfassen, setErfassen] = useState(false);
  const columns = useMemo(
    (): ListColumn<PostenZeile>[] => [
      auswahlSpalte(selected, setSelected, (row) => t("list.select", { name: name(row) })),
      {
        field: "belegNummer",
        title: t("spalte.nummer"),
        width: 140,
        render: (row) => (
          <Anchor component={Link} to={belegEditPath(row.id)} size="sm">
            {name(row)}
          </Anchor>
        ),
      },
      {
        field: "belegDatum",
        title: t("spalte.datum"),
        width: 120,
        render: (row) => formatDate(row.belegDatum),
      },
      {
        field: "kundeName",
        title: t("spalte.kunde"),
        sortable: false,
        render: (row) => row.kunde?.anzeigename ?? "",
      },
      {
        field: "summeBrutto",
        title: t("spalte.brutto"),
        textAlign: "right",
        width: 120,
        render: (row) => formatMoney(row.summeBrutto),
      },
      {
        field: "bezahltBetrag",
        title: t("spalte.bezahlt"),
        sortable: false,
        textAlign: "right",
        width: 120,
        render: (row) => formatMoney(row.bezahltBetrag),
      },
      {
        field: "restbetrag",
        title: t("spalte.rest"),
        textAlign: "right",
        width: 120,
        render: (row) => (
          <Text size="sm" fw={600} c={row.restbetrag < 0 ? "blue" : undefined}>
            {formatMoney(row.restbetrag)}
          </Text>
        ),
      },
      {
        field: "faelligAm",
        title: t("spalte.faellig"),
        width: 110,
        render: (row) => formatDate(row.faelligAm),
      },
      {
        field: "faellig",
        title: t("spalte.ueberfaellig"),
        sortable: false,
        width: 190,
        render: (row) =>
          row.restbetrag < 0 ? (
            <Badge color="blue" variant="light" size="sm" tt="none">
              {t("list.guthaben")}
            </Badge>
          ) : row.ueberfaelligTage > 0 ? (
            <Badge color="red" variant="light" size="sm" tt="none">
              {t("list.tage", { count: row.ueberfaelligTage })}
            </Badge>
          ) : row.skontoStufen[0] ? (
            <Badge color="teal" variant="light" size="sm" tt="none">
              {t("list.skontoBis", { datum: formatDate(row.skontoStufen[0].datum) })}
            </Badge>
          ) : null,
      },
    ],
    [t, selected],
  );

  const definition: ListDefinition<PostenZeile> = {
    queryKey: [...zahlungKeys.posten(), filter],
    list: (query, signal) => listPosten(query, filter, signal),
    columns,
    defaultSort: { field: "belegDatum", direction: "asc" },
    label: name,
  };

  const gewaehlt = [...selected.values()];
  const kunden = new Set(gewaehlt.map((row) => row.kunde?.id ?? null));
  const zahlbar = gewaehlt.every((row) => row.restbetrag > 0 && !row.storniert);
  const moeglich = gewaehlt.length > 0 && kunden.size === 1 && !kunden.has(null) && zahlbar;
  const offenSumme = toNumber(gewaehlt.reduce((acc, row) => add(acc, dec(row.restbetrag)), dec(0)));

  return (
    <Stack gap="md">
      <KundeZeitraumFilter filter={filter} setFilter={setFilter} leer={LEERER_POSTEN_FILTER}>
        <Switch
          label={t("filter.ueberfaellig")}
          checked={filter.ueberfaellig}
          onChange={(event) => setFilter({ ...filter, ueberfaellig: event.currentTarget.checked })}
          mb={8}
        />
      </KundeZeitraumFilter>

      {gewaehlt.length > 0 && (
        <Paper withBorder p="xs" radius="md" role="region" aria-label={t("list.auswahl")}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {t("list.ausgewaehlt", { count: gewaehlt.length, betrag: formatMoney(offenSumme) })}
              {!moeglich && ` — ${t(zahlbar ? "list.nurEinKunde" : "list.nichtZahlbar")}`}
            </Text>
            <Group gap="sm">
              <Button variant="default" size="xs" onClick={() => setSelected(new Map())}>
                {t("list.auswahlLeeren")}
              </Button>
              <Button size="xs" onClick={() => setErfassen(true)} disabled={!moeglich}>
                {t("list.erfassen")}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}

      <EntityList definition={definition} />

      {erfassen && (
        <Suspense fallback={null}>
          <ZahlungDialog
            posten={gewaehlt}
            onClose={() => setErfassen(false)}
            onGebucht={(zahlung) => {
              setErfassen(false);
              setSelected(new Map());
              notifySuccess(t("dialog.erfasst", { betrag: formatMoney(zahlung.betrag) }));
              void queryClient.invalidateQueries({ queryKey: zahlungKeys.all });
              void queryClient.invalidateQueries({ queryKey: belegKeys.all });
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** The payments, newest first, with their filters; a payment is removed after a confirmation. */
export function Zahlungen({
  filter,
  setFilter,
}: {
  filter: ZahlungFilter;
  setFilter: (f: ZahlungFilter) => void;
}) {
  const { t } = useTranslation("beleg", { keyPrefix: "zahlung" });
  const columns = useMemo(
    (): ListColumn<ZahlungListZeile>[] => [
      {
        field: "zahlungsDatum",
        title: t("spalte.zahlungsDatum"),
        width: 110,
        render: (row) => formatDate(row.zahlungsDatum),
      },
      {
        field: "kundeName",
        title: t("spalte.kunde"),
        sortable: false,
        render: (row) => row.kunde?.anzeigename ?? "",
      },
      {
        field: "betrag",
        title: t("spalte.betrag"),
        textAlign: "right",
        width: 120,
        render: (row) => formatMoney(row.betrag),
      },
      {
        field: "skonto",
        title: t("spalte.skonto"),
        sortable: false,
        textAlign: "right",
        width: 100,
        render: (row) => (row.skonto ? formatMoney(row.skonto) : ""),
      },
      {
        field: "ueberzahlung",
        title: t("spalte.ueberzahlung"),
        sortable: false,
        textAlign: "right",
        width: 110,
        render: (row) => (row.ueberzahlung ? formatMoney(row.ueberzahlung) : ""),
      },
      {
        field: "zahlungsart",
        title: t("spalte.zahlungsart"),
        sortable: false,
        width: 110,
        render: (row) => t(`art.${row.zahlungsart}`),
      },
      {
        field: "belegNummern",
        title: t("spalte.belege"),
        sortable: false,
        render: (row) => (
          <Group gap={6}>
            {row.belege.map((beleg) => (
              <Anchor key={beleg.id} component={Link} to={belegEditPath(beleg.id)} size="sm">
                {beleg.belegNummer ?? beleg.id}
              </Anchor>
            ))}
          </Group>
        ),
      },
      { field: "kommentar", title: t("spalte.kommentar"), sortable: false },
    ],
    [t],
  );
  const label = (row: ZahlungListZeile) =>
    t("list.zahlungLabel", { datum: formatDate(row.zahlungsDatum), betrag: formatMoney(row.betrag) });
  const definition: ListDefinition<ZahlungListZeile> = {
    queryKey: [...zahlungKeys.zahlungen(), filter],
    list: (query, signal) => listZahlungen(query, filter, signal),
    columns,
    defaultSort: { field: "zahlungsDatum", direction: "desc" },
    remove: zahlungEntfernen,
    label,
    invalidates: [zahlungKeys.all, belegKeys.all],
  };
  return (
    <Stack gap="md">
      <KundeZeitraumFilter filter={filter} setFilter={setFilter} leer={LEERER_ZAHLUNG_FILTER}>
        <Select
          label={t("filter.zahlungsart")}
          w={160}
          clearable
          placeholder={t("filter.alle")}
          data={ARTEN.map((art) => ({ value: art, label: t(`art.${art}`) }))}
          value={filter.zahlungsart || null}
          onChange={(art) =>
            setFilter({ ...filter, zahlungsart: (art ?? "") as ZahlungFilter["zahlungsart"] })
          }
        />
      </KundeZeitraumFilter>
      <EntityList definition={definition} />
    </Stack>
  );
}
