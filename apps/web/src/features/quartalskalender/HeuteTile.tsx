import { FARBEN } from "@kontor/domain/quartalskalender/quartalskalender.codes";
import { Alert, Anchor, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { boardPath, heuteQuery, LIST_PATH } from "./quartalskalender.api.ts";

/**
 * Home tile "Heute im Kalender" (issue 23): the caller's entries of today in the person calendars, each linking to
 * its board. Its texts come with it (namespace quartalskalender, loaded on first render).
 */
export function HeuteTile() {
  const { t, ready } = useTranslation("quartalskalender", { useSuspense: false });
  const heute = useQuery(heuteQuery);
  const problemMessage = useProblemMessage();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="home-kalender" h="100%">
      <Group justify="space-between" align="center" mb="sm" wrap="nowrap" gap="xs">
        <Title order={2} size="h4" id="home-kalender">
          {ready ? t("heute.titel") : ""}
        </Title>
        {ready && (
          <Anchor component={Link} to={LIST_PATH} size="sm" style={{ whiteSpace: "nowrap" }}>
            {t("heute.oeffnen")}
          </Anchor>
        )}
      </Group>
      {!ready || heute.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" />
        </Group>
      ) : heute.isError ? (
        <Alert color="red" variant="light" role="alert">
          {problemMessage(heute.error)}
        </Alert>
      ) : heute.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("heute.leer")}
        </Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: "none" }}>
          {heute.data.map((e) => (
            <Group component="li" key={e.id} gap="xs" wrap="nowrap">
              <span
                aria-hidden
                style={{ width: 10, height: 10, borderRadius: 3, background: FARBEN[e.farbe], flex: "none" }}
              />
              <Stack gap={0} miw={0}>
                <Anchor component={Link} to={boardPath(e.kalenderId)} size="sm" fw={500} truncate="end">
                  {e.text}
                </Anchor>
                <Text size="xs" c="dimmed" truncate="end">
                  {[
                    e.von === e.bis ? null : `${formatDate(e.von)} – ${formatDate(e.bis)}`,
                    e.kunde,
                    e.baustelle,
                    e.kalenderBezeichnung,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
