import { friendlyUsername } from "@kontor/domain/auth/auth.rules";
import type { TAccount } from "@kontor/domain/auth/auth.schema";
import { supportedLanguages } from "@kontor/i18n/languages";
import { Avatar, Button, Menu, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { chooseLanguage, currentLanguage } from "../i18n.ts";
import { pwa } from "../pwa.ts";
import { useLogout } from "../useLogout.ts";
import { IconDownload, IconKey, IconLogout, IconSettings, IconShieldCheck } from "./icons.tsx";

/**
 * The user menu (SPEC §2 Shell): settings, RKSV when the tenant has it, password, install as an app (when the
 * browser offers it), logout.
 */
export function UserMenu({ account, showRksv }: { account: TAccount | undefined; showRksv: boolean }) {
  const { t } = useTranslation(["shell", "common"]);
  const logout = useLogout();
  const { installable } = useSyncExternalStore(pwa.subscribe, pwa.getState);
  const userName = account ? friendlyUsername(account) : "";
  const login = account ? encodeURIComponent(account.login) : "";

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px={6}
          aria-label={userName ? t("userMenuFor", { name: userName }) : t("userMenu")}
          leftSection={<Avatar name={userName} color="petrol" size={28} aria-hidden />}
        >
          <Text span size="sm" fw={500} visibleFrom="md" maw={180} truncate="end">
            {userName}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {account && <Menu.Label>{t("signedInAs", { name: account.login })}</Menu.Label>}
        {account && (
          <Menu.Item component={Link} to={`/settings/${login}`} leftSection={<IconSettings size={16} />}>
            {t("user.settings")}
          </Menu.Item>
        )}
        {showRksv && (
          <Menu.Item component={Link} to="/rksv" leftSection={<IconShieldCheck size={16} />}>
            {t("user.rksv")}
          </Menu.Item>
        )}
        {account && (
          <Menu.Item component={Link} to={`/changepassword/${login}`} leftSection={<IconKey size={16} />}>
            {t("user.password")}
          </Menu.Item>
        )}
        {installable && (
          <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => void pwa.install()}>
            {t("user.install")}
          </Menu.Item>
        )}
        {/* Phones: the header has no room for the language switch, so it lives here. */}
        <Menu.Divider hiddenFrom="xs" />
        <Menu.Label hiddenFrom="xs">{t("common:language.label")}</Menu.Label>
        {supportedLanguages.map((language) => (
          <Menu.Item
            key={language}
            hiddenFrom="xs"
            lang={language}
            fw={language === currentLanguage() ? 600 : undefined}
            aria-current={language === currentLanguage() ? "true" : undefined}
            onClick={() => void chooseLanguage(language)}
          >
            {t(`common:language.${language}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={logout}>
          {t("logout")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
