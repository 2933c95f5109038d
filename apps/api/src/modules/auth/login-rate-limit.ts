import { inArray, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { loginAttempt } from "../../db/schema/index.ts";
import { ProblemError } from "../../http/problem.ts";

/**
 * Failed sign-ins counted per login name and per client address in a fixed window, in the database so that the
 * limit holds across processes. A blocked key is refused before the password is even checked.
 */
export function createLoginRateLimit(db: Db, limits: Config["loginRateLimit"]) {
  const window = sql`make_interval(secs => ${limits.windowSeconds})`;
  const keysFor = (login: string, address: string) => ({
    login: `login:${login.toLowerCase()}`,
    address: `address:${address}`,
  });

  return {
    async assertAllowed(login: string, address: string) {
      const keys = keysFor(login, address);
      const rows = await db
        .select({
          key: loginAttempt.key,
          failures: loginAttempt.failures,
          retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${loginAttempt.windowStart} + ${window} - now())))::int`,
        })
        .from(loginAttempt)
        .where(
          sql`${inArray(loginAttempt.key, [keys.login, keys.address])} and ${loginAttempt.windowStart} > now() - ${window}`,
        );
      const blocked = rows.filter((row) =>
        row.key === keys.login
          ? row.failures >= limits.maxFailuresPerLogin
          : row.failures >= limits.maxFailuresPerAddress,
      );
      if (blocked.length > 0) {
        const retryAfter = Math.max(...blocked.map((row) => row.retryAfter));
        throw new ProblemError(429, "error.tooManyAttempts", undefined, undefined, {
          "retry-after": String(retryAfter),
        });
      }
    },

    async recordFailure(login: string, address: string) {
      const keys = keysFor(login, address);
      const expired = sql`${loginAttempt.windowStart} <= now() - ${window}`;
      await db
        .insert(loginAttempt)
        .values([keys.login, keys.address].map((key) => ({ key, windowStart: sql`now()`, failures: 1 })))
        .onConflictDoUpdate({
          target: loginAttempt.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${loginAttempt.failures} + 1 end`,
            windowStart: sql`case when ${expired} then now() else ${loginAttempt.windowStart} end`,
          },
        });
    },

    async reset(login: string) {
      await db.delete(loginAttempt).where(inArray(loginAttempt.key, [keysFor(login, "").login]));
    },
  };
}
export type LoginRateLimit = ReturnType<typeof createLoginRateLimit>;
