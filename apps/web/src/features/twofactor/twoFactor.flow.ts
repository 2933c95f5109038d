import type { TLoginSuccess } from "@kontor/domain/auth/auth.schema";
import { isApiError } from "../../app/api.ts";
import type { PendingTwoFactor } from "./twoFactor.state.ts";

/** What became of a submitted code. Failures that belong at the code field (wrong code, 429) are thrown. */
export type TwoFactorOutcome =
  | { kind: "signedIn" }
  /** No sign-in is waiting for a code in this tab (opened directly, or the token was used up). */
  | { kind: "noPending" }
  /** The temporary token is no longer accepted (expired): the user has to sign in again. */
  | { kind: "expired" };

export interface TwoFactorDeps {
  pending: PendingTwoFactor;
  validate: (token2Fa: string, validationCode: string) => Promise<TLoginSuccess>;
  /** Stores the full token exactly like a normal sign-in (login.api.ts completeSignIn). */
  complete: (success: TLoginSuccess) => Promise<unknown>;
}

/**
 * The second step of a two-factor sign-in (SPEC §4 Login): the code goes to the server with the temporary token;
 * on success the temporary token is forgotten and the full token is stored like after a normal sign-in. A wrong
 * code keeps the temporary token, so the user can try the next code; an expired token is forgotten.
 */
export async function submitTwoFactorCode(
  validationCode: string,
  deps: TwoFactorDeps,
): Promise<TwoFactorOutcome> {
  const token2Fa = deps.pending.get();
  if (!token2Fa) return { kind: "noPending" };
  let success: TLoginSuccess;
  try {
    success = await deps.validate(token2Fa, validationCode);
  } catch (error) {
    if (isApiError(error) && error.status === 401 && error.code !== "error.codeInvalid") {
      deps.pending.clear();
      return { kind: "expired" };
    }
    throw error;
  }
  deps.pending.clear();
  await deps.complete(success);
  return { kind: "signedIn" };
}
