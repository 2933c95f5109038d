import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { loginAttempt } from "../db/schema/index.ts";
import { ProblemError } from "../http/problem.ts";

export interface AttemptLimit {
  key: string;
  max: number;
}

/**
 * Counts attempts per key in a fixed window, in the database (table login_attempt), so a limit holds across any
 * number of processes. Used for failed sign-ins, wrong TOTP codes, password-reset mails and the recipients of
 * documents sent by mail (one attempt may count several: a mail to 50 recipients counts 50).
 */
export function createAttemptCounter(db: Db, windowSeconds: number) {
  const window = sql`make_interval(secs => ${windowSeconds})`;
  const expired = sql`${loginAttempt.windowStart} <= now() - ${window}`;

  return {
    /**
     * 429 error.tooManyAttempts (with Retry-After) when `coming` more attempts would take any key past its maximum
     * in the window (with one: when a key has reached it).
     */
    async assertAllowed(limits: readonly AttemptLimit[], coming = 1) {
      const rows = await db
        .select({
          key: loginAttempt.key,
          failures: loginAttempt.failures,
          retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${loginAttempt.windowStart} + ${window} - now())))::int`,
        })
        .from(loginAttempt)
        .where(
          sql`${inArray(
            loginAttempt.key,
            limits.map((l) => l.key),
          )} and ${loginAttempt.windowStart} > now() - ${window}`,
        );
      const blocked = rows.filter(
        (row) => row.failures + coming > (limits.find((l) => l.key === row.key)?.max ?? Infinity),
      );
      if (blocked.length > 0) {
        throw new ProblemError(429, "error.tooManyAttempts", undefined, undefined, {
          "retry-after": String(Math.max(...blocked.map((row) => row.retryAfter))),
        });
      }
    },

    /** Counts `count` attempts (default one) on each key; answers each key's count in the current window. */
    async record(keys: readonly string[], count = 1): Promise<Map<string, number>> {
      const rows = await db
        .insert(loginAttempt)
        .values(keys.map((key) => ({ key, windowStart: sql`now()`, failures: count })))
        .onConflictDoUpdate({
          target: loginAttempt.key,
          set: {
            failures: sql`case when ${expired} then ${count}::int else ${loginAttempt.failures} + ${count}::int end`,
            windowStart: sql`case when ${expired} then now() else ${loginAttempt.windowStart} end`,
          },
        })
        .returning({ key: loginAttempt.key, failures: loginAttempt.failures });
      return new Map(rows.map((row) => [row.key, row.failures]));
    },

    async reset(keys: readonly string[]) {
      await db.delete(loginAttempt).where(inArray(loginAttempt.key, [...keys]));
    },
  };
}
export type AttemptCounter = ReturnType<typeof createAttemptCounter>;
