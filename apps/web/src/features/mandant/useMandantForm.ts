import { ZMandant } from "@kontor/domain/mandant/mandant.schema";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { serverFieldErrors, zodValidate } from "../../components/form/fieldErrors.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { mandantKeys, mandantQuery, saveMandant } from "./mandant.api.ts";
import { emptyMandant, type MandantFormValues, toFormValues, toPayload } from "./mandant.form.ts";

const validateMandant = zodValidate(ZMandant);

/**
 * The tenant form shared by the plain edit and the wizard (DESIGN §3): loads the tenant, validates with the
 * shared schema, saves with PUT mandants, shows server field errors at the fields and keeps what the user typed
 * when saving fails.
 */
export function useMandantForm(id: number | "new") {
  const { t } = useTranslation("crud");
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const form = useForm<MandantFormValues>({
    mode: "controlled",
    initialValues: emptyMandant(),
    validate: (values) => validateMandant(toPayload(values)),
  });

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
      if (isApiError(error) && error.fieldErrors.length > 0)
        form.setErrors(serverFieldErrors(error.fieldErrors));
      notifyFailure(t("toast.saveFailed"), problemMessage(error));
    },
  });

  return { form, detail, save };
}

export type MandantForm = ReturnType<typeof useMandantForm>["form"];
