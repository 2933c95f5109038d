import { Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session.ts";
import { formatMoney } from "../../components/format/format.ts";
import type { ListSearch } from "../../components/list/listValues.ts";
import {
  LEERER_POSTEN_FILTER,
  LEERER_ZAHLUNG_FILTER,
  type PostenFilter,
  saldoQuery,
  type ZahlungFilter,
} from "./zahlung.api.ts";

/* The tabs' lists, filters and dialogs load right after the screen (its first load stays small). */
const ladeReiter = () => import("./zahlung.reiter.tsx");
const OffenePosten = lazy(async () => ({ default: (await ladeReiter()).OffenePosten }));
const Zahlungen = lazy(async () => ({ default: (await ladeReiter()).Zahlungen }));

type Reiter = "offen" | "zahlungen";
const REITER_KEY = "kontor.tenant.zahlung.reiter";
const POSTEN_FILTER_KEY = "kontor.tenant.zahlung.postenFilter";
const ZAHLUNG_FILTER_KEY = "kontor.tenant.zahlung.zahlungFilter";

/** Tenant state kept for the visit (a tenant switch clears keys starting with kontor.tenant.). */
function gemerkt<T>(key: string, leer: T): T {
  try {
    const wert = JSON.parse(globalThis.sessionStorage?.getItem(key) ?? "null") as T | null;
    return wert === null ? leer : typeof leer === "object" ? { ...leer, ...wert } : wert;
  } catch {
    return leer;
  }
}
function merken(key: string, wert: unknown) {
  try {
    globalThis.sessionStorage?.setItem(key, JSON.stringify(wert));
  } catch {
    // not remembered
  }
}

/** The open balance of the tenant, or of the customer the filter names. */
function Saldo({ kunde }: { kunde: { id: number; anzeigename: string } | null }) {
  const { t } = useTranslation("beleg", { keyPrefix: "zahlung" });
  const { mandantId } = useSession();
  const saldo = useQuery({ ...saldoQuery(mandantId ?? 0, kunde?.id ?? null), enabled: mandantId !== null });
  const kachel = (label: string, wert: ReactNode, testId: string) => (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={600} data-testid={testId}>
        {wert}
      </Text>
    </Paper>
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" role="region" aria-label={t("saldo.region")}>
      {kachel(
        kunde ? t("saldo.offenKunde", { kunde: kunde.anzeigename }) : t("saldo.offen"),
        saldo.data ? formatMoney(saldo.data.openBalance) : "…",
        "offener-saldo",
      )}
      {kachel(t("saldo.anzahl"), saldo.data ? String(saldo.data.anzahl) : "…", "offene-anzahl")}
      {kachel(t("saldo.guthaben"), saldo.data ? formatMoney(saldo.data.guthaben) : "…", "guthaben")}
    </SimpleGrid>
  );
}

/**
 * /zahlung_list/ (issue 17): the open balance, and two tabs — "Offene Posten" (open invoices: filter by customer,
 * period and overdue; select rows of one customer → "Zahlung erfassen") and "Zahlungen" (the payments, newest first,
 * removed after a confirmation).
 */
export function ZahlungList() {
  const { t } = useTranslation("beleg", { keyPrefix: "zahlung" });
  const navigate = useNavigate();
  const [reiter, setReiterState] = useState<Reiter>(() =>
    gemerkt<Reiter>(REITER_KEY, "offen") === "zahlungen" ? "zahlungen" : "offen",
  );
  const [postenFilter, setPostenFilterState] = useState<PostenFilter>(() =>
    gemerkt(POSTEN_FILTER_KEY, LEERER_POSTEN_FILTER),
  );
  const [zahlungFilter, setZahlungFilterState] = useState<ZahlungFilter>(() =>
    gemerkt(ZAHLUNG_FILTER_KEY, LEERER_ZAHLUNG_FILTER),
  );

  /** Back to the first page (and the list's default sort, when the other list's sort is in the URL). */
  const ersteSeite = (sortAuch: boolean) =>
    void navigate({
      to: ".",
      search: ((previous: ListSearch) => ({
        ...previous,
        page: undefined,
        ...(sortAuch ? { sort: undefined } : {}),
      })) as never,
      replace: true,
    });
  const setReiter = (neu: Reiter) => {
    merken(REITER_KEY, neu);
    setReiterState(neu);
    ersteSeite(true);
  };
  const setPostenFilter = (neu: PostenFilter) => {
    merken(POSTEN_FILTER_KEY, neu);
    setPostenFilterState(neu);
    ersteSeite(false);
  };
  const setZahlungFilter = (neu: ZahlungFilter) => {
    merken(ZAHLUNG_FILTER_KEY, neu);
    setZahlungFilterState(neu);
    ersteSeite(false);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t("list.title")}</Title>
        <Button variant="default" component={Link} to="/zahlung_report/">
          {t("list.auswertung")}
        </Button>
      </Group>
      <Saldo kunde={reiter === "offen" ? postenFilter.kunde : zahlungFilter.kunde} />
      <Tabs value={reiter} onChange={(wert) => setReiter(wert === "zahlungen" ? "zahlungen" : "offen")}>
        <Tabs.List>
          <Tabs.Tab value="offen">{t("list.tab.offen")}</Tabs.Tab>
          <Tabs.Tab value="zahlungen">{t("list.tab.zahlungen")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="offen" pt="md">
          {reiter === "offen" && (
            <Suspense fallback={null}>
              <OffenePosten filter={postenFilter} setFilter={setPostenFilter} />
            </Suspense>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="zahlungen" pt="md">
          {reiter === "zahlungen" && (
            <Suspense fallback={null}>
              <Zahlungen filter={zahlungFilter} setFilter={setZahlungFilter} />
            </Suspense>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
