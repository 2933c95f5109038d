import { RouterProvider } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { api } from "./api.ts";
import { createAppRouter } from "./router.tsx";

/**
 * The app with its router (main.tsx): loaded at once on any visit but a direct one to the login page without a
 * session, which shows first and loads this meanwhile (loginFirst.tsx).
 */
export function startRouter(render: (app: ReactNode) => void): void {
  const router = createAppRouter();

  // Any 401 outside the sign-in call ends the session (the api client has cleared token and tenant, and with
  // them the query cache): ask for a new sign-in, coming back to the current page afterwards. Without a session
  // nothing can be saved, so an edit form's unsaved-changes guard does not hold this up.
  api.setUnauthorizedHandler(() => {
    const { pathname, href } = router.state.location;
    if (pathname === "/login") return;
    void router.navigate({ to: "/login", search: { redirect: href }, replace: true, ignoreBlocker: true });
  });

  render(<RouterProvider router={router} />);
}
