import type { TAccount } from "@kontor/domain/auth/auth.schema";
import type { TEinladungInfo } from "@kontor/domain/einladung/einladung.schema";
import { Alert, Box, Button, Center, Loader, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Link, useParams } from "@tanstack/react-router";
import { Fragment, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { currentLanguage } from "../../app/i18n.ts";
import { BASEPATH } from "../../app/paths.ts";
import { session, useSession } from "../../app/session.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { problemFieldErrors } from "../account/formRules.ts";
import { PublicFrame } from "../account/PublicFrame.tsx";
import { fetchMyMandants } from "../mandant/mandant.queries.ts";
import { NewAccountFields } from "../register/NewAccountFields.tsx";
import { acceptEinladung, fetchEinladung, fetchSignedInAccount, registerEinladung } from "./einladung.api.ts";
import {
  EINLADUNG_REGISTER_PROBLEM_FIELDS,
  type EinladungRegisterValues,
  toEinladungRegisterRequest,
  validateEinladungRegister,
} from "./einladung.form.ts";

type Load<T> = { kind: "pending" } | { kind: "done"; value: T } | { kind: "failed"; error: unknown };

/** Loads once per `id` while mounted; a new id starts over (and a late answer of the old one is dropped). */
function useLoad<T>(id: string | null, load: (signal: AbortSignal) => Promise<T>): Load<T> {
  const [state, setState] = useState<{ id: string | null; load: Load<T> }>({
    id,
    load: { kind: "pending" },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the call belongs to its id
  useEffect(() => {
    if (id === null) return;
    const controller = new AbortController();
    setState({ id, load: { kind: "pending" } });
    load(controller.signal).then(
      (value) => !controller.signal.aborted && setState({ id, load: { kind: "done", value } }),
      (error: unknown) => !controller.signal.aborted && setState({ id, load: { kind: "failed", error } }),
    );
    return () => controller.abort();
  }, [id]);
  return state.id === id ? state.load : { kind: "pending" };
}

/** The link's key is no (longer a) valid invitation: the server's codes with the invitation's own words. */
function isKeyProblem(error: unknown): boolean {
  return isApiError(error) && (error.code === "error.keyInvalid" || error.code === "error.keyExpired");
}

/**
 * /einladung/{key} (public): the link of an invitation mail (issue 13). Shows the tenant, who invited and the
 * invited address; then, signed in, "accept" as that account — else "sign in and accept" when the address has an
 * account, or a registration form that creates an active account, member of the tenant at once.
 */
export function EinladungPage() {
  const { key } = useParams({ from: "/einladung/$key" });
  return <Einladung key={key} einladungKey={key} />;
}

function Einladung({ einladungKey }: { einladungKey: string }) {
  const { t } = useTranslation(["account", "common"]);
  const info = useLoad(einladungKey, (signal) => fetchEinladung(einladungKey, signal));
  // The address may get an account while the page is open (409 on register): then signing in is the way.
  const [accountExistsNow, setAccountExistsNow] = useState(false);

  if (info.kind === "pending") {
    return (
      <PublicFrame title={t("einladung.pending")} backToLogin={false}>
        <Center py="md">
          <Loader aria-label={t("common:loading")} />
        </Center>
      </PublicFrame>
    );
  }
  if (info.kind === "failed") return <InvalidLink error={info.error} />;

  const einladung = info.value;
  return (
    <PublicFrame
      title={t("einladung.title", { mandant: einladung.mandant })}
      intro={t("einladung.intro")}
      backToLogin={false}
    >
      <InfoList einladung={einladung} />
      <Next
        einladungKey={einladungKey}
        einladung={einladung}
        accountExistsNow={accountExistsNow}
        onAccountExists={() => setAccountExistsNow(true)}
      />
    </PublicFrame>
  );
}

/** What to do next: depends on the sign-in of this device and on whether the address has an account. */
function Next({
  einladungKey,
  einladung,
  accountExistsNow,
  onAccountExists,
}: {
  einladungKey: string;
  einladung: TEinladungInfo;
  accountExistsNow: boolean;
  onAccountExists: () => void;
}) {
  const { token } = useSession();
  if (token) return <Accept einladungKey={einladungKey} einladung={einladung} token={token} />;
  if (einladung.accountExists || accountExistsNow)
    return <SignInToAccept einladungKey={einladungKey} einladung={einladung} now={accountExistsNow} />;
  return <Register einladungKey={einladungKey} einladung={einladung} onAccountExists={onAccountExists} />;
}

function InvalidLink({ error }: { error: unknown }) {
  const { t } = useTranslation("account");
  const problemMessage = useProblemMessage();
  const message =
    isApiError(error) && error.code === "error.keyExpired"
      ? t("einladung.keyExpired")
      : isApiError(error) && error.code === "error.keyInvalid"
        ? t("einladung.keyInvalid")
        : problemMessage(error);
  return (
    <PublicFrame title={t("einladung.failedTitle")} backToLogin={false}>
      <Alert color="red" variant="light" role="alert">
        {message}
      </Alert>
      <Button component={Link} to="/login" variant="light">
        {t("public.toLogin")}
      </Button>
    </PublicFrame>
  );
}

function InfoList({ einladung }: { einladung: TEinladungInfo }) {
  const { t } = useTranslation("account");
  const rows: Array<[string, string]> = [
    [t("einladung.mandant"), einladung.mandant],
    ...(einladung.invitedBy ? [[t("einladung.invitedBy"), einladung.invitedBy] as [string, string]] : []),
    [t("einladung.email"), einladung.email],
  ];
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: "grid",
        gridTemplateColumns: "max-content 1fr",
        gap: "var(--mantine-spacing-xs) var(--mantine-spacing-md)",
      }}
    >
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" size="sm" fw={600} m={0} style={{ overflowWrap: "anywhere" }}>
            {value}
          </Text>
        </Fragment>
      ))}
    </Box>
  );
}

type AcceptState =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "wrongAccount" }
  | { kind: "failed"; error: unknown };

/** Signed in: accept as this account — or, when it has another address, sign out and use the right one. */
function Accept({
  einladungKey,
  einladung,
  token,
}: {
  einladungKey: string;
  einladung: TEinladungInfo;
  token: string;
}) {
  const { t } = useTranslation(["account", "common", "errors"]);
  const problemMessage = useProblemMessage();
  const account = useLoad<TAccount>(token, (signal) => fetchSignedInAccount(signal));
  const [state, setState] = useState<AcceptState>({ kind: "idle" });

  if (account.kind === "pending") {
    return (
      <Center py="sm">
        <Loader size="sm" aria-label={t("common:loading")} />
      </Center>
    );
  }
  if (account.kind === "failed") {
    return (
      <Alert color="red" variant="light" role="alert">
        {problemMessage(account.error)}
      </Alert>
    );
  }

  const login = account.value.login;
  const sameAddress = account.value.email.trim().toLowerCase() === einladung.email.trim().toLowerCase();
  const signOut = () => session.clear();

  if (!sameAddress || state.kind === "wrongAccount") {
    return (
      <Stack gap="sm">
        <Alert
          color="orange"
          variant="light"
          role="alert"
          // The server refused (403): its reason on top; found before asking, the explanation is enough.
          title={state.kind === "wrongAccount" ? t("errors:error.forbidden") : undefined}
        >
          {t("einladung.wrongAccount", { email: einladung.email, login })}
        </Alert>
        <Button variant="light" onClick={signOut}>
          {t("einladung.otherAccount")}
        </Button>
      </Stack>
    );
  }

  const accept = async () => {
    setState({ kind: "pending" });
    try {
      await acceptEinladung(einladungKey);
    } catch (error) {
      setState(
        isApiError(error) && error.status === 403 ? { kind: "wrongAccount" } : { kind: "failed", error },
      );
      return;
    }
    // Work in the new tenant (when its name tells it apart; the shell falls back if it is inactive) ...
    try {
      const joined = (await fetchMyMandants()).filter((mandant) => mandant.bezeichnung === einladung.mandant);
      if (joined.length === 1 && joined[0]) session.selectMandant(joined[0].id);
    } catch {
      // The shell picks a tenant itself.
    }
    // ... and start the app afresh at home: the tenant list, modules and menu all follow the new membership (a
    // full load instead of pulling the shell's query cache into this public chunk, DESIGN §9).
    window.location.assign(`${BASEPATH}/`);
  };

  if (state.kind === "failed" && isKeyProblem(state.error)) return <KeyProblem error={state.error} />;
  return (
    <Stack gap="sm">
      <Text size="sm">{t("einladung.signedInAs", { login })}</Text>
      {state.kind === "failed" && (
        <Alert color="red" variant="light" role="alert" title={t("einladung.acceptFailed")}>
          {problemMessage(state.error)}
        </Alert>
      )}
      <Button onClick={() => void accept()} loading={state.kind === "pending"} fullWidth>
        {t("einladung.accept")}
      </Button>
      <Button variant="subtle" size="compact-sm" onClick={signOut}>
        {t("einladung.otherAccount")}
      </Button>
    </Stack>
  );
}

/** The link stopped working while the page was open (used, withdrawn, expired). */
function KeyProblem({ error }: { error: unknown }) {
  const { t } = useTranslation("account");
  return (
    <Alert color="red" variant="light" role="alert" title={t("einladung.failedTitle")}>
      {isApiError(error) && error.code === "error.keyExpired"
        ? t("einladung.keyExpired")
        : t("einladung.keyInvalid")}
    </Alert>
  );
}

/** Not signed in, the address has an account: sign in, and the login comes back here to accept. */
function SignInToAccept({
  einladungKey,
  einladung,
  now,
}: {
  einladungKey: string;
  einladung: TEinladungInfo;
  now: boolean;
}) {
  const { t } = useTranslation("account");
  return (
    <Stack gap="sm">
      <Alert color={now ? "orange" : "blue"} variant="light" role={now ? "alert" : undefined}>
        {t(now ? "einladung.accountExistsNow" : "einladung.hasAccount", { email: einladung.email })}
      </Alert>
      <Button
        fullWidth
        renderRoot={(props) => (
          <Link {...props} to="/login" search={{ redirect: `/einladung/${einladungKey}` }} />
        )}
      >
        {t("einladung.loginAndAccept")}
      </Button>
    </Stack>
  );
}

type RegisterState =
  | { kind: "idle" }
  | { kind: "pending" }
  | { kind: "done"; login: string }
  | { kind: "failed"; error: unknown };

/** Not signed in, no account for the address: create one through the invitation (active, member at once). */
function Register({
  einladungKey,
  einladung,
  onAccountExists,
}: {
  einladungKey: string;
  einladung: TEinladungInfo;
  onAccountExists: () => void;
}) {
  const { t, i18n } = useTranslation(["account", "common"]);
  const problemMessage = useProblemMessage();
  const [state, setState] = useState<RegisterState>({ kind: "idle" });
  const form = useForm<EinladungRegisterValues>({
    initialValues: {
      login: "",
      firstName: "",
      lastName: "",
      password: "",
      confirmPassword: "",
      langKey: currentLanguage(),
    },
    validate: (values) => validateEinladungRegister(einladungKey, values),
    validateInputOnBlur: true,
  });

  const { language } = i18n;
  // biome-ignore lint/correctness/useExhaustiveDependencies: messages follow a language switch
  useEffect(() => {
    if (Object.keys(form.errors).length > 0) form.validate();
  }, [language]);

  const submit = form.onSubmit(async (values) => {
    setState({ kind: "pending" });
    try {
      const request = toEinladungRegisterRequest(einladungKey, values);
      await registerEinladung(request);
      setState({ kind: "done", login: request.login });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setState({ kind: "idle" });
        onAccountExists();
        return;
      }
      const atFields = problemFieldErrors(error, EINLADUNG_REGISTER_PROBLEM_FIELDS);
      form.setErrors(atFields);
      // Everything typed stays; a reason that is not at a field shows above the form.
      setState(Object.keys(atFields).length > 0 ? { kind: "idle" } : { kind: "failed", error });
    }
  });

  if (state.kind === "done") {
    return (
      <Stack gap="sm">
        <Alert color="green" variant="light" role="status" title={t("einladung.registeredTitle")}>
          {t("einladung.registeredText", { login: state.login, mandant: einladung.mandant })}
        </Alert>
        <Button component={Link} to="/login" fullWidth>
          {t("einladung.signIn")}
        </Button>
      </Stack>
    );
  }
  if (state.kind === "failed" && isKeyProblem(state.error)) return <KeyProblem error={state.error} />;

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">{t("einladung.registerIntro", { email: einladung.email })}</Text>
        {state.kind === "failed" && (
          <Alert color="red" variant="light" role="alert">
            {problemMessage(state.error)}
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
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
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
        <NewAccountFields form={form} />
        <Button type="submit" fullWidth mt="xs" loading={state.kind === "pending"}>
          {t("einladung.registerSubmit")}
        </Button>
      </Stack>
    </form>
  );
}
