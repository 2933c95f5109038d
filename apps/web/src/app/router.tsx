import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from "@tanstack/react-router";
import { validateListSearch } from "../components/list/listSearch.ts";
import { CrashScreen, PendingScreen } from "../components/StatusScreens.tsx";
import { loadTexts } from "./i18n.ts";
import { BASEPATH, safeRedirect } from "./paths.ts";
import { session } from "./session.ts";

export interface LoginSearch {
  redirect?: string;
}

/** The public account screens come in one chunk, imported once here, whichever of its routes opens first. */
const publicScreens = () => import("../features/account/publicScreens.ts");

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
  loader: () => loadTexts("login"),
  component: lazyRouteComponent(() => import("../features/login/LoginRoute.tsx"), "LoginRoute"),
});

/**
 * Public account screens (SPEC §2): register, activation, password reset, the two-factor step and the
 * "lost device" link, in one lazy chunk outside the login's first load.
 */
const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "register",
  loader: () => loadTexts("account", "login", "errors", "validation"),
  component: lazyRouteComponent(publicScreens, "RegisterPage"),
});

const activateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "activate/$slug",
  loader: () => loadTexts("account", "errors"),
  component: lazyRouteComponent(publicScreens, "ActivatePage"),
});

const passwordResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "passwordreset",
  loader: () => loadTexts("account", "login", "errors", "validation"),
  component: lazyRouteComponent(publicScreens, "PasswordResetInitPage"),
});

const passwordResetFinishRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "reset/finish",
  validateSearch: (search: Record<string, unknown>): { key?: string } =>
    typeof search.key === "string" && search.key.trim() !== "" ? { key: search.key.trim() } : {},
  loader: () => loadTexts("account", "errors", "validation"),
  component: lazyRouteComponent(publicScreens, "PasswordResetFinishPage"),
});

/** The code step of a two-factor sign-in; like the login, a signed-in visitor goes straight on. */
const validate2faRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "validate2fa",
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    typeof search.redirect === "string" ? { redirect: search.redirect } : {},
  beforeLoad: ({ search }) => {
    if (session.get().token)
      throw redirect({ href: BASEPATH + safeRedirect(search.redirect), replace: true });
  },
  loader: () => loadTexts("account", "login", "errors", "validation"),
  component: lazyRouteComponent(publicScreens, "Validate2faPage"),
});

const disable2faRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "disable2fa/$key",
  loader: () => loadTexts("account", "errors"),
  component: lazyRouteComponent(publicScreens, "Disable2faPage"),
});

/** The link of an invitation mail (issue 13): accept signed in, sign in first, or create an account through it. */
const einladungRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "einladung/$key",
  loader: () => loadTexts("account", "errors", "validation"),
  component: lazyRouteComponent(publicScreens, "EinladungPage"),
});

/**
 * The public page of a shared document (SPEC §2 /invoicetemplate and /invoicetemplate/{slug}, issue 16): whoever
 * holds the link sees the document without a sign-in. One splat route for both paths (without a token: "invalid").
 */
const invoicetemplateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "invoicetemplate/$",
  loader: () => loadTexts("beleg", "errors"),
  component: lazyRouteComponent(() => import("../features/beleglink/BelegLinkPage.tsx"), "BelegLinkPage"),
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

/** SPEC §2 names /benachrichtigungen/ (the edit of an item, ?id=): it opens /benachrichtigungen/{id} or new. */
const benachrichtigungRedirectRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "benachrichtigungen",
  beforeLoad: ({ search }) => {
    const id = String((search as { id?: unknown }).id ?? "");
    throw redirect({
      to: "/$resource/$slug",
      params: { resource: "benachrichtigungen", slug: /^[1-9]\d*$/.test(id) ? id : "new" },
      replace: true,
    });
  },
});

/**
 * Every other screen (administration, account, master data, later entities): one list route /{segment} and one
 * edit route /{segment}/{slug} for all of them; app/screens.ts (loaded on demand) knows which segment shows what
 * and which texts it needs, so the route tree of the first page load does not grow with every screen (DESIGN §9).
 */
const loadScreen = (segment: string, kind: "list" | "edit" | "deep", rest?: string) =>
  import("./screens.ts").then((screens) => screens.loadScreen(segment, kind, rest));

const resourceListRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "$resource",
  validateSearch: validateListSearch,
  loader: ({ params }) => loadScreen(params.resource, "list"),
  component: function ResourceListScreen() {
    const Screen = resourceListRoute.useLoaderData();
    return <Screen />;
  },
});

const resourceEditRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "$resource/$slug",
  loader: ({ params }) => loadScreen(params.resource, "edit"),
  component: function ResourceEditScreen() {
    const Screen = resourceEditRoute.useLoaderData();
    return <Screen />;
  },
});

/** Deeper paths of a screen (/artikel/{id}/duplicate, /mandant/{id}/wizard, later /beleg/{slug}/edit/…): app/screens.ts
 * declares their patterns, this one route serves them all. */
const resourceDeepRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "$resource/$slug/$",
  // A splat also matches nothing: /{segment}/{slug} may land here, and is the edit screen then.
  loader: ({ params }) =>
    params._splat
      ? loadScreen(params.resource, "deep", `${params.slug}/${params._splat}`)
      : loadScreen(params.resource, "edit"),
  component: function ResourceDeepScreen() {
    const Screen = resourceDeepRoute.useLoaderData();
    return <Screen />;
  },
});

/** Screens of later issues ("not available yet") and unknown paths ("page not found"), inside the shell. */
const fallbackRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "$",
  loader: () => loadTexts("hilfe", "menu"),
  component: lazyRouteComponent(() => import("../features/fallback/FallbackPage.tsx"), "FallbackPage"),
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  registerRoute,
  activateRoute,
  passwordResetRoute,
  passwordResetFinishRoute,
  validate2faRoute,
  disable2faRoute,
  einladungRoute,
  invoicetemplateRoute,
  protectedRoute.addChildren([
    homeRoute,
    benachrichtigungRedirectRoute,
    resourceListRoute,
    resourceEditRoute,
    resourceDeepRoute,
    fallbackRoute,
  ]),
]);

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
