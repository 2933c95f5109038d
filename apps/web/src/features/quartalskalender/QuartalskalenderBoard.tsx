import { todayIso } from "@kontor/domain/date/calendar";
import { FARBEN } from "@kontor/domain/quartalskalender/quartalskalender.codes";
import type {
  TKalenderEintrag,
  TKalenderNote,
  TQuartalskalenderBoard,
} from "@kontor/domain/quartalskalender/quartalskalender.schema";
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { type DragEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { fetchDatei } from "../../components/anhang/fetchDatei.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { saveBlob } from "../../components/files/files.ts";
import { DateInput } from "../../components/form/DateInput.tsx";
import { dialogSubmit } from "../../components/form/dialogSubmit.ts";
import { serverFieldErrors } from "../../components/form/fieldErrors.ts";
import { formatDate } from "../../components/format/format.ts";
import { IconArrowLeft, IconPencil, IconPlus, IconTrash } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { abgelegt, bahnen, type Spalte, spalten, startScroll } from "./board.rules.ts";
import { EintragDialog, type EintragVorlage } from "./EintragDialog.tsx";
import {
  alsSpeichern,
  boardQuery,
  eintragSpeichern,
  icsPfad,
  kalenderKeys,
  LIST_PATH,
  noteLoeschen,
  noteSpeichern,
  pdfPfad,
} from "./quartalskalender.api.ts";

const BAHN = 24;
const KOPF = 44;

/**
 * /quartalskalender/{slug} (issue 23): the quarter as a planning board — the weeks' days as columns (weekends
 * narrow, public holidays shaded with their name on hover, today marked), the people or construction sites as rows,
 * entries as coloured bars. Planners drag a bar to another day or row (HTML5 drag and drop), click an empty day to
 * plan there, open a bar to change it (the keyboard way: row and days in the dialog), and keep day notes. Read-only
 * users see the same board without any way to change it. PDF and iCalendar downloads. On a phone the board scrolls
 * sideways, the row names stay.
 */
export function QuartalskalenderBoard() {
  const { t, i18n } = useTranslation(["quartalskalender", "crud"]);
  const { slug } = useParams({ strict: false }) as { slug?: string };
  const id = Number(slug);
  const gueltig = Number.isSafeInteger(id) && id > 0;
  const access = useShellAccess();
  const schreiben = access.can("kalenderWrite");
  const board = useQuery({ ...boardQuery(id), enabled: gueltig });
  const problemMessage = useProblemMessage();

  if (!gueltig || board.isError)
    return (
      <Stack p="md">
        <ZurueckLink />
        <Alert color="red" role="alert">
          {board.isError ? problemMessage(board.error) : t("crud:notFound", { defaultValue: "404" })}
        </Alert>
      </Stack>
    );
  if (board.isPending)
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t("titel")} />
      </Group>
    );
  return <Board board={board.data} schreiben={schreiben} sprache={i18n.language} />;
}

function ZurueckLink() {
  const { t } = useTranslation("quartalskalender");
  return (
    <Anchor component={Link} to={LIST_PATH} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {t("board.zurueck")}
      </Group>
    </Anchor>
  );
}

type Gezogen = { eintrag: TKalenderEintrag; gegriffen: string };

function Board({
  board,
  schreiben,
  sprache,
}: {
  board: TQuartalskalenderBoard;
  schreiben: boolean;
  sprache: string;
}) {
  const { t } = useTranslation("quartalskalender");
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const handy = useMediaQuery("(max-width: 48em)") ?? false;
  const { kalender } = board;
  const personen = kalender.zeilenArt === "personen";
  const nameBreite = handy ? 104 : 168;
  const raster = useMemo(
    () => spalten(kalender.jahr, kalender.quartal, { tag: handy ? 24 : 30, wochenende: 12 }),
    [kalender.jahr, kalender.quartal, handy],
  );
  const feiertage = useMemo(() => new Map(board.feiertage.map((f) => [f.datum, f])), [board.feiertage]);
  const notizen = useMemo(() => {
    const nachTag = new Map<string, TKalenderNote[]>();
    for (const n of board.notes) nachTag.set(n.datum, [...(nachTag.get(n.datum) ?? []), n]);
    return nachTag;
  }, [board.notes]);
  const heute = todayIso();
  const [dialog, setDialog] = useState<EintragVorlage | null>(null);
  const [note, setNote] = useState<(Partial<TKalenderNote> & { datum: string }) | null>(null);
  const gezogen = useRef<Gezogen | null>(null);
  const [ziel, setZiel] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  // Open at this week (and the week before it where the width allows) when today lies in the quarter.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const links = startScroll(raster, heute, element.clientWidth - nameBreite);
    if (links !== null) element.scrollLeft = links;
  }, [raster, heute, nameBreite]);

  const neuLaden = () => queryClient.invalidateQueries({ queryKey: kalenderKeys.all });
  const verschieben = useMutation({
    mutationFn: (v: { eintrag: TKalenderEintrag; zeile: number; von: string; bis: string }) =>
      eintragSpeichern(
        kalender.id,
        alsSpeichern(v.eintrag, {
          von: v.von,
          bis: v.bis,
          ...(personen ? { userId: v.zeile } : { baustelleId: v.zeile }),
        }),
      ),
    onMutate: async (v) => {
      // Show the bar at its new place at once; the answer (or a refusal) settles it.
      await queryClient.cancelQueries({ queryKey: kalenderKeys.board(kalender.id) });
      const vorher = queryClient.getQueryData<TQuartalskalenderBoard>(kalenderKeys.board(kalender.id));
      if (vorher)
        queryClient.setQueryData<TQuartalskalenderBoard>(kalenderKeys.board(kalender.id), {
          ...vorher,
          eintraege: vorher.eintraege.map((e) =>
            e.id === v.eintrag.id
              ? {
                  ...e,
                  von: v.von,
                  bis: v.bis,
                  ...(personen ? { userId: v.zeile } : { baustelleId: v.zeile }),
                }
              : e,
          ),
        });
      return { vorher };
    },
    onSuccess: () => notifySuccess(t("board.verschoben")),
    onError: (error, _v, kontext) => {
      if (kontext?.vorher) queryClient.setQueryData(kalenderKeys.board(kalender.id), kontext.vorher);
      notifyFailure(t("board.fehler"), problemMessage(error));
    },
    onSettled: neuLaden,
  });

  const herunterladen = useMutation({
    mutationFn: (art: "pdf" | "ics") =>
      fetchDatei(art === "pdf" ? pdfPfad(kalender.id, sprache) : icsPfad(kalender.id), () => {
        void navigate({ to: "/login", replace: true });
      }),
    onSuccess: ({ blob, name }, art) => saveBlob(blob, name ?? `quartalskalender.${art}`),
    onError: (error) => notifyFailure(t("board.fehler"), problemMessage(error)),
  });

  const zeileVon = (e: TKalenderEintrag) => (personen ? e.userId : e.baustelleId);
  const ablegen = (zeile: number, datum: string) => {
    const g = gezogen.current;
    gezogen.current = null;
    setZiel(null);
    if (!g) return;
    const tage = abgelegt(g.eintrag, g.gegriffen, datum);
    if (tage.von === g.eintrag.von && zeile === zeileVon(g.eintrag)) return;
    verschieben.mutate({ eintrag: g.eintrag, zeile, ...tage });
  };

  const titel = `${t("quartalText", { quartal: kalender.quartal, jahr: kalender.jahr })} – ${kalender.bezeichnung}`;
  return (
    <Stack gap="sm" p={{ base: "xs", sm: "md" }}>
      <ZurueckLink />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {titel}
          </Title>
          <Group gap="xs">
            <Badge variant="light">{t(`zeilenArten.${kalender.zeilenArt}`)}</Badge>
            {!schreiben && (
              <Badge variant="light" color="gray">
                {t("board.nurLesen")}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          {schreiben && (
            <>
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() =>
                  setDialog({
                    neu: {
                      zeile: board.zeilen[0]?.id ?? null,
                      von: startTag(board, heute),
                      bis: startTag(board, heute),
                    },
                  })
                }
              >
                {t("board.eintragNeu")}
              </Button>
              <Button variant="light" onClick={() => setNote({ datum: startTag(board, heute), text: "" })}>
                {t("board.notizNeu")}
              </Button>
            </>
          )}
          <Button
            variant="default"
            loading={herunterladen.isPending && herunterladen.variables === "pdf"}
            onClick={() => herunterladen.mutate("pdf")}
          >
            {t("board.pdf")}
          </Button>
          <Button
            variant="default"
            loading={herunterladen.isPending && herunterladen.variables === "ics"}
            onClick={() => herunterladen.mutate("ics")}
          >
            {t("board.ics")}
          </Button>
        </Group>
      </Group>
      {schreiben && (
        <Text size="xs" c="dimmed">
          {t("board.ziehenHinweis")}
        </Text>
      )}

      <Paper
        ref={scroller}
        withBorder
        radius="md"
        style={{ overflow: "auto", maxHeight: "calc(100dvh - 220px)" }}
      >
        <Box
          role="grid"
          aria-label={titel}
          aria-readonly={!schreiben}
          style={{ width: nameBreite + raster.breite, position: "relative" }}
        >
          <Kopfzeile
            raster={raster.tage}
            nameBreite={nameBreite}
            feiertage={feiertage}
            notizen={notizen}
            heute={heute}
            zeilenTitel={t(personen ? "zeilenArten.personen" : "zeilenArten.baustellen")}
            sprache={sprache}
          />
          {board.zeilen.length === 0 && (
            <Text
              p="md"
              size="sm"
              c="dimmed"
              style={{ position: "sticky", left: 0, width: "min(100vw - 48px, 640px)" }}
            >
              {t("board.keineZeilen")}
            </Text>
          )}
          {board.zeilen.map((zeile) => {
            const eigene = board.eintraege.filter((e) => zeileVon(e) === zeile.id);
            const { bahn, anzahl } = bahnen(eigene);
            const hoehe = anzahl * BAHN + 8;
            return (
              <Box
                key={zeile.id}
                role="row"
                data-testid={`zeile-${zeile.id}`}
                style={{
                  display: "flex",
                  borderTop: "1px solid var(--mantine-color-gray-3)",
                  minHeight: hoehe,
                }}
              >
                <Box
                  role="rowheader"
                  style={{
                    position: "sticky",
                    left: 0,
                    zIndex: 3,
                    width: nameBreite,
                    flex: "none",
                    background: "var(--mantine-color-body)",
                    borderRight: "1px solid var(--mantine-color-gray-3)",
                    padding: "4px 8px",
                  }}
                >
                  <Text
                    size="sm"
                    fw={500}
                    truncate="end"
                    c={zeile.aktiv ? undefined : "dimmed"}
                    title={zeile.name}
                  >
                    {zeile.name}
                  </Text>
                </Box>
                <Box style={{ position: "relative", width: raster.breite, flex: "none" }}>
                  {raster.tage.map((s) => (
                    <Tag
                      key={s.datum}
                      spalte={s}
                      feiertag={feiertage.get(s.datum)?.bezeichnung}
                      heute={s.datum === heute}
                      ziel={ziel === `${zeile.id}:${s.datum}`}
                      schreiben={schreiben}
                      label={t("board.zelleNeu", { zeile: zeile.name, datum: formatDate(s.datum) })}
                      onNeu={() => setDialog({ neu: { zeile: zeile.id, von: s.datum, bis: s.datum } })}
                      onDragOver={(event) => {
                        if (!gezogen.current || !s.imQuartal) return;
                        event.preventDefault();
                        if (event.dataTransfer) event.dataTransfer.dropEffect = "move";
                        setZiel(`${zeile.id}:${s.datum}`);
                      }}
                      onDrop={(event) => {
                        event.preventDefault();
                        ablegen(zeile.id, s.datum);
                      }}
                    />
                  ))}
                  {eigene.map((e) => (
                    <Balken
                      key={e.id}
                      eintrag={e}
                      raster={raster}
                      oben={4 + (bahn.get(e.id) ?? 0) * BAHN}
                      schreiben={schreiben}
                      onOeffnen={() => setDialog({ eintrag: e })}
                      onZiehen={(gegriffen) => {
                        gezogen.current = { eintrag: e, gegriffen };
                      }}
                      onEnde={() => {
                        gezogen.current = null;
                        setZiel(null);
                      }}
                      onDrop={(datum) => ablegen(zeile.id, datum)}
                    />
                  ))}
                </Box>
              </Box>
            );
          })}
        </Box>
      </Paper>

      <Notizen board={board} schreiben={schreiben} onBearbeiten={setNote} onGeaendert={neuLaden} />

      {dialog && (
        <EintragDialog
          board={board}
          vorlage={dialog}
          schreiben={schreiben}
          onClose={() => setDialog(null)}
          onSaved={neuLaden}
        />
      )}
      {note && <NoteDialog board={board} note={note} onClose={() => setNote(null)} onSaved={neuLaden} />}
    </Stack>
  );
}

/** The day a new entry or note starts on: today when it lies in the quarter, else the quarter's first day. */
const startTag = (board: TQuartalskalenderBoard, heute: string) =>
  heute >= board.von && heute <= board.bis ? heute : board.von;

function Kopfzeile({
  raster,
  nameBreite,
  feiertage,
  notizen,
  heute,
  zeilenTitel,
  sprache,
}: {
  raster: Spalte[];
  nameBreite: number;
  feiertage: Map<string, { bezeichnung: string }>;
  notizen: Map<string, TKalenderNote[]>;
  heute: string;
  zeilenTitel: string;
  sprache: string;
}) {
  const { t } = useTranslation("quartalskalender");
  const wochen = raster.filter((s) => s.wochentag === 1);
  void sprache;
  return (
    <Box
      role="row"
      style={{
        display: "flex",
        position: "sticky",
        top: 0,
        zIndex: 4,
        background: "var(--mantine-color-body)",
        borderBottom: "1px solid var(--mantine-color-gray-4)",
        height: KOPF,
      }}
    >
      <Box
        role="columnheader"
        style={{
          position: "sticky",
          left: 0,
          zIndex: 5,
          width: nameBreite,
          flex: "none",
          background: "var(--mantine-color-body)",
          borderRight: "1px solid var(--mantine-color-gray-3)",
          padding: "4px 8px",
        }}
      >
        <Text size="xs" c="dimmed" fw={600}>
          {zeilenTitel}
        </Text>
      </Box>
      <Box style={{ position: "relative", flex: "none", width: raster.reduce((s, x) => s + x.breite, 0) }}>
        {wochen.map((w) => (
          <Text
            key={w.datum}
            size="xs"
            fw={600}
            style={{
              position: "absolute",
              left: w.x + 4,
              top: 2,
              whiteSpace: "nowrap",
            }}
          >
            {t("board.woche", { woche: w.woche })}
          </Text>
        ))}
        {raster.map((s) => {
          const feiertag = feiertage.get(s.datum);
          const tagesNotizen = notizen.get(s.datum);
          const titel = [
            `${t(`wochentage.${s.wochentag}` as "wochentage.1")} ${formatDate(s.datum)}`,
            feiertag ? `${t("board.feiertag")}: ${feiertag.bezeichnung}` : null,
            ...(tagesNotizen ?? []).map((n) => n.text),
          ]
            .filter(Boolean)
            .join("\n");
          return (
            <Box
              key={s.datum}
              role="columnheader"
              title={titel}
              aria-label={titel}
              data-feiertag={feiertag ? "" : undefined}
              style={{
                position: "absolute",
                left: s.x,
                top: 20,
                width: s.breite,
                height: KOPF - 20,
                textAlign: "center",
                fontSize: 10,
                lineHeight: "22px",
                color: s.imQuartal ? undefined : "var(--mantine-color-gray-5)",
                background: feiertag
                  ? "var(--mantine-color-red-1)"
                  : s.datum === heute
                    ? "var(--mantine-color-blue-1)"
                    : s.wochenende
                      ? "var(--mantine-color-gray-1)"
                      : undefined,
                borderLeft: s.wochentag === 1 ? "1px solid var(--mantine-color-gray-4)" : undefined,
                fontWeight: s.datum === heute ? 700 : undefined,
              }}
            >
              {s.wochenende ? "" : Number(s.datum.slice(8, 10))}
              {tagesNotizen && (
                <span
                  aria-hidden
                  style={{
                    position: "absolute",
                    top: 1,
                    right: 1,
                    width: 5,
                    height: 5,
                    borderRadius: 5,
                    background: "var(--mantine-color-orange-6)",
                  }}
                />
              )}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

function Tag({
  spalte,
  feiertag,
  heute,
  ziel,
  schreiben,
  label,
  onNeu,
  onDragOver,
  onDrop,
}: {
  spalte: Spalte;
  feiertag: string | undefined;
  heute: boolean;
  ziel: boolean;
  schreiben: boolean;
  label: string;
  onNeu: () => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
}) {
  const planbar = schreiben && spalte.imQuartal;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a grid cell of the board; the keyboard way is the "Neuer Eintrag" button
    <div
      role="gridcell"
      tabIndex={-1}
      aria-label={label}
      data-datum={spalte.datum}
      title={feiertag}
      onClick={planbar ? onNeu : undefined}
      onKeyDown={(event) => {
        if (planbar && (event.key === "Enter" || event.key === " ")) onNeu();
      }}
      onDragOver={planbar ? onDragOver : undefined}
      onDrop={planbar ? onDrop : undefined}
      style={{
        position: "absolute",
        top: 0,
        bottom: 0,
        left: spalte.x,
        width: spalte.breite,
        cursor: planbar ? "copy" : undefined,
        borderLeft: spalte.wochentag === 1 ? "1px solid var(--mantine-color-gray-4)" : undefined,
        background: ziel
          ? "var(--mantine-color-blue-2)"
          : !spalte.imQuartal
            ? "repeating-linear-gradient(45deg, var(--mantine-color-gray-1), var(--mantine-color-gray-1) 3px, transparent 3px, transparent 6px)"
            : feiertag
              ? "var(--mantine-color-red-0)"
              : heute
                ? "var(--mantine-color-blue-0)"
                : spalte.wochenende
                  ? "var(--mantine-color-gray-1)"
                  : undefined,
      }}
    />
  );
}

function Balken({
  eintrag,
  raster,
  oben,
  schreiben,
  onOeffnen,
  onZiehen,
  onEnde,
  onDrop,
}: {
  eintrag: TKalenderEintrag;
  raster: ReturnType<typeof spalten>;
  oben: number;
  schreiben: boolean;
  onOeffnen: () => void;
  onZiehen: (gegriffen: string) => void;
  onEnde: () => void;
  onDrop: (datum: string) => void;
}) {
  const { t } = useTranslation("quartalskalender");
  const von = raster.index.get(eintrag.von);
  const bis = raster.index.get(eintrag.bis);
  if (von === undefined || bis === undefined) return null;
  const anfang = raster.tage[von]!;
  const ende = raster.tage[bis]!;
  const breite = ende.x + ende.breite - anfang.x;
  const tagBei = (clientX: number, element: HTMLElement) => {
    const x = anfang.x + (clientX - element.getBoundingClientRect().left);
    const tag = raster.tage.find((s) => x >= s.x && x < s.x + s.breite);
    return tag && tag.datum >= eintrag.von && tag.datum <= eintrag.bis ? tag.datum : eintrag.von;
  };
  const zusatz = [eintrag.kunde, eintrag.baustelle].filter(Boolean).join(", ");
  const titel = `${eintrag.text}${zusatz ? ` (${zusatz})` : ""}\n${formatDate(eintrag.von)}${eintrag.bis !== eintrag.von ? ` – ${formatDate(eintrag.bis)}` : ""}${eintrag.notiz ? `\n${eintrag.notiz}` : ""}`;
  return (
    <button
      type="button"
      data-testid={`eintrag-${eintrag.id}`}
      aria-label={`${t("eintrag.titel")}: ${titel.replaceAll("\n", ", ")}`}
      title={titel}
      draggable={schreiben}
      onClick={onOeffnen}
      onDragStart={(event) => {
        onZiehen(tagBei(event.clientX, event.currentTarget));
        if (event.dataTransfer) {
          event.dataTransfer.effectAllowed = "move";
          event.dataTransfer.setData("text/plain", String(eintrag.id));
        }
      }}
      onDragEnd={onEnde}
      // A bar over a day is a drop target too (dropping a bar a little to the side of where it was).
      onDragOver={(event) => {
        if (schreiben) event.preventDefault();
      }}
      onDrop={(event) => {
        event.preventDefault();
        const x = anfang.x + (event.clientX - event.currentTarget.getBoundingClientRect().left);
        const tag = raster.tage.find((s) => x >= s.x && x < s.x + s.breite);
        if (tag?.imQuartal) onDrop(tag.datum);
      }}
      style={{
        position: "absolute",
        top: oben,
        left: anfang.x + 1,
        width: Math.max(breite - 2, 10),
        height: BAHN - 4,
        zIndex: 2,
        border: 0,
        borderRadius: 4,
        padding: "0 4px",
        background: FARBEN[eintrag.farbe],
        color: "white",
        fontSize: 11,
        fontWeight: 500,
        textAlign: "left",
        whiteSpace: "nowrap",
        overflow: "hidden",
        textOverflow: "ellipsis",
        cursor: schreiben ? "grab" : "pointer",
        boxShadow: eintrag.wiederkehrend ? "inset 0 -2px 0 rgba(255,255,255,0.6)" : undefined,
      }}
    >
      {eintrag.text}
      {zusatz ? ` · ${zusatz}` : ""}
    </button>
  );
}

function Notizen({
  board,
  schreiben,
  onBearbeiten,
  onGeaendert,
}: {
  board: TQuartalskalenderBoard;
  schreiben: boolean;
  onBearbeiten: (note: TKalenderNote & { datum: string }) => void;
  onGeaendert: () => void;
}) {
  const { t } = useTranslation("quartalskalender");
  const problemMessage = useProblemMessage();
  const loeschen = useMutation({
    mutationFn: (id: number) => noteLoeschen(id),
    onSuccess: onGeaendert,
    onError: (error) => notifyFailure(t("board.fehler"), problemMessage(error)),
  });
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="qk-notizen">
      <Title order={2} size="h5" id="qk-notizen" mb="xs">
        {t("board.notizen")}
      </Title>
      {board.notes.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("board.keineNotizen")}
        </Text>
      ) : (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: "none" }}>
          {board.notes.map((n) => (
            <Group component="li" key={n.id} gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                {formatDate(n.datum)}
              </Text>
              <Text size="sm" style={{ flex: 1, whiteSpace: "pre-wrap" }}>
                {n.text}
              </Text>
              {schreiben && (
                <Group gap={2} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={t("note.titel")} onClick={() => onBearbeiten(n)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("note.loeschen")}
                    loading={loeschen.isPending && loeschen.variables === n.id}
                    onClick={() => loeschen.mutate(n.id)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function NoteDialog({
  board,
  note,
  onClose,
  onSaved,
}: {
  board: TQuartalskalenderBoard;
  note: Partial<TKalenderNote> & { datum: string };
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation("quartalskalender");
  const problemMessage = useProblemMessage();
  const [datum, setDatum] = useState(note.datum);
  const [text, setText] = useState(note.text ?? "");
  const [fehler, setFehler] = useState<Record<string, string>>({});
  const speichern = useMutation({
    mutationFn: () =>
      noteSpeichern({ ...(note.id ? { id: note.id } : {}), kalenderId: board.kalender.id, datum, text }),
    onSuccess: () => {
      notifySuccess(t("board.gespeichert"));
      onSaved();
      onClose();
    },
    onError: (error) => {
      if (isApiError(error)) setFehler(serverFieldErrors(error.fieldErrors));
      notifyFailure(t("board.fehler"), problemMessage(error));
    },
  });
  return (
    <Modal opened onClose={onClose} title={t("note.titel")}>
      <form
        noValidate
        onSubmit={dialogSubmit((event) => {
          event.preventDefault();
          speichern.mutate();
        })}
      >
        <Stack gap="sm">
          <DateInput
            label={t("note.datum")}
            withAsterisk
            value={datum}
            onChange={setDatum}
            error={fehler.datum}
          />
          <Textarea
            label={t("note.text")}
            withAsterisk
            autosize
            minRows={2}
            maxLength={1000}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={fehler.text}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t("note.abbrechen")}
            </Button>
            <Button type="submit" loading={speichern.isPending}>
              {t("note.speichern")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
