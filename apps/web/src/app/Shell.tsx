import "./shell/shell.css";
import { AppShell, Badge, Burger, Divider, Group, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure, useLocalStorage, useMediaQuery } from "@mantine/hooks";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { Link, Outlet, useLocation } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { NotificationsOnDemand } from "../components/feedback/NotificationsOnDemand.tsx";
import { notifyFailure } from "../components/feedback/notify.ts";
import { LanguageSwitch } from "../components/LanguageSwitch.tsx";
import { useProblemMessage } from "../components/problemMessage.ts";
import { MandantSwitch } from "../features/mandant/MandantSwitch.tsx";
import { myMandantsQuery } from "../features/mandant/mandant.queries.ts";
import { pickMandant } from "../features/mandant/mandant.rules.ts";
import { mandantModulesQuery } from "../features/mandant/mandantModules.api.ts";
import { NewsBell } from "../features/news/NewsBell.tsx";
import { useNews } from "../features/news/useNews.ts";
import { appInfoQuery } from "./appInfo.api.ts";
import { pwa } from "./pwa.ts";
import { queryClient } from "./queryClient.ts";
import { session, useSession } from "./session.ts";
import { environmentLook } from "./shell/environment.ts";
import { Sidebar } from "./shell/Sidebar.tsx";
import { SIDEBAR_KEY, SIDEBAR_MINIMIZED_WIDTH, SIDEBAR_WIDTH } from "./shell/shell.constants.ts";
import { UserMenu } from "./shell/UserMenu.tsx";
import { useAccountLanguage } from "./shell/useAccountLanguage.ts";
import { useShellAccess } from "./shell/useShellAccess.ts";
import { onTenantSwitch } from "./tenantSwitch.ts";

// The dialogs load when they open (most visits open neither): less JavaScript before the first screen.
const NewsDialog = lazy(() =>
  import("../features/news/NewsDialog.tsx").then((module) => ({ default: module.NewsDialog })),
);
const UpdateDialog = lazy(() =>
  import("./shell/UpdateDialog.tsx").then((module) => ({ default: module.UpdateDialog })),
);

// After a tenant switch the menu needs the new tenant's modules at once (SPEC §2 Shell).
onTenantSwitch("modules", (mandantId, client) => client.prefetchQuery(mandantModulesQuery(mandantId)));

/** The frame around every protected screen (SPEC §2 Shell): header, sidebar, news and update dialogs. */
export function Shell() {
  // Signed out (logout, a 401): unmount at once, so no screen keeps fetching while the login page loads.
  const { token } = useSession();
  if (!token) return null;
  return (
    <QueryClientProvider client={queryClient}>
      <NotificationsOnDemand />
      <ShellFrame />
    </QueryClientProvider>
  );
}

function ShellFrame() {
  const { t } = useTranslation(["shell", "common"]);
  const problemMessage = useProblemMessage();
  const { pathname } = useLocation();
  const { mandantId } = useSession();
  const mandants = useQuery(myMandantsQuery);
  const appInfo = useQuery(appInfoQuery);
  const access = useShellAccess();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [sidebar, setSidebar] = useLocalStorage<"open" | "minimized">({
    key: SIDEBAR_KEY,
    defaultValue: "open",
    getInitialValueInEffect: false,
  });
  const minimized = sidebar === "minimized";
  // Below the breakpoint a closed sidebar is only moved out of view: keep it out of reach of keyboard and readers.
  const phone = useMediaQuery("(max-width: 47.99em)") ?? false;
  const news = useNews({ mandantId, enabled: access.can("benachrichtigungen"), atHome: pathname === "/" });
  const { updateReady } = useSyncExternalStore(pwa.subscribe, pwa.getState);

  useAccountLanguage(access.account?.langKey);

  // After a reload the stored tenant may have been taken away or deactivated: fall back like the sign-in does.
  const remembered = access.account?.selectedMandantId ?? null;
  const accountLoaded = access.account !== undefined;
  useEffect(() => {
    if (!mandants.data || !accountLoaded) return;
    const picked = pickMandant(mandants.data, mandantId, remembered);
    if (picked !== mandantId) session.selectMandant(picked);
  }, [mandants.data, mandantId, remembered, accountLoaded]);

  // The phone's sidebar closes on every route change (SPEC §2 Shell).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger
  useEffect(() => mobile.close(), [pathname]);

  const look = environmentLook(appInfo.data?.environment);
  const environmentName = appInfo.data ? t(`environment.${appInfo.data.environment}`) : "";

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{
        width: minimized ? SIDEBAR_MINIMIZED_WIDTH : SIDEBAR_WIDTH,
        breakpoint: "sm",
        collapsed: { mobile: !mobileOpened },
      }}
      padding="lg"
      styles={{
        main: { background: "var(--mantine-color-gray-0)" },
        header: {
          background: look.background,
          borderTop: look.color ? `3px solid var(--mantine-color-${look.color}-6)` : undefined,
        },
      }}
      data-environment={appInfo.data?.environment}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={mobileOpened}
              onClick={mobile.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={mobileOpened ? t("sidebar.close") : t("sidebar.open")}
            />
            <UnstyledButton component={Link} to="/" aria-label={t("common:appName")}>
              <Text fw={700} size="lg" c="petrol.8">
                {t("common:appName")}
              </Text>
            </UnstyledButton>
            {look.color && (
              <Badge
                color={look.color}
                variant="light"
                size="sm"
                visibleFrom="xs"
                aria-label={t("environment.label", { name: environmentName })}
              >
                {environmentName}
              </Badge>
            )}
            <Divider orientation="vertical" h={24} style={{ alignSelf: "center" }} visibleFrom="xs" />
            <MandantSwitch mandants={mandants.data ?? []} selectedId={mandantId} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {news.available && <NewsBell unread={news.unread} onOpen={news.open} />}
            <LanguageSwitch visibleFrom="xs" />
            <UserMenu account={access.account} showRksv={access.can("rksv")} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar inert={phone && !mobileOpened} aria-label={t("sidebar.label")}>
        <Sidebar
          access={access}
          minimized={minimized && !mobileOpened}
          onToggleMinimized={() => setSidebar(minimized ? "open" : "minimized")}
          onPinError={(error) => notifyFailure(t("sidebar.pinFailed"), problemMessage(error))}
        />
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <Suspense fallback={null}>
        {(news.opened || news.saving) && (
          <NewsDialog opened={news.opened} news={news.items} onClose={news.close} saving={news.saving} />
        )}
        {updateReady && <UpdateDialog />}
      </Suspense>
    </AppShell>
  );
}
