import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { createAttemptCounter } from "../../security/attempts.ts";

/**
 * Failed sign-ins counted per login name and per client address. A blocked key is refused before the password
 * is even checked; a successful sign-in resets the login's counter.
 */
export function createLoginRateLimit(db: Db, limits: Config["loginRateLimit"]) {
  const counter = createAttemptCounter(db, limits.windowSeconds);
  const keysFor = (login: string, address: string) => ({
    login: `login:${login.toLowerCase()}`,
    address: `address:${address}`,
  });

  return {
    assertAllowed(login: string, address: string) {
      const keys = keysFor(login, address);
      return counter.assertAllowed([
        { key: keys.login, max: limits.maxFailuresPerLogin },
        { key: keys.address, max: limits.maxFailuresPerAddress },
      ]);
    },
    recordFailure(login: string, address: string) {
      const keys = keysFor(login, address);
      return counter.record([keys.login, keys.address]);
    },
    reset: (login: string) => counter.reset([keysFor(login, "").login]),
  };
}
