import { type TLoginRequest, ZAccount, ZLoginSuccess } from "@kontor/domain/auth/auth.schema";
import type { TMandantSummary } from "@kontor/domain/mandant/mandant.schema";
import { z } from "zod";
import { api } from "../../app/api.ts";
import { session } from "../../app/session.ts";
import { fetchMyMandants } from "../mandant/mandant.api.ts";
import { pickMandant } from "../mandant/mandant.rules.ts";

/** POST auth/login answers with a token, or, for accounts with two-factor sign-in, with a temporary token. */
const ZLoginResponse = z.union([
  ZLoginSuccess,
  z.object({ forceTokenCheck: z.literal(true), token2Fa: z.string() }),
]);

export type SignInResult = { kind: "signedIn"; mandants: TMandantSummary[] } | { kind: "twoFactorRequired" };

/**
 * Signs in (SPEC §4): stores the token, loads the user's tenants and selects one — the one last used on this
 * device if still valid, else the one the server remembers (account.selectedMandantId), else the first active.
 * Two-factor sign-in is not supported yet: nothing is stored then.
 */
export async function signIn(credentials: TLoginRequest): Promise<SignInResult> {
  const response = ZLoginResponse.parse(
    await api.post<unknown>("auth/login", credentials, { anonymous: true }),
  );
  if ("forceTokenCheck" in response) return { kind: "twoFactorRequired" };

  session.signIn(response.accessToken);
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
