import { Button, MultiSelect, SimpleGrid } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { revokeUserSessions } from "./user.api.ts";
import type { UserForm } from "./user.form.ts";
import type { TUserRecord } from "./user.list.api.ts";
import { userLabel } from "./user.rules.ts";

/*
 * The parts of the user edit that may show a moment after the screen (loaded right after it, DESIGN §9): the
 * memberships with their multi-selects and the sessions button with its confirmation dialog.
 */

export interface Option {
  value: string;
  label: string;
}

/** Tenants and groups of the user: what the server lists, plus what the user already has (by id). */
export function UserZugehoerigkeit({
  form,
  mandantData,
  groupData,
  groupsFailed,
}: {
  form: UserForm;
  mandantData: Option[];
  groupData: Option[];
  groupsFailed: boolean;
}) {
  const { t } = useTranslation("user");
  const values = form.getValues();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <MultiSelect
        label={t("field.mandantIds")}
        data={mandantData}
        searchable
        clearable
        placeholder={values.mandantIds.length === 0 ? t("hint.pickPlaceholder") : undefined}
        nothingFoundMessage={t("hint.noMandants")}
        {...form.getInputProps("mandantIds")}
      />
      <MultiSelect
        label={t("field.groups")}
        data={groupData}
        searchable
        clearable
        disabled={groupsFailed}
        placeholder={values.groupIds.length === 0 ? t("hint.pickPlaceholder") : undefined}
        nothingFoundMessage={t("hint.noGroups")}
        {...form.getInputProps("groupIds")}
      />
    </SimpleGrid>
  );
}

/** "Alle Sitzungen beenden": signs the user out everywhere, after a confirmation. */
export function RevokeSessionsButton({ user }: { user: TUserRecord }) {
  const { t } = useTranslation(["user", "crud"]);
  const problemMessage = useProblemMessage();
  const { confirm, dialog } = useConfirm();
  const revoke = useMutation({
    mutationFn: () => revokeUserSessions(user.id),
    onSuccess: () => notifySuccess(t("toast.sessionsRevoked")),
    onError: (error) => notifyFailure(t("toast.sessionsRevokeFailed"), problemMessage(error)),
  });
  const ask = async () => {
    const confirmed = await confirm({
      title: t("confirm.revokeSessionsTitle"),
      message: t("confirm.revokeSessionsText", { name: userLabel(user) }),
      confirmLabel: t("action.revokeSessions"),
      danger: true,
    });
    if (confirmed) revoke.mutate();
  };
  return (
    <>
      <Button
        variant="outline"
        color="red"
        onClick={() => void ask()}
        loading={revoke.isPending}
        title={t("hint.sessions")}
      >
        {t("action.revokeSessions")}
      </Button>
      {dialog}
    </>
  );
}
