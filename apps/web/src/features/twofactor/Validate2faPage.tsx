import "@mantine/notifications/styles.css";
import { Alert, Anchor, Button, Divider, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Notifications } from "@mantine/notifications";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { BASEPATH, safeRedirect } from "../../app/paths.ts";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { problemFieldErrors } from "../account/formRules.ts";
import { PublicFrame } from "../account/PublicFrame.tsx";
import { completeSignIn } from "../login/login.api.ts";
import { CodeInput } from "./CodeInput.tsx";
import { submitTwoFactorCode } from "./twoFactor.flow.ts";
import { CODE_PROBLEM_FIELDS, type CodeValues, validateCode } from "./twoFactor.form.ts";
import { pendingTwoFactor } from "./twoFactor.state.ts";
import { sendDeactivationMailDuringSignIn, validateTwoFactor } from "./twofactor.api.ts";

type Status =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "failed"; error: unknown }
  | { kind: "noPending" }
  | { kind: "expired" };

/**
 * /validate2fa (public): the second step of a two-factor sign-in (SPEC §4). The login page kept the temporary
 * token; a valid code stores the full token like a normal sign-in and goes on to the wanted page. "Lost your
 * device?" mails a link that switches two-factor off (SPEC §4 Two-factor).
 */
export function Validate2faPage() {
  const { t, i18n } = useTranslation(["account", "login"]);
  const problemMessage = useProblemMessage();
  const search = useSearch({ from: "/validate2fa" });
  const navigate = useNavigate();
  const [status, setStatus] = useState<Status>(() =>
    pendingTwoFactor.get() ? { kind: "idle" } : { kind: "noPending" },
  );
  const loginSearch = search.redirect ? { redirect: search.redirect } : {};
  const [mail, setMail] = useState<"idle" | "pending" | "sent">("idle");
  const form = useForm<CodeValues>({ initialValues: { validationCode: "" }, validate: validateCode });

  const { language } = i18n;
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages follow a language switch
  useEffect(() => {
    if (Object.keys(form.errors).length > 0) form.validate();
  }, [language]);

  const submit = form.onSubmit(async (values) => {
    if (status.kind === "pending") return;
    setStatus({ kind: "pending" });
    try {
      const outcome = await submitTwoFactorCode(values.validationCode.trim(), {
        pending: pendingTwoFactor,
        validate: validateTwoFactor,
        complete: completeSignIn,
      });
      if (outcome.kind === "signedIn") {
        await navigate({ href: BASEPATH + safeRedirect(search.redirect), replace: true });
        return;
      }
      setStatus(outcome);
    } catch (error) {
      // The typed code stays (the user sees what was sent); a wrong code reads at the field.
      const atFields = problemFieldErrors(error, CODE_PROBLEM_FIELDS);
      form.setErrors(atFields);
      setStatus(Object.keys(atFields).length > 0 ? { kind: "idle" } : { kind: "failed", error });
    }
  });

  const lostDevice = async () => {
    const token2Fa = pendingTwoFactor.get();
    if (!token2Fa) {
      setStatus({ kind: "noPending" });
      return;
    }
    setMail("pending");
    try {
      await sendDeactivationMailDuringSignIn(token2Fa);
      setMail("sent");
      notifySuccess(t("twoFactor.mailSent"));
    } catch (error) {
      setMail("idle");
      if (isApiError(error) && error.status === 401) {
        pendingTwoFactor.clear();
        setStatus({ kind: "expired" });
      } else notifyFailure(t("twoFactor.mailFailed"), problemMessage(error));
    }
  };

  if (status.kind === "noPending" || status.kind === "expired") {
    return (
      <PublicFrame title={t("twoFactor.title")} backToLogin={false}>
        <Alert color="yellow" variant="light" role="alert">
          {status.kind === "expired" ? t("twoFactor.expired") : t("twoFactor.noPending")}
        </Alert>
        <Button renderRoot={(props) => <Link {...props} to="/login" search={loginSearch} />}>
          {t("public.toLogin")}
        </Button>
      </PublicFrame>
    );
  }

  const retryAfter = status.kind === "failed" && isApiError(status.error) ? status.error.retryAfter : null;
  return (
    <>
      <Notifications position="top-right" limit={3} />
      <PublicFrame title={t("twoFactor.title")} intro={t("twoFactor.intro")} backToLogin={false}>
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
            <CodeInput
              required
              autoFocus
              value={form.getValues().validationCode}
              error={form.errors.validationCode}
              onChange={(value) => form.setFieldValue("validationCode", value)}
            />
            <Button type="submit" fullWidth loading={status.kind === "pending"}>
              {t("twoFactor.submit")}
            </Button>
          </Stack>
        </form>
        <Divider />
        <Stack gap={4}>
          <Button
            variant="subtle"
            onClick={() => void lostDevice()}
            loading={mail === "pending"}
            w="fit-content"
            px={0}
          >
            {t("twoFactor.lostDevice")}
          </Button>
          {mail === "sent" ? (
            <Text size="sm" c="green.8" role="status">
              {t("twoFactor.mailSent")}: {t("twoFactor.mailSentText")}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              {t("twoFactor.lostDeviceHint")}
            </Text>
          )}
        </Stack>
        <Anchor
          renderRoot={(props) => <Link {...props} to="/login" search={loginSearch} />}
          size="sm"
          onClick={() => pendingTwoFactor.clear()}
        >
          {t("public.backToLogin")}
        </Anchor>
      </PublicFrame>
    </>
  );
}
