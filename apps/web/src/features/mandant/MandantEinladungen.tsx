import { type TLangKey, ZLangKey } from "@kontor/domain/auth/auth.schema";
import { ZEinladungCreate } from "@kontor/domain/einladung/einladung.schema";
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { currentLanguage } from "../../app/i18n.ts";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { serverFieldErrors, zodValidate } from "../../components/form/fieldErrors.ts";
import { formatDateTime } from "../../components/format/format.ts";
import { IconTrash } from "../../components/icons.tsx";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { einladungenQuery, invite, revokeEinladung } from "./mandant.einladung.api.ts";
import { mandantKeys } from "./mandant.queries.ts";

const validateInvite = zodValidate(ZEinladungCreate);

/**
 * Inviting people into a saved tenant by e-mail (issue 13) and its pending invitations, each withdrawable. Part
 * of the members section (MandantBenutzerFields). It sits inside the tenant's form but sends on its own: Enter in
 * the address and the button invite at once, they never submit the tenant.
 */
export function MandantEinladungen({ mandantId }: { mandantId: number }) {
  const { t } = useTranslation(["mandant", "common"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const pending = useQuery(einladungenQuery(mandantId));
  const [email, setEmail] = useState("");
  const [langKey, setLangKey] = useState<TLangKey>(currentLanguage());
  const [emailError, setEmailError] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: mandantKeys.einladungen(mandantId) });

  const send = useMutation({
    mutationFn: (request: { email: string; langKey: TLangKey }) => invite(mandantId, request),
    onSuccess: (sent) => {
      notifySuccess(t("einladung.sent", { email: sent.email }));
      setEmail("");
      void refresh();
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 429) {
        notifyFailure(t("einladung.failed"), t("einladung.tooMany"));
        return;
      }
      const atFields = isApiError(error) ? serverFieldErrors(error.fieldErrors) : {};
      if (atFields.email) setEmailError(atFields.email);
      notifyFailure(t("einladung.failed"), problemMessage(error));
    },
  });

  const revoke = useMutation({
    mutationFn: (einladungId: number) => revokeEinladung(mandantId, einladungId),
    onSuccess: () => notifySuccess(t("einladung.revoked")),
    onError: (error) => notifyFailure(t("einladung.revokeFailed"), problemMessage(error)),
    onSettled: () => refresh(),
  });

  const submit = () => {
    if (send.isPending) return;
    const errors = validateInvite({ email, langKey });
    setEmailError(errors.email ?? null);
    // As the server takes it: trimmed, lower-case.
    if (Object.keys(errors).length === 0) send.mutate(ZEinladungCreate.parse({ email, langKey }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The tenant form around must not be submitted by Enter here.
    if (event.key === "Enter") {
      event.preventDefault();
      submit();
    }
  };

  const askRevoke = async (einladung: { id: number; email: string }) => {
    const confirmed = await confirm({
      title: t("einladung.revokeTitle"),
      message: t("einladung.revokeText", { email: einladung.email }),
      confirmLabel: t("einladung.revokeConfirm"),
      danger: true,
    });
    if (confirmed) revoke.mutate(einladung.id);
  };

  const rows = pending.data ?? [];
  return (
    <Stack gap="sm" mt="md">
      <Title order={3} size="h5">
        {t("einladung.title")}
      </Title>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t("einladung.email")}
          type="email"
          autoComplete="off"
          maxLength={50}
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setEmailError(null);
          }}
          onKeyDown={onKeyDown}
          error={emailError}
          style={{ flex: "1 1 260px" }}
          maw={420}
        />
        <Select
          label={t("einladung.langKey")}
          data={ZLangKey.options.map((value) => ({ value, label: t(`common:language.${value}`) }))}
          allowDeselect={false}
          value={langKey}
          onChange={(value) => {
            const parsed = ZLangKey.safeParse(value);
            if (parsed.success) setLangKey(parsed.data);
          }}
          w={180}
        />
        {/* Aligned with the inputs (below their labels). */}
        <Button type="button" onClick={submit} loading={send.isPending} mt={25}>
          {t("einladung.submit")}
        </Button>
      </Group>

      <Text size="sm" fw={600} mt="xs">
        {t("einladung.pending")}
      </Text>
      {pending.isError ? (
        <Alert color="yellow" variant="light">
          {t("einladung.loadFailed")} {problemMessage(pending.error)}
        </Alert>
      ) : pending.isPending ? (
        <Text size="sm" c="dimmed">
          {t("common:loading")}
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("einladung.none")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640} maw={860}>
          <Table withTableBorder striped verticalSpacing={6} aria-label={t("einladung.pending")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("einladung.address")}</Table.Th>
                <Table.Th>{t("einladung.invitedBy")}</Table.Th>
                <Table.Th>{t("einladung.createdAt")}</Table.Th>
                <Table.Th>{t("einladung.expiresAt")}</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((einladung) => (
                <Table.Tr key={einladung.id}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{einladung.email}</Table.Td>
                  <Table.Td>{einladung.invitedBy ?? "–"}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(einladung.createdAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(einladung.expiresAt)}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("einladung.revoke", { email: einladung.email })}
                      title={t("einladung.revoke", { email: einladung.email })}
                      loading={revoke.isPending && revoke.variables === einladung.id}
                      onClick={() => void askRevoke(einladung)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog}
    </Stack>
  );
}
