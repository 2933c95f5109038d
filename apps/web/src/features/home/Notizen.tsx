import { todayIso } from "@kontor/domain/date/calendar";
import { NOTE_TEXT_MAX } from "@kontor/domain/note/note.codes";
import type { TNote, TNoteSpeichernInput } from "@kontor/domain/note/note.schema";
import { ActionIcon, Alert, Anchor, Button, Group, Loader, Stack, Text, Textarea } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { useSession } from "../../app/session.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { DateInput } from "../../components/form/DateInput.tsx";
import { fieldErrorMessage, serverFieldErrors } from "../../components/form/fieldErrors.ts";
import { formatDate } from "../../components/format/format.ts";
import { IconPencil, IconTrash, IconX } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { NOTIZ_KEY, NOTIZEN_SEITE, notizenQuery, notizLoeschen, notizSpeichern } from "./notizen.api.ts";

/** What the note form holds: the ISO date (or the text typed so far) and the text. */
interface NotizWerte {
  datum: string;
  text: string;
}

const ISO_DATUM = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The form's own check before the server's (the same rules as ZNoteSpeichern: a date, a text of 1 to 2000
 * characters after trimming), without zod so the home page stays light. Messages of the shared field codes.
 */
export function notizFehler({ datum, text }: NotizWerte): Record<string, string> {
  const fehler: Record<string, string> = {};
  if (datum.trim() === "") fehler.datum = fieldErrorMessage("required");
  else if (!ISO_DATUM.test(datum)) fehler.datum = fieldErrorMessage("pattern");
  const laenge = text.trim().length;
  if (laenge === 0) fehler.text = fieldErrorMessage("required");
  else if (laenge > NOTE_TEXT_MAX) fehler.text = fieldErrorMessage("maxLength", { max: NOTE_TEXT_MAX });
  return fehler;
}

/**
 * The user's own notes (issue 23) on the home page: a form to add one (date default today), the notes newest first
 * with edit and delete (undo right after), more on demand. Private: GET usernotes answers only the caller's notes.
 */
export function Notizen() {
  const { t } = useTranslation(["home", "validation"]);
  const { mandantId } = useSession();
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const [anzahl, setAnzahl] = useState(NOTIZEN_SEITE);
  const [bearbeitet, setBearbeitet] = useState<number | null>(null);
  const [geloescht, setGeloescht] = useState<TNote | null>(null);
  const liste = useQuery({ ...notizenQuery(mandantId ?? 0, anzahl), enabled: mandantId !== null });
  const total = liste.data?.totalCount ?? null;
  const neuLaden = () => queryClient.invalidateQueries({ queryKey: [NOTIZ_KEY] });

  const loeschen = useMutation({
    mutationFn: (note: TNote) => notizLoeschen(note.id),
    onSuccess: (_, note) => {
      setGeloescht(note);
      if (bearbeitet === note.id) setBearbeitet(null);
    },
    onError: (error) => notifyFailure(t("notizen.loeschenFehler"), problemMessage(error)),
    onSettled: neuLaden,
  });
  const wiederherstellen = useMutation({
    mutationFn: (note: TNote) => notizSpeichern({ datum: note.datum, text: note.text }),
    onSuccess: () => {
      setGeloescht(null);
      notifySuccess(t("notizen.wiederhergestellt"));
    },
    onError: (error) => notifyFailure(t("notizen.fehler"), problemMessage(error)),
    onSettled: neuLaden,
  });

  const items = liste.data?.items ?? [];
  return (
    <Stack gap="sm">
      <NotizForm
        key={mandantId ?? 0}
        start={{ datum: todayIso(), text: "" }}
        label={t("notizen.neu")}
        submitLabel={t("notizen.hinzufuegen")}
        erfolg={t("notizen.hinzugefuegt")}
        onSaved={() => setGeloescht(null)}
      />
      {geloescht && (
        <Alert variant="light" color="gray" p="xs" role="status" data-testid="notiz-geloescht">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">{t("notizen.geloescht", { datum: formatDate(geloescht.datum) })}</Text>
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-sm"
                variant="subtle"
                loading={wiederherstellen.isPending}
                onClick={() => wiederherstellen.mutate(geloescht)}
              >
                {t("notizen.rueckgaengig")}
              </Button>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t("notizen.schliessen")}
                onClick={() => setGeloescht(null)}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          </Group>
        </Alert>
      )}
      {liste.isPending && mandantId !== null ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={t("laden")} />
        </Group>
      ) : liste.isError ? (
        <Alert color="red" variant="light" role="alert">
          {problemMessage(liste.error)}
        </Alert>
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("notizen.leer")}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={0}
          m={0}
          p={0}
          style={{ listStyle: "none" }}
          aria-label={t("notizen.liste")}
        >
          {items.map((note) =>
            bearbeitet === note.id ? (
              <li
                key={note.id}
                className="kontor-notiz"
                style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
              >
                <NotizForm
                  start={{ datum: note.datum, text: note.text }}
                  id={note.id}
                  label={t("notizen.bearbeiten", { datum: formatDate(note.datum) })}
                  submitLabel={t("notizen.speichern")}
                  erfolg={t("notizen.gespeichert")}
                  onSaved={() => setBearbeitet(null)}
                  onCancel={() => setBearbeitet(null)}
                />
              </li>
            ) : (
              <NotizZeile
                key={note.id}
                note={note}
                onEdit={() => setBearbeitet(note.id)}
                onDelete={() => loeschen.mutate(note)}
                loeschtGerade={loeschen.isPending && loeschen.variables?.id === note.id}
              />
            ),
          )}
        </Stack>
      )}
      {total !== null && total > items.length && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => setAnzahl((n) => n + 2 * NOTIZEN_SEITE)}
          style={{ alignSelf: "flex-start" }}
        >
          {liste.isFetching ? <Loader size="xs" /> : t("notizen.mehr")}
        </Anchor>
      )}
    </Stack>
  );
}

function NotizZeile({
  note,
  onEdit,
  onDelete,
  loeschtGerade,
}: {
  note: TNote;
  onEdit: () => void;
  onDelete: () => void;
  loeschtGerade: boolean;
}) {
  const { t } = useTranslation("home");
  const datum = formatDate(note.datum);
  return (
    <Group
      component="li"
      className="kontor-notiz"
      justify="space-between"
      align="flex-start"
      wrap="nowrap"
      gap="xs"
      py={6}
      style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Text size="xs" c="dimmed" fw={600}>
          {datum}
        </Text>
        <Text size="sm" lineClamp={6} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {note.text}
        </Text>
      </Stack>
      <Group gap={2} wrap="nowrap">
        <ActionIcon variant="subtle" aria-label={t("notizen.bearbeiten", { datum })} onClick={onEdit}>
          <IconPencil size={16} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t("notizen.loeschen", { datum })}
          onClick={onDelete}
          loading={loeschtGerade}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}

/**
 * Adds a note (without `id`) or edits one. Errors stay at their field and the input is kept: the form's own check
 * first, then the server's field codes; any other failure is a toast. After adding, the text is cleared and the
 * date kept (the next note is usually of the same day).
 */
function NotizForm({
  start,
  id,
  label,
  submitLabel,
  erfolg,
  onSaved,
  onCancel,
}: {
  start: NotizWerte;
  id?: number;
  label: string;
  submitLabel: string;
  erfolg: string;
  onSaved: (note: TNote) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(["home", "validation"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const formId = useId();
  const [werte, setWerte] = useState<NotizWerte>(start);
  const [fehler, setFehler] = useState<Record<string, string>>({});
  const speichern = useMutation({
    mutationFn: (note: TNoteSpeichernInput) => notizSpeichern(note),
    onSuccess: (note) => {
      setFehler({});
      if (id === undefined) setWerte((w) => ({ ...w, text: "" }));
      notifySuccess(erfolg);
      onSaved(note);
    },
    onError: (error) => {
      const anFeldern = isApiError(error)
        ? serverFieldErrors(error.fieldErrors.filter((f) => f.field === "datum" || f.field === "text"))
        : {};
      if (Object.keys(anFeldern).length > 0) setFehler(anFeldern);
      else notifyFailure(t("notizen.fehler"), problemMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [NOTIZ_KEY] }),
  });
  const absenden = (event?: FormEvent) => {
    event?.preventDefault();
    if (speichern.isPending) return;
    const gefunden = notizFehler(werte);
    setFehler(gefunden);
    if (Object.keys(gefunden).length === 0)
      speichern.mutate({ ...(id === undefined ? {} : { id }), datum: werte.datum, text: werte.text });
  };
  const zuLang = werte.text.trim().length > NOTE_TEXT_MAX;
  const aendern = (teil: Partial<NotizWerte>) => {
    setWerte((w) => ({ ...w, ...teil }));
    // A corrected field loses its message; the other keeps its own.
    setFehler((f) => {
      const rest = { ...f };
      for (const key of Object.keys(teil)) delete rest[key];
      return rest;
    });
  };

  return (
    <form onSubmit={absenden} aria-label={label} noValidate>
      <Stack gap={6} py={id === undefined ? 0 : 6}>
        <DateInput
          id={`${formId}-datum`}
          label={t("notizen.datum")}
          value={werte.datum}
          onChange={(datum) => aendern({ datum })}
          error={fehler.datum}
          w={170}
          size="sm"
        />
        <Textarea
          id={`${formId}-text`}
          label={t("notizen.text")}
          placeholder={t("notizen.platzhalter")}
          value={werte.text}
          onChange={(event) => aendern({ text: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) absenden();
          }}
          error={fehler.text}
          autosize
          minRows={2}
          maxRows={8}
          size="sm"
          autoFocus={id !== undefined}
        />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c={zuLang ? "red.8" : "dimmed"} aria-live="polite">
            {t("notizen.zeichen", { anzahl: werte.text.trim().length, max: NOTE_TEXT_MAX })}
            <Text span size="xs" c="dimmed" visibleFrom="sm">
              {" · "}
              {t("notizen.tastatur")}
            </Text>
          </Text>
          <Group gap="xs" wrap="nowrap" ml="auto">
            {onCancel && (
              <Button variant="default" size="sm" onClick={onCancel}>
                {t("notizen.abbrechen")}
              </Button>
            )}
            <Button type="submit" size="sm" loading={speichern.isPending}>
              {submitLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
