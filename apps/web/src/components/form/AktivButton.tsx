import { Button } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../feedback/notify.ts";
import { useProblemMessage } from "../problemMessage.ts";

export interface AktivButtonProps {
  aktiv: boolean;
  /** The record's name in the default confirmation text. */
  name: string;
  /** Sends the change (DELETE {entity}/activate|deactivate/{id}). */
  change: (next: boolean) => Promise<unknown>;
  /** After success or failure: refresh what shows the state. */
  onSettled: () => Promise<unknown> | undefined;
  /** A more specific confirmation text than "„{name}“ wird (de)aktiviert." */
  message?: (next: boolean) => string;
}

/** Activate or deactivate a record after a confirmation (SPEC §4), with the toasts of SPEC §8. */
export function AktivButton({ aktiv, name, change, onSettled, message }: AktivButtonProps) {
  const { t } = useTranslation("crud");
  const problemMessage = useProblemMessage();
  const { confirm, dialog } = useConfirm();
  const mutation = useMutation({
    mutationFn: change,
    onSuccess: (_, next) => notifySuccess(next ? t("toast.activated") : t("toast.deactivated")),
    onError: (error, next) =>
      notifyFailure(next ? t("toast.activateFailed") : t("toast.deactivateFailed"), problemMessage(error)),
    onSettled,
  });

  const ask = async () => {
    const next = !aktiv;
    const confirmed = await confirm({
      title: next ? t("confirm.activateTitle") : t("confirm.deactivateTitle"),
      message:
        message?.(next) ??
        (next ? t("confirm.activateText", { name }) : t("confirm.deactivateText", { name })),
      confirmLabel: next ? t("action.activate") : t("action.deactivate"),
      danger: !next,
    });
    if (confirmed) mutation.mutate(next);
  };

  return (
    <>
      <Button
        variant={aktiv ? "outline" : "filled"}
        color={aktiv ? "red" : "green"}
        onClick={() => void ask()}
        loading={mutation.isPending}
      >
        {aktiv ? t("action.deactivate") : t("action.activate")}
      </Button>
      {dialog}
    </>
  );
}
