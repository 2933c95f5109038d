import { friendlyUsername } from "@kontor/domain/auth/auth.schema";
import { AppShell, Avatar, Button, Divider, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { Link, Outlet } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "../components/LanguageSwitch.tsx";
import { accountQuery } from "../features/account/account.api.ts";
import { MandantSwitch } from "../features/mandant/MandantSwitch.tsx";
import { myMandantsQuery } from "../features/mandant/mandant.api.ts";
import { pickMandant } from "../features/mandant/mandant.rules.ts";
import { applyAccountLanguage } from "./i18n.ts";
import { queryClient } from "./queryClient.ts";
import { session, useSession } from "./session.ts";
import { useLogout } from "./useLogout.ts";

/** The frame around every protected screen: product, tenant, language, user menu. Sidebar comes with issue 4. */
export function Shell() {
  // Signed out (logout, a 401): unmount at once, so no screen keeps fetching while the login page loads.
  const { token } = useSession();
  if (!token) return null;
  return (
    <QueryClientProvider client={queryClient}>
      <ShellFrame />
    </QueryClientProvider>
  );
}

function ShellFrame() {
  const { t } = useTranslation(["shell", "common"]);
  const { mandantId } = useSession();
  const mandants = useQuery(myMandantsQuery);
  const account = useQuery(accountQuery);
  const logout = useLogout();

  const langKey = account.data?.langKey;
  useEffect(() => {
    if (langKey) void applyAccountLanguage(langKey);
  }, [langKey]);

  // After a reload the stored tenant may have been taken away or deactivated: fall back like the sign-in does.
  useEffect(() => {
    if (!mandants.data) return;
    const picked = pickMandant(mandants.data, mandantId);
    if (picked !== mandantId) session.selectMandant(picked);
  }, [mandants.data, mandantId]);

  const userName = account.data ? friendlyUsername(account.data) : "";

  return (
    <AppShell
      header={{ height: 56 }}
      padding="lg"
      styles={{ main: { background: "var(--mantine-color-gray-0)" } }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <UnstyledButton component={Link} to="/" aria-label={t("common:appName")}>
              <Text fw={700} size="lg" c="petrol.8">
                {t("common:appName")}
              </Text>
            </UnstyledButton>
            <Divider orientation="vertical" h={24} style={{ alignSelf: "center" }} />
            <MandantSwitch mandants={mandants.data ?? []} selectedId={mandantId} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch />
            <Menu position="bottom-end" width={220} shadow="md">
              <Menu.Target>
                <Button
                  variant="subtle"
                  color="gray"
                  px={6}
                  aria-label={userName ? t("userMenuFor", { name: userName }) : t("userMenu")}
                  leftSection={<Avatar name={userName} color="petrol" size={28} aria-hidden />}
                >
                  <Text span size="sm" fw={500} visibleFrom="sm">
                    {userName}
                  </Text>
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {userName && (
                  <Menu.Label>{t("signedInAs", { name: account.data?.login ?? userName })}</Menu.Label>
                )}
                <Menu.Item onClick={logout}>{t("logout")}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
