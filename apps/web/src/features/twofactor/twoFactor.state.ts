/**
 * The temporary token of a two-factor sign-in (SPEC §4 Login: "a temporary two-factor token is stored, the user
 * is not logged in"). It lives in this tab's sessionStorage — a reload of /validate2fa keeps it, other tabs and
 * the next browser start do not see it — and never where the access token lives (session.ts).
 */
export const TOKEN_2FA_KEY = "kontor.token2Fa";

export interface PendingTwoFactor {
  get(): string | null;
  set(token2Fa: string): void;
  clear(): void;
}

/** Backed by `storage`; when the browser refuses storage (privacy modes), by memory for this page's life. */
export function createPendingTwoFactor(storage: Storage | null): PendingTwoFactor {
  let memory: string | null = null;
  const attempt = <T>(action: (store: Storage) => T, fallback: () => T): T => {
    if (!storage) return fallback();
    try {
      return action(storage);
    } catch {
      return fallback();
    }
  };
  return {
    get: () =>
      attempt(
        (store) => store.getItem(TOKEN_2FA_KEY),
        () => memory,
      ),
    set: (token2Fa) => {
      memory = token2Fa;
      attempt(
        (store) => store.setItem(TOKEN_2FA_KEY, token2Fa),
        () => undefined,
      );
    },
    clear: () => {
      memory = null;
      attempt(
        (store) => store.removeItem(TOKEN_2FA_KEY),
        () => undefined,
      );
    },
  };
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export const pendingTwoFactor = createPendingTwoFactor(sessionStorageOrNull());
