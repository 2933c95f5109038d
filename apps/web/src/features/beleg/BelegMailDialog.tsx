import {
  type TBelegMailEntwurf,
  type TBelegMailSenden,
  ZBelegMailSenden,
} from "@kontor/domain/beleg/belegMail.schema";
import { ERECHNUNG_FORMATE } from "@kontor/domain/erechnung/erechnung.codes";
import { toFieldErrors } from "@kontor/domain/http/field-errors";
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Input,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type ApiFieldError, isApiError } from "../../app/api.ts";
import { notifySuccess } from "../../components/feedback/notify.ts";
import { dialogSubmit } from "../../components/form/dialogSubmit.ts";
import { MissingHint } from "../../components/form/FormActions.tsx";
import { fieldErrorMessage } from "../../components/form/fieldErrors.ts";
import { useSaveRules } from "../../components/form/useSaveRules.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { type ApiRegel, ErechnungRegeln, regelnAus } from "../erechnung/ErechnungRegeln.tsx";
import { mailEntwurfQuery, mailSenden } from "./beleg.api.ts";
import { belegKeys } from "./beleg.resource.ts";

type MailValues = Omit<TBelegMailSenden, "cc"> & { cc: string[] };

/** Addresses may be typed or pasted separated by comma, semicolon, space or a line break. */
const TRENNER = [",", ";", " ", "\n"];

/** The problem code of a send that reached some recipients while the server refused the marked ones. */
const TEILWEISE = "error.mailPartlySent";

/**
 * Field errors as the form shows them: an address list gets one message naming its invalid and its refused
 * addresses ("to.1" → the list "to"); an empty list reads "required"; other fields their translated code.
 */
export function mailFehler(
  t: TFunction<"beleg">,
  fieldErrors: readonly ApiFieldError[],
  values: Pick<MailValues, "to" | "cc">,
  absender: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const listen: Record<"to" | "cc", { ungueltig: string[]; abgelehnt: string[] }> = {
    to: { ungueltig: [], abgelehnt: [] },
    cc: { ungueltig: [], abgelehnt: [] },
  };
  for (const fehler of fieldErrors) {
    const eintrag = /^(to|cc)\.(\d+)$/.exec(fehler.field);
    if (eintrag) {
      const liste = eintrag[1] as "to" | "cc";
      const adresse = values[liste][Number(eintrag[2])] ?? "";
      listen[liste][fehler.code === "rejected" ? "abgelehnt" : "ungueltig"].push(adresse);
    } else if (fehler.field === "kopieAnMich" && fehler.code === "rejected") {
      errors.kopieAnMich = t("mail.abgelehnt", { adressen: absender });
    } else if (fehler.field === "to" || fehler.field === "cc") {
      errors[fehler.field] ??= fieldErrorMessage(fehler.code === "min" ? "required" : fehler.code, fehler);
    } else {
      errors[fehler.field] ??= fieldErrorMessage(fehler.code, fehler);
    }
  }
  for (const liste of ["to", "cc"] as const) {
    const { ungueltig, abgelehnt } = listen[liste];
    const teile = [
      ...(ungueltig.length > 0 ? [t("mail.ungueltig", { adressen: ungueltig.join(", ") })] : []),
      ...(abgelehnt.length > 0 ? [t("mail.abgelehnt", { adressen: abgelehnt.join(", ") })] : []),
    ];
    if (teile.length > 0) errors[liste] = teile.join(" ");
  }
  return errors;
}

/**
 * Send a finalized document by mail (SPEC §4, issue 16): recipients prefilled from the customer and its contacts
 * (editable, more addresses typed or picked), Cc, a copy to oneself, subject and text of the document type's
 * template; the account's signature and the PDF are shown as they will go along. Sent: "Mail sent" and the dialog
 * closes. Refused: the translated reason stays in the dialog with everything typed, so it can be sent again; when
 * the mail reached some recipients, only the refused ones are left to send to.
 */
export function BelegMailDialog({
  belegId,
  erechnungMoeglich = false,
  onClose,
}: {
  belegId: number;
  /** A finalized invoice type: the dialog offers to attach its e-invoice. */
  erechnungMoeglich?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(["beleg", "crud"]);
  const tb = t as unknown as TFunction<"beleg">;
  const problemMessage = useProblemMessage();
  const entwurf = useQuery(mailEntwurfQuery(belegId));

  return (
    <Modal opened onClose={onClose} title={tb("mail.titel")} size="xl">
      {entwurf.isPending ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label={tb("mail.laden")} />
        </Group>
      ) : entwurf.isError ? (
        <Stack gap="md">
          <Alert color="red" role="alert" title={tb("mail.ladenFehler")}>
            {problemMessage(entwurf.error)}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("crud:action.close")}
            </Button>
          </Group>
        </Stack>
      ) : (
        <MailFormular
          belegId={belegId}
          entwurf={entwurf.data}
          erechnungMoeglich={erechnungMoeglich}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function MailFormular({
  belegId,
  entwurf,
  erechnungMoeglich,
  onClose,
}: {
  belegId: number;
  entwurf: TBelegMailEntwurf;
  erechnungMoeglich: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(["beleg", "crud"]);
  const tb = t as unknown as TFunction<"beleg">;
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const [sendet, setSendet] = useState(false);
  const [fehler, setFehler] = useState<string | null>(null);
  const [regeln, setRegeln] = useState<ApiRegel[]>([]);
  const { t: te } = useTranslation("erechnung");
  const form = useForm<MailValues>({
    mode: "controlled",
    initialValues: {
      to: entwurf.to,
      cc: entwurf.cc,
      kopieAnMich: false,
      betreff: entwurf.betreff,
      text: entwurf.text,
      erechnung: erechnungMoeglich ? entwurf.erechnung : null,
    },
    validate: (values) => pruefen(values),
    validateInputOnBlur: true,
  });
  function pruefen(values: MailValues) {
    const result = ZBelegMailSenden.safeParse(values);
    return result.success
      ? {}
      : mailFehler(tb, toFieldErrors(result.error.issues, values), values, entwurf.absender);
  }
  // Sending is off while the rules find errors; the row above the buttons names the inputs.
  const saveRules = useSaveRules(form, pruefen, {
    id: "beleg-mail-fehlt",
    text: t("crud:form.fehltSenden"),
  });
  const namen = new Map(entwurf.vorschlaege.map((v) => [v.email, v.name]));

  const absenden = async (values: MailValues) => {
    setSendet(true);
    setFehler(null);
    setRegeln([]);
    try {
      await mailSenden(belegId, ZBelegMailSenden.parse(values));
      void queryClient.invalidateQueries({ queryKey: belegKeys.historie(belegId) });
      notifySuccess(t("crud:toast.mailSent"));
      onClose();
    } catch (error) {
      setFehler(problemMessage(error));
      if (!isApiError(error)) return;
      setRegeln(regelnAus(error));
      if (error.code === TEILWEISE) {
        // Sent to the others (and recorded): what is left to send is the refused addresses only.
        void queryClient.invalidateQueries({ queryKey: belegKeys.historie(belegId) });
        const abgelehnt = (liste: "to" | "cc") =>
          error.fieldErrors.flatMap((f) => {
            const treffer = new RegExp(`^${liste}\\.(\\d+)$`).exec(f.field);
            return treffer ? [values[liste][Number(treffer[1])] ?? ""] : [];
          });
        const rest = { to: abgelehnt("to"), cc: abgelehnt("cc") };
        const kopieAbgelehnt = error.fieldErrors.some((f) => f.field === "kopieAnMich");
        form.setValues({ ...rest, kopieAnMich: kopieAbgelehnt });
        form.setErrors(
          mailFehler(
            tb,
            [
              ...rest.to.map((_, i) => ({ field: `to.${i}`, code: "rejected" })),
              ...rest.cc.map((_, i) => ({ field: `cc.${i}`, code: "rejected" })),
              ...(kopieAbgelehnt ? [{ field: "kopieAnMich", code: "rejected" }] : []),
            ],
            rest,
            entwurf.absender,
          ),
        );
        return;
      }
      if (error.fieldErrors.length > 0)
        form.setErrors(mailFehler(tb, error.fieldErrors, values, entwurf.absender));
    } finally {
      setSendet(false);
    }
  };

  const adressen = (feld: "to" | "cc", label: string) => (
    <TagsInput
      label={label}
      description={feld === "to" ? tb("mail.adressenHinweis") : undefined}
      withAsterisk={feld === "to"}
      data={entwurf.vorschlaege.map((v) => v.email)}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{namen.get(option.value) ?? option.value}</Text>
          <Text size="xs" c="dimmed">
            {option.value}
          </Text>
        </Stack>
      )}
      splitChars={TRENNER}
      clearable
      key={form.key(feld)}
      {...form.getInputProps(feld)}
    />
  );

  return (
    <form noValidate onSubmit={dialogSubmit(form.onSubmit((values) => void absenden(values)))}>
      <Stack gap="sm">
        {adressen("to", tb("mail.an"))}
        {adressen("cc", tb("mail.cc"))}
        <Checkbox
          label={tb("mail.kopieAnMich", { email: entwurf.absender })}
          key={form.key("kopieAnMich")}
          {...form.getInputProps("kopieAnMich", { type: "checkbox" })}
        />
        <TextInput
          label={tb("mail.betreff")}
          withAsterisk
          maxLength={200}
          key={form.key("betreff")}
          {...form.getInputProps("betreff")}
        />
        <Textarea
          label={tb("mail.text")}
          withAsterisk
          autosize
          minRows={8}
          maxRows={16}
          key={form.key("text")}
          {...form.getInputProps("text")}
        />
        <Input.Wrapper label={tb("mail.signatur")}>
          {entwurf.signatur ? (
            <Paper withBorder p="xs" data-testid="mail-signatur">
              <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
                {entwurf.signatur}
              </Text>
            </Paper>
          ) : (
            <Text size="sm" c="dimmed">
              {tb("mail.ohneSignatur")}
            </Text>
          )}
        </Input.Wrapper>
        <Input.Wrapper label={tb("mail.anhang")}>
          <Text size="sm" data-testid="mail-anhang">
            {entwurf.anhang.dateiname} ({Math.max(1, Math.round(entwurf.anhang.bytes / 1024))} KB)
          </Text>
        </Input.Wrapper>
        {erechnungMoeglich && (
          <Select
            label={te("mail.anhaengen")}
            description={te("mail.hinweis")}
            data={[
              { value: "", label: te("mail.keine") },
              ...ERECHNUNG_FORMATE.map((format) => ({ value: format, label: te(`formate.${format}`) })),
            ]}
            allowDeselect={false}
            value={form.getValues().erechnung ?? ""}
            onChange={(value) => form.setFieldValue("erechnung", (value || null) as MailValues["erechnung"])}
          />
        )}
        {fehler && (
          <Alert color="red" role="alert" title={tb("mail.fehler")}>
            <Stack gap="xs">
              <Text size="sm">{fehler}</Text>
              {regeln.length > 0 && <ErechnungRegeln regeln={regeln} />}
            </Stack>
          </Alert>
        )}
        <MissingHint missing={saveRules.missing} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("crud:action.cancel")}
          </Button>
          <Button
            type="submit"
            loading={sendet}
            disabled={saveRules.blocked}
            aria-describedby={saveRules.blocked ? saveRules.missing.id : undefined}
          >
            {tb("mail.senden")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
