import { todayIso } from "@kontor/domain/date/calendar";
import type { TKassabuchTyp } from "@kontor/domain/kassabuch/kassabuch.codes";
import {
  type TKassabuchEintragNeuInput,
  ZKassabuchEintragNeu,
} from "@kontor/domain/kassabuch/kassabuch.schema";
import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import {
  Button,
  Group,
  Input,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { DateInput } from "../../components/form/DateInput.tsx";
import { dialogSubmit } from "../../components/form/dialogSubmit.ts";
import { MissingHint } from "../../components/form/FormActions.tsx";
import { serverFieldErrors, zodValidate } from "../../components/form/fieldErrors.ts";
import { MoneyInput } from "../../components/form/MoneyInput.tsx";
import { useSaveRules } from "../../components/form/useSaveRules.ts";
import { formatMoney, formatPercent } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { KundeSearchField } from "../kunde/quick/KundeSearchField.tsx";
import { buchen, mwstQuery } from "./kassabuch.api.ts";

interface Werte {
  date: string;
  typ: TKassabuchTyp;
  betrag: number | "";
  text: string;
  belegnummer: string;
  kontonummer: string;
  lieferant: TKundeZeile | null;
  mehrwertssteuer: string | null;
}

/** The PUT body the form's values make (what the shared schema validates, so error paths are the server's). */
export function alsEintrag(werte: Werte): TKassabuchEintragNeuInput {
  return {
    date: werte.date,
    typ: werte.typ,
    betrag: werte.betrag === "" ? (undefined as unknown as number) : werte.betrag,
    text: werte.text,
    belegnummer: werte.belegnummer || null,
    kontonummer: werte.kontonummer || null,
    lieferant: werte.lieferant ? { id: werte.lieferant.id } : null,
    mehrwertssteuer: werte.mehrwertssteuer ? { id: Number(werte.mehrwertssteuer) } : null,
  };
}

/** Server and schema fields that the form shows under another name (a reference by its id). */
const FELD: Record<string, keyof Werte> = {
  "lieferant.id": "lieferant",
  "mehrwertssteuer.id": "mehrwertssteuer",
};
const formFehler = (fehler: Record<string, string>) =>
  Object.fromEntries(Object.entries(fehler).map(([feld, text]) => [FELD[feld] ?? feld, text]));

/**
 * "Neuer Eintrag" (issue 17): date (today), type, amount, text, receipt number, account, VAT rate (the tenant's),
 * supplier (optional). A refusal of the server — an expense beyond the cash balance, a closed day — shows at its
 * field, with everything typed kept.
 */
export function KassabuchEintragDialog({
  kassenstand,
  onClose,
  onGebucht,
}: {
  kassenstand: number | undefined;
  onClose: () => void;
  onGebucht: () => void;
}) {
  const { t } = useTranslation(["kassabuch", "crud"]);
  const problemMessage = useProblemMessage();
  const access = useShellAccess();
  const mwst = useQuery(mwstQuery);
  const [sendet, setSendet] = useState(false);
  const [hoechstens, setHoechstens] = useState<number | null>(null);
  const validate = zodValidate(ZKassabuchEintragNeu);
  const form = useForm<Werte>({
    mode: "controlled",
    initialValues: {
      date: todayIso(),
      typ: "ausgabe",
      betrag: "",
      text: "",
      belegnummer: "",
      kontonummer: "",
      lieferant: null,
      mehrwertssteuer: null,
    },
    validate: (werte) => formFehler(validate(alsEintrag(werte))),
    validateInputOnBlur: true,
    onValuesChange: () => setHoechstens(null),
  });
  // Booking is off while the shared rules find errors; the row above the buttons names the inputs.
  const regeln = useSaveRules(form, (werte) => formFehler(validate(alsEintrag(werte))), {
    id: "kassabuch-eintrag-fehlt",
    text: t("crud:form.fehltBuchen"),
    label: (path) => (path === "lieferant" ? t("field.lieferant") : undefined),
  });

  const absenden = async (werte: Werte) => {
    setSendet(true);
    try {
      await buchen(alsEintrag(werte));
      notifySuccess(t("toast.gebucht"));
      onGebucht();
      onClose();
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        form.setErrors(formFehler(serverFieldErrors(error.fieldErrors)));
        const grenze = error.fieldErrors.find((f) => f.code === "cashBalanceExceeded")?.max;
        setHoechstens(grenze ?? null);
      }
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    } finally {
      setSendet(false);
    }
  };

  const mwstOptionen = (mwst.data ?? []).map((m) => ({
    value: String(m.id),
    label: `${formatPercent(m.mwst)}${m.land ? ` (${m.land})` : ""}`,
  }));

  return (
    <Modal opened onClose={onClose} title={t("neu.title")} size="lg">
      <form onSubmit={dialogSubmit(form.onSubmit(absenden))} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateInput label={t("field.date")} withAsterisk {...form.getInputProps("date")} />
            <Input.Wrapper label={t("field.typ")} withAsterisk>
              <SegmentedControl
                fullWidth
                aria-label={t("field.typ")}
                data={[
                  { value: "ausgabe", label: t("typ.ausgabe") },
                  { value: "einnahme", label: t("typ.einnahme") },
                ]}
                {...form.getInputProps("typ")}
              />
            </Input.Wrapper>
          </SimpleGrid>
          <MoneyInput
            label={t("field.betrag")}
            withAsterisk
            data-autofocus
            min={0}
            description={
              hoechstens !== null
                ? hoechstens > 0
                  ? t("neu.hoechstens", { betrag: formatMoney(hoechstens) })
                  : t("neu.nurEinnahmen")
                : kassenstand !== undefined
                  ? t("neu.kassenstand", { betrag: formatMoney(kassenstand) })
                  : undefined
            }
            {...form.getInputProps("betrag")}
          />
          <TextInput label={t("field.text")} withAsterisk maxLength={500} {...form.getInputProps("text")} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label={t("field.belegnummer")} maxLength={50} {...form.getInputProps("belegnummer")} />
            <TextInput label={t("field.kontonummer")} maxLength={50} {...form.getInputProps("kontonummer")} />
            <Select
              label={t("field.mehrwertssteuer")}
              placeholder={t("field.keineMwst")}
              clearable
              data={mwstOptionen}
              {...form.getInputProps("mehrwertssteuer")}
            />
          </SimpleGrid>
          {access.can("kunde") && (
            <KundeSearchField
              lieferant
              label={t("field.lieferant")}
              value={form.getValues().lieferant}
              onChange={(lieferant) => form.setFieldValue("lieferant", lieferant)}
              error={form.errors.lieferant}
            />
          )}
          <MissingHint missing={regeln.missing} />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t("action.abbrechen")}
            </Button>
            <Button
              type="submit"
              loading={sendet}
              disabled={regeln.blocked}
              aria-describedby={regeln.blocked ? regeln.missing.id : undefined}
            >
              {t("action.buchen")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
