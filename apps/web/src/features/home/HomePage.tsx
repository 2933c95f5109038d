import { friendlyUsername } from "@kontor/domain/auth/auth.rules";
import { Alert, Paper, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { accountQuery } from "../account/account.queries.ts";

/** Home (SPEC §2): a greeting and the Belege placeholder; the document overview comes with its issue. */
export function HomePage() {
  const { t } = useTranslation("home");
  const problemMessage = useProblemMessage();
  const account = useQuery(accountQuery);

  return (
    <Stack gap="md" maw={1200}>
      {account.data && <Text c="dimmed">{t("greeting", { name: friendlyUsername(account.data) })}</Text>}
      {account.isError && (
        <Alert color="red" role="alert">
          {problemMessage(account.error)}
        </Alert>
      )}
      <Title order={1} mt={-8}>
        {t("title")}
      </Title>
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed">{t("placeholder")}</Text>
      </Paper>
    </Stack>
  );
}
