import { friendlyUsername, type TLoginRequest, type TLoginSuccess } from "@kontor/domain/auth/auth.schema";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { ProblemError } from "../../http/problem.ts";
import { findUserByLoginOrEmail, insertSession, revokeSession } from "./auth.repository.ts";
import { createLoginRateLimit } from "./login-rate-limit.ts";
import { verifyPassword } from "./password.ts";
import type { TokenService } from "./token.ts";

export interface ClientInfo {
  address: string;
  userAgent: string | undefined;
}

export function createAuthService(deps: { db: Db; config: Config; tokens: TokenService }) {
  const { db, config, tokens } = deps;
  const rateLimit = createLoginRateLimit(db, config.loginRateLimit);

  return {
    /** SPEC §4 Login. Wrong login and wrong password give the same answer. */
    async login(input: TLoginRequest, client: ClientInfo): Promise<TLoginSuccess> {
      await rateLimit.assertAllowed(input.usernameOrEmail, client.address);
      const user = await findUserByLoginOrEmail(db, input.usernameOrEmail);
      const valid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !valid) {
        await rateLimit.recordFailure(input.usernameOrEmail, client.address);
        throw new ProblemError(401, "error.badCredentials");
      }
      if (!user.activated) throw new ProblemError(401, "error.userNotActivated");
      await rateLimit.reset(input.usernameOrEmail);

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
    },

    logout: (sessionId: string) => revokeSession(db, sessionId),
  };
}
