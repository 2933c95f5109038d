import type { TAccount } from "@kontor/domain/auth/auth.schema";
import { isSupportedLanguage, supportedLanguages } from "@kontor/i18n/languages";
import {
  Alert,
  Button,
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
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { lazy, Suspense, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { FormActions } from "../../components/form/FormActions.tsx";
import { useSaveRules } from "../../components/form/useSaveRules.ts";
import { useUnsavedChangesGuard } from "../../components/form/useUnsavedChangesGuard.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { LazyRichTextEditor } from "../../components/richtext/LazyRichTextEditor.tsx";
import { mandantModulesQuery } from "../mandant/mandantModules.api.ts";
import { accountKeys, accountQuery, saveAccount } from "./account.api.ts";
import { FormSection } from "./FormSection.tsx";
import { mergeErrors, problemFieldErrors } from "./formRules.ts";
import {
  emailChanged,
  reauthErrors,
  SETTINGS_PROBLEM_FIELDS,
  type SettingsValues,
  settingsRules,
  toAccountUpdate,
  toSettingsValues,
} from "./settings.form.ts";

/*
 * The two-factor section (QR code, code input, copy button) loads after the page: it kept the account screens'
 * first load at the edge of the 300 KB budget (DESIGN §9).
 */
const TwoFactorSettings = lazy(async () => ({
  default: (await import("../twofactor/TwoFactorSettings.tsx")).TwoFactorSettings,
}));

/**
 * /settings/{login}: the signed-in user's own settings (SPEC §2, §3 Account): names, e-mail, language, mail
 * signature and sending, time-tracking mode (only with the tenant's zeiterfassung module), two-factor sign-in.
 */
export function SettingsPage() {
  const { t } = useTranslation(["account", "crud", "common"]);
  const { slug = "" } = useParams({ strict: false });
  const navigate = useNavigate();
  const account = useQuery(accountQuery);
  const login = account.data?.login;

  // The path names a user (SPEC: /settings/{slug}); these are always the signed-in user's own settings.
  useEffect(() => {
    if (login !== undefined && slug !== login) {
      void navigate({ to: `/settings/${encodeURIComponent(login)}`, replace: true });
    }
  }, [login, slug, navigate]);

  if (account.isPending) {
    return (
      <Center mih="40vh">
        <Loader aria-label={t("common:loading")} />
      </Center>
    );
  }
  if (account.isError) return <LoadFailed error={account.error} />;

  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={2}>
        <Title order={1}>{t("settings.title")}</Title>
        <Text c="dimmed">{account.data.login}</Text>
      </Stack>
      <SettingsForm account={account.data} />
      <FormSection title={t("settings.security")}>
        <Stack gap="lg">
          <Suspense fallback={<Loader size="sm" aria-label={t("common:loading")} />}>
            <TwoFactorSettings enabled={account.data.is2FaUsed} />
          </Suspense>
          <Group gap="sm">
            <Button
              renderRoot={(props) => (
                <Link {...props} to={`/changepassword/${encodeURIComponent(account.data.login)}`} />
              )}
              variant="default"
            >
              {t("settings.changePassword")}
            </Button>
            <Button component={Link} to="/sessions" variant="default">
              {t("settings.sessions")}
            </Button>
          </Group>
        </Stack>
      </FormSection>
    </Stack>
  );
}

function LoadFailed({ error }: { error: unknown }) {
  const { t } = useTranslation("crud");
  const problemMessage = useProblemMessage();
  return (
    <Alert color="red" role="alert" title={t("form.loadFailed")} maw={720}>
      {problemMessage(error)}
    </Alert>
  );
}

function SettingsForm({ account }: { account: TAccount }) {
  const { t } = useTranslation(["account", "crud", "common"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const { mandantId } = useSession();
  const modules = useQuery({ ...mandantModulesQuery(mandantId ?? 0), enabled: mandantId !== null });
  const withZeiterfassung = modules.data?.includes("zeiterfassung") ?? false;

  // The shared rules, and the current password while the e-mail differs from the saved one (issue 33).
  const rules = {
    load: settingsRules.load,
    check: (values: SettingsValues) =>
      mergeErrors(settingsRules.check(values), reauthErrors(values, account.email)),
  };
  const form = useForm<SettingsValues>({
    mode: "controlled",
    initialValues: toSettingsValues(account),
    validate: rules.check,
    validateInputOnBlur: true,
  });
  const saveRules = useSaveRules(form, rules, {
    id: "settings-save-fehlt",
    // Inputs the summary cannot read a label from: the editor, the select, and the password input that appears in
    // the same render as its error (the e-mail just changed).
    label: (path) =>
      path === "signature" || path === "langKey" || path === "currentPassword"
        ? t(`field.${path}`)
        : undefined,
  });
  const leaveDialog = useUnsavedChangesGuard(() => form.isDirty());
  useEffect(() => {
    settingsRules.load().catch(() => undefined); // reported on submit, if it still fails then
  }, []);

  const save = useMutation({
    mutationFn: saveAccount,
    onSuccess: (saved) => {
      queryClient.setQueryData(accountKeys.current, saved);
      const values = toSettingsValues(saved);
      form.setInitialValues(values);
      form.setValues(values);
      form.resetDirty(values);
      // The shell applies the saved account's language at once (useAccountLanguage).
      notifySuccess(t("crud:toast.saved"));
    },
    onError: (error) => {
      form.setErrors(problemFieldErrors(error, SETTINGS_PROBLEM_FIELDS));
      notifyFailure(t("crud:toast.saveFailed"), problemMessage(error));
    },
  });

  const submit = settingsRules.onSubmit(
    form.onSubmit(
      (values) => save.mutate(toAccountUpdate(values, account.email)),
      () => notifyFailure(t("crud:toast.saveFailed"), t("crud:form.invalid")),
    ),
    (error) => notifyFailure(t("crud:toast.saveFailed"), problemMessage(error)),
  );

  const values = form.getValues();
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <FormSection title={t("settings.profile")}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t("field.firstName")}
                autoComplete="given-name"
                {...form.getInputProps("firstName")}
              />
              <TextInput
                label={t("field.lastName")}
                autoComplete="family-name"
                {...form.getInputProps("lastName")}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t("field.email")}
                type="email"
                autoComplete="email"
                withAsterisk
                {...form.getInputProps("email")}
              />
              <Select
                label={t("field.langKey")}
                data={supportedLanguages.map((value) => ({ value, label: t(`common:language.${value}`) }))}
                allowDeselect={false}
                value={values.langKey}
                onChange={(value) => {
                  if (isSupportedLanguage(value)) form.setFieldValue("langKey", value);
                }}
                error={form.errors.langKey}
              />
            </SimpleGrid>
            {emailChanged(values, account.email) && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <PasswordInput
                  label={t("field.currentPassword")}
                  description={t("settings.reauth")}
                  autoComplete="current-password"
                  withAsterisk
                  {...form.getInputProps("currentPassword")}
                />
              </SimpleGrid>
            )}
          </Stack>
        </FormSection>

        <FormSection title={t("settings.mail")}>
          <Stack gap="md">
            <Switch
              label={t("field.enablemailtransfer")}
              description={t("field.enablemailtransferHint")}
              {...form.getInputProps("enablemailtransfer", { type: "checkbox" })}
            />
            <LazyRichTextEditor
              label={t("field.signature")}
              value={values.signature}
              onChange={(html) => form.setFieldValue("signature", html)}
              error={form.errors.signature}
              minHeight={120}
              controls={{ h1: false, h2: false, h3: false, code: false }}
            />
          </Stack>
        </FormSection>

        {withZeiterfassung && (
          <FormSection title={t("settings.zeiterfassung")}>
            <Switch
              label={t("field.timermode")}
              description={t("field.timermodeHint")}
              {...form.getInputProps("timermode", { type: "checkbox" })}
            />
          </FormSection>
        )}

        <FormActions
          dirty={form.isDirty()}
          pending={save.isPending}
          onReset={() => form.reset()}
          bar="plain"
          missing={saveRules.missing}
        />
      </Stack>
      {leaveDialog}
    </form>
  );
}
