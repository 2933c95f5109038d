import { MENU_ENTRIES } from "@kontor/domain/access/menu";
import { Anchor, Button, Center, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { BASEPATH } from "../../app/paths.ts";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { isSpecPath } from "../../app/specRoutes.ts";
import { platzhalterFuer } from "./platzhalter.ts";

/**
 * Inside the shell: "page not found" for unknown paths; for screens of later issues "not available yet" with what
 * the screen will hold, links to related screens that exist (those the user may open) and to the help page.
 */
export function FallbackPage() {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  if (!isSpecPath(pathname)) {
    return (
      <Center mih="50vh">
        <Stack align="center" gap="sm" maw={520}>
          <Title order={1}>{t("notFound.title")}</Title>
          <Text c="dimmed" ta="center">
            {t("notFound.text", { path: BASEPATH + pathname })}
          </Text>
          <Button component={Link} to="/" variant="light">
            {t("notFound.home")}
          </Button>
        </Stack>
      </Center>
    );
  }
  return <NotAvailable pathname={pathname} />;
}

function NotAvailable({ pathname }: { pathname: string }) {
  const { t } = useTranslation(["common", "hilfe", "menu"]);
  const access = useShellAccess();
  const platzhalter = platzhalterFuer(pathname);
  const verwandt = platzhalter.verwandt.flatMap((id) => {
    const entry = MENU_ENTRIES.find((candidate) => candidate.id === id);
    return entry && access.can(entry.area) ? [entry] : [];
  });

  return (
    <Center mih="50vh" py="md">
      <Stack gap="md" maw={620} w="100%">
        <Title order={1}>{t("notAvailable.title")}</Title>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} size="sm" mb={4}>
            {t("hilfe:platzhalter.wirdEnthalten")}
          </Text>
          <Text>{t(`hilfe:platzhalter.seiten.${platzhalter.text}`)}</Text>
        </Paper>
        {verwandt.length > 0 && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t("hilfe:platzhalter.verwandt")}
            </Text>
            <Group gap="xs">
              {verwandt.map((entry) => (
                <Button key={entry.id} component={Link} to={entry.path} variant="light" size="xs">
                  {t(`menu:${entry.id as "home"}`)}
                </Button>
              ))}
            </Group>
          </Stack>
        )}
        <Group gap="md">
          <Anchor component={Link} to="/hilfe" size="sm">
            {t("hilfe:platzhalter.hilfe")}
          </Anchor>
          <Anchor component={Link} to="/" size="sm">
            {t("notAvailable.home")}
          </Anchor>
        </Group>
      </Stack>
    </Center>
  );
}
