import type { TKundeZeile } from "@kontor/domain/kunde/kunde.api";
import { ADRESSE_MAX } from "@kontor/domain/kunde/kunde.rules";
import { type TKundeKontakt, ZKundeKontakt, ZKundeSpeichern } from "@kontor/domain/kunde/kunde.schema";
import { GESCHLECHT_TYPEN, type TGeschlechtTyp } from "@kontor/domain/typen/typen";
import {
  Alert,
  Checkbox,
  Group,
  Modal,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  TextInput,
  Title,
} from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../../app/api.ts";
import { notifyFailure, notifySuccess } from "../../../components/feedback/notify.ts";
import { dialogSubmit } from "../../../components/form/dialogSubmit.ts";
import { serverFieldErrors, zodValidate } from "../../../components/form/fieldErrors.ts";
import { useProblemMessage } from "../../../components/problemMessage.ts";
import { EntitySearchField } from "../../../components/search/EntitySearchField.tsx";
import { LandSelect } from "../../land/LandSelect.tsx";
import { KUNDE_KEY } from "./kundeQuick.api.ts";
import {
  type KontaktQuickValues,
  type KundeQuickValues,
  kontaktAusForm,
  kontaktFehler,
  kontaktFehlt,
  kundeAusForm,
  kundeFehlt,
  kundeMitKontakt,
  leererKontakt,
  leererKunde,
  zeileAusKunde,
} from "./kundeQuick.form.ts";
import { useKundeSearchProps } from "./kundeSearchProps.tsx";
import { QuickActions, useFelderText } from "./QuickActions.tsx";

const validateKunde = zodValidate(ZKundeSpeichern);
const validateKontakt = zodValidate(ZKundeKontakt);

/** What the dialog created: the customer (as a list row); for a contact person also the contact as saved. */
export type KundeQuickErgebnis = TKundeZeile & { kontakt?: TKundeKontakt };

export type KundeQuickArt = "kunde" | "kontakt";

export interface KundeQuickCreateModalProps {
  opened: boolean;
  onClose: () => void;
  /** Typed search text: the new customer's company name. */
  initialText?: string;
  /** Called with the saved customer (contact person: the customer it was added to, plus the contact). */
  onCreated: (kunde: KundeQuickErgebnis) => void;
  /** Which of the two the dialog starts with; the user can switch. Default "kunde". */
  mode?: KundeQuickArt;
  /** A new customer is a supplier (ticked, can be unticked); the contact's customer is searched among suppliers. */
  lieferant?: boolean;
  /** Contact person: the customer chosen at the start. */
  kunde?: TKundeZeile | null;
}

/**
 * SPEC §2 "quick create customer or contact person". Kunde: type, name, billing address, e-mail, phone, supplier
 * flag → PUT kundes with neuerKunde()'s defaults. Ansprechperson: a customer (search) and the contact's fields →
 * GET kundes/{id}, contact appended, PUT kundes. Save stays disabled, with the missing fields named, while the
 * SPEC §5 rules say so; the server's field errors appear at the fields and the input is kept.
 */
export function KundeQuickCreateModal(props: KundeQuickCreateModalProps) {
  const { t } = useTranslation("kundesuche");
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t("neu.title")} size="lg" centered>
      {/* Mounted per opening: every opening starts from the given text, not from the last input. */}
      {props.opened && <QuickCreateInhalt {...props} />}
    </Modal>
  );
}

function QuickCreateInhalt({
  onClose,
  initialText = "",
  onCreated,
  mode = "kunde",
  lieferant = false,
  kunde: vorgewaehlt = null,
}: KundeQuickCreateModalProps) {
  const { t } = useTranslation(["kundesuche", "crud"]);
  const problemMessage = useProblemMessage();
  const felderText = useFelderText();
  const queryClient = useQueryClient();
  const [art, setArt] = useState<KundeQuickArt>(mode);
  const [kontaktKunde, setKontaktKunde] = useState<TKundeZeile | null>(vorgewaehlt);
  // The contact's customer: the customer search without quick create (this is the quick create).
  const kundeSuche = useKundeSearchProps({ lieferant });
  // Field errors of the stored customer itself (not of the new contact), in words.
  const [kundeUnvollstaendig, setKundeUnvollstaendig] = useState<string | null>(null);
  const kontaktIndex = useRef(0);

  const kundeForm = useForm<KundeQuickValues>({
    mode: "controlled",
    initialValues: leererKunde(initialText, lieferant),
    validate: (values) => validateKunde(kundeAusForm(values)),
    validateInputOnBlur: true,
  });
  const kontaktForm = useForm<KontaktQuickValues>({
    mode: "controlled",
    initialValues: leererKontakt(),
    validate: (values) => validateKontakt(kontaktAusForm(values)),
    validateInputOnBlur: true,
  });

  const fertig = (ergebnis: KundeQuickErgebnis) => {
    notifySuccess(t("crud:toast.created"));
    // Lists and searches of the area show the new customer (or contact) at once.
    void queryClient.invalidateQueries({ queryKey: [KUNDE_KEY] });
    onCreated(ergebnis);
    onClose();
  };

  const kundeSpeichern = useMutation({
    mutationFn: async (values: KundeQuickValues) => {
      const body = kundeAusForm(values);
      return zeileAusKunde(await api.put<unknown>("kundes", body), body);
    },
    onSuccess: fertig,
    onError: (error) => {
      if (isApiError(error) && error.fieldErrors.length > 0)
        kundeForm.setErrors(serverFieldErrors(error.fieldErrors));
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    },
  });

  const kontaktSpeichern = useMutation({
    mutationFn: async ({ values, kunde }: { values: KontaktQuickValues; kunde: TKundeZeile }) => {
      const kontakt = kontaktAusForm(values);
      const gespeichert = await api.get<unknown>(`kundes/${kunde.id}`);
      const { body, index } = kundeMitKontakt(gespeichert, kontakt);
      kontaktIndex.current = index;
      const antwort = await api.put<unknown>("kundes", body);
      const kontakte = (antwort as { kundeKontakte?: unknown } | null)?.kundeKontakte;
      const neu = Array.isArray(kontakte) ? (kontakte[index] as TKundeKontakt | undefined) : undefined;
      return { ...kunde, kontakt: neu ?? kontakt };
    },
    onSuccess: fertig,
    onError: (error) => {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        const { kontakt, kunde } = kontaktFehler(error.fieldErrors, kontaktIndex.current);
        kontaktForm.setErrors(serverFieldErrors(kontakt));
        setKundeUnvollstaendig(kunde.length > 0 ? felderText(kunde.map((fehler) => fehler.field)) : null);
      }
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    },
  });

  const ungueltig = () => notifyFailure(t("crud:toast.saveFailed"), t("crud:form.invalid"));
  const fehlt =
    art === "kunde" ? kundeFehlt(kundeForm.values) : kontaktFehlt(kontaktForm.values, kontaktKunde !== null);

  return (
    <form
      noValidate
      onSubmit={dialogSubmit(
        art === "kunde"
          ? kundeForm.onSubmit((values) => kundeSpeichern.mutate(values), ungueltig)
          : kontaktForm.onSubmit((values) => {
              if (kontaktKunde) kontaktSpeichern.mutate({ values, kunde: kontaktKunde });
            }, ungueltig),
      )}
    >
      <Stack gap="md">
        <SegmentedControl
          aria-label={t("neu.art")}
          fullWidth
          value={art}
          onChange={(next) => setArt(next as KundeQuickArt)}
          data={[
            { value: "kunde", label: t("neu.kunde") },
            { value: "kontakt", label: t("neu.kontakt") },
          ]}
        />
        {art === "kunde" ? (
          <KundeFelder form={kundeForm} />
        ) : (
          <Stack gap="sm">
            <EntitySearchField
              {...kundeSuche}
              value={kontaktKunde}
              onChange={(kunde) => {
                setKontaktKunde(kunde);
                setKundeUnvollstaendig(null);
              }}
              withAsterisk
              autoFocus={vorgewaehlt === null}
              description={t("neu.kontaktHinweis")}
            />
            {kundeUnvollstaendig && (
              <Alert color="red" role="alert">
                {t("neu.kundeUnvollstaendig", { felder: kundeUnvollstaendig })}
              </Alert>
            )}
            <KontaktFelder form={kontaktForm} autoFocus={vorgewaehlt !== null} />
          </Stack>
        )}
        <QuickActions
          fehlt={fehlt}
          pending={kundeSpeichern.isPending || kontaktSpeichern.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}

function useAnreden() {
  const { t } = useTranslation("kundesuche");
  return GESCHLECHT_TYPEN.map((value) => ({ value, label: t(`anrede.${value}`) }));
}

function KundeFelder({ form }: { form: UseFormReturnType<KundeQuickValues> }) {
  const { t } = useTranslation("kundesuche");
  const anreden = useAnreden();
  const privat = form.values.firma === "privatperson";
  const land = form.getInputProps("adresseLists.0.land");
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t("neu.typ")}
        value={form.values.firma}
        onChange={(value) => form.setFieldValue("firma", value === "privatperson" ? "privatperson" : "firma")}
      >
        <Group gap="lg" mt={6}>
          <Radio value="firma" label={t("neu.typFirma")} />
          <Radio value="privatperson" label={t("neu.typPrivat")} />
        </Group>
      </Radio.Group>
      {privat ? (
        <Group grow align="flex-start">
          <Select
            label={t("feld.geschlecht")}
            withAsterisk
            data={anreden}
            key={form.key("geschlecht")}
            {...form.getInputProps("geschlecht")}
            value={form.values.geschlecht || null}
            onChange={(value) => form.setFieldValue("geschlecht", (value ?? "") as TGeschlechtTyp | "")}
          />
          <TextInput
            label={t("feld.vorname")}
            withAsterisk
            maxLength={100}
            data-autofocus
            key={form.key("vorname")}
            {...form.getInputProps("vorname")}
          />
          <TextInput
            label={t("feld.nachname")}
            withAsterisk
            maxLength={100}
            key={form.key("nachname")}
            {...form.getInputProps("nachname")}
          />
        </Group>
      ) : (
        <TextInput
          label={t("feld.bezeichnung")}
          withAsterisk
          maxLength={200}
          data-autofocus
          key={form.key("bezeichnung")}
          {...form.getInputProps("bezeichnung")}
        />
      )}
      <Title order={3} size="h5" mt="xs">
        {t("neu.rechnungsadresse")}
      </Title>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label={t("feld.strasse")}
          withAsterisk
          maxLength={ADRESSE_MAX.strasse}
          style={{ flex: 1 }}
          key={form.key("adresseLists.0.strasse")}
          {...form.getInputProps("adresseLists.0.strasse")}
        />
        <TextInput
          label={t("feld.hausNummer")}
          maxLength={ADRESSE_MAX.hausNummer}
          w={110}
          key={form.key("adresseLists.0.hausNummer")}
          {...form.getInputProps("adresseLists.0.hausNummer")}
        />
      </Group>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput
          label={t("feld.plz")}
          withAsterisk
          maxLength={ADRESSE_MAX.plz}
          w={110}
          key={form.key("adresseLists.0.plz")}
          {...form.getInputProps("adresseLists.0.plz")}
        />
        <TextInput
          label={t("feld.ort")}
          withAsterisk
          maxLength={ADRESSE_MAX.ort}
          style={{ flex: 1 }}
          key={form.key("adresseLists.0.ort")}
          {...form.getInputProps("adresseLists.0.ort")}
        />
      </Group>
      <LandSelect
        label={t("feld.land")}
        withAsterisk
        key={form.key("adresseLists.0.land")}
        {...land}
        value={form.values.adresseLists[0].land || null}
        onChange={(value) => form.setFieldValue("adresseLists.0.land", value ?? "")}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t("feld.email")}
          // Text, not type="email": the browser would refuse umlauts in the local part, which SPEC §5 allows.
          inputMode="email"
          maxLength={100}
          key={form.key("email")}
          {...form.getInputProps("email")}
        />
        <TextInput
          label={t("feld.telnr")}
          type="tel"
          maxLength={50}
          key={form.key("telnr")}
          {...form.getInputProps("telnr")}
        />
      </Group>
      <Checkbox
        label={t("feld.lieferant")}
        key={form.key("lieferant")}
        {...form.getInputProps("lieferant", { type: "checkbox" })}
      />
    </Stack>
  );
}

function KontaktFelder({
  form,
  autoFocus,
}: {
  form: UseFormReturnType<KontaktQuickValues>;
  autoFocus: boolean;
}) {
  const { t } = useTranslation("kundesuche");
  const anreden = useAnreden();
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <Select
          label={t("feld.geschlecht")}
          data={anreden}
          clearable
          key={form.key("geschlecht")}
          {...form.getInputProps("geschlecht")}
          value={form.values.geschlecht || null}
          onChange={(value) => form.setFieldValue("geschlecht", (value ?? "") as TGeschlechtTyp | "")}
        />
        <TextInput
          label={t("feld.vorname")}
          maxLength={100}
          data-autofocus={autoFocus || undefined}
          key={form.key("vorname")}
          {...form.getInputProps("vorname")}
        />
        <TextInput
          label={t("feld.nachname")}
          withAsterisk
          maxLength={100}
          key={form.key("nachname")}
          {...form.getInputProps("nachname")}
        />
      </Group>
      <Group grow align="flex-start">
        <TextInput
          label={t("feld.email")}
          // Text, not type="email": the browser would refuse umlauts in the local part, which SPEC §5 allows.
          inputMode="email"
          maxLength={100}
          key={form.key("email")}
          {...form.getInputProps("email")}
        />
        <TextInput
          label={t("feld.telnr")}
          type="tel"
          maxLength={50}
          key={form.key("telnr")}
          {...form.getInputProps("telnr")}
        />
      </Group>
    </Stack>
  );
}
