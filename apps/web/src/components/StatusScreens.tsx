import { Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Shown while a lazily loaded screen arrives. */
export function PendingScreen() {
  const { t } = useTranslation("common");
  return (
    <Center mih="50vh">
      <Loader aria-label={t("loading")} />
    </Center>
  );
}

/** Last line of defence: a render error shows this instead of a blank page. */
export function CrashScreen() {
  const { t } = useTranslation("common");
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={2}>{t("crash.title")}</Title>
        <Text c="dimmed" ta="center">
          {t("crash.text")}
        </Text>
        <Button onClick={() => window.location.reload()}>{t("crash.reload")}</Button>
      </Stack>
    </Center>
  );
}
