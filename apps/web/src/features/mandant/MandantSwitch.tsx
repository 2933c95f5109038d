import type { TMandantSummary } from "@kontor/domain/mandant/mandant.schema";
import { Button, Menu, Text, Tooltip } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../app/api.ts";
import { session } from "../../app/session.ts";
import { IconBuilding, IconSelector } from "../../app/shell/icons.tsx";
import { switchMandant } from "../../app/tenantSwitch.ts";
import { accountQuery } from "../account/account.queries.ts";
import { mandantModulesQuery } from "./mandantModules.api.ts";

/**
 * The selected tenant's name; with more than one active tenant, a button with a switch icon and the tooltip
 * "Switch tenant" that opens the menu of tenants. A switch drops the old tenant's cached data and browser state,
 * tells the server, reloads the modules and stays on the screen when the new tenant has it, else goes home
 * (tenantSwitch.ts, switchTarget.ts; SPEC §2 Shell, issue 21).
 */
export function MandantSwitch({
  mandants,
  selectedId,
}: {
  mandants: TMandantSummary[];
  selectedId: number | null;
}) {
  const { t } = useTranslation("shell");
  const navigate = useNavigate();
  const router = useRouter();
  // The tooltip says what the button does; with the menu open it would only cover it.
  const [menuOpen, setMenuOpen] = useState(false);
  const queryClient = useQueryClient();
  const selected = mandants.find((mandant) => mandant.id === selectedId);
  const choices = mandants.filter((mandant) => mandant.aktiv);
  const name = selected?.bezeichnung ?? t("noMandant");

  if (choices.length < 2) {
    return (
      <Text size="sm" c="dimmed" truncate="end" title={t("mandant")} miw={0}>
        {name}
      </Text>
    );
  }

  const select = (id: number) =>
    void switchMandant(id, {
      session,
      queryClient,
      api,
      currentPath: () => router.state.location.pathname,
      // The session is in the new tenant already: an edit form of the old one must not stay (its unsaved
      // changes are dropped, as before the guard existed).
      go: (path) => navigate({ to: path, ignoreBlocker: true, replace: true }),
      accessOf: async (id) => ({
        modules: await queryClient.fetchQuery(mandantModulesQuery(id)),
        authorities: (await queryClient.fetchQuery(accountQuery)).authorities,
      }),
    });

  return (
    <Menu position="bottom-start" shadow="md" width={280} opened={menuOpen} onChange={setMenuOpen}>
      <Tooltip label={t("switchMandant")} withArrow openDelay={300} disabled={menuOpen}>
        <Menu.Target>
          <Button
            variant="default"
            size="compact-sm"
            aria-label={`${t("switchMandant")}: ${name}`}
            maw={{ base: 150, xs: 220, sm: 280 }}
            leftSection={<IconBuilding size={15} />}
            rightSection={<IconSelector size={14} />}
            styles={{ label: { minWidth: 0 } }}
          >
            <Text span size="sm" truncate="end">
              {name}
            </Text>
          </Button>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown>
        <Menu.Label>{t("switchMandant")}</Menu.Label>
        {choices.map((mandant) => (
          <Menu.Item
            key={mandant.id}
            onClick={() => select(mandant.id)}
            fw={mandant.id === selectedId ? 600 : undefined}
            aria-current={mandant.id === selectedId ? "true" : undefined}
            c={mandant.id === selectedId ? "petrol.8" : undefined}
          >
            {mandant.bezeichnung}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
