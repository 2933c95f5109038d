import { ZGroup } from "@kontor/domain/user/user.schema";
import {
  Alert,
  Anchor,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { FormActions } from "../../components/form/FormActions.tsx";
import { zodValidate } from "../../components/form/fieldErrors.ts";
import { useSaveRules } from "../../components/form/useSaveRules.ts";
import { useUnsavedChangesGuard } from "../../components/form/useUnsavedChangesGuard.tsx";
import { IconArrowLeft } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { problemFieldErrors } from "../account/formRules.ts";
import { parseSlug } from "../user/user.rules.ts";
import { groupQuery, saveGroup } from "./group.api.ts";
import { groupKeys, type TGroupRecord } from "./group.list.api.ts";

interface GroupFormValues {
  id?: number;
  name: string;
  beschreibung: string;
}

const validateGroup: (values: GroupFormValues) => Record<string, string> = zodValidate(ZGroup);

const toValues = (group: TGroupRecord): GroupFormValues => ({
  id: group.id,
  name: group.name,
  beschreibung: group.beschreibung ?? "",
});

/** /group/{slug}: "new" creates a group, an id edits one. */
export function GroupEditPage() {
  const { slug = "" } = useParams({ strict: false });
  const id = parseSlug(slug);
  if (id === null) return <Problem message={<NotFoundText />} />;
  return <GroupEdit key={slug} id={id} />;
}

function NotFoundText() {
  const { t } = useTranslation("errors");
  return <>{t("error.notFound")}</>;
}

function BackToList() {
  const { t } = useTranslation("crud");
  return (
    <Anchor component={Link} to="/group_list/" size="sm" w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} />
        {t("action.back")}
      </Group>
    </Anchor>
  );
}

function Problem({ title, message }: { title?: string; message: React.ReactNode }) {
  return (
    <Stack gap="md" maw={720}>
      <Alert color="red" role="alert" title={title}>
        {message}
      </Alert>
      <BackToList />
    </Stack>
  );
}

function GroupEdit({ id }: { id: number | "new" }) {
  const { t } = useTranslation(["group", "crud", "common"]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const problemMessage = useProblemMessage();
  const isNew = id === "new";
  const detail = useQuery({ ...groupQuery(typeof id === "number" ? id : 0), enabled: !isNew });
  const form = useForm<GroupFormValues>({
    mode: "controlled",
    initialValues: { name: "", beschreibung: "" },
    validate: validateGroup,
    validateInputOnBlur: true,
  });
  const saveRules = useSaveRules(form, validateGroup, { id: "group-save-fehlt" });
  const leaveDialog = useUnsavedChangesGuard(() => form.isDirty());

  const loaded = detail.data;
  const { initialize } = form;
  useEffect(() => {
    if (loaded) initialize(toValues(loaded));
  }, [loaded, initialize]);

  const save = useMutation({
    mutationFn: (values: GroupFormValues) => saveGroup(values),
    onSuccess: (saved, values) => {
      queryClient.setQueryData(groupKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: groupKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: groupKeys.options() });
      const next = toValues(saved);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      notifySuccess(t("crud:toast.saved"));
      if (values.id === undefined)
        void navigate({ to: `/group/${saved.id}`, replace: true, ignoreBlocker: true });
    },
    onError: (error) => {
      form.setErrors(problemFieldErrors(error));
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    },
  });

  if (!isNew && detail.isPending) {
    return (
      <Center mih="40vh">
        <Loader aria-label={t("common:loading")} />
      </Center>
    );
  }
  if (!isNew && detail.isError)
    return <Problem title={t("crud:form.loadFailed")} message={problemMessage(detail.error)} />;

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <BackToList />
        <Title order={1}>{isNew ? t("title.new") : (detail.data?.name ?? t("title.edit"))}</Title>
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
            <TextInput label={t("field.name")} withAsterisk maxLength={100} {...form.getInputProps("name")} />
            <Textarea
              label={t("field.beschreibung")}
              autosize
              minRows={3}
              maxRows={10}
              maxLength={2000}
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
