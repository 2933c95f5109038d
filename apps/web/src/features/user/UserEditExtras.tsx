import { AUTHORITIES, type TAuthority } from "@kontor/domain/access/access.codes";
import type { TUserAuditEntry } from "@kontor/domain/user/user.schema";
import { Alert, Button, Checkbox, MultiSelect, SimpleGrid, Table, Text } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import i18next from "i18next";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { formatDateTime } from "../../components/format/format.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { revokeUserSessions } from "./user.api.ts";
import { userAuditQuery } from "./user.audit.api.ts";
import type { UserForm } from "./user.form.ts";
import type { TUserRecord } from "./user.list.api.ts";
import { userLabel } from "./user.rules.ts";

/*
 * The parts of the user edit that may show a moment after the screen (loaded right after it, DESIGN §9): the
 * memberships with their multi-selects, the sessions button with its confirmation dialog and the change log.
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
  groupsReadOnly = false,
}: {
  form: UserForm;
  mandantData: Option[];
  groupData: Option[];
  groupsFailed: boolean;
  /** The account is not editable for this tenant admin (only the memberships of their tenants are). */
  groupsReadOnly?: boolean;
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
        disabled={groupsFailed}
        readOnly={groupsReadOnly}
        variant={groupsReadOnly ? "filled" : undefined}
        clearable={!groupsReadOnly}
        placeholder={values.groupIds.length === 0 && !groupsReadOnly ? t("hint.pickPlaceholder") : undefined}
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

/** How many entries the change log shows before "show all". */
const AUDIT_FIRST = 20;

const auditItems = (value: string | null) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * What changed, as a reader understands it: lists (authorities, tenants) by name as what was added and what was
 * taken away — a long list "old → new" hides the one item that differs —, yes/no, on/off, texts old → new.
 */
function auditChange(
  entry: TUserAuditEntry,
  t: (key: string, options?: Record<string, unknown>) => string,
  mandantNames: ReadonlyMap<string, string>,
): string {
  const { field, oldValue, newValue } = entry;
  if (field === "password" || (oldValue === null && newValue === null)) return t("audit.changed");
  if (field === "authorities" || field === "mandanten") {
    const name = (item: string) =>
      field === "mandanten"
        ? (mandantNames.get(item) ?? `#${item}`)
        : i18next.exists(`authority.${item}`, { ns: "access" })
          ? i18next.t(`authority.${item}` as "authority.ROLE_USER", { ns: "access" })
          : item;
    const before = auditItems(oldValue);
    const after = auditItems(newValue);
    const added = after.filter((item) => !before.includes(item)).map(name);
    const removed = before.filter((item) => !after.includes(item)).map(name);
    const parts = [
      ...(added.length > 0 ? [t("audit.added", { items: added.join(", ") })] : []),
      ...(removed.length > 0 ? [t("audit.removed", { items: removed.join(", ") })] : []),
    ];
    return parts.length > 0 ? parts.join("; ") : t("audit.changed");
  }
  const show = (value: string | null) => {
    if (value === null || value === "") return t("audit.empty");
    if (field === "activated")
      return value === "true" ? t("audit.yes") : value === "false" ? t("audit.no") : value;
    if (field === "totp")
      return value === "true" ? t("audit.on") : value === "false" ? t("audit.off") : value;
    return value;
  };
  return `${show(oldValue)} → ${show(newValue)}`;
}

/**
 * "Änderungsprotokoll" (issue 13): who changed login, e-mail, password, two-factor, authorities, activation or
 * tenants, and when — newest first. Secrets have no values ("changed"); a change through a mailed one-time link
 * has no actor.
 */
export function UserAuditLog({ userId, mandantData }: { userId: number; mandantData: Option[] }) {
  const { t } = useTranslation(["user", "common"]);
  const problemMessage = useProblemMessage();
  const audit = useQuery(userAuditQuery(userId));
  const [showAll, setShowAll] = useState(false);
  const mandantNames = useMemo(
    () => new Map(mandantData.map((option) => [option.value, option.label])),
    [mandantData],
  );

  if (audit.isPending) {
    return (
      <Text size="sm" c="dimmed">
        {t("common:loading")}
      </Text>
    );
  }
  if (audit.isError) {
    return (
      <Alert color="yellow" variant="light">
        {t("audit.loadFailed")} {problemMessage(audit.error)}
      </Alert>
    );
  }
  if (audit.data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("audit.none")}
      </Text>
    );
  }

  const entries = showAll ? audit.data : audit.data.slice(0, AUDIT_FIRST);
  const text = (key: string, options?: Record<string, unknown>) => t(key as "audit.empty", options);
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped withTableBorder verticalSpacing={6} aria-label={t("section.audit")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={150}>{t("audit.at")}</Table.Th>
              <Table.Th w={190}>{t("audit.field")}</Table.Th>
              <Table.Th>{t("audit.change")}</Table.Th>
              <Table.Th w={170}>{t("audit.by")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry, index) => (
              // Entries have no id; the log is append-only and newest first, so the position is stable enough.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Tr key={`${entry.at}-${entry.field}-${index}`}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(entry.at)}</Table.Td>
                <Table.Td>{t(`audit.fieldName.${entry.field}`)}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>
                  {auditChange(entry, text, mandantNames)}
                </Table.Td>
                <Table.Td>
                  {entry.actorLogin ?? (
                    <Text span size="sm" fs="italic" c="dimmed">
                      {t("audit.byLink")}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!showAll && audit.data.length > AUDIT_FIRST && (
        <Button variant="subtle" size="compact-sm" mt="xs" onClick={() => setShowAll(true)}>
          {t("audit.showAll", { count: audit.data.length })}
        </Button>
      )}
    </>
  );
}

/** The authorities as checkboxes; one the signed-in user may not grant or take away is off (`mayChange`). */
export function UserBerechtigungen({
  form,
  readOnly,
  mayChange,
}: {
  form: UserForm;
  readOnly: boolean;
  mayChange: (authority: TAuthority) => boolean;
}) {
  const { t } = useTranslation("access");
  return (
    <Checkbox.Group {...form.getInputProps("authorities")} readOnly={readOnly}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs" verticalSpacing="xs" mt={4}>
        {AUTHORITIES.map((authority) => (
          <Checkbox
            key={authority}
            value={authority}
            label={t(`authority.${authority}`)}
            disabled={readOnly || !mayChange(authority)}
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}
