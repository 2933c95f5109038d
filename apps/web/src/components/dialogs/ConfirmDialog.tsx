import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type ReactNode, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** Text of the confirming button. */
  confirmLabel: string;
  /** Red confirm button for destructive actions (delete, deactivate). */
  danger?: boolean;
}

interface Pending extends ConfirmOptions {
  resolve: (confirmed: boolean) => void;
}

/**
 * A confirmation in a Mantine modal (SPEC §4: activate/deactivate and delete ask first). `confirm(...)` resolves
 * true or false; render `dialog` once in the component.
 *
 *   const { confirm, dialog } = useConfirm();
 *   if (await confirm({ title, message, confirmLabel })) ...
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        current.current?.resolve(false);
        const next = { ...options, resolve };
        current.current = next;
        setPending(next);
      }),
    [],
  );

  const settle = (confirmed: boolean) => {
    current.current?.resolve(confirmed);
    current.current = null;
    setPending(null);
  };

  return { confirm, dialog: <ConfirmDialog pending={pending} onSettle={settle} /> };
}

function ConfirmDialog({
  pending,
  onSettle,
}: {
  pending: ConfirmOptions | null;
  onSettle: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation("crud");
  return (
    <Modal opened={pending !== null} onClose={() => onSettle(false)} title={pending?.title} centered>
      <Stack gap="lg">
        <Text>{pending?.message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => onSettle(false)}>
            {t("action.cancel")}
          </Button>
          <Button color={pending?.danger ? "red" : undefined} onClick={() => onSettle(true)} data-autofocus>
            {pending?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
