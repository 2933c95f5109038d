import type { TArtikelZeile } from "@kontor/domain/artikel/artikel.api";
import { ZArtikel } from "@kontor/domain/artikel/artikel.schema";
import { todayIso } from "@kontor/domain/date/calendar";
import { Button, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../../app/api.ts";
import { notifyFailure, notifySuccess } from "../../../components/feedback/notify.ts";
import { dialogSubmit } from "../../../components/form/dialogSubmit.ts";
import { serverFieldErrors, zodValidate } from "../../../components/form/fieldErrors.ts";
import { MoneyInput } from "../../../components/form/MoneyInput.tsx";
import { formatPercent } from "../../../components/format/format.ts";
import { useProblemMessage } from "../../../components/problemMessage.ts";
import { ARTIKEL_KEY, siehtAusWieNummer } from "./artikelQuick.api.ts";
import {
  type ArtikelQuickValues,
  artikelAusForm,
  artikelFehlt,
  formFehler,
  leererArtikel,
  type QuickFeld,
  zeileAusArtikel,
} from "./artikelQuick.form.ts";

const validateArtikel = zodValidate(ZArtikel);

export interface ArtikelQuickCreateModalProps {
  opened: boolean;
  onClose: () => void;
  /** Typed search text: the new article's name, or its number when it looks like one. */
  initialText?: string;
  /** Called with the saved article as a list row (id, artikelNummer, artikelBezeichnung, …). */
  onCreated: (artikel: TArtikelZeile) => void;
}

interface Mwst {
  id: number;
  mwst: number;
  defaultMwst: boolean;
  land: string;
}

/** GET mehrwertssteuers/all, rows that are not one left out. */
function mwstListeAus(body: unknown): Mwst[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((entry) => {
    if (entry === null || typeof entry !== "object") return [];
    const row = entry as Record<string, unknown>;
    if (!Number.isInteger(row.id) || typeof row.mwst !== "number") return [];
    return [
      {
        id: row.id as number,
        mwst: row.mwst,
        defaultMwst: row.defaultMwst === true,
        land: typeof row.land === "string" ? row.land : "",
      },
    ];
  });
}

/**
 * SPEC §5 article quick create: number (the next free one is proposed, GET nextartikelnumber; editable), name,
 * VAT rate (the default preselected) and a net base price valid from today — all required; save stays disabled
 * with the missing fields named. PUT artikel; the server's field errors appear at the fields.
 */
export function ArtikelQuickCreateModal(props: ArtikelQuickCreateModalProps) {
  const { t } = useTranslation("artikelsuche");
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t("neu.title")} size="md" centered>
      {/* Mounted per opening: every opening starts from the given text, not from the last input. */}
      {props.opened && <QuickCreateInhalt {...props} />}
    </Modal>
  );
}

function QuickCreateInhalt({ onClose, initialText = "", onCreated }: ArtikelQuickCreateModalProps) {
  const { t, i18n } = useTranslation(["artikelsuche", "crud"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const grundId = useId();
  const nummerVorgegeben = siehtAusWieNummer(initialText);

  const form = useForm<ArtikelQuickValues>({
    mode: "controlled",
    initialValues: leererArtikel(initialText),
    validate: (values) => formFehler(validateArtikel(artikelAusForm(values, todayIso()))),
    validateInputOnBlur: true,
  });

  const naechste = useQuery({
    queryKey: [ARTIKEL_KEY, "nextnumber"],
    queryFn: async ({ signal }) => {
      const body = await api.get<unknown>("nextartikelnumber", { signal });
      const nummer = (body as { artikelNummer?: unknown } | null)?.artikelNummer;
      return typeof nummer === "string" ? nummer : "";
    },
    enabled: !nummerVorgegeben,
    staleTime: 0,
    gcTime: 0,
  });
  const mwstListe = useQuery({
    queryKey: ["mehrwertssteuer", "all"],
    queryFn: async ({ signal }) => mwstListeAus(await api.get<unknown>("mehrwertssteuers/all", { signal })),
    staleTime: 60_000,
  });

  // The proposals fill fields only while they are still empty (the user may have typed already).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new proposal counts
  useEffect(() => {
    if (naechste.data && form.getValues().artikelNummer === "")
      form.setFieldValue("artikelNummer", naechste.data);
  }, [naechste.data]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new list counts
  useEffect(() => {
    const standard = mwstListe.data?.find((row) => row.defaultMwst);
    if (standard && form.getValues().mehrwertssteuerId === "")
      form.setFieldValue("mehrwertssteuerId", String(standard.id));
  }, [mwstListe.data]);

  const speichern = useMutation({
    mutationFn: async (values: ArtikelQuickValues) => {
      const body = artikelAusForm(values, todayIso());
      const mwst = mwstListe.data?.find((row) => String(row.id) === values.mehrwertssteuerId)?.mwst ?? null;
      return zeileAusArtikel(await api.put<unknown>("artikel", body), body, mwst);
    },
    onSuccess: (zeile) => {
      notifySuccess(t("crud:toast.created"));
      // Lists and searches of the area show the new article at once.
      void queryClient.invalidateQueries({ queryKey: [ARTIKEL_KEY] });
      onCreated(zeile);
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.fieldErrors.length > 0)
        form.setErrors(formFehler(serverFieldErrors(error.fieldErrors)));
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    },
  });

  const fehlt = artikelFehlt(form.values);
  const feldName = (feld: QuickFeld) =>
    t(feld === "mehrwertssteuerId" ? "feld.mehrwertssteuer" : `feld.${feld}`);
  const fehltText = new Intl.ListFormat(i18n.resolvedLanguage ?? "de", { type: "conjunction" }).format(
    fehlt.map(feldName),
  );
  const blockiert = fehlt.length > 0;

  return (
    <form
      noValidate
      onSubmit={dialogSubmit(
        form.onSubmit(
          (values) => speichern.mutate(values),
          () => notifyFailure(t("crud:toast.saveFailed"), t("crud:form.invalid")),
        ),
      )}
    >
      <Stack gap="sm">
        <TextInput
          label={t("feld.artikelNummer")}
          withAsterisk
          maxLength={50}
          data-autofocus={nummerVorgegeben || undefined}
          key={form.key("artikelNummer")}
          {...form.getInputProps("artikelNummer")}
        />
        <TextInput
          label={t("feld.artikelBezeichnung")}
          withAsterisk
          maxLength={200}
          data-autofocus={!nummerVorgegeben || undefined}
          key={form.key("artikelBezeichnung")}
          {...form.getInputProps("artikelBezeichnung")}
        />
        <Group grow align="flex-start">
          <Select
            label={t("feld.mehrwertssteuer")}
            withAsterisk
            data={(mwstListe.data ?? []).map((row) => ({
              value: String(row.id),
              label: row.land ? `${formatPercent(row.mwst)} (${row.land})` : formatPercent(row.mwst),
            }))}
            key={form.key("mehrwertssteuerId")}
            {...form.getInputProps("mehrwertssteuerId")}
            value={form.values.mehrwertssteuerId || null}
            onChange={(value) => form.setFieldValue("mehrwertssteuerId", value ?? "")}
            description={mwstListe.isSuccess && mwstListe.data.length === 0 ? t("neu.keineMwst") : undefined}
            inputWrapperOrder={["label", "input", "description", "error"]}
            allowDeselect={false}
          />
          <MoneyInput
            label={t("feld.preis")}
            withAsterisk
            description={t("neu.preisHinweis")}
            // The hint below the field, so both fields of the row line up.
            inputWrapperOrder={["label", "input", "description", "error"]}
            min={0}
            max={99_999_999.99}
            key={form.key("preis")}
            {...form.getInputProps("preis")}
          />
        </Group>
        <Stack gap="xs">
          {blockiert && (
            <Text size="sm" c="dimmed" id={grundId} role="status">
              {t("neu.fehlt", { felder: fehltText })}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} mr="auto">
              {t("crud:action.cancel")}
            </Button>
            <Button
              type="submit"
              disabled={blockiert}
              loading={speichern.isPending}
              aria-describedby={blockiert ? grundId : undefined}
            >
              {t("crud:action.save")}
            </Button>
          </Group>
        </Stack>
      </Stack>
    </form>
  );
}
