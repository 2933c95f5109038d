import "@mantine/core/styles.css";
import { MantineProvider } from "@mantine/core";
import { type ReactNode, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { cspNonce, prepareForContentSecurityPolicy } from "./app/cspNonce.ts";
import { initI18n, loadTexts } from "./app/i18n.ts";
import { opensLoginFirst, startLoginFirst } from "./app/loginFirst.tsx";
import { BASEPATH } from "./app/paths.ts";
import { session } from "./app/session.ts";
import { theme } from "./app/theme.ts";
import { CrashScreen } from "./components/StatusScreens.tsx";

prepareForContentSecurityPolicy();
initI18n();

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks #root");
const root = createRoot(container);

// Mantine's <style> elements (CSS variables, responsive props) carry the page's nonce (Content-Security-Policy).
const styleNonce = cspNonce();

function render(app: ReactNode): void {
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} getStyleNonce={styleNonce === undefined ? undefined : () => styleNonce}>
        {app}
      </MantineProvider>
    </StrictMode>,
  );
}

/** The router and everything behind it: its own chunk, so the login page can show before it (loginFirst.tsx). */
const startApp = () =>
  import("./app/startRouter.tsx").then(
    (module) => module.startRouter(render),
    () => render(<CrashScreen />), // not loaded (offline before the first visit, a build replaced meanwhile)
  );

/**
 * Signed in, the page will need the shell, its texts and the page's screen: they load beside the router rather than
 * after it (one round trip instead of three before the screen can show).
 */
function preloadSignedIn(): void {
  const path = window.location.pathname.slice(BASEPATH.length) || "/";
  const quiet = () => undefined; // a failed load is reported by the route that needs it
  import("./app/Shell.tsx").catch(quiet);
  loadTexts("shell", "menu", "errors").catch(quiet);
  if (path === "/") import("./features/home/HomePage.tsx").catch(quiet);
  else import("./app/screens.ts").then((screens) => screens.preloadScreen(path), quiet);
}

if (opensLoginFirst()) void startLoginFirst(render, startApp);
else {
  void startApp();
  if (session.get().token) preloadSignedIn();
}

// The installable app and its updates (pwa.ts): production builds only, and only once the first screen is up, so
// registering and precaching never compete with the first load.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener(
    "load",
    () => {
      const start = () => void import("./app/pwa.ts").then((pwa) => pwa.startPwa());
      if ("requestIdleCallback" in window) window.requestIdleCallback(start, { timeout: 5000 });
      else setTimeout(start, 2000);
    },
    { once: true },
  );
}
