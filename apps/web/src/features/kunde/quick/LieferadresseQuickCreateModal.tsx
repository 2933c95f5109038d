import { type TKundeAdresse, ZAdresseAnlegen, ZKundeAdresse } from "@kontor/domain/kunde/kunde.api";
import { ADRESSE_MAX } from "@kontor/domain/kunde/kunde.rules";
import { Checkbox, Group, Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api, isApiError } from "../../../app/api.ts";
import { notifyFailure, notifySuccess } from "../../../components/feedback/notify.ts";
import { dialogSubmit } from "../../../components/form/dialogSubmit.ts";
import { serverFieldErrors, zodValidate } from "../../../components/form/fieldErrors.ts";
import { useProblemMessage } from "../../../components/problemMessage.ts";
import { LandSelect } from "../../land/LandSelect.tsx";
import { KUNDE_KEY } from "./kundeQuick.api.ts";
import {
  type LieferadresseValues,
  leereLieferadresse,
  lieferadresseAusForm,
  lieferadresseFehltIn,
} from "./kundeQuick.form.ts";
import { QuickActions } from "./QuickActions.tsx";

const validateAdresse = zodValidate(ZAdresseAnlegen);

export interface LieferadresseQuickCreateModalProps {
  opened: boolean;
  onClose: () => void;
  /** The customer the address belongs to. */
  kundeId: number;
  /** Called with the address as the server saved it (POST adresses → 201). */
  onCreated: (adresse: TKundeAdresse) => void;
}

/**
 * SPEC §5 delivery-address quick create: POST adresses {…, kundeId}. Strasse, Hausnummer, PLZ, Ort and Land are
 * required (lieferadresseFehlt: save disabled, the missing fields named); maximum lengths of SPEC §9.
 */
export function LieferadresseQuickCreateModal(props: LieferadresseQuickCreateModalProps) {
  const { t } = useTranslation("kundesuche");
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t("lieferadresse.title")} size="lg" centered>
      {props.opened && <LieferadresseForm {...props} />}
    </Modal>
  );
}

function LieferadresseForm({ onClose, kundeId, onCreated }: LieferadresseQuickCreateModalProps) {
  const { t } = useTranslation(["kundesuche", "crud"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const form = useForm<LieferadresseValues>({
    mode: "controlled",
    initialValues: leereLieferadresse(),
    validate: (values) => validateAdresse(lieferadresseAusForm(values, kundeId)),
    validateInputOnBlur: true,
  });

  const speichern = useMutation({
    mutationFn: async (values: LieferadresseValues) =>
      ZKundeAdresse.parse(await api.post<unknown>("adresses", lieferadresseAusForm(values, kundeId))),
    onSuccess: (adresse) => {
      notifySuccess(t("crud:toast.created"));
      // The customer's addresses (and the customer itself, which lists them) are stale now.
      void queryClient.invalidateQueries({ queryKey: [KUNDE_KEY] });
      onCreated(adresse);
      onClose();
    },
    onError: (error) => {
      if (isApiError(error) && error.fieldErrors.length > 0)
        form.setErrors(serverFieldErrors(error.fieldErrors));
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    },
  });

  const text = (
    feld: Exclude<keyof LieferadresseValues, "land" | "zuHanden">,
    label: string,
    max: number,
    extra: { withAsterisk?: boolean; w?: number; flex?: boolean; autoFocus?: boolean } = {},
  ) => (
    <TextInput
      label={label}
      withAsterisk={extra.withAsterisk}
      maxLength={max}
      w={extra.w}
      style={extra.flex ? { flex: 1 } : undefined}
      data-autofocus={extra.autoFocus || undefined}
      key={form.key(feld)}
      {...form.getInputProps(feld)}
    />
  );

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
        {text("bezeichnung", t("feld.adresseBezeichnung"), 200, { autoFocus: true })}
        {text("firmenName", t("feld.firmenName"), 200)}
        {text("adressZusatz", t("feld.adressZusatz"), ADRESSE_MAX.adressZusatz)}
        <Group align="flex-start" gap="sm" wrap="nowrap">
          {text("strasse", t("feld.strasse"), ADRESSE_MAX.strasse, { withAsterisk: true, flex: true })}
          {text("hausNummer", t("feld.hausNummer"), ADRESSE_MAX.hausNummer, { withAsterisk: true, w: 110 })}
          {text("stiege", t("feld.stiege"), ADRESSE_MAX.stiege, { w: 90 })}
          {text("tuer", t("feld.tuer"), ADRESSE_MAX.tuer, { w: 90 })}
        </Group>
        <Group align="flex-start" gap="sm" wrap="nowrap">
          {text("plz", t("feld.plz"), ADRESSE_MAX.plz, { withAsterisk: true, w: 110 })}
          {text("ort", t("feld.ort"), ADRESSE_MAX.ort, { withAsterisk: true, flex: true })}
        </Group>
        <LandSelect
          label={t("feld.land")}
          withAsterisk
          key={form.key("land")}
          {...form.getInputProps("land")}
          value={form.values.land || null}
          onChange={(value) => form.setFieldValue("land", value ?? "")}
        />
        <Checkbox
          label={t("feld.zuHanden")}
          key={form.key("zuHanden")}
          {...form.getInputProps("zuHanden", { type: "checkbox" })}
        />
        <QuickActions
          fehlt={lieferadresseFehltIn(form.values)}
          pending={speichern.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
