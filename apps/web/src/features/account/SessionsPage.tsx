import type { TSessionInfo } from "@kontor/domain/account/account.schema";
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { session } from "../../app/session.ts";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { formatDateTime } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { accountKeys, revokeSession, sessionsQuery } from "./account.api.ts";
import { clientName, sortSessions } from "./sessions.rules.ts";

/** /sessions: the devices the user is signed in on (one row per session), each can be signed out. */
export function SessionsPage() {
  const { t } = useTranslation(["account", "crud", "common"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const sessions = useQuery(sessionsQuery);
  const { confirm, dialog } = useConfirm();

  const describe = (info: TSessionInfo) => {
    const name = clientName(info.userAgent);
    if (name?.browser && name.os) return t("sessions.clientOn", { browser: name.browser, os: name.os });
    return name?.browser ?? name?.os ?? t("sessions.unknownClient");
  };

  const revoke = useMutation({
    mutationFn: (info: TSessionInfo) => revokeSession(info.id),
    onSuccess: (_, info) => {
      if (info.current) {
        // This device's own session is over: sign out here as well (SPEC §4 Logout).
        session.clear();
        void navigate({ to: "/login", replace: true, ignoreBlocker: true });
        return;
      }
      notifySuccess(t("sessions.revoked"));
    },
    onError: (error) => notifyFailure(t("sessions.revokeFailed"), problemMessage(error)),
    onSettled: (_, __, info) => {
      if (!info.current) void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
    },
  });

  const others = sessions.data?.filter((info) => !info.current) ?? [];
  const revokeOthers = useMutation({
    // One call per device: what was signed out stays signed out even if a later call fails.
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await revokeSession(id);
    },
    onSuccess: () => notifySuccess(t("sessions.revoked")),
    onError: (error) => notifyFailure(t("sessions.revokeFailed"), problemMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
  const askOthers = async () => {
    const confirmed = await confirm({
      title: t("sessions.revokeOthersTitle"),
      message: t("sessions.revokeOthersText", { count: others.length }),
      confirmLabel: t("sessions.revoke"),
      danger: true,
    });
    if (confirmed) revokeOthers.mutate(others.map((info) => info.id));
  };

  const ask = async (info: TSessionInfo) => {
    const client = describe(info);
    const confirmed = await confirm({
      title: t("sessions.revokeTitle"),
      message: info.current ? t("sessions.revokeCurrentText") : t("sessions.revokeText", { client }),
      confirmLabel: t("sessions.revoke"),
      danger: true,
    });
    if (confirmed) revoke.mutate(info);
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{t("sessions.title")}</Title>
          <Text c="dimmed" size="sm">
            {t("sessions.intro")}
          </Text>
        </Stack>
        {others.length > 1 && (
          <Button
            variant="outline"
            color="red"
            onClick={() => void askOthers()}
            loading={revokeOthers.isPending}
          >
            {t("sessions.revokeOthers")}
          </Button>
        )}
      </Group>
      {sessions.isPending && (
        <Center mih={160}>
          <Loader aria-label={t("common:loading")} />
        </Center>
      )}
      {sessions.isError && (
        <Alert color="red" role="alert" title={t("sessions.loadFailed")}>
          <Stack gap="xs" align="flex-start">
            {problemMessage(sessions.error)}
            <Button size="xs" variant="light" color="red" onClick={() => void sessions.refetch()}>
              {t("crud:list.retry")}
            </Button>
          </Stack>
        </Alert>
      )}
      {sessions.isSuccess && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover withTableBorder verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("sessions.client")}</Table.Th>
                <Table.Th>{t("sessions.address")}</Table.Th>
                <Table.Th>{t("sessions.createdAt")}</Table.Th>
                <Table.Th>{t("sessions.lastUsedAt")}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t("crud:list.actions")}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text c="dimmed" ta="center" py="md">
                      {t("sessions.empty")}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {sortSessions(sessions.data).map((info) => {
                const client = describe(info);
                return (
                  <Table.Tr key={info.id} aria-current={info.current ? "true" : undefined}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Tooltip
                          label={info.userAgent ?? t("sessions.unknownClient")}
                          multiline
                          maw={420}
                          openDelay={300}
                        >
                          <Text size="sm" fw={500}>
                            {client}
                          </Text>
                        </Tooltip>
                        {info.current && (
                          <Badge color="petrol" variant="light" size="sm">
                            {t("sessions.current")}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {info.clientAddress ?? "–"}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDateTime(info.createdAt)}</Table.Td>
                    <Table.Td>{formatDateTime(info.lastUsedAt)}</Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        aria-label={t("sessions.revokeLabel", {
                          client: info.current ? t("sessions.current") : client,
                        })}
                        loading={revoke.isPending && revoke.variables?.id === info.id}
                        onClick={() => void ask(info)}
                      >
                        {t("sessions.revoke")}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog}
    </Stack>
  );
}
