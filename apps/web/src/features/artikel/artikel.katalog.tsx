import type { TArtikelZeile } from "@kontor/domain/artikel/artikel.api";
import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Checkbox,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../app/api.ts";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { formatMoney, formatQuantity } from "../../components/format/format.ts";
import { pageCount } from "../../components/list/listValues.ts";
import { PaginationBar } from "../../components/list/PaginationBar.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { KundeSearchField } from "../kunde/quick/KundeSearchField.tsx";
import { Thumbnail } from "./ArtikelThumbnail.tsx";
import { untergruppenQuery, warengruppenQuery } from "./artikel.api.ts";
import { artikelEditPath, artikelKeys } from "./artikel.resource.ts";

const ArtikelPreviewModal = lazy(async () => ({
  default: (await import("./quick/ArtikelPreviewModal.tsx")).ArtikelPreviewModal,
}));

/** Cards per page. */
export const KATALOG_SEITE = 24;

/** The catalogue filters (SPEC §3). */
export interface KatalogFilter {
  searchTerm: string;
  warengruppe: string;
  untergruppen: string[];
  lieferant: { id: number; anzeigename: string } | null;
  verleihbar: boolean;
  includeDeactivated: boolean;
}

export const LEERER_FILTER: KatalogFilter = {
  searchTerm: "",
  warengruppe: "",
  untergruppen: [],
  lieferant: null,
  verleihbar: false,
  includeDeactivated: false,
};

/**
 * The query of GET artikelkatalogsearch: `init` on the first open (the first page unfiltered), else the filters
 * set — one subgroup as selectedUG, several as selectedUGS, only a goods group as selectedWG.
 */
export function katalogParams(filter: KatalogFilter, page: number, init: boolean) {
  const base = { page, size: KATALOG_SEITE, sort: "artikelBezeichnung,asc" };
  if (init) return { ...base, init: true };
  const term = filter.searchTerm.trim();
  return {
    ...base,
    ...(term ? { searchTerm: term } : {}),
    ...(filter.untergruppen.length === 1
      ? { selectedUG: Number(filter.untergruppen[0]) }
      : filter.untergruppen.length > 1
        ? { selectedUGS: filter.untergruppen.join(",") }
        : filter.warengruppe
          ? { selectedWG: Number(filter.warengruppe) }
          : {}),
    ...(filter.lieferant ? { selectedLieferant: filter.lieferant.id } : {}),
    ...(filter.verleihbar ? { selectedVerleihbar: true } : {}),
    ...(filter.includeDeactivated ? { selectedIncludeDeactivated: true } : {}),
  };
}

const istLeer = (filter: KatalogFilter) =>
  filter.searchTerm.trim() === "" &&
  filter.warengruppe === "" &&
  filter.untergruppen.length === 0 &&
  !filter.lieferant &&
  !filter.verleihbar &&
  !filter.includeDeactivated;

/**
 * /artikelkatalog/ (SPEC §2, §3, §6): the articles as cards (image, name, number, today's price, stock) with the
 * catalogue filters; a card opens the read-only preview, "Bearbeiten" (ROLE_ARTIKEL_WRITE) the article.
 */
export function ArtikelKatalog() {
  const { t } = useTranslation(["artikel", "crud"]);
  const problemMessage = useProblemMessage();
  const access = useShellAccess();
  const schreiben = access.can("artikelWrite");
  const [filter, setFilterState] = useState<KatalogFilter>(LEERER_FILTER);
  const [page, setPage] = useState(1);
  const [vorschau, setVorschau] = useState<number | null>(null);
  const [debounced] = useDebouncedValue(filter, 300);
  const warengruppen = useQuery(warengruppenQuery);
  const warengruppeId = filter.warengruppe === "" ? null : Number(filter.warengruppe);
  const untergruppen = useQuery({
    ...untergruppenQuery(warengruppeId ?? 0),
    enabled: warengruppeId !== null,
  });

  const setFilter = (next: Partial<KatalogFilter>) => {
    setFilterState((previous) => ({ ...previous, ...next }));
    setPage(1);
  };

  const init = istLeer(debounced);
  const params = katalogParams(debounced, page - 1, init);
  const katalog = useQuery({
    queryKey: [...artikelKeys.katalog(), params],
    queryFn: ({ signal }) => api.getPage("artikelkatalogsearch", { signal, query: params }),
    placeholderData: keepPreviousData,
  });
  const rows = (katalog.data?.items ?? []) as TArtikelZeile[];
  const total = katalog.data?.totalCount ?? null;
  const totalCapped = katalog.data?.totalCapped ?? false;
  const pages = pageCount({ totalCount: total, totalCapped }, KATALOG_SEITE, page, rows.length);

  return (
    <Stack gap="md">
      <Title order={1}>{t("katalog.title")}</Title>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Box
            style={{
              display: "grid",
              gridTemplateColumns: "repeat(auto-fit, minmax(min(240px, 100%), 1fr))",
              gap: "var(--mantine-spacing-sm)",
            }}
          >
            <TextInput
              label={t("katalog.searchTerm")}
              placeholder={t("katalog.searchPlaceholder")}
              type="search"
              value={filter.searchTerm}
              onChange={(event) => setFilter({ searchTerm: event.currentTarget.value })}
            />
            <Select
              label={t("field.warengruppe")}
              clearable
              searchable
              data={(warengruppen.data ?? [])
                .filter((gruppe) => !gruppe.geloescht)
                .map((gruppe) => ({
                  value: String(gruppe.id),
                  label: `${gruppe.warenGruppe} – ${gruppe.bezeichnung}`,
                }))}
              value={filter.warengruppe || null}
              onChange={(value) => setFilter({ warengruppe: value ?? "", untergruppen: [] })}
            />
            <MultiSelect
              label={t("katalog.untergruppen")}
              clearable
              searchable
              disabled={warengruppeId === null}
              placeholder={warengruppeId === null ? t("hint.untergruppe") : undefined}
              data={(untergruppen.data ?? []).map((gruppe) => ({
                value: String(gruppe.id),
                label: `${gruppe.unterGruppe} – ${gruppe.bezeichnung}`,
              }))}
              value={filter.untergruppen}
              onChange={(value) => setFilter({ untergruppen: value })}
            />
            <KundeSearchField
              lieferant
              allowCreate={false}
              label={t("lieferant.lieferant")}
              value={filter.lieferant as TKundeZeile | null}
              onChange={(kunde) =>
                setFilter({ lieferant: kunde ? { id: kunde.id, anzeigename: kunde.anzeigename } : null })
              }
            />
          </Box>
          <Group gap="lg">
            <Checkbox
              label={t("field.verleihbar")}
              checked={filter.verleihbar}
              onChange={(event) => setFilter({ verleihbar: event.currentTarget.checked })}
            />
            <Checkbox
              label={t("katalog.includeDeactivated")}
              checked={filter.includeDeactivated}
              onChange={(event) => setFilter({ includeDeactivated: event.currentTarget.checked })}
            />
          </Group>
        </Stack>
      </Paper>

      {katalog.isError ? (
        <Alert color="red" role="alert" title={t("katalog.fehler")}>
          {problemMessage(katalog.error)}
        </Alert>
      ) : katalog.isPending ? (
        <Loader size="sm" aria-label={t("edit.laden")} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t("katalog.leer")}</Text>
      ) : (
        <Box
          aria-busy={katalog.isFetching}
          style={{
            display: "grid",
            gridTemplateColumns: "repeat(auto-fill, minmax(210px, 1fr))",
            gap: "var(--mantine-spacing-md)",
          }}
        >
          {rows.map((artikel) => (
            <Paper key={artikel.id} withBorder radius="md" p="sm">
              <Stack gap={6} h="100%">
                <UnstyledButton
                  onClick={() => setVorschau(artikel.id)}
                  aria-label={t("katalog.vorschau", { name: artikel.artikelBezeichnung })}
                >
                  <Stack gap={6}>
                    <Box h={130} bg="var(--mantine-color-gray-light)" style={{ borderRadius: 4 }}>
                      {artikel.bildAssetId !== null ? (
                        <Thumbnail assetId={artikel.bildAssetId} alt={artikel.artikelBezeichnung} h={130} />
                      ) : (
                        <Box
                          h={130}
                          display="flex"
                          style={{ alignItems: "center", justifyContent: "center" }}
                        >
                          <Text size="xs" c="dimmed">
                            {t("katalog.keinBild")}
                          </Text>
                        </Box>
                      )}
                    </Box>
                    <Text fw={600} size="sm" lineClamp={2}>
                      {artikel.artikelBezeichnung}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t("edit.nummer", { nummer: artikel.artikelNummer })}
                    </Text>
                  </Stack>
                </UnstyledButton>
                <Group justify="space-between" gap={4} mt="auto">
                  <Text fw={600}>{artikel.preis === null ? "—" : formatMoney(artikel.preis)}</Text>
                  <Text size="xs" c={artikel.lagerstand > 0 ? "green.8" : "dimmed"}>
                    {t("katalog.lager", {
                      menge: formatQuantity(artikel.lagerstand),
                    })}
                  </Text>
                </Group>
                <Group justify="space-between" gap={4}>
                  <Group gap={4}>
                    {artikel.verleihbar && (
                      <Badge size="xs" variant="light" tt="none">
                        {t("field.verleihbar")}
                      </Badge>
                    )}
                    {artikel.geloescht && (
                      <Badge size="xs" color="gray" variant="light" tt="none">
                        {t("status.geloescht")}
                      </Badge>
                    )}
                  </Group>
                  {schreiben && (
                    <Anchor component={Link} to={artikelEditPath(artikel.id)} size="sm">
                      {t("katalog.bearbeiten")}
                    </Anchor>
                  )}
                </Group>
              </Stack>
            </Paper>
          ))}
        </Box>
      )}

      <PaginationBar
        page={page}
        pages={pages}
        totalCount={total}
        totalCapped={totalCapped}
        onChange={setPage}
        disabled={katalog.isFetching}
      />

      {vorschau !== null && (
        <Suspense fallback={null}>
          <ArtikelPreviewModal artikelId={vorschau} onClose={() => setVorschau(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
