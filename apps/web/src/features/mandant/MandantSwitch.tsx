import type { TMandantSummary } from "@kontor/domain/mandant/mandant.schema";
import { Button, Menu, Text } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { session } from "../../app/session.ts";

/**
 * The selected tenant's name; with more than one active tenant, a menu to switch. Switching drops every cached
 * tenant answer (DESIGN §7, done by the query cache's session binding) and goes home (SPEC §2 Shell).
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
  const selected = mandants.find((mandant) => mandant.id === selectedId);
  const choices = mandants.filter((mandant) => mandant.aktiv);
  const name = selected?.bezeichnung ?? t("noMandant");

  if (choices.length < 2) {
    return (
      <Text size="sm" c="dimmed" truncate="end" title={t("mandant")}>
        {name}
      </Text>
    );
  }

  const select = (id: number) => {
    if (id === selectedId) return;
    session.selectMandant(id); // the query cache drops the old tenant's data (queryClient.ts)
    void navigate({ to: "/" });
  };

  return (
    <Menu position="bottom-start" shadow="md">
      <Menu.Target>
        <Button variant="default" size="compact-sm" aria-label={`${t("switchMandant")}: ${name}`} maw={280}>
          <Text size="sm" truncate="end">
            {name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t("switchMandant")}</Menu.Label>
        {choices.map((mandant) => (
          <Menu.Item
            key={mandant.id}
            onClick={() => select(mandant.id)}
            fw={mandant.id === selectedId ? 600 : undefined}
          >
            {mandant.bezeichnung}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
