import { todayIso } from "@kontor/domain/date/calendar";
import type { TKassabuchAbschlussArt } from "@kontor/domain/kassabuch/kassabuch.codes";
import { abschlussBis } from "@kontor/domain/kassabuch/kassabuch.rules";
import { Button, Group, Input, Modal, SegmentedControl, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { DateInput } from "../../components/form/DateInput.tsx";
import { dialogSubmit } from "../../components/form/dialogSubmit.ts";
import { serverFieldErrors } from "../../components/form/fieldErrors.ts";
import { formatDate } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { abschliessen } from "./kassabuch.api.ts";

const ISO_TAG = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Closing a day or a month (cash-book admins): after it nothing can be dated on or before its last day. It says
 * which day that is before it is done, since a close cannot be undone.
 */
export function KassabuchAbschlussDialog({
  abgeschlossenBis,
  onClose,
  onAbgeschlossen,
}: {
  abgeschlossenBis: string | null;
  onClose: () => void;
  onAbgeschlossen: () => void;
}) {
  const { t } = useTranslation(["kassabuch", "crud"]);
  const problemMessage = useProblemMessage();
  const [art, setArt] = useState<TKassabuchAbschlussArt>("tag");
  const [datum, setDatum] = useState(todayIso());
  const [fehler, setFehler] = useState<Record<string, string>>({});
  const [sendet, setSendet] = useState(false);
  const bis = ISO_TAG.test(datum) ? abschlussBis(art, datum) : null;

  const absenden = async () => {
    setSendet(true);
    setFehler({});
    try {
      const abschluss = await abschliessen({ art, datum });
      notifySuccess(t("toast.abgeschlossen", { datum: formatDate(abschluss.bis) }));
      onAbgeschlossen();
      onClose();
    } catch (error) {
      if (isApiError(error)) setFehler(serverFieldErrors(error.fieldErrors));
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    } finally {
      setSendet(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t("abschluss.title")}>
      <form
        onSubmit={dialogSubmit((event) => {
          event.preventDefault();
          void absenden();
        })}
        noValidate
      >
        <Stack gap="sm">
          {abgeschlossenBis && (
            <Text size="sm" c="dimmed">
              {t("summary.abgeschlossenBis", { datum: formatDate(abgeschlossenBis) })}
            </Text>
          )}
          <Input.Wrapper label={t("abschluss.art")}>
            <SegmentedControl
              fullWidth
              aria-label={t("abschluss.art")}
              value={art}
              onChange={(wert) => setArt(wert as TKassabuchAbschlussArt)}
              data={[
                { value: "tag", label: t("abschluss.tag") },
                { value: "monat", label: t("abschluss.monat") },
              ]}
            />
          </Input.Wrapper>
          <DateInput
            label={art === "tag" ? t("abschluss.datum") : t("abschluss.monatDatum")}
            value={datum}
            onChange={setDatum}
            error={fehler.datum}
            withAsterisk
          />
          {bis && (
            <Text size="sm" role="note">
              {t("abschluss.hinweis", { datum: formatDate(bis) })}
            </Text>
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t("action.abbrechen")}
            </Button>
            <Button type="submit" color="red" loading={sendet} disabled={!bis}>
              {t("abschluss.bestaetigen")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
