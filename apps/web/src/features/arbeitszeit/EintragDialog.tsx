import {
  type TArbeitszeit,
  type TArbeitszeitSpeichernInput,
  ZArbeitszeitSpeichern,
} from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { todayIso } from "@kontor/domain/date/calendar";
import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { DateInput } from "../../components/form/DateInput.tsx";
import { dialogSubmit } from "../../components/form/dialogSubmit.ts";
import { MissingHint } from "../../components/form/FormActions.tsx";
import { fieldErrorMessage, zodValidate } from "../../components/form/fieldErrors.ts";
import { showServerErrors, useSaveRules } from "../../components/form/useSaveRules.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { eintragSpeichern } from "./arbeitszeit.api.ts";

export interface EintragWerte {
  datum: string;
  von: string;
  bis: string;
  beschreibung: string;
  homeoffice: boolean;
  grund: string;
}

/**
 * A time typed on a phone keypad made whole: "8" → "08:00", "815" → "08:15", "8:5" stays (wrong), "8:05" →
 * "08:05". Anything else is left as typed (the schema refuses it at the field).
 */
export function uhrzeitNormal(text: string): string {
  const t = text.trim().replace(/[.,h]/g, ":");
  let m = /^(\d{1,2})$/.exec(t);
  if (m) return `${m[1]?.padStart(2, "0")}:00`;
  m = /^(\d{1,2})(\d{2})$/.exec(t);
  if (m) return `${m[1]?.padStart(2, "0")}:${m[2]}`;
  m = /^(\d{1,2}):(\d{2})$/.exec(t);
  if (m) return `${m[1]?.padStart(2, "0")}:${m[2]}`;
  return text.trim();
}

export function alsEintrag(werte: EintragWerte, id?: number, userId?: number): TArbeitszeitSpeichernInput {
  return {
    ...(id !== undefined ? { id } : {}),
    ...(userId !== undefined ? { userId } : {}),
    datum: werte.datum,
    von: werte.von,
    bis: werte.bis,
    beschreibung: werte.beschreibung || null,
    homeoffice: werte.homeoffice,
    grund: werte.grund || null,
  };
}

const HHMM = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** The shared schema, and the end after the start (the server says the same: bisVorVon at bis). */
export function eintragPruefen(werte: EintragWerte): Record<string, string> {
  const fehler = zodValidate(ZArbeitszeitSpeichern)(alsEintrag(werte));
  if (!fehler.bis && HHMM.test(werte.von) && HHMM.test(werte.bis) && werte.bis <= werte.von)
    fehler.bis = fieldErrorMessage("bisVorVon");
  return fehler;
}

/**
 * A record typed in or corrected (issue 22): day, from, to (HH:MM), description, home office. A change of a record
 * or a record for a past day is a correction: it asks for a reason and says that the history keeps it. A refusal
 * shows at its field (overlap at "von", end before start at "bis", a closed month at the day), input kept.
 */
export function EintragDialog({
  datum,
  eintrag,
  userId,
  onClose,
  onGespeichert,
}: {
  datum: string;
  eintrag?: TArbeitszeit;
  userId?: number;
  onClose: () => void;
  onGespeichert: () => void;
}) {
  const { t } = useTranslation(["arbeitszeit", "crud", "common"]);
  const problemMessage = useProblemMessage();
  const [sendet, setSendet] = useState(false);
  const [fehler, setFehler] = useState<string | null>(null);
  const form = useForm<EintragWerte>({
    mode: "controlled",
    initialValues: {
      datum: eintrag?.datum ?? datum,
      von: eintrag?.vonZeit ?? "",
      bis: eintrag?.bisZeit ?? "",
      beschreibung: eintrag?.beschreibung ?? "",
      homeoffice: eintrag?.homeoffice ?? false,
      grund: "",
    },
    validate: eintragPruefen,
    validateInputOnBlur: true,
    onValuesChange: () => setFehler(null),
  });
  const regeln = useSaveRules(form, eintragPruefen, { id: "arbeitszeit-eintrag-fehlt" });
  const korrektur = eintrag !== undefined || form.getValues().datum < todayIso();

  const absenden = async (werte: EintragWerte) => {
    setSendet(true);
    try {
      await eintragSpeichern(alsEintrag(werte, eintrag?.id, userId));
      notifySuccess(t("crud:toast.saved"));
      onGespeichert();
      onClose();
    } catch (error) {
      // A refusal at a field shows there; any other (rights, a closed month without field) above the buttons.
      if (!showServerErrors(form, error)) setFehler(problemMessage(error));
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    } finally {
      setSendet(false);
    }
  };

  const zeit = (feld: "von" | "bis") => {
    const props = form.getInputProps(feld);
    return {
      ...props,
      onBlur: (event: React.FocusEvent<HTMLInputElement>) => {
        const normal = uhrzeitNormal(event.currentTarget.value);
        if (normal !== form.getValues()[feld]) form.setFieldValue(feld, normal);
        props.onBlur?.(event);
      },
    };
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={eintrag ? t("eintrag.aendernTitel") : t("eintrag.neuTitel")}
      size="md"
    >
      <form onSubmit={dialogSubmit(form.onSubmit(absenden))} noValidate>
        <Stack gap="sm">
          <DateInput label={t("eintrag.datum")} withAsterisk {...form.getInputProps("datum")} />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label={t("eintrag.von")}
              withAsterisk
              placeholder="08:00"
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              data-autofocus
              {...zeit("von")}
            />
            <TextInput
              label={t("eintrag.bis")}
              withAsterisk
              placeholder="16:30"
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              {...zeit("bis")}
            />
          </SimpleGrid>
          <TextInput
            label={t("eintrag.beschreibung")}
            maxLength={500}
            {...form.getInputProps("beschreibung")}
          />
          <Checkbox
            label={t("eintrag.homeoffice")}
            {...form.getInputProps("homeoffice", { type: "checkbox" })}
          />
          {korrektur && (
            <>
              <TextInput label={t("eintrag.grund")} maxLength={500} {...form.getInputProps("grund")} />
              <Alert color="blue" variant="light" p="xs">
                {t("eintrag.korrekturHinweis")}
              </Alert>
            </>
          )}
          {fehler && (
            <Alert color="red" variant="light" p="xs" role="alert">
              {fehler}
            </Alert>
          )}
          <MissingHint missing={regeln.missing} />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t("crud:action.cancel")}
            </Button>
            <Button
              type="submit"
              loading={sendet}
              disabled={regeln.blocked}
              aria-describedby={regeln.blocked ? regeln.missing.id : undefined}
            >
              {t("crud:action.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
