import type { TBenachrichtigung } from "@kontor/domain/benachrichtigung/benachrichtigung.schema";
import { Button } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../components/dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../../components/feedback/notify.ts";
import { formatDateTime } from "../../components/format/format.ts";
import { IconPlus } from "../../components/icons.tsx";
import { EntityList } from "../../components/list/EntityList.tsx";
import type { ListDefinition } from "../../components/list/listTypes.ts";
import { useProblemMessage } from "../../components/problemMessage.ts";
import { LazyRichTextEditor } from "../../components/richtext/LazyRichTextEditor.tsx";
import {
  benachrichtigungKeys,
  deleteBenachrichtigung,
  listBenachrichtigungen,
  resetNewsStatus,
} from "./benachrichtigung.list.api.ts";

/** /benachrichtigungen_list/: the tenant's notifications (SPEC §9: sorted by id ascending). */
export function BenachrichtigungList() {
  const { t } = useTranslation(["benachrichtigung", "crud"]);
  const definition = useMemo(
    (): ListDefinition<TBenachrichtigung> => ({
      queryKey: benachrichtigungKeys.lists(),
      list: listBenachrichtigungen,
      columns: [
        { field: "id", title: t("field.id"), width: 80 },
        { field: "bezeichnung", title: t("field.bezeichnung") },
        { field: "aktiv", title: t("field.aktiv"), width: 90, textAlign: "center" },
        {
          field: "createdDate",
          title: t("field.createdDate"),
          width: 170,
          render: (item) => formatDateTime(item.createdDate),
        },
      ],
      defaultSort: { field: "id", direction: "asc" },
      edit: (id) => `/benachrichtigungen/${id}`,
      remove: deleteBenachrichtigung,
      invalidates: [benachrichtigungKeys.news],
      // The stored HTML goes through the editor's schema (read-only): nothing but its formatting is shown.
      preview: (item) => (
        <LazyRichTextEditor value={item.editor} readOnly label={item.bezeichnung} minHeight={80} />
      ),
      label: (item) => item.bezeichnung,
    }),
    [t],
  );

  return (
    <EntityList
      definition={definition}
      title={t("list.title")}
      actions={
        <>
          <ResetStatusButton />
          <Button
            renderRoot={(props) => <Link {...props} to="/benachrichtigungen/new" />}
            leftSection={<IconPlus size={16} />}
          >
            {t("list.new")}
          </Button>
        </>
      }
    />
  );
}

/** "Alle erneut benachrichtigen": every member sees the news dialog again (PUT benachrichtigung/resetstatus). */
function ResetStatusButton() {
  const { t } = useTranslation("benachrichtigung");
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const reset = useMutation({
    mutationFn: resetNewsStatus,
    onSuccess: () => {
      notifySuccess(t("reset.done"));
      void queryClient.invalidateQueries({ queryKey: benachrichtigungKeys.news });
    },
    onError: (error) => notifyFailure(t("reset.failed"), problemMessage(error)),
  });
  const ask = async () => {
    if (await confirm({ title: t("reset.title"), message: t("reset.text"), confirmLabel: t("reset.button") }))
      reset.mutate();
  };
  return (
    <>
      <Button variant="default" onClick={() => void ask()} loading={reset.isPending}>
        {t("reset.button")}
      </Button>
      {dialog}
    </>
  );
}
