import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from "@tanstack/react-router";
import { CrashScreen, PendingScreen } from "../components/StatusScreens.tsx";
import { loadTexts } from "./i18n.ts";
import { BASEPATH, safeRedirect } from "./paths.ts";
import { session } from "./session.ts";

export interface LoginSearch {
  redirect?: string;
}

/** Every screen shows common texts; each route's loader adds its own namespaces (see i18n.ts). */
const rootRoute = createRootRoute({ component: Outlet, loader: () => loadTexts("common") });

/** Public: the sign-in page. A signed-in visitor goes straight on to where they wanted to go. */
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "login",
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === "string" ? { redirect: search.redirect } : {},
  beforeLoad: ({ search }) => {
    if (session.get().token)
      throw redirect({ href: BASEPATH + safeRedirect(search.redirect), replace: true });
  },
  loader: () => loadTexts("login", "errors"),
  component: lazyRouteComponent(() => import("../features/login/LoginPage.tsx"), "LoginPage"),
});

/** Everything else needs a sign-in; anonymous visitors go to the login with the wanted path (SPEC §2). */
const protectedRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "protected",
  beforeLoad: ({ location }) => {
    if (!session.get().token) {
      throw redirect({ to: "/login", search: { redirect: location.href }, replace: true });
    }
  },
  loader: () => loadTexts("shell", "menu", "errors"),
  component: lazyRouteComponent(() => import("./Shell.tsx"), "Shell"),
});

const homeRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "/",
  loader: () => loadTexts("home"),
  component: lazyRouteComponent(() => import("../features/home/HomePage.tsx"), "HomePage"),
});

/** Screens of later issues ("not available yet") and unknown paths ("page not found"), inside the shell. */
const fallbackRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "$",
  component: lazyRouteComponent(() => import("../features/fallback/FallbackPage.tsx"), "FallbackPage"),
});

const routeTree = rootRoute.addChildren([loginRoute, protectedRoute.addChildren([homeRoute, fallbackRoute])]);

export function createAppRouter() {
  return createRouter({
    routeTree,
    basepath: BASEPATH,
    trailingSlash: "preserve",
    defaultPreload: "intent",
    defaultPendingComponent: PendingScreen,
    defaultPendingMs: 300,
    defaultErrorComponent: CrashScreen,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module "@tanstack/react-router" {
  interface Register {
    router: AppRouter;
  }
}
