import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from "@tanstack/react-router";
import { type ListSearch, validateListSearch } from "../components/list/listSearch.ts";
import { CrashScreen, PendingScreen } from "../components/StatusScreens.tsx";
import { loadTexts } from "./i18n.ts";
import { BASEPATH, safeRedirect } from "./paths.ts";
import { session } from "./session.ts";

export interface LoginSearch {
  redirect?: string;
}

/** Account screens come in four chunks; each chunk is imported once here, whichever of its routes opens first. */
const publicScreens = () => import("../features/account/publicScreens.ts");
const accountScreens = () => import("../features/account/accountScreens.ts");
const adminLists = () => import("../features/user/adminLists.ts");
const adminEdits = () => import("../features/user/adminEdits.ts");
const modulScreens = () => import("../features/modul/modulScreens.ts");

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
  component: lazyRouteComponent(() => import("../features/login/LoginPage.tsx"), "LoginPage"),
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

/** Administration (issue 4): tenants, module types, notifications. Lists keep page and sort in the URL. */
const mandantListRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "mandant_list",
  validateSearch: validateListSearch,
  loader: () => loadTexts("crud", "mandant"),
  component: lazyRouteComponent(() => import("../features/mandant/MandantList.tsx"), "MandantList"),
});

const mandantEditRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "mandant/$slug",
  loader: () => loadTexts("crud", "mandant", "validation"),
  component: lazyRouteComponent(() => import("../features/mandant/MandantEdit.tsx"), "MandantEditPage"),
});

const mandantWizardRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "mandant/$slug/wizard",
  loader: () => loadTexts("crud", "mandant", "validation"),
  component: lazyRouteComponent(() => import("../features/mandant/MandantWizard.tsx"), "MandantWizardPage"),
});

const modulListRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "module_list",
  validateSearch: validateListSearch,
  loader: () => loadTexts("crud", "modultyp"),
  component: lazyRouteComponent(modulScreens, "ModulList"),
});

const modulEditRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "module/$slug",
  loader: () => loadTexts("crud", "modultyp", "validation"),
  component: lazyRouteComponent(modulScreens, "ModulEditPage"),
});

const benachrichtigungListRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "benachrichtigungen_list",
  validateSearch: validateListSearch,
  loader: () => loadTexts("crud", "benachrichtigung", "richtext"),
  component: lazyRouteComponent(
    () => import("../features/benachrichtigung/BenachrichtigungList.tsx"),
    "BenachrichtigungList",
  ),
});

const benachrichtigungEditRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "benachrichtigungen/$slug",
  loader: () => loadTexts("crud", "benachrichtigung", "richtext", "access", "validation"),
  component: lazyRouteComponent(
    () => import("../features/benachrichtigung/BenachrichtigungEdit.tsx"),
    "BenachrichtigungEditPage",
  ),
});

/** SPEC §2 names /benachrichtigungen/ (the edit of an item, ?id=): it opens /benachrichtigungen/{id} or new. */
const benachrichtigungRedirectRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "benachrichtigungen",
  beforeLoad: ({ search }) => {
    const id = String((search as { id?: unknown }).id ?? "");
    throw redirect({
      to: "/benachrichtigungen/$slug",
      params: { slug: /^[1-9]\d*$/.test(id) ? id : "new" },
      replace: true,
    });
  },
});

/** The signed-in user's own account (SPEC §2): settings, password, signed-in devices. */
const settingsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "settings/$slug",
  loader: () => loadTexts("account", "crud", "richtext", "validation"),
  component: lazyRouteComponent(accountScreens, "SettingsPage"),
});

const changePasswordRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "changepassword/$slug",
  loader: () => loadTexts("account", "validation"),
  component: lazyRouteComponent(accountScreens, "ChangePasswordPage"),
});

const sessionsRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "sessions",
  loader: () => loadTexts("account", "crud"),
  component: lazyRouteComponent(accountScreens, "SessionsPage"),
});

/** User and group administration (SPEC §2, §6). The user list also keeps its search in the URL. */
const userListRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "user_list",
  validateSearch: (search: Record<string, unknown>): ListSearch & { search?: string } => ({
    ...validateListSearch(search),
    ...(typeof search.search === "string" && search.search.trim() !== "" ? { search: search.search } : {}),
  }),
  loader: () => loadTexts("crud", "user"),
  component: lazyRouteComponent(adminLists, "UserList"),
});

const userEditRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "user/$slug",
  loader: () => loadTexts("crud", "user", "access", "validation"),
  component: lazyRouteComponent(adminEdits, "UserEditPage"),
});

const groupListRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "group_list",
  validateSearch: validateListSearch,
  loader: () => loadTexts("crud", "group"),
  component: lazyRouteComponent(adminLists, "GroupList"),
});

const groupEditRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "group/$slug",
  loader: () => loadTexts("crud", "group", "validation"),
  component: lazyRouteComponent(adminEdits, "GroupEditPage"),
});

/** Screens of later issues ("not available yet") and unknown paths ("page not found"), inside the shell. */
const fallbackRoute = createRoute({
  getParentRoute: () => protectedRoute,
  path: "$",
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
  protectedRoute.addChildren([
    homeRoute,
    mandantListRoute,
    mandantEditRoute,
    mandantWizardRoute,
    modulListRoute,
    modulEditRoute,
    benachrichtigungListRoute,
    benachrichtigungEditRoute,
    benachrichtigungRedirectRoute,
    settingsRoute,
    changePasswordRoute,
    sessionsRoute,
    userListRoute,
    userEditRoute,
    groupListRoute,
    groupEditRoute,
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
