import {
  MONAT_AKTIONEN,
  type TMonatAktion,
  type TTagHinweis,
} from "@kontor/domain/arbeitszeit/arbeitszeit.codes";
import type {
  TArbeitszeit,
  TArbeitszeitMonat,
  TArbeitszeitTag,
} from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { dauerText } from "@kontor/domain/arbeitszeit/dauer";
import { todayIso } from "@kontor/domain/date/calendar";
import {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useLocation, useNavigate } from "@tanstack/react-router";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { formatDate, formatDateTime, formatQuantity } from "../../components/format/format.ts";
import { IconPencil, IconPlus, IconTrash } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { AbwesenheitKalender, ART_FARBE } from "./AbwesenheitKalender.tsx";
import {
  Karte,
  MitarbeiterAuswahl,
  MonatSchalter,
  ReportKnoepfe,
  StatusBadge,
  SymbolKnopf,
  saldoFarbe,
} from "./ArbeitszeitTeile.tsx";
import {
  ARBEITSZEIT_KEY,
  abwesenheitLoeschen,
  betriebQuery,
  eintragLoeschen,
  gehen,
  kommen,
  mitarbeiterQuery,
  monatAktion,
  monatQuery,
  monatSuche,
  monatVon,
  wochentag,
} from "./arbeitszeit.api.ts";

/* The dialogs load on the first click: they carry forms and the shared schema (zod). */
const EintragDialog = lazy(async () => ({
  default: (await import("./EintragDialog.tsx")).EintragDialog,
}));
const HistorieDialog = lazy(async () => ({
  default: (await import("./HistorieDialog.tsx")).HistorieDialog,
}));
const AbwesenheitDialog = lazy(async () => ({
  default: (await import("./AbwesenheitDialog.tsx")).AbwesenheitDialog,
}));
const KommentarDialog = lazy(async () => ({
  default: (await import("./KommentarDialog.tsx")).KommentarDialog,
}));

type Dialog =
  | { art: "eintrag"; datum: string; eintrag?: TArbeitszeit }
  | { art: "historie"; eintrag: TArbeitszeit }
  | { art: "abwesenheit"; von: string }
  | { art: "aktion"; aktion: "zurueckgeben" | "wiedereroeffnen" }
  | null;

/** Width of the day column ("Mo 02.11."). */
const DATUM_BREITE = 84;

export const HINWEIS_FARBE: Record<TTagHinweis, string> = {
  pauseFehlt: "red",
  pauseAbgezogen: "yellow",
  ueber10Stunden: "red",
  ruhezeit: "orange",
  offen: "blue",
};

const IconHistorie = () => (
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
    <path d="M12 8v4l2 2" />
    <path d="M3.05 11a9 9 0 1 1 .5 4m-.5 5v-5h5" />
  </svg>
);

/**
 * /zeiterfassung (issue 22): an employee's month — Kommen/Gehen, summary (target, actual, balance, overtime,
 * vacation, home office), the days with records, absences, holidays and flags, a calendar of absences, submitting
 * the month and (admins, any employee) approving, returning and reopening it; the month sheet as PDF, CSV, Excel.
 */
export function ArbeitszeitMonat() {
  const { t } = useTranslation(["arbeitszeit", "crud", "common"]);
  const access = useShellAccess();
  const admin = access.can("arbeitszeitAdmin");
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { confirm, dialog: bestaetigung } = useConfirm();
  const suche = useLocation({ select: (location) => monatSuche(location.search as Record<string, unknown>) });
  const [monat, setMonatState] = useState(() => suche.monat ?? monatVon());
  const [userId, setUserIdState] = useState<number | null>(() => suche.userId);
  const [dialog, setDialog] = useState<Dialog>(null);

  const daten = useQuery(monatQuery(userId, monat));
  const betrieb = useQuery(betriebQuery);
  const mitarbeiter = useQuery({ ...mitarbeiterQuery, enabled: admin });
  const m = daten.data;
  const eigenerId = access.account?.id ?? null;
  const eigen = userId === null || userId === eigenerId;
  const heute = todayIso();
  /** A running month is summed up to today (summe.bis before the month's last day). */
  const laeuft = m !== undefined && m.summe.bis < (m.tage.at(-1)?.datum ?? m.summe.bis);
  const ansicht = (neu: { monat?: string; userId?: number | null }) => {
    const next = { monat: neu.monat ?? monat, userId: neu.userId === undefined ? userId : neu.userId };
    setMonatState(next.monat);
    setUserIdState(next.userId);
    void navigate({
      to: ".",
      search: { monat: next.monat, ...(next.userId !== null ? { userId: next.userId } : {}) } as never,
      replace: true,
    });
  };
  const neuLaden = () => queryClient.invalidateQueries({ queryKey: [ARBEITSZEIT_KEY] });
  const fremdeUserId = eigen ? undefined : (userId ?? undefined);

  const uhr = useMutation({
    mutationFn: (richtung: "kommen" | "gehen") => (richtung === "kommen" ? kommen() : gehen()),
    onSuccess: (eintrag, richtung) => {
      notifySuccess(
        richtung === "kommen"
          ? t("uhr.gekommen", { zeit: eintrag.vonZeit })
          : t("uhr.gegangen", { zeit: eintrag.bisZeit ?? "" }),
      );
      void neuLaden();
    },
    onError: (error) => {
      notifyFailure(t("uhr.fehler"), problemMessage(error));
      void neuLaden();
    },
  });

  const aktion = useMutation({
    mutationFn: ({ art, kommentar }: { art: TMonatAktion; kommentar?: string }) =>
      monatAktion(art, { monat, userId: fremdeUserId, kommentar: kommentar ?? null }),
    onSuccess: (_, { art }) => {
      notifySuccess(t(`aktion.erledigt.${art}`));
      void neuLaden();
    },
    onError: (error) => notifyFailure(t("aktion.fehler"), problemMessage(error)),
  });

  const loeschen = async (eintrag: TArbeitszeit) => {
    const ok = await confirm({
      title: t("eintrag.loeschenTitel"),
      message: t("eintrag.loeschenFrage", {
        datum: formatDate(eintrag.datum),
        von: eintrag.vonZeit,
        bis: eintrag.bisZeit ?? "…",
      }),
      confirmLabel: t("aktion.loeschen"),
      danger: true,
    });
    if (!ok) return;
    try {
      await eintragLoeschen(eintrag.id);
      notifySuccess(t("crud:toast.deleted"));
    } catch (error) {
      notifyFailure(t("crud:toast.deleteFailed"), problemMessage(error));
    }
    void neuLaden();
  };

  const abwesenheitWeg = async (id: number, art: string) => {
    const ok = await confirm({
      title: t("abwesenheit.loeschenTitel"),
      message: t("abwesenheit.loeschenFrage", { art }),
      confirmLabel: t("aktion.loeschen"),
      danger: true,
    });
    if (!ok) return;
    try {
      await abwesenheitLoeschen(id);
      notifySuccess(t("crud:toast.deleted"));
    } catch (error) {
      notifyFailure(t("crud:toast.deleteFailed"), problemMessage(error));
    }
    void neuLaden();
  };

  const vergangen = monat <= monatVon(heute);
  const einreichbar =
    m !== undefined &&
    (m.status === "offen" || m.status === "zurueckgegeben") &&
    vergangen &&
    (betrieb.data?.confirmTimes ?? true) &&
    (eigen || admin);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{t("monat.title")}</Title>
          {m && !eigen && (
            <Text c="dimmed" data-testid="arbeitszeit-name">
              {m.name}
            </Text>
          )}
        </Stack>
        {eigen && (
          <KommenGehen
            laufend={m?.laufend ?? null}
            heute={heute}
            bereit={daten.isSuccess}
            sendet={uhr.isPending}
            onKommen={() => uhr.mutate("kommen")}
            onGehen={() => uhr.mutate("gehen")}
          />
        )}
      </Group>

      <Paper withBorder p="sm" radius="md">
        <Group gap="md" align="flex-end" wrap="wrap">
          {admin && mitarbeiter.data && (
            <MitarbeiterAuswahl
              mitarbeiter={mitarbeiter.data}
              value={userId ?? eigenerId}
              onChange={(id) => ansicht({ userId: id === eigenerId ? null : id })}
            />
          )}
          <MonatSchalter monat={monat} onChange={(neu) => ansicht({ monat: neu })} />
          {m && <StatusBadge status={m.status} />}
        </Group>
      </Paper>

      {daten.isError && (
        <Alert color="red" role="alert" title={t("fehler.laden")}>
          {problemMessage(daten.error)}
        </Alert>
      )}
      {daten.isPending && (
        <Center py="xl">
          <Loader aria-label={t("common:loading")} />
        </Center>
      )}

      {m && (
        <>
          {m.status === "zurueckgegeben" && m.kommentar && (
            <Alert color="orange" variant="light" title={t("status.zurueckgegebenTitel")}>
              {m.kommentar}
            </Alert>
          )}
          {!m.aenderbar && (
            <Alert color="gray" variant="light" data-testid="arbeitszeit-gesperrt">
              {m.status === "genehmigt" ? t("gesperrt.genehmigt") : t("gesperrt.eingereicht")}
            </Alert>
          )}

          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
            <Karte
              label={t("summe.soll")}
              wert={dauerText(m.summe.soll)}
              unten={
                laeuft
                  ? t("summe.bisHeuteMonat", { dauer: dauerText(m.tage.reduce((s, tag) => s + tag.soll, 0)) })
                  : undefined
              }
            />
            <Karte
              label={t("summe.ist")}
              wert={dauerText(m.summe.ist)}
              unten={laeuft ? t("summe.bisHeute") : undefined}
            />
            <Karte
              label={t("summe.saldo")}
              wert={dauerText(m.summe.saldo, true)}
              farbe={saldoFarbe(m.summe.saldo)}
              unten={laeuft ? t("summe.bisHeute") : undefined}
            />
            <Karte
              label={t("summe.ueberstunden")}
              wert={dauerText(m.ueberstunden.stand, true)}
              farbe={saldoFarbe(m.ueberstunden.stand)}
              unten={t("summe.vormonat", { dauer: dauerText(m.ueberstunden.vormonat, true) })}
            />
            <Karte
              label={t("summe.urlaub", { jahr: m.urlaub.jahr })}
              wert={t("summe.tage", { count: m.urlaub.rest, anzahl: formatQuantity(m.urlaub.rest, 1) })}
              farbe={m.urlaub.rest < 0 ? "red.8" : undefined}
              unten={t("summe.urlaubDetail", {
                anspruch: formatQuantity(m.urlaub.anspruch, 1),
                genommen: formatQuantity(m.urlaub.genommen, 1),
                beantragt: formatQuantity(m.urlaub.beantragt, 1),
              })}
            />
            <Karte label={t("summe.homeoffice")} wert={String(m.summe.homeofficeTage)} />
          </SimpleGrid>

          <Group gap="sm" wrap="wrap" justify="space-between">
            <Group gap="sm" wrap="wrap">
              {m.aenderbar && (
                <Button
                  variant="light"
                  leftSection={<IconPlus />}
                  onClick={() =>
                    setDialog({
                      art: "abwesenheit",
                      von: monatVon(heute) === monat ? heute : `${monat}-01`,
                    })
                  }
                >
                  {t("abwesenheit.neu")}
                </Button>
              )}
              {einreichbar && (
                <Button loading={aktion.isPending} onClick={() => aktion.mutate({ art: "einreichen" })}>
                  {t("aktion.einreichen")}
                </Button>
              )}
              {admin && m.status !== "genehmigt" && vergangen && (
                <Button
                  color="teal"
                  loading={aktion.isPending}
                  onClick={() => aktion.mutate({ art: "genehmigen" })}
                >
                  {t("aktion.genehmigen")}
                </Button>
              )}
              {admin && m.status === "eingereicht" && (
                <Button
                  variant="default"
                  onClick={() => setDialog({ art: "aktion", aktion: "zurueckgeben" })}
                >
                  {t("aktion.zurueckgeben")}
                </Button>
              )}
              {admin && m.status === "genehmigt" && (
                <Button
                  variant="default"
                  onClick={() => setDialog({ art: "aktion", aktion: "wiedereroeffnen" })}
                >
                  {t("aktion.wiedereroeffnen")}
                </Button>
              )}
            </Group>
            <ReportKnoepfe monat={monat} userId={userId} />
          </Group>

          <Box
            style={{
              display: "grid",
              gap: "var(--mantine-spacing-md)",
              gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 280px), 1fr))",
              alignItems: "start",
            }}
          >
            <Box style={{ gridColumn: "span 2", minWidth: 0 }}>
              <TagListe
                monat={m}
                heute={heute}
                onNeu={(datum) => setDialog({ art: "eintrag", datum })}
                onAendern={(eintrag) => setDialog({ art: "eintrag", datum: eintrag.datum, eintrag })}
                onLoeschen={(eintrag) => void loeschen(eintrag)}
                onHistorie={(eintrag) => setDialog({ art: "historie", eintrag })}
                onAbwesenheitWeg={(id, art) => void abwesenheitWeg(id, art)}
                admin={admin}
              />
            </Box>
            <Stack gap="md">
              <AbwesenheitKalender monat={m} />
              {m.historie.length > 0 && (
                <Paper withBorder p="sm" radius="md">
                  <Text fw={600} size="sm" mb={4}>
                    {t("historie.monat")}
                  </Text>
                  <Stack gap={4}>
                    {m.historie.map((h) => (
                      <Text size="xs" key={`${h.am}-${h.aktion}`}>
                        {formatDateTime(h.am)} · {h.von} ·{" "}
                        {(MONAT_AKTIONEN as readonly string[]).includes(h.aktion)
                          ? t(`aktion.name.${h.aktion as TMonatAktion}`)
                          : h.aktion}
                        {h.kommentar ? ` — ${h.kommentar}` : ""}
                      </Text>
                    ))}
                  </Stack>
                </Paper>
              )}
            </Stack>
          </Box>
        </>
      )}

      {bestaetigung}
      {dialog && m && (
        <Suspense fallback={null}>
          {dialog.art === "eintrag" && (
            <EintragDialog
              datum={dialog.datum}
              eintrag={dialog.eintrag}
              userId={fremdeUserId}
              onClose={() => setDialog(null)}
              onGespeichert={() => void neuLaden()}
            />
          )}
          {dialog.art === "historie" && (
            <HistorieDialog eintrag={dialog.eintrag} onClose={() => setDialog(null)} />
          )}
          {dialog.art === "abwesenheit" && (
            <AbwesenheitDialog
              von={dialog.von}
              userId={fremdeUserId}
              zeitausgleich={betrieb.data?.zeitausgleich ?? false}
              onClose={() => setDialog(null)}
              onGespeichert={() => void neuLaden()}
            />
          )}
          {dialog.art === "aktion" && (
            <KommentarDialog
              titel={t(`aktion.${dialog.aktion}`)}
              text={t(`aktion.hinweis.${dialog.aktion}`)}
              bestaetigen={t(`aktion.${dialog.aktion}`)}
              pflicht
              onClose={() => setDialog(null)}
              onBestaetigt={async (kommentar) => {
                await aktion.mutateAsync({ art: dialog.aktion, kommentar });
              }}
            />
          )}
        </Suspense>
      )}
    </Stack>
  );
}

/** The big button: "Kommen", or "Gehen" with "läuft seit 08:02" while the clock runs. */
function KommenGehen({
  laufend,
  heute,
  bereit,
  sendet,
  onKommen,
  onGehen,
}: {
  laufend: TArbeitszeit | null;
  heute: string;
  bereit: boolean;
  sendet: boolean;
  onKommen: () => void;
  onGehen: () => void;
}) {
  const { t } = useTranslation("arbeitszeit");
  const seit =
    laufend &&
    (laufend.datum === heute
      ? t("uhr.laeuftSeit", { zeit: laufend.vonZeit })
      : t("uhr.laeuftSeitTag", { datum: formatDate(laufend.datum), zeit: laufend.vonZeit }));
  return (
    <Stack gap={4} align="stretch" miw={180} w={{ base: "100%", xs: "auto" }}>
      {laufend ? (
        <Button size="lg" color="red" disabled={!bereit} loading={sendet} onClick={onGehen}>
          {t("uhr.gehen")}
        </Button>
      ) : (
        <Button size="lg" color="teal" disabled={!bereit} loading={sendet} onClick={onKommen}>
          {t("uhr.kommen")}
        </Button>
      )}
      {seit && (
        <Text size="sm" c="red.8" ta="center" fw={500} role="status" data-testid="arbeitszeit-laeuft">
          {seit}
        </Text>
      )}
    </Stack>
  );
}

/** The day list: one row per day with its records, absences, holiday and flags; Soll, Ist, Saldo. */
function TagListe({
  monat,
  heute,
  admin,
  onNeu,
  onAendern,
  onLoeschen,
  onHistorie,
  onAbwesenheitWeg,
}: {
  monat: TArbeitszeitMonat;
  heute: string;
  admin: boolean;
  onNeu: (datum: string) => void;
  onAendern: (eintrag: TArbeitszeit) => void;
  onLoeschen: (eintrag: TArbeitszeit) => void;
  onHistorie: (eintrag: TArbeitszeit) => void;
  onAbwesenheitWeg: (id: number, art: string) => void;
}) {
  const { t } = useTranslation("arbeitszeit");
  // On a phone the day's records take the whole width below the day and its figures.
  const schmal = useMediaQuery("(max-width: 48em)") ?? false;
  return (
    <Paper withBorder radius="md" component="section" aria-label={t("tag.liste")}>
      <Group
        gap="xs"
        wrap="nowrap"
        px="sm"
        py={6}
        style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
      >
        <Text size="xs" fw={600} c="dimmed" w={DATUM_BREITE}>
          {t("tag.tag")}
        </Text>
        <Text size="xs" fw={600} c="dimmed" style={{ flex: 1 }}>
          {schmal ? "" : t("tag.eintraege")}
        </Text>
        <Zahlen soll={t("tag.soll")} ist={t("tag.ist")} saldo={t("tag.saldo")} kopf />
        <Box w={28} />
      </Group>
      {monat.tage.map((tag) => (
        <TagZeile
          key={tag.datum}
          tag={tag}
          heute={heute}
          schmal={schmal}
          aenderbar={monat.aenderbar}
          admin={admin}
          onNeu={onNeu}
          onAendern={onAendern}
          onLoeschen={onLoeschen}
          onHistorie={onHistorie}
          onAbwesenheitWeg={onAbwesenheitWeg}
        />
      ))}
    </Paper>
  );
}

function Zahlen({
  soll,
  ist,
  saldo,
  kopf = false,
}: {
  soll: string;
  ist: string;
  saldo: string;
  kopf?: boolean;
}) {
  const props = {
    size: kopf ? "xs" : "sm",
    fw: kopf ? 600 : undefined,
    c: kopf ? "dimmed" : undefined,
  } as const;
  return (
    <Group gap={4} wrap="nowrap">
      <Text {...props} w={48} ta="right" visibleFrom="sm">
        {soll}
      </Text>
      <Text {...props} w={48} ta="right">
        {ist}
      </Text>
      <Text
        {...props}
        w={52}
        ta="right"
        c={kopf ? "dimmed" : saldo.startsWith("\u2212") ? "red.8" : undefined}
      >
        {saldo}
      </Text>
    </Group>
  );
}

function TagZeile({
  tag,
  heute,
  schmal,
  aenderbar,
  admin,
  onNeu,
  onAendern,
  onLoeschen,
  onHistorie,
  onAbwesenheitWeg,
}: {
  tag: TArbeitszeitTag;
  heute: string;
  schmal: boolean;
  aenderbar: boolean;
  admin: boolean;
  onNeu: (datum: string) => void;
  onAendern: (eintrag: TArbeitszeit) => void;
  onLoeschen: (eintrag: TArbeitszeit) => void;
  onHistorie: (eintrag: TArbeitszeit) => void;
  onAbwesenheitWeg: (id: number, art: string) => void;
}) {
  const { t, i18n } = useTranslation("arbeitszeit");
  const { kurz, nummer } = wochentag(tag.datum, i18n.language);
  const frei = nummer >= 6 || (tag.feiertag !== null && !tag.feiertag.halbtag);
  const leer = tag.soll === 0 && tag.ist === 0;
  const datumKurz = formatDate(tag.datum).slice(0, i18n.language === "en" ? 5 : 6);
  const zukunft = tag.datum > heute;
  const zahlen = leer ? (
    <Zahlen soll="" ist="" saldo="" />
  ) : (
    // A day still to come has a target, but no balance yet.
    <Zahlen
      soll={dauerText(tag.soll)}
      ist={zukunft && tag.ist === 0 ? "" : dauerText(tag.ist)}
      saldo={zukunft && tag.ist === 0 ? "" : dauerText(tag.saldo, true)}
    />
  );
  const datumZelle = (
    <Box w={DATUM_BREITE} style={{ flexShrink: 0 }}>
      <Text
        size="sm"
        fw={tag.datum === heute ? 700 : 500}
        c={frei ? "dimmed" : undefined}
        style={{ whiteSpace: "nowrap" }}
      >
        {kurz} {datumKurz}
      </Text>
    </Box>
  );
  const plus = (
    <Box w={28} style={{ flexShrink: 0 }}>
      {aenderbar && (
        <SymbolKnopf
          label={t("eintrag.neuAm", { datum: formatDate(tag.datum) })}
          onClick={() => onNeu(tag.datum)}
        >
          <IconPlus />
        </SymbolKnopf>
      )}
    </Box>
  );
  const hatInhalt =
    tag.feiertag !== null ||
    tag.abwesenheiten.length > 0 ||
    tag.hinweise.length > 0 ||
    tag.eintraege.length > 0;
  const inhalt = (
    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
      {tag.feiertag && (
        <Text size="xs" c="dimmed" fs="italic">
          {tag.feiertag.bezeichnung}
          {tag.feiertag.halbtag ? ` (${t("tag.halberTag")})` : ""}
        </Text>
      )}
      {(tag.abwesenheiten.length > 0 || tag.hinweise.length > 0) && (
        <Group gap={4} wrap="wrap">
          {tag.abwesenheiten.map((a) => {
            const label = `${t(`art.${a.art}`)}${a.halbtag ? ` ½` : ""}${
              a.status !== "genehmigt" ? ` · ${t(`abwesenheitStatus.${a.status}`)}` : ""
            }`;
            const loeschbar = aenderbar && (admin || a.status === "beantragt");
            return (
              <Badge
                key={a.id}
                color={ART_FARBE[a.art]}
                variant={a.status === "genehmigt" ? "filled" : "outline"}
                tt="none"
                style={{
                  textDecoration: a.status === "abgelehnt" ? "line-through" : undefined,
                  cursor: loeschbar ? "pointer" : undefined,
                }}
                component={loeschbar ? "button" : undefined}
                onClick={loeschbar ? () => onAbwesenheitWeg(a.id, t(`art.${a.art}`)) : undefined}
                title={loeschbar ? t("abwesenheit.loeschenTitel") : undefined}
              >
                {label}
              </Badge>
            );
          })}
          {tag.hinweise.map((h) => (
            <Tooltip
              key={h}
              label={t(`hinweis.text.${h}`)}
              multiline
              w={260}
              events={{ hover: true, focus: true, touch: true }}
            >
              <Badge color={HINWEIS_FARBE[h]} variant="light" tt="none" tabIndex={0}>
                {t(`hinweis.name.${h}`)}
              </Badge>
            </Tooltip>
          ))}
        </Group>
      )}
      {tag.eintraege.map((e) => (
        <Group key={e.id} gap={4} wrap="nowrap" align="center">
          <Text component="div" size="sm" style={{ flex: 1, minWidth: 0 }} data-testid="arbeitszeit-eintrag">
            <b>
              {e.vonZeit}–{e.bisZeit ?? "…"}
            </b>
            {e.beschreibung ? ` · ${e.beschreibung}` : ""}
            {e.homeoffice ? ` · ${t("eintrag.homeoffice")}` : ""}
            {e.korrektur && (
              <Badge size="xs" ml={6} variant="outline" color="gray" tt="none">
                {t("eintrag.korrigiert")}
              </Badge>
            )}
          </Text>
          {aenderbar && e.bis !== null && (
            <SymbolKnopf label={t("eintrag.aendern")} onClick={() => onAendern(e)}>
              <IconPencil />
            </SymbolKnopf>
          )}
          {aenderbar && (
            <SymbolKnopf label={t("eintrag.loeschen")} color="red" onClick={() => onLoeschen(e)}>
              <IconTrash />
            </SymbolKnopf>
          )}
          <SymbolKnopf label={t("eintrag.historie")} onClick={() => onHistorie(e)}>
            <IconHistorie />
          </SymbolKnopf>
        </Group>
      ))}
    </Stack>
  );
  const zeile = {
    px: "sm",
    py: 6,
    "data-testid": `tag-${tag.datum}`,
    "aria-current": tag.datum === heute ? ("date" as const) : undefined,
    style: {
      borderBottom: "1px solid var(--mantine-color-default-border)",
      background:
        tag.datum === heute
          ? "var(--mantine-color-blue-light)"
          : frei
            ? "var(--mantine-color-gray-light)"
            : undefined,
    },
  };
  if (schmal)
    return (
      <Stack gap={2} {...zeile}>
        <Group gap="xs" wrap="nowrap" align="center">
          {datumZelle}
          <Box style={{ flex: 1 }} />
          {zahlen}
          {plus}
        </Group>
        {hatInhalt && inhalt}
      </Stack>
    );
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" {...zeile}>
      {datumZelle}
      {inhalt}
      {zahlen}
      {plus}
    </Group>
  );
}
