import { Alert, Anchor, Button, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Link, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { problemFieldErrors } from "../account/formRules.ts";
import { PublicFrame } from "../account/PublicFrame.tsx";
import { finishPasswordReset } from "./passwordreset.api.ts";
import { type ResetFinishValues, validateResetFinish } from "./passwordreset.form.ts";

type Status = { kind: "idle" } | { kind: "pending" } | { kind: "done" } | { kind: "failed"; error: unknown };

/** /reset/finish?key=… (public): the link of the reset mail (and of a new user's mail): a new password. */
export function PasswordResetFinishPage() {
  const { t, i18n } = useTranslation(["account"]);
  const problemMessage = useProblemMessage();
  const { key } = useSearch({ from: "/reset/finish" });
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const form = useForm<ResetFinishValues>({
    initialValues: { newPassword: "", confirmPassword: "" },
    validate: validateResetFinish,
    validateInputOnBlur: true,
  });

  const { language } = i18n;
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages follow a language switch
  useEffect(() => {
    if (Object.keys(form.errors).length > 0) form.validate();
  }, [language]);

  if (!key) {
    return (
      <PublicFrame title={t("reset.finishTitle")}>
        <Alert color="red" variant="light" role="alert">
          {t("reset.keyMissing")}
        </Alert>
        <Button component={Link} to="/passwordreset" variant="light">
          {t("reset.requestNew")}
        </Button>
      </PublicFrame>
    );
  }

  if (status.kind === "done") {
    return (
      <PublicFrame title={t("reset.finishedTitle")} backToLogin={false}>
        <Text>{t("reset.finishedText")}</Text>
        <Button component={Link} to="/login">
          {t("activate.login")}
        </Button>
      </PublicFrame>
    );
  }

  const submit = form.onSubmit(async (values) => {
    setStatus({ kind: "pending" });
    try {
      await finishPasswordReset({ key, newPassword: values.newPassword });
      setStatus({ kind: "done" });
    } catch (error) {
      const atFields = problemFieldErrors(error);
      form.setErrors(atFields);
      setStatus(Object.keys(atFields).length > 0 ? { kind: "idle" } : { kind: "failed", error });
    }
  });

  const keyProblem =
    status.kind === "failed" &&
    isApiError(status.error) &&
    (status.error.code === "error.keyInvalid" || status.error.code === "error.keyExpired");
  return (
    <PublicFrame title={t("reset.finishTitle")} intro={t("reset.finishIntro")}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {status.kind === "failed" && (
            <Alert color="red" variant="light" role="alert">
              {problemMessage(status.error)}
              {keyProblem && (
                <>
                  {" "}
                  <Anchor component={Link} to="/passwordreset" inherit fw={500}>
                    {t("reset.requestNew")}
                  </Anchor>
                </>
              )}
            </Alert>
          )}
          <PasswordInput
            label={t("field.newPassword")}
            autoComplete="new-password"
            required
            autoFocus
            visibilityToggleButtonProps={{ "aria-label": t("field.showPassword") }}
            {...form.getInputProps("newPassword")}
          />
          <PasswordInput
            label={t("field.confirmPassword")}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ "aria-label": t("field.showPassword") }}
            {...form.getInputProps("confirmPassword")}
          />
          <Button type="submit" fullWidth loading={status.kind === "pending"}>
            {t("reset.finishSubmit")}
          </Button>
        </Stack>
      </form>
    </PublicFrame>
  );
}
