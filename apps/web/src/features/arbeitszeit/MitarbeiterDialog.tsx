import { WOCHENTAGE } from "@kontor/domain/arbeitszeit/arbeitszeit.codes";
import {
  type TMitarbeiter,
  type TZeiterfassungUserDataInput,
  ZZeiterfassungUserData,
} from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { DateInput } from "../../components/form/DateInput.tsx";
import { dialogSubmit } from "../../components/form/dialogSubmit.ts";
import { MissingHint } from "../../components/form/FormActions.tsx";
import { zodValidate } from "../../components/form/fieldErrors.ts";
import { NumberField } from "../../components/form/NumberField.tsx";
import { showServerErrors, useSaveRules } from "../../components/form/useSaveRules.ts";
import { formatQuantity } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { mitarbeiterName } from "./ArbeitszeitTeile.tsx";
import { einstellungSpeichern } from "./arbeitszeit.api.ts";

type Zahl = number | string;
const TAGE = WOCHENTAGE.map((tag) => `workhours${tag}` as const);
type TagFeld = (typeof TAGE)[number];

export interface MitarbeiterWerte extends Record<TagFeld, Zahl> {
  workhours: Zahl;
  uberstunden_aktuell: Zahl;
  uberstunden_beginn: string;
  uberstunden_deadline: string;
  uberstunden_end: string;
  urlaub_aktuell: Zahl;
  urlaubsanspruchjahr: Zahl;
  eintrittsdatum: string;
  mainly_homeoffice: boolean;
  part_time: boolean;
}

/** An empty number is "not given" (null; a required one is then missing); typed text goes on as text (refused). */
const zahl = (wert: Zahl): number | null => (wert === "" ? null : (wert as number));
const datum = (wert: string) => (wert === "" ? null : wert);

export function alsUserData(w: MitarbeiterWerte): TZeiterfassungUserDataInput {
  return {
    workhours: (zahl(w.workhours) ?? undefined) as number,
    ...Object.fromEntries(TAGE.map((feld) => [feld, zahl(w[feld])])),
    uberstunden_aktuell: zahl(w.uberstunden_aktuell) ?? 0,
    uberstunden_beginn: datum(w.uberstunden_beginn),
    uberstunden_deadline: datum(w.uberstunden_deadline),
    uberstunden_end: datum(w.uberstunden_end),
    urlaub_aktuell: zahl(w.urlaub_aktuell) ?? 0,
    urlaubsanspruchjahr: (zahl(w.urlaubsanspruchjahr) ?? undefined) as number,
    eintrittsdatum: datum(w.eintrittsdatum),
    mainly_homeoffice: w.mainly_homeoffice,
    part_time: w.part_time,
  };
}

export function alsWerte(m: TMitarbeiter): MitarbeiterWerte {
  const d = m.zeiterfassungUserData;
  return {
    workhours: d?.workhours ?? "",
    workhoursMon: d?.workhoursMon ?? "",
    workhoursTue: d?.workhoursTue ?? "",
    workhoursWed: d?.workhoursWed ?? "",
    workhoursThu: d?.workhoursThu ?? "",
    workhoursFri: d?.workhoursFri ?? "",
    uberstunden_aktuell: d?.uberstunden_aktuell ?? 0,
    uberstunden_beginn: d?.uberstunden_beginn ?? "",
    uberstunden_deadline: d?.uberstunden_deadline ?? "",
    uberstunden_end: d?.uberstunden_end ?? "",
    urlaub_aktuell: d?.urlaub_aktuell ?? 0,
    urlaubsanspruchjahr: d?.urlaubsanspruchjahr ?? 25,
    eintrittsdatum: d?.eintrittsdatum ?? "",
    mainly_homeoffice: d?.mainly_homeoffice ?? false,
    part_time: d?.part_time ?? false,
  };
}

const pruefen = (werte: MitarbeiterWerte) => zodValidate(ZZeiterfassungUserData)(alsUserData(werte));

/**
 * An employee's working-time settings (zeiterfassungUserData, issue 22): weekly hours and, optionally, per weekday
 * (empty = weekly / 5), part time, entry date, vacation per year and carried over, overtime carried over from a day,
 * its deadline and end, mainly home office. Checked by the shared schema, the server's refusals at their fields.
 */
export function MitarbeiterDialog({
  mitarbeiter,
  onClose,
  onGespeichert,
}: {
  mitarbeiter: TMitarbeiter;
  onClose: () => void;
  onGespeichert: () => void;
}) {
  const { t } = useTranslation(["arbeitszeit", "crud", "common"]);
  const problemMessage = useProblemMessage();
  const [sendet, setSendet] = useState(false);
  const form = useForm<MitarbeiterWerte>({
    mode: "controlled",
    initialValues: alsWerte(mitarbeiter),
    validate: pruefen,
    validateInputOnBlur: true,
  });
  const regeln = useSaveRules(form, pruefen, { id: "arbeitszeit-mitarbeiter-fehlt" });
  const woche = form.getValues().workhours;
  const standardTag = typeof woche === "number" ? formatQuantity(Math.round((woche / 5) * 100) / 100, 2) : "";

  const absenden = async (werte: MitarbeiterWerte) => {
    setSendet(true);
    try {
      await einstellungSpeichern(mitarbeiter.id, alsUserData(werte));
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
    <Modal
      opened
      onClose={onClose}
      title={t("einstellungen.dialogTitel", { name: mitarbeiterName(mitarbeiter) })}
      size="lg"
    >
      <form onSubmit={dialogSubmit(form.onSubmit(absenden))} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <NumberField
              label={t("feld.workhours")}
              withAsterisk
              min={0}
              max={80}
              maxDecimals={2}
              data-autofocus
              {...form.getInputProps("workhours")}
            />
            <NumberField
              label={t("feld.urlaubsanspruchjahr")}
              withAsterisk
              min={0}
              max={366}
              maxDecimals={1}
              {...form.getInputProps("urlaubsanspruchjahr")}
            />
          </SimpleGrid>
          <Text size="sm" fw={500}>
            {t("feld.proTag")}
          </Text>
          <Text size="xs" c="dimmed" mt={-8}>
            {t("feld.proTagText", { stunden: standardTag || "–" })}
          </Text>
          <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs">
            {TAGE.map((feld) => (
              <NumberField
                key={feld}
                label={t(`feld.${feld}`)}
                min={0}
                max={24}
                maxDecimals={2}
                placeholder={standardTag}
                {...form.getInputProps(feld)}
              />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <DateInput label={t("feld.eintrittsdatum")} {...form.getInputProps("eintrittsdatum")} />
            <NumberField
              label={t("feld.urlaub_aktuell")}
              description={t("feld.urlaub_aktuellText")}
              min={-366}
              max={366}
              maxDecimals={1}
              {...form.getInputProps("urlaub_aktuell")}
            />
            <DateInput
              label={t("feld.uberstunden_beginn")}
              description={t("feld.uberstunden_beginnText")}
              {...form.getInputProps("uberstunden_beginn")}
            />
            <NumberField
              label={t("feld.uberstunden_aktuell")}
              description={t("feld.uberstunden_aktuellText")}
              min={-9999}
              max={9999}
              maxDecimals={2}
              {...form.getInputProps("uberstunden_aktuell")}
            />
            <DateInput
              label={t("feld.uberstunden_deadline")}
              description={t("feld.uberstunden_deadlineText")}
              {...form.getInputProps("uberstunden_deadline")}
            />
            <DateInput
              label={t("feld.uberstunden_end")}
              description={t("feld.uberstunden_endText")}
              {...form.getInputProps("uberstunden_end")}
            />
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox
              label={t("feld.part_time")}
              {...form.getInputProps("part_time", { type: "checkbox" })}
            />
            <Checkbox
              label={t("feld.mainly_homeoffice")}
              {...form.getInputProps("mainly_homeoffice", { type: "checkbox" })}
            />
          </Group>
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
