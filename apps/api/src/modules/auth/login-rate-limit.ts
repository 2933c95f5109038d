import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { createAttemptCounter } from "../../security/attempts.ts";

/**
 * Failed sign-ins (issue 13), counted in the database so the limits hold across processes:
 * - per account, however it is named (login or e-mail: the key is the user id; a name that matches no account is
 *   counted under the name, so unknown names behave alike);
 * - per client address, with a much higher limit, so one client cannot lock out everyone behind an office NAT.
 * A blocked key is refused before the password is checked; a successful sign-in resets the account's counter.
 */
export function createLoginRateLimit(db: Db, limits: Config["loginRateLimit"]) {
  const counter = createAttemptCounter(db, limits.windowSeconds);
  const accountKey = (account: Account) =>
    account.userId !== undefined ? `account:${account.userId}` : `login:${account.name.toLowerCase()}`;
  const addressKey = (address: string) => `address:${address}`;

  return {
    limits,
    assertAllowed(account: Account, address: string) {
      return counter.assertAllowed([
        { key: accountKey(account), max: limits.maxFailuresPerAccount },
        { key: addressKey(address), max: limits.maxFailuresPerAddress },
      ]);
    },
    /** Counts a failure; true when it was the one that blocked the account (its owner is told once). */
    async recordFailure(account: Account, address: string): Promise<boolean> {
      const counts = await counter.record([accountKey(account), addressKey(address)]);
      return counts.get(accountKey(account)) === limits.maxFailuresPerAccount;
    },
    reset: (account: Account) => counter.reset([accountKey(account)]),
  };
}

/** Who a sign-in names: the account if the name matched one, else just the name. */
export interface Account {
  userId?: number;
  name: string;
}
