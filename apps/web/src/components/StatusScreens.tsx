import { Button, Center, Loader, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Shown while a lazily loaded screen arrives (possibly before any text has arrived: no suspending here). */
export function PendingScreen() {
  const { t, ready } = useTranslation("common", { useSuspense: false });
  return (
    <Center mih="50vh">
      <Loader aria-label={ready ? t("loading") : undefined} />
    </Center>
  );
}

/** Last line of defence: a render error shows this instead of a blank page. */
export function CrashScreen() {
  const { t } = useTranslation("common", { useSuspense: false });
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
