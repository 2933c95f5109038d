import {
  type TFeiertagSpeichernInput,
  ZFeiertagSpeichern,
} from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { Button, Checkbox, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { DateInput } from "../../components/form/DateInput.tsx";
import { dialogSubmit } from "../../components/form/dialogSubmit.ts";
import { MissingHint } from "../../components/form/FormActions.tsx";
import { zodValidate } from "../../components/form/fieldErrors.ts";
import { showServerErrors, useSaveRules } from "../../components/form/useSaveRules.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { feiertagSpeichern } from "./arbeitszeit.api.ts";

interface Werte {
  datum: string;
  bezeichnung: string;
  halbtag: boolean;
}

const alsFeiertag = (w: Werte): TFeiertagSpeichernInput => ({
  datum: w.datum,
  bezeichnung: w.bezeichnung,
  art: "betrieblich",
  halbtag: w.halbtag,
});
const pruefen = (w: Werte) => zodValidate(ZFeiertagSpeichern)(alsFeiertag(w));

/** A company holiday (a day, a name, half a day); a day that already is a holiday is refused at the day. */
export function FeiertagDialog({
  jahr,
  onClose,
  onGespeichert,
}: {
  jahr: number;
  onClose: () => void;
  onGespeichert: () => void;
}) {
  const { t } = useTranslation(["arbeitszeit", "crud", "common"]);
  const problemMessage = useProblemMessage();
  const [sendet, setSendet] = useState(false);
  const form = useForm<Werte>({
    mode: "controlled",
    initialValues: { datum: `${jahr}-12-24`, bezeichnung: "", halbtag: false },
    validate: pruefen,
    validateInputOnBlur: true,
  });
  const regeln = useSaveRules(form, pruefen, { id: "arbeitszeit-feiertag-fehlt" });
  const absenden = async (werte: Werte) => {
    setSendet(true);
    try {
      await feiertagSpeichern(alsFeiertag(werte));
      notifySuccess(t("crud:toast.saved"));
      onGespeichert();
      onClose();
    } catch (error) {
      showServerErrors(form, error);
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    } finally {
      setSendet(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t("feiertag.neu")}>
      <form onSubmit={dialogSubmit(form.onSubmit(absenden))} noValidate>
        <Stack gap="sm">
          <DateInput label={t("feiertag.datum")} withAsterisk {...form.getInputProps("datum")} />
          <TextInput
            label={t("feiertag.bezeichnung")}
            withAsterisk
            maxLength={100}
            data-autofocus
            {...form.getInputProps("bezeichnung")}
          />
          <Checkbox label={t("tag.halberTag")} {...form.getInputProps("halbtag", { type: "checkbox" })} />
          <MissingHint missing={regeln.missing} />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t("crud:action.cancel")}
            </Button>
            <Button type="submit" loading={sendet} disabled={regeln.blocked}>
              {t("crud:action.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
