import { isLangKey, LANG_KEYS } from "@kontor/domain/auth/auth.codes";
import {
  Alert,
  Anchor,
  Center,
  Group,
  Loader,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { FormActions } from "../../components/form/FormActions.tsx";
import { lazyCheck } from "../../components/form/fieldErrors.ts";
import { useSaveRules } from "../../components/form/useSaveRules.ts";
import { useUnsavedChangesGuard } from "../../components/form/useUnsavedChangesGuard.tsx";
import { formatDateTime } from "../../components/format/format.ts";
import { IconArrowLeft } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { accountQuery } from "../account/account.queries.ts";
import { FormSection } from "../account/FormSection.tsx";
import { problemFieldErrors } from "../account/formRules.ts";
import { groupOptionsQuery, mandantOptionsQuery, saveUser, userQuery } from "./user.api.ts";
import { userAuditKey } from "./user.audit.api.ts";
import {
  emptyUser,
  isAccountEditable,
  mayChangeAuthority,
  toFormErrors,
  toUserFormValues,
  toUserPayload,
  USER_PROBLEM_FIELDS,
  type UserFormValues,
} from "./user.form.ts";
import { userKeys } from "./user.list.api.ts";
import { parseSlug, userLabel } from "./user.rules.ts";

/* The memberships, the authorities, the sessions button and the change log load right after the screen (DESIGN §9 route budget). */
const ladeExtras = () => import("./UserEditExtras.tsx");

/** The form's rules (validateUser in user.schemas.ts, with zod): loaded with the screen, not in its first load. */
const userRules = lazyCheck(() => import("./user.schemas.ts").then((module) => module.validateUser));
const UserZugehoerigkeit = lazy(async () => ({ default: (await ladeExtras()).UserZugehoerigkeit }));
const RevokeSessionsButton = lazy(async () => ({ default: (await ladeExtras()).RevokeSessionsButton }));
const UserAuditLog = lazy(async () => ({ default: (await ladeExtras()).UserAuditLog }));
const UserBerechtigungen = lazy(async () => ({ default: (await ladeExtras()).UserBerechtigungen }));

/** /user/{slug}: "new" creates a user, an id edits one (a new slug mounts a fresh form). */
export function UserEditPage() {
  const { slug = "" } = useParams({ strict: false });
  const id = parseSlug(slug);
  if (id === null) return <NotFound />;
  return <UserEdit key={slug} id={id} />;
}

function BackToList() {
  const { t } = useTranslation("crud");
  return (
    <Anchor component={Link} to="/user_list/" size="sm" w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} />
        {t("action.back")}
      </Group>
    </Anchor>
  );
}

function NotFound() {
  const { t } = useTranslation("errors");
  return (
    <Stack gap="md" maw={720}>
      <Alert color="red" role="alert">
        {t("error.notFound")}
      </Alert>
      <BackToList />
    </Stack>
  );
}

function UserEdit({ id }: { id: number | "new" }) {
  const { t } = useTranslation(["user", "crud", "common", "access"]);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const problemMessage = useProblemMessage();
  const isNew = id === "new";
  const detail = useQuery({ ...userQuery(typeof id === "number" ? id : 0), enabled: !isNew });
  const groups = useQuery(groupOptionsQuery);
  const mandants = useQuery(mandantOptionsQuery);
  // The signed-in user's own authorities: a tenant admin grants or takes away only those (issue 13).
  const own = useQuery(accountQuery);
  const mayChange = useMemo(() => mayChangeAuthority(own.data?.authorities ?? []), [own.data]);
  const isAdmin = own.data?.authorities.includes("ROLE_ADMIN") ?? false;

  const form = useForm<UserFormValues>({
    mode: "controlled",
    initialValues: emptyUser(),
    validate: userRules.check,
    validateInputOnBlur: true,
  });
  const saveRules = useSaveRules(form, userRules, {
    id: "user-save-fehlt",
    label: (path) =>
      ({
        langKey: t("field.langKey"),
        groupIds: t("field.groups"),
        mandantIds: t("field.mandantIds"),
        authorities: t("field.authorities"),
      })[path],
  });
  const leaveDialog = useUnsavedChangesGuard(() => form.isDirty());

  // The loaded user fills the form once; later refetches do not overwrite what the admin is typing.
  const loaded = detail.data;
  const { initialize } = form;
  useEffect(() => {
    if (loaded) initialize(toUserFormValues(loaded));
  }, [loaded, initialize]);

  const save = useMutation({
    mutationFn: (values: UserFormValues) => saveUser(toUserPayload(values)),
    onSuccess: (saved, values) => {
      queryClient.setQueryData(userKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: userKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: userAuditKey(saved.id) });
      const next = toUserFormValues(saved);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      if (values.id === undefined) {
        notifySuccess(t("toast.created"));
        if (values.password === "")
          notifications.show({
            message: t("hint.createdMail"),
            color: "blue",
            autoClose: 7500,
            withBorder: true,
          });
        void navigate({ to: `/user/${saved.id}`, replace: true, ignoreBlocker: true });
      } else notifySuccess(t("crud:toast.saved"));
    },
    onError: (error) => {
      form.setErrors(toFormErrors(problemFieldErrors(error, USER_PROBLEM_FIELDS)));
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    },
  });

  // Selections offer what the server lists, plus what the user already has (a group or tenant this admin may
  // not list still shows, by its id).
  const groupData = useMemo(() => {
    const options = new Map((groups.data ?? []).map((group) => [String(group.id), group.name]));
    for (const group of loaded?.groups ?? [])
      if (!options.has(String(group.id))) options.set(String(group.id), group.name ?? `#${group.id}`);
    return [...options].map(([value, label]) => ({ value, label }));
  }, [groups.data, loaded]);
  const mandantData = useMemo(() => {
    const options = new Map(
      (mandants.data ?? []).map((mandant) => [String(mandant.id), mandant.bezeichnung]),
    );
    for (const mandantId of loaded?.mandantIds ?? [])
      if (!options.has(String(mandantId))) options.set(String(mandantId), `#${mandantId}`);
    return [...options].map(([value, label]) => ({ value, label }));
  }, [mandants.data, loaded]);

  if (!isNew && detail.isPending) {
    return (
      <Center mih="40vh">
        <Loader aria-label={t("common:loading")} />
      </Center>
    );
  }
  if (!isNew && detail.isError) {
    return (
      <Stack gap="md" maw={720}>
        <Alert color="red" role="alert" title={t("crud:form.loadFailed")}>
          {problemMessage(detail.error)}
        </Alert>
        <BackToList />
      </Stack>
    );
  }

  const submit = userRules.onSubmit(
    form.onSubmit(
      (values) => save.mutate(values),
      () => notifyFailure(t("crud:toast.saveFailed"), t("crud:form.invalid")),
    ),
    (error) => notifyFailure(t("crud:toast.saveFailed"), problemMessage(error)),
  );
  const values = form.getValues();
  const saved = detail.data;
  // false: the user also belongs to tenants this tenant admin does not administer — only memberships may change.
  const editable = isNew || isAccountEditable(saved);
  const readOnly = !editable;
  const readOnlyLook = readOnly ? ({ readOnly: true, variant: "filled" } as const) : {};

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <BackToList />
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1}>{isNew ? t("title.new") : saved ? userLabel(saved) : t("title.edit")}</Title>
          {saved && editable && (
            <Suspense fallback={null}>
              <RevokeSessionsButton user={saved} />
            </Suspense>
          )}
        </Group>
        {saved?.createdDate && (
          <Text size="sm" c="dimmed">
            {t("field.createdDate")}: {formatDateTime(saved.createdDate)}
            {saved.lastModifiedDate &&
              ` · ${t("field.lastModified")}: ${formatDateTime(saved.lastModifiedDate)}${saved.lastModifiedBy ? ` (${saved.lastModifiedBy})` : ""}`}
          </Text>
        )}
      </Stack>

      {readOnly && (
        <Alert color="blue" variant="light" title={t("hint.notEditableTitle")}>
          {t("hint.notEditable")}
        </Alert>
      )}

      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <FormSection title={t("section.stammdaten")}>
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t("field.login")}
                  withAsterisk
                  autoCapitalize="none"
                  spellCheck={false}
                  autoComplete="off"
                  {...form.getInputProps("login")}
                  {...readOnlyLook}
                />
                <TextInput
                  label={t("field.email")}
                  type="email"
                  withAsterisk
                  autoComplete="off"
                  {...form.getInputProps("email")}
                  {...readOnlyLook}
                />
                <TextInput
                  label={t("field.firstName")}
                  autoComplete="off"
                  {...form.getInputProps("firstName")}
                  {...readOnlyLook}
                />
                <TextInput
                  label={t("field.lastName")}
                  autoComplete="off"
                  {...form.getInputProps("lastName")}
                  {...readOnlyLook}
                />
                <Select
                  label={t("field.langKey")}
                  data={LANG_KEYS.map((value) => ({ value, label: t(`common:language.${value}`) }))}
                  allowDeselect={false}
                  value={values.langKey}
                  onChange={(value) => {
                    if (isLangKey(value)) form.setFieldValue("langKey", value);
                  }}
                  error={form.errors.langKey}
                  {...readOnlyLook}
                />
                {isNew && (
                  <PasswordInput
                    label={t("field.password")}
                    description={t("field.passwordHint")}
                    autoComplete="new-password"
                    {...form.getInputProps("password")}
                  />
                )}
              </SimpleGrid>
              <Switch
                label={t("field.activated")}
                description={t("field.activatedHint")}
                {...form.getInputProps("activated", { type: "checkbox" })}
                disabled={readOnly}
              />
            </Stack>
          </FormSection>

          <FormSection title={t("section.zugehoerigkeit")}>
            <Suspense fallback={<Loader size="sm" aria-label={t("common:loading")} />}>
              <UserZugehoerigkeit
                form={form}
                mandantData={mandantData}
                groupData={groupData}
                groupsFailed={groups.isError}
                groupsReadOnly={readOnly}
              />
            </Suspense>
          </FormSection>

          <FormSection title={t("section.berechtigungen")}>
            {editable && !isAdmin && own.isSuccess && (
              <Text size="sm" c="dimmed" mb="xs">
                {t("hint.authorityNotHeld")}
              </Text>
            )}
            <Suspense fallback={<Loader size="sm" aria-label={t("common:loading")} />}>
              <UserBerechtigungen
                form={form}
                readOnly={readOnly}
                // Until the own authorities are known, nothing is offered that the server might refuse.
                mayChange={(authority) => own.isSuccess && mayChange(authority)}
              />
            </Suspense>
          </FormSection>

          <FormActions
            dirty={form.isDirty()}
            pending={save.isPending}
            onReset={() => form.reset()}
            bar="sticky"
            missing={saveRules.missing}
          />
        </Stack>
      </form>
      {leaveDialog}

      {saved && (
        <FormSection title={t("section.audit")}>
          <Suspense fallback={<Loader size="sm" aria-label={t("common:loading")} />}>
            <UserAuditLog userId={saved.id} mandantData={mandantData} />
          </Suspense>
        </FormSection>
      )}
    </Stack>
  );
}
