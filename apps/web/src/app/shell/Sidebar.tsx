import type { MenuEntry } from "@kontor/domain/access/menu";
import type { Resources } from "@kontor/i18n";
import {
  ActionIcon,
  AppShell,
  Box,
  Button,
  Divider,
  Group,
  Loader,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "@tanstack/react-router";
import { memo, type ReactNode, useDeferredValue, useEffect, useId, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFavorites } from "../../features/favorite/useFavorites.ts";
import { appInfoQuery } from "../appInfo.api.ts";
import {
  IconHelp,
  IconPin,
  IconPinFilled,
  IconRefresh,
  IconSidebarCollapse,
  IconSidebarExpand,
  IconStar,
  MENU_ICONS,
  MenuFallbackIcon,
} from "./icons.tsx";
import { isEntryActive, type SidebarSection, sidebarSections } from "./sidebar.rules.ts";
import type { useShellAccess } from "./useShellAccess.ts";

type MenuKey = keyof Resources["menu"];

interface SidebarProps {
  access: ReturnType<typeof useShellAccess>;
  /** Icons only (desktop); on phones the sidebar is always shown in full. */
  minimized: boolean;
  onToggleMinimized: () => void;
  onPinError: (error: unknown) => void;
}

/**
 * The sidebar (SPEC §2 Shell, §6): the menu the tenant's modules and the user's roles allow, grouped, with the
 * favorites on top, a pin toggle per entry, the help link and, for administrators, the version.
 */
export function Sidebar({ access, minimized, onToggleMinimized, onPinError }: SidebarProps) {
  const { t } = useTranslation(["shell", "common"]);
  const { pathname } = useLocation();
  const favorites = useFavorites(access.mandantId, onPinError);
  const appInfo = useQuery(appInfoQuery);
  const sections = useMemo(
    () => (access.ready ? sidebarSections(access.context, favorites.pinned) : NO_SECTIONS),
    [access.ready, access.context, favorites.pinned],
  );
  // The entries (a link, an icon and a pin button with its tooltip each: ~30 for an administrator) render in a
  // background pass after the screen the user opened, which React splits into short tasks (DESIGN §9 Lighthouse:
  // no long task holds the page up). A change of the menu shows the same way; the active entry follows at once.
  const shown = useDeferredValue(sections, NO_SECTIONS);
  const showVersion = access.can("version") && appInfo.data;

  // The active entry in view (issue 21): on load, when the menu arrives, on every route change. Only the menu's
  // own scroll area moves, and only when the entry is not visible already (the middle of the area then).
  const viewport = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: route, menu and width change are the triggers
  useEffect(() => {
    const area = viewport.current;
    const active = area?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!area || !active) return;
    const box = area.getBoundingClientRect();
    const entry = active.getBoundingClientRect();
    if (entry.top >= box.top && entry.bottom <= box.bottom) return;
    area.scrollTop += entry.top - box.top - (box.height - entry.height) / 2;
  }, [pathname, shown, minimized]);

  return (
    <>
      <AppShell.Section grow component={ScrollArea} scrollbarSize={6} type="scroll" viewportRef={viewport}>
        <Box py="xs" px={minimized ? 6 : "xs"}>
          {!access.ready && !access.failed && (
            <Group justify="center" py="xl">
              <Loader size="sm" aria-label={t("common:loading")} />
            </Group>
          )}
          {access.failed && !minimized && (
            <Stack gap="xs" p="sm" align="flex-start" role="alert">
              <Text size="sm" c="dimmed">
                {t("sidebar.loadFailed")}
              </Text>
              <Button size="compact-sm" variant="light" onClick={access.retry}>
                {t("sidebar.retry")}
              </Button>
            </Stack>
          )}
          {access.failed && minimized && (
            <Tooltip label={t("sidebar.loadFailed")} position="right" withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                mx="auto"
                display="flex"
                aria-label={t("sidebar.retry")}
                onClick={access.retry}
              >
                <IconRefresh />
              </ActionIcon>
            </Tooltip>
          )}
          {shown.map((section, index) => (
            <SidebarGroup
              key={section.id}
              section={section}
              first={index === 0}
              minimized={minimized}
              pathname={pathname}
              favorites={favorites}
            />
          ))}
        </Box>
      </AppShell.Section>
      <AppShell.Section
        px={minimized ? 6 : "xs"}
        py="xs"
        style={{ borderTop: "1px solid var(--app-shell-border-color)" }}
      >
        <Stack gap={2}>
          <SidebarButton
            minimized={minimized}
            label={t("sidebar.help")}
            icon={<IconHelp />}
            to="/hilfe"
            active={pathname === "/hilfe"}
          />
          <Box visibleFrom="sm">
            <SidebarButton
              minimized={minimized}
              label={minimized ? t("sidebar.expand") : t("sidebar.minimize")}
              icon={minimized ? <IconSidebarExpand /> : <IconSidebarCollapse />}
              onClick={onToggleMinimized}
              aria-expanded={!minimized}
            />
          </Box>
          {showVersion && (
            <Text
              size="xs"
              c="dimmed"
              ta={minimized ? "center" : "left"}
              px={minimized ? 0 : "sm"}
              pt={4}
              truncate="end"
            >
              {minimized ? appInfo.data.version : t("sidebar.version", { version: appInfo.data.version })}
            </Text>
          )}
        </Stack>
      </AppShell.Section>
    </>
  );
}

const NO_SECTIONS: readonly SidebarSection[] = [];

/** A group of entries; unchanged props (the same section, path and favorites) skip it when the shell re-renders. */
const SidebarGroup = memo(function SidebarGroup({
  section,
  first,
  minimized,
  pathname,
  favorites,
}: {
  section: SidebarSection;
  first: boolean;
  minimized: boolean;
  pathname: string;
  favorites: ReturnType<typeof useFavorites>;
}) {
  const { t } = useTranslation(["shell", "menu"]);
  const headingId = useId();
  const title = t(`sidebar.groups.${section.id}`);
  return (
    <Box component="section" aria-labelledby={headingId} mt={first ? 0 : minimized ? 6 : "md"}>
      {minimized ? (
        <>
          {!first && <Divider mb={6} />}
          <VisuallyHidden id={headingId}>{title}</VisuallyHidden>
        </>
      ) : (
        <Group gap={6} px="sm" pb={4} wrap="nowrap">
          {section.id === "favorites" && <IconStar size={14} color="var(--mantine-color-yellow-7)" />}
          <Text id={headingId} size="xs" fw={700} c="dimmed" tt="uppercase" lts={0.4}>
            {title}
          </Text>
        </Group>
      )}
      <Stack component="ul" gap={1} m={0} p={0} style={{ listStyle: "none" }}>
        {section.entries.map((entry) => (
          <SidebarEntry
            key={entry.id}
            entry={entry}
            active={isEntryActive(entry, pathname)}
            minimized={minimized}
            pinned={favorites.isPinned(entry.id)}
            pending={favorites.pending === entry.id}
            onTogglePin={() => favorites.toggle(entry.id)}
          />
        ))}
      </Stack>
    </Box>
  );
});

function SidebarEntry({
  entry,
  active,
  minimized,
  pinned,
  pending,
  onTogglePin,
}: {
  entry: MenuEntry;
  active: boolean;
  minimized: boolean;
  pinned: boolean;
  pending: boolean;
  onTogglePin: () => void;
}) {
  const { t } = useTranslation(["shell", "menu"]);
  const label = t(`menu:${entry.id as MenuKey}`);
  const Icon = MENU_ICONS[entry.id] ?? MenuFallbackIcon;

  if (minimized) {
    return (
      <Box component="li">
        <Tooltip label={label} position="right" withArrow openDelay={150}>
          <UnstyledButton
            component={Link}
            to={entry.path}
            aria-label={label}
            aria-current={active ? "page" : undefined}
            className="kontor-mini-link"
            data-active={active || undefined}
          >
            <Icon />
          </UnstyledButton>
        </Tooltip>
      </Box>
    );
  }

  return (
    <Box component="li" className="kontor-sidebar-entry" data-pinned={pinned || undefined}>
      <NavLink
        component={Link}
        to={entry.path}
        active={active}
        label={label}
        aria-current={active ? "page" : undefined}
        leftSection={<Icon />}
        py={6}
        pr={36}
        style={{ borderRadius: 6 }}
      />
      <Tooltip label={pinned ? t("sidebar.unpin") : t("sidebar.pin")} withArrow openDelay={400}>
        <ActionIcon
          className="kontor-pin"
          variant="subtle"
          color={pinned ? "petrol" : "gray"}
          size="md"
          aria-label={pinned ? t("sidebar.unpin") : t("sidebar.pin")}
          loading={pending}
          onClick={onTogglePin}
        >
          {pinned ? <IconPinFilled size={16} /> : <IconPin size={16} />}
        </ActionIcon>
      </Tooltip>
    </Box>
  );
}

/** A row in the sidebar's footer: a labelled button, or an icon with a tooltip when minimized. */
function SidebarButton({
  minimized,
  label,
  icon,
  ...props
}: {
  minimized: boolean;
  label: string;
  icon: ReactNode;
  /** An in-app link instead of a button. */
  to?: string;
  active?: boolean;
  onClick?: () => void;
  "aria-expanded"?: boolean;
}) {
  const { to, active, ...rest } = props;
  const common = {
    "aria-label": minimized ? label : undefined,
    className: "kontor-sidebar-button",
    "data-minimized": minimized || undefined,
  };
  const inner = (
    <>
      {icon}
      {!minimized && (
        <Text span size="sm">
          {label}
        </Text>
      )}
    </>
  );
  const content = to ? (
    <UnstyledButton
      component={Link}
      to={to}
      {...common}
      aria-current={active ? "page" : undefined}
      data-active={active || undefined}
    >
      {inner}
    </UnstyledButton>
  ) : (
    <UnstyledButton {...rest} {...common}>
      {inner}
    </UnstyledButton>
  );
  return minimized ? (
    <Tooltip label={label} position="right" withArrow openDelay={150}>
      {content}
    </Tooltip>
  ) : (
    content
  );
}
