/**
 * Installable app and updates (SPEC §2 Shell, §8): registers the service worker (public/sw.js, scope /app/),
 * offers a waiting new version ("Update available": update now / later) and the browser's install prompt.
 * Started from main.tsx once the first screen is up, in production builds only; service-worker errors and the
 * install outcome are only logged (SPEC §8).
 */

/** Chromium's install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

export interface PwaState {
  /** A new version is installed and waiting for the user's go. */
  updateReady: boolean;
  /** The browser offered installation (beforeinstallprompt fired and was kept). */
  installable: boolean;
}

export interface PwaEnvironment {
  window: Pick<Window, "addEventListener" | "setInterval"> & { location: Pick<Location, "reload"> };
  serviceWorker: ServiceWorkerContainer | undefined;
  log: Pick<Console, "info" | "warn">;
}

/** How often an open tab asks the server for a new service worker (besides every navigation). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function createPwa(env: PwaEnvironment) {
  let state: PwaState = { updateReady: false, installable: false };
  const listeners = new Set<() => void>();
  let waiting: ServiceWorker | null = null;
  let installPrompt: BeforeInstallPromptEvent | null = null;
  let started = false;
  let reloading = false;

  const set = (patch: Partial<PwaState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const offer = (worker: ServiceWorker) => {
    waiting = worker;
    set({ updateReady: true });
  };

  const track = (registration: ServiceWorkerRegistration, container: ServiceWorkerContainer) => {
    // A version that finished installing while no tab was open waits already.
    if (registration.waiting && container.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => {
        // Without a controller this is the first install: nothing to update, the app simply works offline next time.
        if (worker.state === "installed" && container.controller) offer(worker);
      });
    });
  };

  return {
    getState: (): PwaState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async start(scriptUrl: string, scope: string): Promise<void> {
      if (started) return;
      started = true;
      env.window.addEventListener("beforeinstallprompt", (event) => {
        event.preventDefault(); // shown from our own button instead of the browser's mini bar
        installPrompt = event as BeforeInstallPromptEvent;
        set({ installable: true });
      });
      env.window.addEventListener("appinstalled", () => {
        installPrompt = null;
        set({ installable: false });
        env.log.info("[pwa] installed as an app");
      });
      const container = env.serviceWorker;
      if (!container) return;
      // The switch to a new version (this tab's "Update now", or another tab's): reload exactly once.
      const hadController = container.controller !== null;
      container.addEventListener("controllerchange", () => {
        if (!hadController || reloading) return;
        reloading = true;
        env.window.location.reload();
      });
      try {
        const registration = await container.register(scriptUrl, { scope });
        track(registration, container);
        env.window.setInterval(() => {
          registration.update().catch((error: unknown) => env.log.warn("[pwa] update check failed", error));
        }, UPDATE_CHECK_MS);
      } catch (error) {
        env.log.warn("[pwa] service worker registration failed", error);
      }
    },

    /** "Update now": the waiting version takes over; controllerchange then reloads the page once. */
    applyUpdate(): void {
      if (!waiting) return;
      waiting.postMessage({ type: "SKIP_WAITING" });
    },

    /** "Later": the dialog goes; the new version takes over when every Kontor tab is closed. */
    dismissUpdate(): void {
      set({ updateReady: false });
    },

    async install(): Promise<void> {
      const prompt = installPrompt;
      if (!prompt) return;
      installPrompt = null; // a prompt event can be used once
      set({ installable: false });
      try {
        await prompt.prompt();
        const choice = await prompt.userChoice;
        env.log.info(`[pwa] install prompt: ${choice.outcome}`);
      } catch (error) {
        env.log.warn("[pwa] install prompt failed", error);
      }
    },
  };
}

export type Pwa = ReturnType<typeof createPwa>;

export const pwa = createPwa({
  window,
  serviceWorker: "serviceWorker" in navigator ? navigator.serviceWorker : undefined,
  log: console,
});

/** Registers /app/sw.js for the scope /app/ (BASE_URL is the build's base, "/app/"). */
export function startPwa(): Promise<void> {
  const base = import.meta.env.BASE_URL;
  return pwa.start(`${base}sw.js`, base);
}
