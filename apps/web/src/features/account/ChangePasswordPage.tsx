import { Button, Paper, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate, useParams } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { MissingHint } from "../../components/form/FormActions.tsx";
import { useSaveRules } from "../../components/form/useSaveRules.ts";
import { useUnsavedChangesGuard } from "../../components/form/useUnsavedChangesGuard.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { accountQuery, changePassword } from "./account.api.ts";
import { problemFieldErrors } from "./formRules.ts";
import {
  CHANGE_PASSWORD_PROBLEM_FIELDS,
  type ChangePasswordValues,
  changePasswordRules,
} from "./password.form.ts";

const EMPTY: ChangePasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * /changepassword/{login}: the password-change form of SPEC §2 (current password, new password, confirmation,
 * 'Passwort ändern'). The server signs the user's other devices out.
 */
export function ChangePasswordPage() {
  const { t, i18n } = useTranslation(["account", "crud"]);
  const problemMessage = useProblemMessage();
  const { slug = "" } = useParams({ strict: false });
  const navigate = useNavigate();
  const login = useQuery(accountQuery).data?.login;
  const form = useForm<ChangePasswordValues>({
    initialValues: EMPTY,
    validate: changePasswordRules.check,
    validateInputOnBlur: true,
  });
  const saveRules = useSaveRules(form, changePasswordRules, { id: "password-save-fehlt" });
  const leaveDialog = useUnsavedChangesGuard(() => form.isDirty());
  useEffect(() => {
    changePasswordRules.load().catch(() => undefined); // reported on submit, if it still fails then
  }, []);

  useEffect(() => {
    if (login !== undefined && slug !== login) {
      void navigate({ to: `/changepassword/${encodeURIComponent(login)}`, replace: true });
    }
  }, [login, slug, navigate]);

  const { language } = i18n;
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages follow a language switch
  useEffect(() => {
    if (Object.keys(form.errors).length > 0) form.validate();
  }, [language]);

  const change = useMutation({
    mutationFn: (values: ChangePasswordValues) =>
      changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
    onSuccess: () => {
      form.reset();
      notifySuccess(t("password.changed"));
    },
    onError: (error) => {
      form.setErrors(problemFieldErrors(error, CHANGE_PASSWORD_PROBLEM_FIELDS));
      notifyFailure(t("password.failed"), problemMessage(error));
    },
  });

  const submit = changePasswordRules.onSubmit(
    form.onSubmit((values) => change.mutate(values)),
    (error) => notifyFailure(t("password.failed"), problemMessage(error)),
  );

  const toggle = { "aria-label": t("field.showPassword") };
  return (
    <Stack gap="lg" maw={520}>
      <Stack gap={4}>
        <Title order={1}>{t("password.title")}</Title>
        <Text c="dimmed" size="sm">
          {t("password.intro")}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            {/* Lets password managers file the new password under the right account. */}
            <input type="text" name="username" autoComplete="username" value={login ?? ""} readOnly hidden />
            <PasswordInput
              label={t("field.currentPassword")}
              autoComplete="current-password"
              required
              visibilityToggleButtonProps={toggle}
              {...form.getInputProps("currentPassword")}
            />
            <PasswordInput
              label={t("field.newPassword")}
              autoComplete="new-password"
              required
              visibilityToggleButtonProps={toggle}
              {...form.getInputProps("newPassword")}
            />
            <PasswordInput
              label={t("field.confirmPassword")}
              autoComplete="new-password"
              required
              visibilityToggleButtonProps={toggle}
              {...form.getInputProps("confirmPassword")}
            />
            <MissingHint missing={saveRules.missing} />
            <Button
              type="submit"
              loading={change.isPending}
              disabled={saveRules.blocked}
              aria-describedby={saveRules.blocked ? saveRules.missing.id : undefined}
              w="fit-content"
            >
              {t("password.submit")}
            </Button>
          </Stack>
        </form>
      </Paper>
      {leaveDialog}
    </Stack>
  );
}
