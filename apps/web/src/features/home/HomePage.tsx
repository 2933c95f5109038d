import { friendlyUsername } from "@kontor/domain/auth/auth.rules";
import { Alert, Anchor, Box, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useShellAccess } from "../../app/shell/useShellAccess.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { accountQuery } from "../account/account.queries.ts";
import { visibleTiles } from "./homeTiles.tsx";

/**
 * Home (SPEC §2; issue 21): a greeting and the tiles the tenant's modules and the user's roles allow — quick
 * actions, working time, the user's notes, open documents, recently changed customers and articles, news. Tiles are one
 * list (homeTiles.tsx).
 */
export function HomePage() {
  const { t } = useTranslation("home");
  const problemMessage = useProblemMessage();
  const access = useShellAccess();
  const account = useQuery(accountQuery);
  const tiles = visibleTiles(access.can);

  return (
    <Stack gap="md" maw={1200}>
      <Stack gap={2}>
        {access.account && (
          <Text c="dimmed">{t("greeting", { name: friendlyUsername(access.account) })}</Text>
        )}
        <Title order={1}>{t("title")}</Title>
        <Text c="dimmed">{t("intro")}</Text>
      </Stack>
      {account.isError && (
        <Alert color="red" role="alert">
          {problemMessage(account.error)}
        </Alert>
      )}
      {!access.ready && !access.failed && (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label={t("laden")} />
        </Group>
      )}
      {access.ready && tiles.length === 0 && (
        <Text c="dimmed">
          {t("keineKacheln")}{" "}
          <Anchor component={Link} to="/hilfe">
            {t("schnell.hilfe")}
          </Anchor>
        </Text>
      )}
      {access.ready && (
        // Dense: a half-width tile fills the gap a hidden neighbour or a following wide tile would leave.
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ gridAutoFlow: "row dense" }}>
          {tiles.map(({ id, wide, Component }) => (
            <Box key={id} style={wide ? { gridColumn: "1 / -1" } : undefined} data-tile={id}>
              <Suspense
                fallback={
                  <Group justify="center" py="md">
                    <Loader size="sm" />
                  </Group>
                }
              >
                <Component />
              </Suspense>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
