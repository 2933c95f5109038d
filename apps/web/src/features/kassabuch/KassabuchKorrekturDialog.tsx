import { todayIso } from "@kontor/domain/date/calendar";
import type { TKassabuchEintrag } from "@kontor/domain/kassabuch/kassabuch.schema";
import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { DateInput } from "../../components/form/DateInput.tsx";
import { dialogSubmit } from "../../components/form/dialogSubmit.ts";
import { serverFieldErrors } from "../../components/form/fieldErrors.ts";
import { formatMoney } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { korrigieren } from "./kassabuch.api.ts";

/**
 * Correcting an entry (cash-book admins): the counter-entry — opposite type, same amount — dated today unless
 * changed, with the entry's text unless changed. The entry itself stays as it is (append-only).
 */
export function KassabuchKorrekturDialog({
  eintrag,
  onClose,
  onGebucht,
}: {
  eintrag: TKassabuchEintrag;
  onClose: () => void;
  onGebucht: () => void;
}) {
  const { t } = useTranslation(["kassabuch", "crud"]);
  const problemMessage = useProblemMessage();
  const [date, setDate] = useState(todayIso());
  const [text, setText] = useState(eintrag.text);
  const [fehler, setFehler] = useState<Record<string, string>>({});
  const [sendet, setSendet] = useState(false);
  const gegenTyp = eintrag.typ === "einnahme" ? "ausgabe" : "einnahme";

  const absenden = async () => {
    setSendet(true);
    setFehler({});
    try {
      await korrigieren(eintrag.id, { date, text: text.trim() || undefined });
      notifySuccess(t("toast.korrigiert"));
      onGebucht();
      onClose();
    } catch (error) {
      if (isApiError(error)) setFehler(serverFieldErrors(error.fieldErrors));
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    } finally {
      setSendet(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t("korrektur.title", { id: eintrag.id })}>
      <form
        onSubmit={dialogSubmit((event) => {
          event.preventDefault();
          void absenden();
        })}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">
            {t("korrektur.hinweis", { typ: t(`typ.${gegenTyp}`), betrag: formatMoney(eintrag.betrag) })}
          </Text>
          <DateInput
            label={t("korrektur.date")}
            value={date}
            onChange={setDate}
            error={fehler.date}
            withAsterisk
          />
          <TextInput
            label={t("korrektur.text")}
            value={text}
            maxLength={500}
            onChange={(event) => setText(event.currentTarget.value)}
            error={fehler.text}
          />
          {fehler.betrag && (
            <Text size="sm" c="red" role="alert">
              {fehler.betrag}
            </Text>
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t("action.abbrechen")}
            </Button>
            <Button type="submit" loading={sendet}>
              {t("korrektur.bestaetigen")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
