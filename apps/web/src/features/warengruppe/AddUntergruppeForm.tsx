import { ZUntergruppe } from "@kontor/domain/warengruppe/warengruppe.schema";
import { Alert, Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../app/api.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { MissingHint } from "../../components/form/FormActions.tsx";
import { zodValidate } from "../../components/form/fieldErrors.ts";
import { showServerErrors, useSaveRules } from "../../components/form/useSaveRules.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { emptyUntergruppe, type UntergruppeValues, untergruppeFromForm } from "./untergruppe.form.ts";

const validateUntergruppe = zodValidate(ZUntergruppe);

/**
 * The form of the "Untergruppe hinzufügen" dialog (UntergruppenSection): "Speichern und nächste" keeps it open for
 * the next subgroup, "Speichern" closes it.
 */
export function AddUntergruppeForm({ warengruppeId, onDone }: { warengruppeId: number; onDone: () => void }) {
  const { t } = useTranslation(["stammdaten", "crud"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const codeInput = useRef<HTMLInputElement>(null);
  const initialValues = useMemo(() => emptyUntergruppe(warengruppeId), [warengruppeId]);
  const form = useForm<UntergruppeValues>({
    mode: "controlled",
    initialValues,
    validate: (values) => validateUntergruppe(untergruppeFromForm(values)),
    validateInputOnBlur: true,
  });
  const regeln = useSaveRules(form, (values) => validateUntergruppe(untergruppeFromForm(values)), {
    id: "untergruppe-neu-fehlt",
    label: (path) => (path === "warengruppe" ? t("untergruppe.field.warengruppe") : undefined),
  });
  const aus = regeln.blocked ? { disabled: true, "aria-describedby": regeln.missing.id } : {};

  const save = useMutation({
    mutationFn: ({ values }: { values: UntergruppeValues; next: boolean }) =>
      api.put<unknown>("untergruppes", untergruppeFromForm(values)),
    onSuccess: (_, { next }) => {
      notifySuccess(t("crud:toast.created"));
      // The subgroup lists and the goods groups (their subgroups, the count in the list) show it.
      void queryClient.invalidateQueries({ queryKey: ["untergruppe"] });
      void queryClient.invalidateQueries({ queryKey: ["warengruppe"] });
      if (!next) {
        onDone();
        return;
      }
      form.reset();
      codeInput.current?.focus();
    },
    onError: (error) => {
      showServerErrors(form, error);
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // "Speichern und nächste" is the first submit button, so Enter in a field also keeps the dialog open.
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        const next = submitter?.dataset.next === "true";
        form.onSubmit(
          (values) => save.mutate({ values, next }),
          () => notifyFailure(t("crud:toast.saveFailed"), t("crud:form.invalid")),
        )(event);
      }}
    >
      <Stack gap="md">
        <Group grow align="flex-start">
          <TextInput
            ref={codeInput}
            data-autofocus
            label={t("untergruppe.field.unterGruppe")}
            description={t("untergruppe.hint.unterGruppe")}
            withAsterisk
            maxLength={20}
            key={form.key("unterGruppe")}
            {...form.getInputProps("unterGruppe")}
          />
          <TextInput
            label={t("untergruppe.field.bezeichnung")}
            withAsterisk
            maxLength={100}
            key={form.key("bezeichnung")}
            {...form.getInputProps("bezeichnung")}
          />
        </Group>
        {form.errors.warengruppe && (
          <Alert color="red" role="alert">
            {form.errors.warengruppe}
          </Alert>
        )}
        <MissingHint missing={regeln.missing} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} mr="auto">
            {t("crud:action.cancel")}
          </Button>
          <Button
            type="submit"
            variant="light"
            data-next="true"
            loading={save.isPending && save.variables?.next}
            {...aus}
          >
            {t("warengruppe.untergruppen.saveAndNext")}
          </Button>
          <Button type="submit" data-next="false" loading={save.isPending && !save.variables?.next} {...aus}>
            {t("crud:action.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
