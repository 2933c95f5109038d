import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { FARB_CODES, FARBEN, type TFarbe } from "@kontor/domain/quartalskalender/quartalskalender.codes";
import type {
  TKalenderEintrag,
  TKalenderEintragSpeichernInput,
  TQuartalskalenderBoard,
} from "@kontor/domain/quartalskalender/quartalskalender.schema";
import {
  Button,
  Checkbox,
  ColorSwatch,
  Group,
  Input,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { DateInput } from "../../components/form/DateInput.tsx";
import { dialogSubmit } from "../../components/form/dialogSubmit.ts";
import { fieldErrorMessage, serverFieldErrors } from "../../components/form/fieldErrors.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { KundeSearchField } from "../kunde/quick/KundeSearchField.tsx";
import { alsSpeichern, baustellenQuery, eintragLoeschen, eintragSpeichern } from "./quartalskalender.api.ts";

/** What the dialog edits: a stored entry, or a new one with its row and days preset (a click on a cell). */
export type EintragVorlage =
  | { eintrag: TKalenderEintrag }
  | { neu: { zeile: number | null; von: string; bis: string } };

interface Werte {
  text: string;
  zeile: string | null;
  von: string;
  bis: string;
  baustelleId: string | null;
  kunde: TKundeZeile | null;
  farbe: TFarbe;
  notiz: string;
  wiederkehrend: boolean;
}

/**
 * An entry of the board (issue 23): text, row, days, customer (the customer search), construction site, colour,
 * note, recurring. Also the keyboard way to move an entry (change row and days instead of dragging). Read-only
 * users see the entry with every field disabled.
 */
export function EintragDialog({
  board,
  vorlage,
  schreiben,
  onClose,
  onSaved,
}: {
  board: TQuartalskalenderBoard;
  vorlage: EintragVorlage;
  schreiben: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(["quartalskalender", "crud"]);
  const problemMessage = useProblemMessage();
  const access = useShellAccess();
  const { confirm, dialog } = useConfirm();
  const personen = board.kalender.zeilenArt === "personen";
  const eintrag = "eintrag" in vorlage ? vorlage.eintrag : null;
  const baustellen = useQuery({ ...baustellenQuery, enabled: personen });

  const zeileVon = (e: TKalenderEintrag) => (personen ? e.userId : e.baustelleId);
  const form = useForm<Werte>({
    initialValues: eintrag
      ? {
          text: eintrag.text,
          zeile: zeileVon(eintrag) === null ? null : String(zeileVon(eintrag)),
          von: eintrag.von,
          bis: eintrag.bis,
          baustelleId: personen && eintrag.baustelleId !== null ? String(eintrag.baustelleId) : null,
          kunde:
            eintrag.kundeId === null
              ? null
              : ({ id: eintrag.kundeId, anzeigename: eintrag.kunde ?? "" } as TKundeZeile),
          farbe: eintrag.farbe,
          notiz: eintrag.notiz ?? "",
          wiederkehrend: eintrag.wiederkehrend,
        }
      : {
          text: "",
          zeile: "neu" in vorlage && vorlage.neu.zeile !== null ? String(vorlage.neu.zeile) : null,
          von: "neu" in vorlage ? vorlage.neu.von : board.von,
          bis: "neu" in vorlage ? vorlage.neu.bis : board.von,
          baustelleId: null,
          kunde: null,
          farbe: "blau",
          notiz: "",
          wiederkehrend: false,
        },
  });

  const alsBody = (w: Werte): TKalenderEintragSpeichernInput => {
    const zeile = w.zeile === null ? null : Number(w.zeile);
    const werte = {
      userId: personen ? zeile : null,
      baustelleId: personen ? (w.baustelleId === null ? null : Number(w.baustelleId)) : zeile,
      von: w.von,
      bis: w.bis,
      text: w.text,
      kundeId: w.kunde?.id ?? null,
      farbe: w.farbe,
      notiz: w.notiz.trim() === "" ? null : w.notiz,
      wiederkehrend: w.wiederkehrend,
    };
    return eintrag ? alsSpeichern(eintrag, werte) : werte;
  };

  const speichern = useMutation({
    mutationFn: (w: Werte) => eintragSpeichern(board.kalender.id, alsBody(w)),
    onSuccess: () => {
      notifySuccess(t("board.gespeichert"));
      onSaved();
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        const fehler = serverFieldErrors(error.fieldErrors);
        // The row is one field on screen, two in the contract.
        const zeile = personen ? fehler.userId : fehler.baustelleId;
        form.setErrors({
          ...fehler,
          ...(zeile ? { zeile } : {}),
          ...(personen && fehler.baustelleId ? { baustelleId: fehler.baustelleId } : {}),
          ...(fehler.kundeId ? { kunde: fehler.kundeId } : {}),
        });
      }
      notifyFailure(t("board.fehler"), problemMessage(error));
    },
  });
  const loeschen = useMutation({
    mutationFn: () => eintragLoeschen(board.kalender.id, eintrag!.id),
    onSuccess: () => {
      notifySuccess(t("eintrag.geloescht"));
      onSaved();
      onClose();
    },
    onError: (error) => notifyFailure(t("board.fehler"), problemMessage(error)),
  });

  const zeilen = board.zeilen
    .filter((z) => z.aktiv || String(z.id) === form.getValues().zeile)
    .map((z) => ({ value: String(z.id), label: z.name }));
  const baustellenOptionen = (baustellen.data ?? [])
    .filter((b) => b.aktiv || String(b.id) === form.getValues().baustelleId)
    .map((b) => ({ value: String(b.id), label: b.bezeichnung }));
  const zu = !schreiben;

  return (
    <Modal
      opened
      onClose={onClose}
      title={eintrag ? t("eintrag.titel") : t("eintrag.neu")}
      size="lg"
      closeOnClickOutside={!form.isDirty()}
    >
      <form
        onSubmit={dialogSubmit(
          form.onSubmit((w) => {
            const fehler: Record<string, string> = {};
            if (w.text.trim() === "") fehler.text = fieldErrorMessage("required");
            if (w.zeile === null) fehler.zeile = fieldErrorMessage("required");
            if (w.von && w.bis && w.bis < w.von) fehler.bis = fieldErrorMessage("bisVorVon");
            if (Object.keys(fehler).length > 0) return form.setErrors(fehler);
            speichern.mutate(w);
          }),
        )}
        noValidate
      >
        <Stack gap="sm">
          <TextInput
            label={t("eintrag.text")}
            withAsterisk={schreiben}
            maxLength={200}
            disabled={zu}
            data-autofocus
            {...form.getInputProps("text")}
          />
          <Select
            label={personen ? t("eintrag.person") : t("eintrag.baustelle")}
            withAsterisk={schreiben}
            data={zeilen}
            searchable
            disabled={zu}
            {...form.getInputProps("zeile")}
          />
          <SimpleGrid cols={2} spacing="sm">
            <DateInput
              label={t("eintrag.von")}
              withAsterisk={schreiben}
              disabled={zu}
              {...form.getInputProps("von")}
            />
            <DateInput
              label={t("eintrag.bis")}
              withAsterisk={schreiben}
              disabled={zu}
              {...form.getInputProps("bis")}
            />
          </SimpleGrid>
          {personen && (
            <Select
              label={t("eintrag.baustelle")}
              placeholder={t("eintrag.keineBaustelle")}
              data={baustellenOptionen}
              clearable
              searchable
              disabled={zu}
              {...form.getInputProps("baustelleId")}
            />
          )}
          {access.can("kunde") && schreiben ? (
            <KundeSearchField
              label={t("eintrag.kunde")}
              value={form.getValues().kunde}
              onChange={(kunde) => form.setFieldValue("kunde", kunde)}
              error={form.errors.kunde}
              allowCreate={false}
            />
          ) : (
            eintrag?.kunde && (
              <TextInput label={t("eintrag.kunde")} value={eintrag.kunde} readOnly disabled={zu} />
            )
          )}
          <Input.Wrapper label={t("eintrag.farbe")}>
            <Group gap={6} mt={4} role="radiogroup" aria-label={t("eintrag.farbe")}>
              {FARB_CODES.map((farbe) => (
                <ColorSwatch
                  key={farbe}
                  component="button"
                  type="button"
                  role="radio"
                  aria-checked={form.getValues().farbe === farbe}
                  aria-label={t(`farben.${farbe}`)}
                  title={t(`farben.${farbe}`)}
                  color={FARBEN[farbe]}
                  disabled={zu}
                  onClick={() => form.setFieldValue("farbe", farbe)}
                  style={{
                    cursor: zu ? "default" : "pointer",
                    outline:
                      form.getValues().farbe === farbe ? "2px solid var(--mantine-color-dark-6)" : undefined,
                    outlineOffset: 2,
                  }}
                >
                  {form.getValues().farbe === farbe ? (
                    <Text c="white" size="xs" fw={700} aria-hidden>
                      ✓
                    </Text>
                  ) : null}
                </ColorSwatch>
              ))}
            </Group>
          </Input.Wrapper>
          <Textarea
            label={t("eintrag.notiz")}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={2000}
            disabled={zu}
            {...form.getInputProps("notiz")}
          />
          <Checkbox
            label={t("eintrag.wiederkehrend")}
            description={t("eintrag.wiederkehrendHinweis")}
            disabled={zu}
            {...form.getInputProps("wiederkehrend", { type: "checkbox" })}
          />
          <Group justify="space-between" mt="sm">
            {eintrag && schreiben ? (
              <Button
                color="red"
                variant="subtle"
                loading={loeschen.isPending}
                onClick={async () => {
                  if (
                    await confirm({
                      title: t("eintrag.loeschen"),
                      message: t("eintrag.loeschenFrage", { text: eintrag.text }),
                      confirmLabel: t("eintrag.loeschen"),
                      danger: true,
                    })
                  )
                    loeschen.mutate();
                }}
              >
                {t("eintrag.loeschen")}
              </Button>
            ) : (
              <span />
            )}
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t("eintrag.abbrechen")}
              </Button>
              {schreiben && (
                <Button type="submit" loading={speichern.isPending}>
                  {t("eintrag.speichern")}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>
      </form>
      {dialog}
    </Modal>
  );
}
