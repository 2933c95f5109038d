import { type TLoginSuccess, ZLoginSuccess } from "@kontor/domain/auth/auth.schema";
import { type ApiClient, createApiClient } from "../../app/api.ts";
import type { Session, SessionSnapshot } from "../../app/session.ts";

/**
 * A client that sends the temporary two-factor token as its bearer token. It has a session of its own, so a 401
 * (wrong code, expired token) neither touches the app's session nor sends the browser to the login page.
 */
function clientWithToken(token2Fa: string): ApiClient {
  const snapshot: SessionSnapshot = { token: token2Fa, mandantId: null };
  const temporary: Session = {
    get: () => snapshot,
    signIn: () => undefined,
    selectMandant: () => undefined,
    clear: () => undefined,
    subscribe: () => () => undefined,
  };
  return createApiClient({ session: temporary });
}

/** POST auth/validate2fa {validationCode} with the temporary token: the full sign-in answer. */
export async function validateTwoFactor(token2Fa: string, validationCode: string): Promise<TLoginSuccess> {
  const raw = await clientWithToken(token2Fa).post<unknown>("auth/validate2fa", { validationCode });
  return ZLoginSuccess.parse(raw);
}

/** POST totp/send2FaDeactivationEmail with the temporary token: mails a link that switches two-factor off. */
export async function sendDeactivationMailDuringSignIn(token2Fa: string): Promise<void> {
  await clientWithToken(token2Fa).post<void>("totp/send2FaDeactivationEmail", undefined);
}
