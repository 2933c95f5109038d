import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { Link, useLocation } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { BASEPATH } from "../../app/paths.ts";
import { isSpecPath } from "../../app/specRoutes.ts";

/** Inside the shell: "not available yet" for screens of later issues, "page not found" for anything else. */
export function FallbackPage() {
  const { t } = useTranslation("common");
  const { pathname } = useLocation();
  const known = isSpecPath(pathname);
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={520}>
        <Title order={1}>{known ? t("notAvailable.title") : t("notFound.title")}</Title>
        <Text c="dimmed" ta="center">
          {known ? t("notAvailable.text") : t("notFound.text", { path: BASEPATH + pathname })}
        </Text>
        <Button component={Link} to="/" variant="light">
          {known ? t("notAvailable.home") : t("notFound.home")}
        </Button>
      </Stack>
    </Center>
  );
}
