import type { ReactNode } from "react";
import { loadTexts } from "./i18n.ts";
import { BASEPATH } from "./paths.ts";
import { session } from "./session.ts";

/**
 * A direct visit to the login page without a session: the page shows before the router and the rest of the app
 * have loaded (~35 KB gzip less in its first load, DESIGN §9). Signed in, or anywhere else, the router starts at
 * once (main.tsx); a signed-in visitor of /login is sent on by the router's login route as before.
 */
export function opensLoginFirst(): boolean {
  return window.location.pathname === `${BASEPATH}/login` && !session.get().token;
}

/**
 * Shows the login page on its own; the router loads once the page is idle. Going anywhere from it (signed in, or
 * "register", "password reset", the two-factor step) moves the URL there and starts the router, which then shows
 * that path; from then on the router owns the page and its history.
 */
export async function startLoginFirst(
  render: (app: ReactNode) => void,
  startApp: () => Promise<void>,
): Promise<void> {
  let app: Promise<void> | undefined;
  const go = async (path: string, options: { replace?: boolean } = {}) => {
    if (options.replace) window.history.replaceState(null, "", BASEPATH + path);
    else window.history.pushState(null, "", BASEPATH + path);
    app ??= startApp();
    await app;
  };

  let LoginPage: typeof import("../features/login/LoginPage.tsx").LoginPage;
  try {
    [{ LoginPage }] = await Promise.all([
      import("../features/login/LoginPage.tsx"),
      loadTexts("common", "login"),
    ]);
  } catch {
    // Not loaded (offline, a new build): the router's login route retries and shows its own error screen.
    app ??= startApp();
    return;
  }
  const redirect = new URLSearchParams(window.location.search).get("redirect") ?? undefined;
  render(<LoginPage redirect={redirect} go={go} />);

  // Ready for the sign-in: fetch the router's code meanwhile (not run until `go`).
  const prefetch = () => void import("./startRouter.tsx").catch(() => undefined);
  if ("requestIdleCallback" in window) window.requestIdleCallback(prefetch, { timeout: 3000 });
  else setTimeout(prefetch, 500);
}
