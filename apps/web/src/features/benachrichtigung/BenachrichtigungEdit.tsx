import { AUTHORITIES, type TAuthority } from "@kontor/domain/access/access.codes";
import type { TBenachrichtigung } from "@kontor/domain/benachrichtigung/benachrichtigung.schema";
import { Badge, Button, Group, MultiSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "@tanstack/react-router";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../app/api.ts";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { AktivButton } from "../../components/form/AktivButton.tsx";
import { BackLink, EditLoadFailed, EditLoading, parseSlug } from "../../components/form/EditStates.tsx";
import { FormActions } from "../../components/form/FormActions.tsx";
import { lazyCheck, zodValidate } from "../../components/form/fieldErrors.ts";
import { showServerErrors, useSaveRules } from "../../components/form/useSaveRules.ts";
import { useUnsavedChangesGuard } from "../../components/form/useUnsavedChangesGuard.tsx";
import { formatDateTime } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { LazyRichTextEditor } from "../../components/richtext/LazyRichTextEditor.tsx";
import {
  benachrichtigungQuery,
  benachrichtigungSchemas,
  saveBenachrichtigung,
  setBenachrichtigungAktiv,
} from "./benachrichtigung.api.ts";
import { benachrichtigungKeys, deleteBenachrichtigung } from "./benachrichtigung.list.api.ts";

const LIST_PATH: string = "/benachrichtigungen_list/";
interface Values {
  id?: number;
  bezeichnung: string;
  aktiv: boolean;
  restrictions: TAuthority[];
  editor: string;
}

/** The shared ZBenachrichtigung (the API's rules): loaded with the screen, not in its first load. */
const rules = lazyCheck(async () => zodValidate((await benachrichtigungSchemas()).ZBenachrichtigung));

const toValues = (item: TBenachrichtigung): Values => ({
  id: item.id,
  bezeichnung: item.bezeichnung,
  aktiv: item.aktiv,
  restrictions: item.restrictions,
  editor: item.editor,
});

/** /benachrichtigungen/{slug}: "new" writes a notification, an id edits one. */
export function BenachrichtigungEditPage() {
  const { slug = "" } = useParams({ strict: false });
  const id = parseSlug(slug, true);
  if (id === null)
    return (
      <EditLoadFailed error={new ApiError({ status: 404, code: "error.notFound" })} backTo={LIST_PATH} />
    );
  return <BenachrichtigungEdit key={slug} id={id} />;
}

function BenachrichtigungEdit({ id }: { id: number | "new" }) {
  const { t } = useTranslation(["benachrichtigung", "crud", "access"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const isNew = id === "new";
  const detail = useQuery({ ...benachrichtigungQuery(isNew ? 0 : id), enabled: !isNew });
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: { bezeichnung: "", aktiv: true, restrictions: [], editor: "" },
    validate: rules.check,
    validateInputOnBlur: true,
  });
  const saveRules = useSaveRules(form, rules, {
    id: "benachrichtigung-save-fehlt",
    label: (path) => (path === "editor" ? t("field.editor") : undefined),
  });
  const leaveDialog = useUnsavedChangesGuard(() => form.isDirty());

  const loaded = detail.data;
  const { initialize } = form;
  useEffect(() => {
    if (loaded) initialize(toValues(loaded));
  }, [loaded, initialize]);

  const refresh = () =>
    Promise.all(
      [
        benachrichtigungKeys.lists(),
        benachrichtigungKeys.news,
        ...(isNew ? [] : [benachrichtigungKeys.detail(id)]),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );

  const save = useMutation({
    mutationFn: (values: Values) => saveBenachrichtigung(values),
    onSuccess: (saved) => {
      queryClient.setQueryData(benachrichtigungKeys.detail(saved.id!), saved);
      void queryClient.invalidateQueries({ queryKey: benachrichtigungKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: benachrichtigungKeys.news });
      const values = toValues(saved);
      form.setInitialValues(values);
      form.setValues(values);
      notifySuccess(t("crud:toast.saved"));
      if (isNew) void navigate({ to: `/benachrichtigungen/${saved.id}`, replace: true, ignoreBlocker: true });
    },
    onError: (error) => {
      showServerErrors(form, error);
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    },
  });

  const remove = useMutation({
    mutationFn: (target: number) => deleteBenachrichtigung(target),
    onSuccess: (_, target) => {
      notifySuccess(t("crud:toast.deleted"));
      queryClient.removeQueries({ queryKey: benachrichtigungKeys.detail(target) });
      void queryClient.invalidateQueries({ queryKey: benachrichtigungKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: benachrichtigungKeys.news });
      void navigate({ to: LIST_PATH, ignoreBlocker: true });
    },
    onError: (error) => notifyFailure(t("crud:toast.deleteFailed"), problemMessage(error)),
  });

  const authorities = useMemo(
    () => AUTHORITIES.map((authority) => ({ value: authority, label: t(`access:authority.${authority}`) })),
    [t],
  );

  if (!isNew && detail.isPending) return <EditLoading />;
  if (!isNew && detail.isError) return <EditLoadFailed error={detail.error} backTo={LIST_PATH} />;

  const saved = detail.data;
  const askDelete = async () => {
    if (!saved?.id) return;
    const confirmed = await confirm({
      title: t("crud:confirm.deleteTitle"),
      message: t("crud:confirm.deleteText", { name: saved.bezeichnung }),
      confirmLabel: t("crud:confirm.delete"),
      danger: true,
    });
    if (confirmed) remove.mutate(saved.id);
  };

  return (
    <Stack gap="lg" maw={1000}>
      <Stack gap={4}>
        <BackLink to={LIST_PATH} />
        <Group justify="space-between" align="center" gap="sm">
          <Group gap="sm" align="center">
            <Title order={1}>{isNew ? t("title.new") : t("title.edit")}</Title>
            {saved && (
              <Badge color={saved.aktiv ? "green" : "gray"} variant="light" size="lg">
                {saved.aktiv ? t("crud:form.active") : t("crud:form.inactive")}
              </Badge>
            )}
          </Group>
          {saved?.id !== undefined && (
            <Group gap="sm">
              <AktivButton
                aktiv={saved.aktiv}
                name={saved.bezeichnung}
                change={(next) => setBenachrichtigungAktiv(saved.id!, next)}
                onSettled={refresh}
              />
              <Button
                color="red"
                variant="subtle"
                onClick={() => void askDelete()}
                loading={remove.isPending}
              >
                {t("crud:confirm.delete")}
              </Button>
            </Group>
          )}
        </Group>
        {saved?.createdDate && (
          <Text size="sm" c="dimmed">
            {t("field.createdDate")}: {formatDateTime(saved.createdDate)}
          </Text>
        )}
      </Stack>
      <form
        noValidate
        onSubmit={rules.onSubmit(
          form.onSubmit(
            (values) => save.mutate(values),
            () => notifyFailure(t("crud:toast.saveFailed"), t("crud:form.invalid")),
          ),
          (error) => notifyFailure(t("crud:toast.saveFailed"), problemMessage(error)),
        )}
      >
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <TextInput
              label={t("field.bezeichnung")}
              withAsterisk
              maxLength={200}
              key={form.key("bezeichnung")}
              {...form.getInputProps("bezeichnung")}
            />
            <MultiSelect
              label={t("field.restrictions")}
              description={t("hint.restrictions")}
              placeholder={
                form.values.restrictions.length === 0 ? t("hint.restrictionsPlaceholder") : undefined
              }
              data={authorities}
              searchable
              clearable
              hidePickedOptions
              key={form.key("restrictions")}
              {...form.getInputProps("restrictions")}
            />
            <LazyRichTextEditor
              label={t("field.editor")}
              value={form.values.editor}
              onChange={(html) => form.setFieldValue("editor", html)}
              error={form.errors.editor}
              minHeight={260}
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
      {dialog}
      {leaveDialog}
    </Stack>
  );
}
