import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { problemFieldErrors } from "../account/formRules.ts";
import { PublicFrame } from "../account/PublicFrame.tsx";
import { requestPasswordReset } from "./passwordreset.api.ts";
import { RESET_INIT_PROBLEM_FIELDS, type ResetInitValues, validateResetInit } from "./passwordreset.form.ts";

type Status =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "sent"; email: string }
  | { kind: "failed"; error: unknown };

/** /passwordreset (public): mails a link to choose a new password (SPEC §2, §8 'email sent' / 'not registered'). */
export function PasswordResetInitPage() {
  const { t, i18n } = useTranslation(["account", "login"]);
  const problemMessage = useProblemMessage();
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const form = useForm<ResetInitValues>({
    initialValues: { email: "" },
    validate: validateResetInit,
    validateInputOnBlur: true,
  });

  const { language } = i18n;
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages follow a language switch
  useEffect(() => {
    if (Object.keys(form.errors).length > 0) form.validate();
  }, [language]);

  const submit = form.onSubmit(async (values) => {
    setStatus({ kind: "pending" });
    try {
      await requestPasswordReset(values);
      setStatus({ kind: "sent", email: values.email.trim() });
    } catch (error) {
      const atFields = problemFieldErrors(error, RESET_INIT_PROBLEM_FIELDS);
      form.setErrors(atFields);
      setStatus(Object.keys(atFields).length > 0 ? { kind: "idle" } : { kind: "failed", error });
    }
  });

  if (status.kind === "sent") {
    return (
      <PublicFrame title={t("reset.sentTitle")}>
        <Alert color="green" variant="light" role="status">
          {t("reset.sentText", { email: status.email })}
        </Alert>
      </PublicFrame>
    );
  }

  const retryAfter = status.kind === "failed" && isApiError(status.error) ? status.error.retryAfter : null;
  return (
    <PublicFrame title={t("reset.title")} intro={t("reset.intro")}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {status.kind === "failed" && (
            <Alert color="red" variant="light" role="alert">
              {problemMessage(status.error)}
              {retryAfter !== null &&
                retryAfter > 0 &&
                ` ${
                  retryAfter < 60
                    ? t("login:retryAfter", { count: retryAfter })
                    : t("login:retryAfterMinutes", { count: Math.ceil(retryAfter / 60) })
                }`}
            </Alert>
          )}
          <TextInput
            label={t("field.email")}
            type="email"
            autoComplete="email"
            required
            autoFocus
            {...form.getInputProps("email")}
          />
          <Button type="submit" fullWidth loading={status.kind === "pending"}>
            {t("reset.submit")}
          </Button>
        </Stack>
      </form>
    </PublicFrame>
  );
}
