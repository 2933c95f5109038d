import type { Namespace } from "@kontor/i18n/languages";
import { Paper, Stack, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "@tanstack/react-router";
import { useEffect, useMemo } from "react";
import { notifyFailure, notifySuccess } from "../feedback/notify.ts";
import { BackLink, EditLoadFailed, EditLoading, NOT_FOUND, parseSlug } from "../form/EditStates.tsx";
import { FormActions } from "../form/FormActions.tsx";
import { lazyCheck, zodValidate } from "../form/fieldErrors.ts";
import { showServerErrors, useSaveRules } from "../form/useSaveRules.ts";
import { useUnsavedChangesGuard } from "../form/useUnsavedChangesGuard.tsx";
import { useProblemMessage } from "../problemMessage.ts";
import { editCalls, type Resource } from "./resource.ts";
import { useResourceT } from "./resourceTexts.ts";

type Row = { id?: number | undefined };

/**
 * The edit screen of a resource at {editPath}/{id|new}: loads, validates with the shared schema (Save off while it
 * finds errors, the inputs named beside it, an input's error at the input once left: useSaveRules), saves (the
 * server's field errors at the inputs); leaving it with unsaved changes asks first (useUnsavedChangesGuard).
 */
export function ResourceEditPage<T extends Row, V extends object, N extends Namespace>({
  resource,
}: {
  resource: Resource<T, V, N>;
}) {
  const { slug = "" } = useParams({ strict: false });
  const id = parseSlug(slug, !resource.noCreate);
  if (id === null) return <EditLoadFailed error={NOT_FOUND} backTo={resource.listPath} />;
  return <ResourceEdit key={slug} resource={resource} id={id} />;
}

function ResourceEdit<T extends Row, V extends object, N extends Namespace>({
  resource,
  id,
}: {
  resource: Resource<T, V, N>;
  id: number | "new";
}) {
  const { t, rt } = useResourceT(resource);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const calls = useMemo(() => editCalls(resource), [resource]);
  // The shared schema loads with the screen (not in its first load); a submit waits for it.
  const rules = useMemo(() => lazyCheck(async () => zodValidate(await resource.schema())), [resource]);
  useEffect(() => {
    rules.load().catch(() => undefined); // reported on submit, if it still fails then
  }, [rules]);
  const detail = useQuery({
    ...calls.detail(id === "new" ? 0 : id),
    enabled: id !== "new",
  });
  const form = useForm<V>({
    mode: "controlled",
    initialValues: resource.empty(),
    validate: (values) => rules.check(resource.fromForm(values)),
    validateInputOnBlur: true,
  });
  // Save is off while the shared rules find errors; the save row names the inputs.
  const saveRules = useSaveRules(
    form,
    { load: rules.load, check: (values) => rules.check(resource.fromForm(values)) },
    { id: `${resource.key}-save-fehlt` },
  );

  const loaded = detail.data;
  const { initialize } = form;
  useEffect(() => {
    if (loaded) initialize(resource.toForm(loaded));
  }, [loaded, initialize, resource]);

  const save = useMutation({
    mutationFn: (values: V) => calls.save(resource.fromForm(values)),
    onSuccess: (saved) => {
      for (const queryKey of [calls.keys.all, ...(resource.invalidates ?? [])])
        void queryClient.invalidateQueries({ queryKey });
      notifySuccess(t(id === "new" ? "toast.created" : "toast.saved"));
      if (id === "new" && saved.id !== undefined) {
        queryClient.setQueryData(calls.keys.detail(saved.id), saved);
        // Saved: the new record's own URL mounts a fresh form; what is typed is no loss.
        void navigate({ to: resource.editPath(saved.id), replace: true, ignoreBlocker: true });
        return;
      }
      const values = resource.toForm(saved);
      form.setInitialValues(values);
      form.setValues(values);
    },
    onError: (error) => {
      showServerErrors(form, error);
      notifyFailure(t("toast.saveFailed"), problemMessage(error));
    },
  });

  const leaveDialog = useUnsavedChangesGuard(() => form.isDirty());

  const submit = rules.onSubmit(
    form.onSubmit(
      (values) => save.mutate(values),
      () => notifyFailure(t("toast.saveFailed"), t("form.invalid")),
    ),
    (error) => notifyFailure(t("toast.saveFailed"), problemMessage(error)),
  );

  if (id !== "new" && detail.isPending) return <EditLoading />;
  if (id !== "new" && detail.isError)
    return <EditLoadFailed error={detail.error} backTo={resource.listPath} />;

  const Fields = resource.Fields;
  return (
    <Stack gap="lg" maw={860}>
      <Stack gap={4}>
        <BackLink to={resource.listPath} />
        <Title order={1}>
          {id === "new" ? rt("title.new") : `${rt("title.edit")}: ${loaded ? resource.label(loaded) : ""}`}
        </Title>
      </Stack>
      <form noValidate onSubmit={submit}>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Fields form={form} {...(loaded ? { record: loaded } : {})} />
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
