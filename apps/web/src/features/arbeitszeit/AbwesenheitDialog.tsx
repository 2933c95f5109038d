import { ABWESENHEIT_ARTEN, type TAbwesenheitArt } from "@kontor/domain/arbeitszeit/arbeitszeit.codes";
import {
  type TAbwesenheitSpeichernInput,
  ZAbwesenheitSpeichern,
} from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { Alert, Button, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { DateInput } from "../../components/form/DateInput.tsx";
import { dialogSubmit } from "../../components/form/dialogSubmit.ts";
import { MissingHint } from "../../components/form/FormActions.tsx";
import { fieldErrorMessage, zodValidate } from "../../components/form/fieldErrors.ts";
import { showServerErrors, useSaveRules } from "../../components/form/useSaveRules.ts";
import { formatQuantity } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { type AbwesenheitAntwort, abwesenheitSpeichern } from "./arbeitszeit.api.ts";

interface Werte {
  art: TAbwesenheitArt;
  von: string;
  bis: string;
  halbtag: boolean;
  kommentar: string;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;

export const alsAbwesenheit = (werte: Werte, userId?: number): TAbwesenheitSpeichernInput => ({
  ...(userId !== undefined ? { userId } : {}),
  art: werte.art,
  von: werte.von,
  bis: werte.bis,
  halbtag: werte.halbtag && werte.von === werte.bis,
  kommentar: werte.kommentar || null,
});

function pruefen(werte: Werte): Record<string, string> {
  const fehler = zodValidate(ZAbwesenheitSpeichern)(alsAbwesenheit(werte));
  if (!fehler.bis && ISO.test(werte.von) && ISO.test(werte.bis) && werte.bis < werte.von)
    fehler.bis = fieldErrorMessage("bisVorVon");
  return fehler;
}

/**
 * An absence (issue 22): vacation, time off in lieu (only when the tenant allows it), sick leave, other leave — from,
 * to, half a day, comment. Vacation beyond the balance is kept, with a yellow warning.
 */
export function AbwesenheitDialog({
  von,
  userId,
  zeitausgleich,
  onClose,
  onGespeichert,
}: {
  von: string;
  userId?: number;
  zeitausgleich: boolean;
  onClose: () => void;
  onGespeichert: () => void;
}) {
  const { t } = useTranslation(["arbeitszeit", "crud", "common"]);
  const problemMessage = useProblemMessage();
  const [sendet, setSendet] = useState(false);
  const [antwort, setAntwort] = useState<AbwesenheitAntwort | null>(null);
  const form = useForm<Werte>({
    mode: "controlled",
    initialValues: { art: "urlaub", von, bis: von, halbtag: false, kommentar: "" },
    validate: pruefen,
    validateInputOnBlur: true,
  });
  const regeln = useSaveRules(form, pruefen, { id: "arbeitszeit-abwesenheit-fehlt" });
  const werte = form.getValues();
  const arten = ABWESENHEIT_ARTEN.filter((art) => art !== "zeitausgleich" || zeitausgleich);

  const absenden = async (eingabe: Werte) => {
    setSendet(true);
    try {
      const ergebnis = await abwesenheitSpeichern(alsAbwesenheit(eingabe, userId));
      onGespeichert();
      if (ergebnis.warnung) {
        setAntwort(ergebnis);
        return;
      }
      notifySuccess(
        ergebnis.abwesenheit.status === "beantragt" ? t("abwesenheit.beantragt") : t("crud:toast.saved"),
      );
      onClose();
    } catch (error) {
      showServerErrors(form, error, (feld, code) =>
        feld === "bis" && code === "max" ? t("abwesenheit.zuLang") : undefined,
      );
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    } finally {
      setSendet(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t("abwesenheit.titel")} size="md">
      <form onSubmit={dialogSubmit(form.onSubmit(absenden))} noValidate>
        <Stack gap="sm">
          <Select
            label={t("abwesenheit.art")}
            withAsterisk
            allowDeselect={false}
            disabled={antwort !== null}
            data={arten.map((art) => ({ value: art, label: t(`art.${art}`) }))}
            {...form.getInputProps("art")}
          />
          <SimpleGrid cols={2} spacing="sm">
            <DateInput
              label={t("abwesenheit.von")}
              withAsterisk
              disabled={antwort !== null}
              {...form.getInputProps("von")}
              onChange={(neu) => {
                form.setFieldValue("von", neu);
                if (ISO.test(neu) && (!ISO.test(werte.bis) || werte.bis < neu))
                  form.setFieldValue("bis", neu);
              }}
            />
            <DateInput
              label={t("abwesenheit.bis")}
              withAsterisk
              disabled={antwort !== null}
              {...form.getInputProps("bis")}
            />
          </SimpleGrid>
          <Checkbox
            label={t("abwesenheit.halbtag")}
            description={werte.von !== werte.bis ? t("abwesenheit.halbtagNurEinTag") : undefined}
            disabled={werte.von !== werte.bis || antwort !== null}
            {...form.getInputProps("halbtag", { type: "checkbox" })}
          />
          <TextInput
            label={t("abwesenheit.kommentar")}
            maxLength={500}
            disabled={antwort !== null}
            {...form.getInputProps("kommentar")}
          />
          {antwort?.warnung === "urlaubUeberschritten" && (
            <Alert color="yellow" variant="light" role="status" title={t("abwesenheit.gespeichert")}>
              {t("abwesenheit.warnung", { rest: formatQuantity(antwort.urlaubRest, 1) })}
            </Alert>
          )}
          {antwort === null && <MissingHint missing={regeln.missing} />}
          <Group justify="flex-end" gap="sm" mt="sm">
            {antwort ? (
              <Button onClick={onClose}>{t("crud:action.close")}</Button>
            ) : (
              <>
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
              </>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
