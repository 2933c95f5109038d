import "@mantine/core/styles.css";
import { MantineProvider } from "@mantine/core";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { api } from "./app/api.ts";
import { cspNonce, prepareForContentSecurityPolicy } from "./app/cspNonce.ts";
import { initI18n } from "./app/i18n.ts";
import { createAppRouter } from "./app/router.tsx";
import { theme } from "./app/theme.ts";

prepareForContentSecurityPolicy();
initI18n();
const router = createAppRouter();

// Any 401 outside the sign-in call ends the session (the api client has cleared token and tenant, and with
// them the query cache): ask for a new sign-in, coming back to the current page afterwards. Without a session
// nothing can be saved, so an edit form's unsaved-changes guard does not hold this up.
api.setUnauthorizedHandler(() => {
  const { pathname, href } = router.state.location;
  if (pathname === "/login") return;
  void router.navigate({ to: "/login", search: { redirect: href }, replace: true, ignoreBlocker: true });
});

const container = document.getElementById("root");
if (!container) throw new Error("index.html lacks #root");

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

// Mantine's <style> elements (CSS variables, responsive props) carry the page's nonce (Content-Security-Policy).
const styleNonce = cspNonce();

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} getStyleNonce={styleNonce === undefined ? undefined : () => styleNonce}>
      <RouterProvider router={router} />
    </MantineProvider>
  </StrictMode>,
);
