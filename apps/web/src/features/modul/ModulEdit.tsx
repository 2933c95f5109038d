import { type TModultyp, ZModultyp } from "@kontor/domain/modul/modul.schema";
import { Paper, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../app/api.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { BackLink, EditLoadFailed, EditLoading, parseSlug } from "../../components/form/EditStates.tsx";
import { FormActions } from "../../components/form/FormActions.tsx";
import { zodValidate } from "../../components/form/fieldErrors.ts";
import { showServerErrors, useSaveRules } from "../../components/form/useSaveRules.ts";
import { useUnsavedChangesGuard } from "../../components/form/useUnsavedChangesGuard.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { modultypQuery, saveModultyp } from "./modul.api.ts";
import { modulKeys } from "./modul.list.api.ts";

const validateModultyp = zodValidate(ZModultyp);

interface ModultypValues {
  id?: number;
  name: TModultyp["name"];
  bezeichnung: string;
  beschreibung: string;
}

const LIST_PATH = "/module_list/";

/** /module/{id} (admin only): name and description of a module type; its code is fixed. */
export function ModulEditPage() {
  const { slug = "" } = useParams({ strict: false });
  const id = parseSlug(slug, false);
  if (id === null || id === "new")
    return (
      <EditLoadFailed error={new ApiError({ status: 404, code: "error.notFound" })} backTo={LIST_PATH} />
    );
  return <ModulEdit key={id} id={id} />;
}

function ModulEdit({ id }: { id: number }) {
  const { t } = useTranslation(["modultyp", "crud", "common"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const detail = useQuery(modultypQuery(id));
  const form = useForm<ModultypValues>({
    mode: "controlled",
    initialValues: { name: "rksv", bezeichnung: "", beschreibung: "" },
    validate: (values) => validateModultyp(values),
    validateInputOnBlur: true,
  });
  const saveRules = useSaveRules(form, validateModultyp, { id: "modultyp-save-fehlt" });
  const leaveDialog = useUnsavedChangesGuard(() => form.isDirty());

  const loaded = detail.data;
  const { initialize } = form;
  useEffect(() => {
    if (loaded) initialize({ ...loaded, beschreibung: loaded.beschreibung ?? "" });
  }, [loaded, initialize]);

  const save = useMutation({
    mutationFn: (values: ModultypValues) => saveModultyp(ZModultyp.parse(values)),
    onSuccess: (saved) => {
      queryClient.setQueryData(modulKeys.detail(id), saved);
      void queryClient.invalidateQueries({ queryKey: modulKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: modulKeys.names() });
      const values = { ...saved, beschreibung: saved.beschreibung ?? "" };
      form.setInitialValues(values);
      form.setValues(values);
      notifySuccess(t("crud:toast.saved"));
    },
    onError: (error) => {
      showServerErrors(form, error);
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    },
  });

  if (detail.isPending) return <EditLoading />;
  if (detail.isError) return <EditLoadFailed error={detail.error} backTo={LIST_PATH} />;

  return (
    <Stack gap="lg" maw={800}>
      <Stack gap={4}>
        <BackLink to={LIST_PATH} />
        <Title order={1}>{t("title.edit")}</Title>
      </Stack>
      <form
        noValidate
        onSubmit={form.onSubmit(
          (values) => save.mutate(values),
          () => notifyFailure(t("crud:toast.saveFailed"), t("crud:form.invalid")),
        )}
      >
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <TextInput
              label={t("field.name")}
              description={t("hint.name")}
              readOnly
              variant="filled"
              value={form.values.name}
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
            />
            <TextInput
              label={t("field.bezeichnung")}
              withAsterisk
              maxLength={100}
              key={form.key("bezeichnung")}
              {...form.getInputProps("bezeichnung")}
            />
            <Textarea
              label={t("field.beschreibung")}
              autosize
              minRows={3}
              maxRows={10}
              maxLength={2000}
              key={form.key("beschreibung")}
              {...form.getInputProps("beschreibung")}
            />
            <FormActions
              dirty={form.isDirty()}
              pending={save.isPending}
              onReset={() => form.reset()}
              missing={saveRules.missing}
            />
          </Stack>
        </Paper>
      </form>
      {leaveDialog}
    </Stack>
  );
}
