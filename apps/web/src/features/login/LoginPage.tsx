import type { TLoginRequest } from "@kontor/domain/auth/auth.schema";
import {
  Alert,
  Anchor,
  Box,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { type FormEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { loadTexts } from "../../app/i18n.ts";
import { BASEPATH, safeRedirect } from "../../app/paths.ts";
import { LanguageSwitch } from "../../components/LanguageSwitch.tsx";
import { problemMessageOf } from "../../components/problemMessage.ts";

type LoginActions = typeof import("./login.actions.ts");

const PASSWORD_RESET = "/passwordreset";
const REGISTER = "/register";

let loadingActions: Promise<LoginActions> | undefined;

/**
 * Validation and sign-in need zod and the shared schema (~25 KB gzip): fetched as soon as the user starts to
 * type or click, not with the page, so the login renders from a small first load (DESIGN §9 budget).
 */
function loadActions(): Promise<LoginActions> {
  loadingActions ??= Promise.all([import("./login.actions.ts"), loadTexts("validation", "errors")]).then(
    ([actions]) => actions,
    (error: unknown) => {
      loadingActions = undefined; // a failed chunk load (offline) may succeed on the next try
      throw error;
    },
  );
  return loadingActions;
}

type Status = { kind: "idle" } | { kind: "pending" } | { kind: "failed"; error: unknown };

/**
 * How the login page moves on. It knows no router: on a direct visit it shows before the router has loaded
 * (app/loginFirst.tsx, DESIGN §9 login budget); inside the app the login route passes the router's (LoginRoute.tsx).
 */
export interface LoginPageProps {
  /** The in-app path the user wanted (`?redirect=`, checked with safeRedirect before it is followed). */
  redirect: string | undefined;
  /** Goes to an in-app path (without /app), e.g. "/register" or "/validate2fa?redirect=…". */
  go: (path: string, options?: { replace?: boolean }) => Promise<void>;
}

/** Public sign-in page (SPEC §4 Login). On failure the typed login stays, only the password is cleared. */
export function LoginPage({ redirect, go }: LoginPageProps) {
  const { t, i18n } = useTranslation(["login", "common"]);
  // The "errors" texts come with the sign-in code (loadActions), so the page does not wait for them.
  const problemMessage = (error: unknown) => problemMessageOf(error, i18n);
  const actions = useRef<LoginActions | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [passwordVisible, setPasswordVisible] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);

  const form = useForm<TLoginRequest>({
    initialValues: { usernameOrEmail: "", password: "" },
    validate: (values) => actions.current?.validateLogin(values) ?? {},
    validateInputOnBlur: true,
  });

  const prepare = () => {
    if (actions.current) return;
    loadActions().then(
      (loaded) => {
        actions.current = loaded;
      },
      () => undefined, // reported on submit, if it still fails then
    );
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.kind === "pending") return;
    setStatus({ kind: "pending" });
    try {
      actions.current ??= await loadActions();
      if (form.validate().hasErrors) {
        setStatus({ kind: "idle" });
        return;
      }
      const result = await actions.current.signIn(actions.current.toLoginRequest(form.getValues()));
      if (result.kind === "twoFactorRequired") {
        // SPEC §4: not signed in yet; the code step (with the kept temporary token) leads on to the same target.
        const query = redirect ? `?${new URLSearchParams({ redirect })}` : "";
        await go(`/validate2fa${query}`);
        return;
      }
      await go(safeRedirect(redirect), { replace: true });
    } catch (error) {
      form.setFieldValue("password", "");
      passwordInput.current?.focus();
      if (isApiError(error) && error.fieldErrors.length > 0 && actions.current) {
        form.setErrors(actions.current.serverFieldErrors(error.fieldErrors));
      }
      setStatus({ kind: "failed", error });
    }
  };

  // Messages are produced when validating: produce them again in the new language after a switch.
  const { language } = i18n;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a language change only
  useEffect(() => {
    if (Object.keys(form.errors).length > 0) form.validate();
  }, [language]);

  // A plain click stays in the app; with a modifier (new tab, new window) the browser follows the link itself.
  const follow = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void go(path);
  };

  const failure = status.kind === "failed" ? status.error : null;
  const retryMessage = (seconds: number) =>
    seconds < 60
      ? t("retryAfter", { count: seconds })
      : t("retryAfterMinutes", { count: Math.ceil(seconds / 60) });
  const retryAfter = isApiError(failure) ? failure.retryAfter : null;

  return (
    <Box mih="100vh" bg="gray.0" style={{ display: "flex", flexDirection: "column" }}>
      <Group justify="flex-end" p="md">
        <LanguageSwitch />
      </Group>
      <Center style={{ flex: 1 }} px="md" pb="xl">
        <Stack w="100%" maw={420} gap="lg">
          <Stack gap={4} align="center">
            <Text fw={700} fz={28} c="petrol.8" lh={1.2}>
              {t("common:appName")}
            </Text>
            <Text c="dimmed" size="sm" ta="center">
              {t("tagline")}
            </Text>
          </Stack>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <form
              noValidate
              onSubmit={(event) => void submit(event)}
              onKeyDownCapture={prepare}
              onPointerDownCapture={prepare}
              onInputCapture={prepare}
            >
              <Stack gap="md">
                <div>
                  <Title order={1} fz={22}>
                    {t("title")}
                  </Title>
                  <Text c="dimmed" size="sm" mt={4}>
                    {t("intro")}
                  </Text>
                </div>
                {status.kind === "failed" && (
                  <Alert color="red" variant="light" role="alert">
                    {problemMessage(failure)}
                    {retryAfter !== null && retryAfter > 0 && ` ${retryMessage(retryAfter)}`}
                  </Alert>
                )}
                <TextInput
                  label={t("usernameOrEmail")}
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  required
                  data-autofocus
                  autoFocus
                  {...form.getInputProps("usernameOrEmail")}
                />
                <PasswordInput
                  label={t("password")}
                  autoComplete="current-password"
                  required
                  ref={passwordInput}
                  visible={passwordVisible}
                  onVisibilityChange={setPasswordVisible}
                  visibilityToggleButtonProps={{
                    "aria-label": t("showPassword"),
                    "aria-pressed": passwordVisible,
                  }}
                  {...form.getInputProps("password")}
                />
                <Anchor
                  href={BASEPATH + PASSWORD_RESET}
                  onClick={follow(PASSWORD_RESET)}
                  size="sm"
                  mt={-8}
                  w="fit-content"
                  ml="auto"
                >
                  {t("forgotPassword")}
                </Anchor>
                <Button type="submit" fullWidth mt="xs" loading={status.kind === "pending"}>
                  {t("submit")}
                </Button>
              </Stack>
            </form>
          </Paper>
          <Text size="sm" ta="center" c="dimmed">
            {t("noAccount")}{" "}
            <Anchor href={BASEPATH + REGISTER} onClick={follow(REGISTER)} fw={500}>
              {t("register")}
            </Anchor>
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
