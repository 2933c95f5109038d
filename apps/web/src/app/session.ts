import { useSyncExternalStore } from "react";

/**
 * The signed-in state of this browser: bearer token and selected tenant, kept in localStorage (SPEC §9)
 * so a reload or a second tab stays signed in. Everything else about the user comes from the API.
 */
export const STORAGE_KEYS = {
  token: "kontor.token",
  mandantId: "kontor.mandantId",
} as const;

export interface SessionSnapshot {
  token: string | null;
  mandantId: number | null;
}

type Listener = () => void;

export interface Session {
  get(): SessionSnapshot;
  signIn(token: string): void;
  selectMandant(mandantId: number | null): void;
  /** Forgets token and tenant (logout, or any 401). */
  clear(): void;
  subscribe(listener: Listener): () => void;
}

function readMandantId(storage: Storage): number | null {
  const raw = storage.getItem(STORAGE_KEYS.mandantId);
  const id = raw === null ? Number.NaN : Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function createSession(storage: Storage): Session {
  const listeners = new Set<Listener>();
  let snapshot: SessionSnapshot = {
    token: storage.getItem(STORAGE_KEYS.token),
    mandantId: readMandantId(storage),
  };

  const write = (next: SessionSnapshot) => {
    if (next.token === null) storage.removeItem(STORAGE_KEYS.token);
    else storage.setItem(STORAGE_KEYS.token, next.token);
    if (next.mandantId === null) storage.removeItem(STORAGE_KEYS.mandantId);
    else storage.setItem(STORAGE_KEYS.mandantId, String(next.mandantId));
    update(next);
  };
  const update = (next: SessionSnapshot) => {
    if (next.token === snapshot.token && next.mandantId === snapshot.mandantId) return;
    snapshot = next;
    for (const listener of listeners) listener();
  };

  // Another tab signed in or out: follow it.
  if (typeof window !== "undefined") {
    window.addEventListener("storage", (event) => {
      if (event.storageArea !== storage) return;
      update({ token: storage.getItem(STORAGE_KEYS.token), mandantId: readMandantId(storage) });
    });
  }

  return {
    get: () => snapshot,
    signIn: (token) => write({ ...snapshot, token }),
    selectMandant: (mandantId) => write({ ...snapshot, mandantId }),
    clear: () => write({ token: null, mandantId: null }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const session = createSession(window.localStorage);

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(session.subscribe, session.get);
}
