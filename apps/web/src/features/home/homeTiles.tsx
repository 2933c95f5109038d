import type { AccessArea } from "@kontor/domain/access/access.rules";
import { dauerText } from "@kontor/domain/arbeitszeit/dauer";
import type { TBelegZeile } from "@kontor/domain/beleg/beleg.api";
import { belegStatus } from "@kontor/domain/beleg/beleg.codes";
import { todayIso } from "@kontor/domain/date/calendar";
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  Typography,
} from "@mantine/core";
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Page } from "../../app/api.ts";
import { useSession } from "../../app/session.ts";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { formatDate, formatMoney } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { sanitizeHtml } from "../../components/sanitizeHtml.ts";
import { ARBEITSZEIT_KEY, gehen, kommen, monatQuery, monatVon } from "../arbeitszeit/arbeitszeit.api.ts";
import { artikelEditPath } from "../artikel/artikel.resource.ts";
import {
  BELEG_LIST_PATH,
  type BelegFilter,
  belegEditPath,
  LEERER_BELEG_FILTER,
  STATUS_FARBE,
  writeBelegFilter,
} from "../beleg/beleg.resource.ts";
import { kundeEditPath } from "../kunde/kunde.resource.ts";
import { myNewsQuery } from "../news/news.api.ts";
import { HeuteTile as KalenderHeuteTile } from "../quartalskalender/HeuteTile.tsx";
import {
  entwuerfeQuery,
  offeneRechnungenQuery,
  zuletztArtikelQuery,
  zuletztKundenQuery,
} from "./home.api.ts";
import { Notizen } from "./Notizen.tsx";

/**
 * A tile of the home page (issue 21). `areas`: the access areas of which at least one must be allowed (the tenant's
 * modules and the user's roles, SPEC §6); `wide`: spans both columns on wide screens. Later issues add their tiles
 * as one entry in HOME_TILES.
 */
export interface HomeTile {
  id: string;
  areas: readonly AccessArea[];
  wide?: boolean;
  Component: () => ReactNode;
}

export const HOME_TILES: readonly HomeTile[] = [
  { id: "schnell", areas: ["kunde", "belegListCreate", "artikelWrite"], wide: true, Component: SchnellTile },
  { id: "arbeitszeit", areas: ["arbeitszeit"], Component: ArbeitszeitTile },
  { id: "notizen", areas: ["member"], Component: NotizenTile },
  { id: "offeneBelege", areas: ["belegListCreate"], wide: true, Component: OffeneBelegeTile },
  { id: "kunden", areas: ["kunde"], Component: KundenTile },
  { id: "artikel", areas: ["artikel"], Component: ArtikelTile },
  { id: "news", areas: ["benachrichtigungen"], wide: true, Component: NewsTile },
  { id: "kalender", areas: ["kalenderLesen"], Component: KalenderHeuteTile },
];

/** The tiles the user sees, in order. */
export function visibleTiles(can: (area: AccessArea) => boolean, tiles = HOME_TILES): HomeTile[] {
  return tiles.filter((tile) => tile.areas.some((area) => can(area)));
}

function Kachel({
  title,
  action,
  children,
  titleId,
}: {
  title: string;
  titleId: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId} h="100%">
      <Group justify="space-between" align="center" mb="sm" wrap="nowrap" gap="xs">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Paper>
  );
}

/** Loading, failure, empty, or the rows of a tile's query. */
function Zeilen<T>({
  query,
  leer,
  children,
}: {
  query: UseQueryResult<Page<T>>;
  leer: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation("home");
  const problemMessage = useProblemMessage();
  if (query.isPending)
    return (
      <Group justify="center" py="md">
        <Loader size="sm" aria-label={t("laden")} />
      </Group>
    );
  if (query.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {problemMessage(query.error)}
      </Alert>
    );
  if (query.data.items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {leer}
      </Text>
    );
  return (
    <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: "none" }}>
      {children(query.data.items)}
    </Stack>
  );
}

function Zeile({
  to,
  title,
  detail,
  badge,
}: {
  to: string;
  title: string;
  detail?: string;
  badge?: ReactNode;
}) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs">
      <Stack gap={0} miw={0}>
        <Anchor component={Link} to={to} size="sm" fw={500} truncate="end">
          {title}
        </Anchor>
        {detail && (
          <Text size="xs" c="dimmed" truncate="end">
            {detail}
          </Text>
        )}
      </Stack>
      {badge}
    </Group>
  );
}

function AlleLink({ to, onClick, label }: { to: string; onClick?: () => void; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" onClick={onClick} style={{ whiteSpace: "nowrap" }}>
      {label}
    </Anchor>
  );
}

function SchnellTile() {
  const { t } = useTranslation(["home", "menu"]);
  const can = useCan();
  return (
    <Kachel title={t("schnell.titel")} titleId="home-schnell">
      <Group gap="sm">
        {can("belegListCreate") && (
          <Button component={Link} to={belegEditPath("new")}>
            {t("schnell.neuerBeleg")}
          </Button>
        )}
        {can("kunde") && (
          <Button component={Link} to={kundeEditPath("new")} variant="light">
            {t("schnell.neuerKunde")}
          </Button>
        )}
        {can("artikelWrite") && (
          <Button component={Link} to={artikelEditPath("new")} variant="light">
            {t("schnell.neuerArtikel")}
          </Button>
        )}
        <Button component={Link} to="/hilfe" variant="subtle">
          {t("schnell.hilfe")}
        </Button>
      </Group>
    </Kachel>
  );
}

/** The drafts and the open invoices side by side; "all" opens the document list with the matching filter. */
function OffeneBelegeTile() {
  const { t } = useTranslation(["home", "beleg"]);
  const entwuerfe = useQuery(entwuerfeQuery);
  const offen = useQuery(offeneRechnungenQuery);
  const navigate = useNavigate();
  const mitFilter = (filter: Partial<BelegFilter>) => () => {
    writeBelegFilter({ ...LEERER_BELEG_FILTER, ...filter });
    void navigate({ to: `${BELEG_LIST_PATH}/` as string });
  };
  const beleg = (row: TBelegZeile) => {
    const status = belegStatus(row);
    return (
      <Zeile
        key={row.id}
        to={belegEditPath(row.id)}
        title={`${t(`beleg:typ.${row.belegsTyp}`)} ${row.belegNummer ?? ""}`.trim()}
        detail={[row.kunde?.anzeigename, formatDate(row.belegDatum), formatMoney(row.summeBrutto)]
          .filter(Boolean)
          .join(" · ")}
        badge={
          <Badge color={STATUS_FARBE[status]} variant="light" size="sm" style={{ flexShrink: 0 }}>
            {t(`beleg:status.${status}`)}
          </Badge>
        }
      />
    );
  };
  const anzahl = (query: typeof offen) =>
    query.data?.totalCount != null ? ` (${query.data.totalCount}${query.data.totalCapped ? "+" : ""})` : "";

  return (
    <Kachel title={t("offeneBelege.titel")} titleId="home-offeneBelege">
      <Group align="flex-start" grow gap="lg" wrap="wrap">
        <Stack gap="xs" miw={260}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm">
              {t("offeneBelege.entwuerfe")}
              {anzahl(entwuerfe)}
            </Text>
            <AlleLink
              to={BELEG_LIST_PATH}
              onClick={mitFilter({ entwurf: "true" })}
              label={t("offeneBelege.alleEntwuerfe")}
            />
          </Group>
          <Zeilen query={entwuerfe} leer={t("offeneBelege.keineEntwuerfe")}>
            {(items) => items.map(beleg)}
          </Zeilen>
        </Stack>
        <Stack gap="xs" miw={260}>
          <Group justify="space-between" wrap="nowrap">
            <Text fw={600} size="sm">
              {t("offeneBelege.offeneRechnungen")}
              {anzahl(offen)}
            </Text>
            <AlleLink
              to={BELEG_LIST_PATH}
              onClick={mitFilter({
                belegsTyp: "rechnung",
                entwurf: "false",
                bezahlt: "false",
                storniert: "false",
              })}
              label={t("offeneBelege.alleOffenen")}
            />
          </Group>
          <Zeilen query={offen} leer={t("offeneBelege.keineOffenen")}>
            {(items) => items.map(beleg)}
          </Zeilen>
        </Stack>
      </Group>
    </Kachel>
  );
}

function KundenTile() {
  const { t } = useTranslation("home");
  const kunden = useQuery(zuletztKundenQuery);
  return (
    <Kachel
      title={t("kunden.titel")}
      titleId="home-kunden"
      action={<AlleLink to="/kunde_list/" label={t("alle")} />}
    >
      <Zeilen query={kunden} leer={t("kunden.leer")}>
        {(items) =>
          items.map((kunde) => (
            <Zeile
              key={kunde.id}
              to={kundeEditPath(kunde.id)}
              title={kunde.anzeigename}
              detail={[kunde.kundenNummer, [kunde.plz, kunde.ort].filter(Boolean).join(" ")]
                .filter(Boolean)
                .join(" · ")}
              badge={
                kunde.lieferant ? (
                  <Badge variant="light" color="grape" size="sm" style={{ flexShrink: 0 }}>
                    {t("kunden.lieferant")}
                  </Badge>
                ) : undefined
              }
            />
          ))
        }
      </Zeilen>
    </Kachel>
  );
}

function ArtikelTile() {
  const { t } = useTranslation("home");
  const artikel = useQuery(zuletztArtikelQuery);
  return (
    <Kachel
      title={t("artikel.titel")}
      titleId="home-artikel"
      action={<AlleLink to="/artikel_list/" label={t("alle")} />}
    >
      <Zeilen query={artikel} leer={t("artikel.leer")}>
        {(items) =>
          items.map((zeile) => (
            <Zeile
              key={zeile.id}
              to={artikelEditPath(zeile.id)}
              title={zeile.artikelBezeichnung}
              detail={[zeile.artikelNummer, zeile.preis != null ? formatMoney(zeile.preis) : ""]
                .filter(Boolean)
                .join(" · ")}
            />
          ))
        }
      </Zeilen>
    </Kachel>
  );
}

/** The news the user may see (the same list as the bell), newest first, the first three in full. */
function NewsTile() {
  const { t } = useTranslation("home");
  const { mandantId } = useSession();
  const news = useQuery({ ...myNewsQuery(mandantId ?? 0), enabled: mandantId !== null });
  const items = news.data?.news.slice(0, 3) ?? [];
  return (
    <Kachel title={t("news.titel")} titleId="home-news">
      {news.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={t("laden")} />
        </Group>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("news.leer")}
        </Text>
      ) : (
        <Stack gap="md">
          {items.map((item) => (
            <Stack key={item.id ?? item.bezeichnung} gap={2}>
              <Group gap="xs" wrap="nowrap">
                <Text fw={600} size="sm">
                  {item.bezeichnung}
                </Text>
                {item.createdDate && (
                  <Text size="xs" c="dimmed">
                    {formatDate(item.createdDate)}
                  </Text>
                )}
              </Group>
              <Typography className="kontor-news-body kontor-home-news" fz="sm">
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by an allowlist (sanitizeHtml.ts) */}
                <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(item.editor) }} />
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </Kachel>
  );
}

/** The user's own notes (issue 23): private to the user in this tenant, so every member sees the tile. */
function NotizenTile() {
  const { t } = useTranslation("home");
  return (
    <Kachel title={t("notizen.titel")} titleId="home-notizen">
      <Notizen />
    </Kachel>
  );
}

function useCan() {
  return useShellAccess().can;
}

/** Working time (issue 22): what is recorded today, and Kommen / Gehen with one click. */
function ArbeitszeitTile() {
  const { t } = useTranslation("home");
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const heute = todayIso();
  const monat = useQuery(monatQuery(null, monatVon(heute)));
  const tag = monat.data?.tage.find((d) => d.datum === heute);
  const laufend = monat.data?.laufend ?? null;
  const uhr = useMutation({
    mutationFn: () => (laufend ? gehen() : kommen()),
    onSuccess: (eintrag) =>
      notifySuccess(
        eintrag.bisZeit
          ? t("arbeitszeit.gegangen", { zeit: eintrag.bisZeit })
          : t("arbeitszeit.gekommen", { zeit: eintrag.vonZeit }),
      ),
    onError: (error) => notifyFailure(t("arbeitszeit.fehler"), problemMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ARBEITSZEIT_KEY] }),
  });
  return (
    <Kachel
      title={t("arbeitszeit.titel")}
      titleId="home-arbeitszeit"
      action={<AlleLink to="/zeiterfassung" label={t("arbeitszeit.monat")} />}
    >
      {monat.isPending ? (
        <Loader size="sm" aria-label={t("laden")} />
      ) : monat.isError ? (
        <Alert color="red" variant="light">
          {problemMessage(monat.error)}
        </Alert>
      ) : (
        <Stack gap="xs">
          <Text data-testid="home-arbeitszeit-heute">
            {t("arbeitszeit.heute", { dauer: dauerText(tag?.netto ?? 0) })}
            {tag && tag.soll > 0 ? ` ${t("arbeitszeit.soll", { dauer: dauerText(tag.soll) })}` : ""}
          </Text>
          {laufend && (
            <Text size="sm" c="red.8" fw={500}>
              {laufend.datum === heute
                ? t("arbeitszeit.laeuftSeit", { zeit: laufend.vonZeit })
                : t("arbeitszeit.laeuftSeitTag", { datum: formatDate(laufend.datum), zeit: laufend.vonZeit })}
            </Text>
          )}
          <Button
            size="md"
            color={laufend ? "red" : "teal"}
            loading={uhr.isPending}
            onClick={() => uhr.mutate()}
            style={{ alignSelf: "flex-start" }}
          >
            {laufend ? t("arbeitszeit.gehen") : t("arbeitszeit.kommen")}
          </Button>
        </Stack>
      )}
    </Kachel>
  );
}
