import type { TAuthority } from "@kontor/domain/access/access.schema";
import { friendlyUsername } from "@kontor/domain/auth/auth.rules";
import type { TLoginRequest, TLoginResponse, TLoginSuccess } from "@kontor/domain/auth/auth.schema";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { ProblemError } from "../../http/problem.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { TokenService } from "../../security/token.ts";
import type { TotpService } from "../totp/totp.service.ts";
import {
  findUserByLoginOrEmail,
  findUserForSession,
  insertSession,
  revokeSession,
} from "./auth.repository.ts";
import { createLoginRateLimit } from "./login-rate-limit.ts";
import { verifyPassword } from "./password.ts";

export interface ClientInfo {
  address: string;
  userAgent: string | undefined;
}

export function createAuthService(deps: {
  db: Db;
  config: Config;
  tokens: TokenService;
  totp: TotpService;
  mailer: Mailer;
}) {
  const { db, config, tokens, totp, mailer } = deps;
  const rateLimit = createLoginRateLimit(db, config.loginRateLimit);

  /** One session row per issued token (so it can be listed and revoked), and the login answer. */
  async function startSession(
    user: {
      id: number;
      login: string;
      firstName: string | null;
      lastName: string | null;
      authorities: TAuthority[];
    },
    client: ClientInfo,
  ): Promise<TLoginSuccess> {
    const expiresAt = new Date(Date.now() + config.tokenTtlMinutes * 60_000);
    const sessionId = await insertSession(db, {
      userId: user.id,
      expiresAt,
      userAgent: client.userAgent?.slice(0, 500),
      clientAddress: client.address,
    });
    return {
      accessToken: await tokens.issue({ sessionId, userId: user.id }, expiresAt),
      friendlyUsername: friendlyUsername(user),
      authorities: user.authorities,
      userId: user.id,
    };
  }

  /** The owner hears of the block at once (a failing mail server does not change the sign-in's answer). */
  async function mailBlocked(
    user: { login: string; email: string; firstName: string | null; langKey: "de" | "en" },
    address: string,
  ) {
    await mailer
      .send({
        kind: "loginBlocked",
        to: user.email,
        language: user.langKey,
        name: user.firstName ?? user.login,
        login: user.login,
        linkPath: "/app/passwordreset",
        values: {
          address,
          failures: String(rateLimit.limits.maxFailuresPerAccount),
          minutes: String(Math.round(rateLimit.limits.windowSeconds / 60)),
        },
      })
      .catch(() => undefined);
  }

  return {
    /**
     * SPEC §4 Login. Wrong login and wrong password give the same answer. With two-factor on, the answer is a
     * short-lived token for auth/validate2fa instead of an access token.
     */
    async login(input: TLoginRequest, client: ClientInfo): Promise<TLoginResponse> {
      const user = await findUserByLoginOrEmail(db, input.usernameOrEmail);
      const account = { userId: user?.id, name: input.usernameOrEmail };
      await rateLimit.assertAllowed(account, client.address);
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) {
        const blocked = await rateLimit.recordFailure(account, client.address);
        if (blocked && user) await mailBlocked(user, client.address);
        throw new ProblemError(401, "error.badCredentials");
      }
      if (!user.activated) throw new ProblemError(401, "error.userNotActivated");
      await rateLimit.reset(account);
      if (user.totpEnabled) return { forceTokenCheck: true, token2Fa: await tokens.issueTwoFactor(user.id) };
      return startSession(user, client);
    },

    /** The second step of a two-factor sign-in: the code for the user named by the token2Fa. */
    async validateTwoFactor(token2Fa: string, code: string, client: ClientInfo): Promise<TLoginSuccess> {
      const userId = await tokens.verifyTwoFactor(token2Fa);
      await totp.verify(userId, code);
      const user = await findUserForSession(db, userId);
      if (!user?.activated) throw new ProblemError(401, "error.userNotActivated");
      return startSession(user, client);
    },

    logout: (sessionId: string) => revokeSession(db, sessionId),
  };
}
