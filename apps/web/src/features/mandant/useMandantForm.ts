import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { lazyCheck, zodValidate } from "../../components/form/fieldErrors.ts";
import { showServerErrors, useSaveRules } from "../../components/form/useSaveRules.ts";
import { useUnsavedChangesGuard } from "../../components/form/useUnsavedChangesGuard.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { mandantKeys, mandantQuery, mandantSchemas, saveMandant } from "./mandant.api.ts";
import { emptyMandant, type MandantFormValues, toFormValues, toPayload } from "./mandant.form.ts";

/** The shared ZMandant on the payload the values map to; loaded with the screen, a submit or step waits for it. */
const mandantRules = lazyCheck(async (): Promise<(values: MandantFormValues) => Record<string, string>> => {
  const validate = zodValidate((await mandantSchemas()).ZMandantSpeichern);
  return (values) => validate(toPayload(values));
});

/**
 * The tenant form shared by the plain edit and the wizard (DESIGN §3): loads the tenant, validates with the
 * shared schema (`rules`: loaded after the screen, a submit waits for it), saves with PUT mandants, shows server
 * field errors at the fields and keeps what the user typed when saving fails. `saveRules`: Save off with the inputs
 * named while the rules find errors (useSaveRules); `leaveDialog`: asks before leaving unsaved changes.
 */
export function useMandantForm(id: number | "new") {
  const { t, i18n } = useTranslation(["crud", "mandant"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const form = useForm<MandantFormValues>({
    mode: "controlled",
    initialValues: emptyMandant(),
    validate: mandantRules.check,
    validateInputOnBlur: true,
  });
  // Inputs of a step or section not on the page are named by their texts (`adresseLists.0.plz` → PLZ).
  const saveRules = useSaveRules(form, mandantRules, {
    id: "mandant-save-fehlt",
    label: (path) => {
      const last = path.split(".").at(-1) ?? path;
      if (path.startsWith("adresseLists.") && i18n.exists(`mandant:adresse.${last}`))
        return t(`mandant:adresse.${last}` as "mandant:adresse.plz");
      return i18n.exists(`mandant:field.${path}`)
        ? t(`mandant:field.${path}` as "mandant:field.uid")
        : undefined;
    },
  });
  const leaveDialog = useUnsavedChangesGuard(() => form.isDirty());
  useEffect(() => {
    mandantRules.load().catch(() => undefined); // reported on submit, if it still fails then
  }, []);

  const detail = useQuery({
    ...mandantQuery(typeof id === "number" ? id : 0),
    enabled: typeof id === "number",
  });

  // The loaded tenant fills the form once; later refetches do not overwrite what the user is typing.
  const loaded = detail.data;
  const { initialize } = form;
  useEffect(() => {
    if (loaded) initialize(toFormValues(loaded));
  }, [loaded, initialize]);

  const save = useMutation({
    mutationFn: (values: MandantFormValues) => saveMandant(toPayload(values)),
    onSuccess: (saved) => {
      queryClient.setQueryData(mandantKeys.detail(saved.id!), saved);
      void queryClient.invalidateQueries({ queryKey: mandantKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: mandantKeys.mine });
      const values = toFormValues(saved);
      form.setInitialValues(values);
      form.setValues(values);
      form.resetDirty(values);
      notifySuccess(t("toast.saved"));
    },
    onError: (error) => {
      showServerErrors(form, error);
      notifyFailure(t("toast.saveFailed"), problemMessage(error));
    },
  });

  return { form, detail, save, rules: mandantRules, saveRules, leaveDialog };
}

export type MandantForm = ReturnType<typeof useMandantForm>["form"];
