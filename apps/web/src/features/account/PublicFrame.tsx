import { Anchor, Box, Center, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "../../components/LanguageSwitch.tsx";

/**
 * The frame of the public screens (register, activation, password reset, two-factor): the login page's look —
 * language switch, app name, one card with a heading — and a way back to the sign-in below the card.
 */
export function PublicFrame({
  title,
  intro,
  children,
  backToLogin = true,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** The "back to the sign-in" link under the card (off where the card itself leads there). */
  backToLogin?: boolean;
}) {
  const { t } = useTranslation(["account", "common"]);
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: "flex", flexDirection: "column" }}>
      <Group justify="flex-end" p="md">
        <LanguageSwitch />
      </Group>
      <Center style={{ flex: 1 }} px="md" pb="xl">
        <Stack w="100%" maw={440} gap="lg">
          <Text fw={700} fz={28} c="petrol.8" lh={1.2} ta="center">
            {t("common:appName")}
          </Text>
          <Paper withBorder shadow="sm" radius="md" p="xl">
            <Stack gap="md">
              <div>
                <Title order={1} fz={22}>
                  {title}
                </Title>
                {intro && (
                  <Text c="dimmed" size="sm" mt={4}>
                    {intro}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
          {backToLogin && (
            <Anchor component={Link} to="/login" size="sm" ta="center">
              {t("public.backToLogin")}
            </Anchor>
          )}
        </Stack>
      </Center>
    </Box>
  );
}
