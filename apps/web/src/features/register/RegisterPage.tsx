import { Alert, Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../app/i18n.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { problemFieldErrors } from "../account/formRules.ts";
import { PublicFrame } from "../account/PublicFrame.tsx";
import { NewAccountFields } from "./NewAccountFields.tsx";
import { register } from "./register.api.ts";
import {
  REGISTER_PROBLEM_FIELDS,
  type RegisterValues,
  toRegisterRequest,
  validateRegister,
} from "./register.form.ts";

type Status =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "done"; email: string }
  | { kind: "failed"; error: unknown };

/** /register (public): a new user account; the server mails an activation link (SPEC §2, §7). */
export function RegisterPage() {
  const { t, i18n } = useTranslation(["account", "common", "login"]);
  const problemMessage = useProblemMessage();
  const [status, setStatus] = useState<Status>({ kind: "idle" });

  const form = useForm<RegisterValues>({
    initialValues: { login: "", email: "", password: "", confirmPassword: "", langKey: currentLanguage() },
    validate: validateRegister,
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
      const request = toRegisterRequest(values);
      await register(request);
      setStatus({ kind: "done", email: request.email });
    } catch (error) {
      const atFields = problemFieldErrors(error, REGISTER_PROBLEM_FIELDS);
      form.setErrors(atFields);
      // Everything the user typed stays; a message that is not at a field shows above the form.
      setStatus(Object.keys(atFields).length > 0 ? { kind: "idle" } : { kind: "failed", error });
    }
  });

  if (status.kind === "done") {
    return (
      <PublicFrame title={t("register.successTitle")} backToLogin={false}>
        <Alert color="green" variant="light" role="status">
          {t("register.successText", { email: status.email })}
        </Alert>
        <Button component={Link} to="/login" variant="light">
          {t("public.toLogin")}
        </Button>
      </PublicFrame>
    );
  }

  return (
    <PublicFrame title={t("register.title")} intro={t("register.intro")} backToLogin={false}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {status.kind === "failed" && (
            <Alert color="red" variant="light" role="alert">
              {problemMessage(status.error)}
            </Alert>
          )}
          <TextInput
            label={t("field.login")}
            description={t("register.loginHint")}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            autoFocus
            {...form.getInputProps("login")}
          />
          <TextInput
            label={t("field.email")}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps("email")}
          />
          <NewAccountFields form={form} />
          <Button type="submit" fullWidth mt="xs" loading={status.kind === "pending"}>
            {t("register.submit")}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center" c="dimmed">
        {t("register.haveAccount")}{" "}
        <Anchor component={Link} to="/login" fw={500}>
          {t("login:submit")}
        </Anchor>
      </Text>
    </PublicFrame>
  );
}
