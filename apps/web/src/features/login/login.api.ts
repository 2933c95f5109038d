import {
  type TLoginRequest,
  type TLoginSuccess,
  ZAccount,
  ZLoginResponse,
} from "@kontor/domain/auth/auth.schema";
import type { TMandantSummary } from "@kontor/domain/mandant/mandant.schema";
import { api } from "../../app/api.ts";
import { session } from "../../app/session.ts";
import { fetchMyMandants } from "../mandant/mandant.api.ts";
import { pickMandant } from "../mandant/mandant.rules.ts";
import { pendingTwoFactor } from "../twofactor/twoFactor.state.ts";

export type SignInResult = { kind: "signedIn"; mandants: TMandantSummary[] } | { kind: "twoFactorRequired" };

/**
 * Signs in (SPEC §4). With two-factor sign-in on, the server answers forceTokenCheck and a temporary token: that
 * token is kept for the code step (twoFactor.state.ts, never as the access token) and nothing else is stored.
 */
export async function signIn(credentials: TLoginRequest): Promise<SignInResult> {
  const response = ZLoginResponse.parse(
    await api.post<unknown>("auth/login", credentials, { anonymous: true }),
  );
  if ("forceTokenCheck" in response) {
    pendingTwoFactor.set(response.token2Fa);
    return { kind: "twoFactorRequired" };
  }
  pendingTwoFactor.clear();
  return completeSignIn(response);
}

/**
 * What every successful sign-in does (password, or password and code): stores the token, loads the user's tenants
 * and selects one — the one last used on this device if still valid, else the one the server remembers
 * (account.selectedMandantId), else the first active.
 */
export async function completeSignIn(
  success: TLoginSuccess,
): Promise<{ kind: "signedIn"; mandants: TMandantSummary[] }> {
  session.signIn(success.accessToken);
  try {
    const [mandants, account] = await Promise.all([
      fetchMyMandants(),
      api.get<unknown>("account", { mandant: false }).then((raw) => ZAccount.parse(raw)),
    ]);
    session.selectMandant(pickMandant(mandants, session.get().mandantId, account.selectedMandantId));
    return { kind: "signedIn", mandants };
  } catch (error) {
    session.clear();
    throw error;
  }
}
