import "mantine-datatable/styles.css";
import { DEFAULT_PAGE_SIZE, type SortOrder, sortParam } from "@kontor/domain/http/paging";
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../app/api.ts";
import { useConfirm } from "../dialogs/ConfirmDialog.tsx";
import { notifyFailure, notifySuccess } from "../feedback/notify.ts";
import { IconEye, IconPencil, IconTrash } from "../icons.tsx";
import { useProblemMessage } from "../problemMessage.ts";
import type { ListColumn, ListDefinition } from "./listTypes.ts";
import {
  clampPage,
  type ListSearch,
  nextSort,
  pageCount,
  parseSort,
  sortSearch,
  stripHtml,
} from "./listValues.ts";
import { PaginationBar } from "./PaginationBar.tsx";

type Row = { id?: number | undefined };

export interface EntityListProps<T extends Row> {
  definition: ListDefinition<T>;
  /** Heading above the table (h1). */
  title?: string;
  /** Buttons beside the heading ("Neu", ...). */
  actions?: ReactNode;
  /** Page size; SPEC §9: 20. */
  size?: number;
}

/**
 * The generic list table (SPEC §2, DESIGN §7): server-side paging and sorting (page and sort live in the URL),
 * optional preview, edit and delete buttons, HTML stripped from text, booleans as read-only checkboxes,
 * loading, empty and error states, and the pagination bar.
 */
export function EntityList<T extends Row>({
  definition,
  title,
  actions,
  size = DEFAULT_PAGE_SIZE,
}: EntityListProps<T>) {
  const { t } = useTranslation(["crud", "common"]);
  const problemMessage = useProblemMessage();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search: ListSearch = useSearch({ strict: false });
  const { confirm, dialog } = useConfirm();
  const [previewing, setPreviewing] = useState<T | null>(null);

  const sortable = useMemo(
    () => definition.columns.filter((column) => column.sortable !== false).map((column) => column.field),
    [definition.columns],
  );
  const order: SortOrder = parseSort(search.sort, sortable) ?? definition.defaultSort;
  const page = search.page ?? 1;

  const list = useQuery({
    queryKey: [...definition.queryKey, { page, size, sort: sortParam(order) }],
    queryFn: ({ signal }) => definition.list({ page: page - 1, size, sort: [order] }, signal),
    placeholderData: keepPreviousData,
  });
  const total = { totalCount: list.data?.totalCount ?? null, totalCapped: list.data?.totalCapped ?? false };
  const pages = pageCount(total, size, page, list.data?.items.length);

  // Every list route validates its search with validateListSearch; the router's types know only the union of
  // all routes' search shapes, hence the cast of this reducer.
  const setSearch = (next: ListSearch, replace = false) => {
    const reducer = (previous: ListSearch) => ({ ...previous, ...next });
    void navigate({ to: ".", search: reducer as never, replace });
  };

  // A page beyond the end (the last row of the last page was deleted, an old bookmark): go to the last page.
  // A capped total has no known last page (an empty page beyond it offers "previous").
  const lastPage = list.data && !list.isPlaceholderData && !total.totalCapped ? pages : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) {
      const reducer = (previous: ListSearch) => ({ ...previous, page: lastPage > 1 ? lastPage : undefined });
      void navigate({ to: ".", search: reducer as never, replace: true });
    }
  }, [lastPage, page, navigate]);

  const remove = useMutation({
    mutationFn: async (id: number) => {
      if (!definition.remove) throw new Error("no delete for this list");
      await definition.remove(id);
    },
    onSuccess: () => notifySuccess(t("toast.deleted")),
    onError: (error) => notifyFailure(t("toast.deleteFailed"), problemMessage(error)),
    onSettled: async () => {
      await Promise.all(
        [definition.queryKey, ...(definition.invalidates ?? [])].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });

  const nameOf = (record: T) => definition.label?.(record) ?? String(record.id ?? "");

  const askDelete = async (record: T) => {
    if (record.id === undefined) return;
    const name = nameOf(record);
    const confirmed = await confirm({
      title: t("confirm.deleteTitle"),
      message: t("confirm.deleteText", { name }),
      confirmLabel: t("confirm.delete"),
      danger: true,
    });
    if (confirmed) remove.mutate(record.id);
  };

  const hasActions = Boolean(definition.preview || definition.edit || definition.remove);
  const columns: DataTableColumn<T>[] = definition.columns.map((column) => ({
    accessor: column.field,
    title: column.title,
    sortable: column.sortable !== false,
    width: column.width,
    textAlign: column.textAlign,
    // Headers never wrap mid-word (issue 21: cramped at 1280 px); a column is at least as wide as its header.
    titleStyle: { whiteSpace: "nowrap" },
    render: (record: T) =>
      column.render ? column.render(record) : <Cell value={record[column.field]} column={column} />,
  }));
  if (hasActions) {
    columns.push({
      accessor: "__actions",
      title: <VisuallyHidden>{t("list.actions")}</VisuallyHidden>,
      textAlign: "right",
      // As wide as its buttons (preview, edit, delete): room that the data columns need at 1280 px.
      width:
        24 +
        36 *
          [definition.preview, definition.edit, definition.remove].filter((action) => action !== undefined)
            .length,
      render: (record: T) => {
        const name = nameOf(record);
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {definition.preview && (
              <Tooltip label={t("action.preview", { name })} openDelay={400}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t("action.preview", { name })}
                  onClick={() => setPreviewing(record)}
                >
                  <IconEye />
                </ActionIcon>
              </Tooltip>
            )}
            {definition.edit && record.id !== undefined && (
              <Tooltip label={t("action.edit", { name })} openDelay={400}>
                <ActionIcon
                  variant="subtle"
                  component={Link}
                  to={definition.edit(record.id)}
                  aria-label={t("action.edit", { name })}
                >
                  <IconPencil />
                </ActionIcon>
              </Tooltip>
            )}
            {definition.remove && record.id !== undefined && (definition.removable?.(record) ?? true) && (
              <Tooltip label={t("action.delete", { name })} openDelay={400}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t("action.delete", { name })}
                  onClick={() => void askDelete(record)}
                  loading={remove.isPending && remove.variables === record.id}
                >
                  <IconTrash />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        );
      },
    });
  }

  return (
    <Stack gap="md">
      {(title || actions) && (
        <Group justify="space-between" align="center" gap="sm">
          {title && <Title order={1}>{title}</Title>}
          {actions && <Group gap="sm">{actions}</Group>}
        </Group>
      )}
      {list.isError && (
        <Alert color="red" role="alert" title={t("list.loadFailed")}>
          <Stack gap="xs" align="flex-start">
            {problemMessage(list.error)}
            {/* A refusal (4xx) stays a refusal; an unreachable server or a 5xx may pass on the next try. */}
            {!(isApiError(list.error) && list.error.status >= 400 && list.error.status < 500) && (
              <Button size="xs" variant="light" color="red" onClick={() => void list.refetch()}>
                {t("list.retry")}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      {/* Without any rows to show (the first load failed), an empty table would only look broken. */}
      {!(list.isError && !list.data) && (
        <>
          <DataTable<T>
            withTableBorder
            borderRadius="md"
            striped
            highlightOnHover
            verticalAlign="center"
            minHeight={list.data && list.data.items.length > 0 ? undefined : 180}
            records={list.data?.items ?? []}
            columns={columns}
            idAccessor={(record) => record.id ?? JSON.stringify(record)}
            fetching={list.isFetching && !list.isError}
            noRecordsText={list.isError ? "" : t("list.empty")}
            sortStatus={{ columnAccessor: order.field, direction: order.direction }}
            onSortStatusChange={(status) => {
              const next = nextSort(order, String(status.columnAccessor));
              setSearch({ sort: sortSearch(next, definition.defaultSort), page: undefined });
            }}
            aria-busy={list.isFetching}
          />
          <PaginationBar
            page={clampPage(page, pages)}
            pages={pages}
            totalCount={total.totalCount}
            totalCapped={total.totalCapped}
            disabled={list.isFetching}
            onChange={(next) => setSearch({ page: next > 1 ? next : undefined })}
          />
        </>
      )}
      {dialog}
      {definition.preview && (
        <Modal
          opened={previewing !== null}
          onClose={() => setPreviewing(null)}
          title={previewing ? t("action.preview", { name: nameOf(previewing) }) : undefined}
          size={definition.previewSize ?? "lg"}
        >
          {previewing && definition.preview(previewing)}
        </Modal>
      )}
    </Stack>
  );
}

/** The default cell: text without HTML, booleans as read-only checkboxes, lists joined, nothing for null. */
function Cell<T>({ value, column }: { value: T[keyof T]; column: ListColumn<T> }) {
  return <>{cellContent(value, column.title)}</>;
}

export function cellContent(value: unknown, title: string): ReactNode {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean")
    return (
      <Checkbox
        checked={value}
        readOnly
        aria-readonly
        aria-label={title}
        size="xs"
        tabIndex={-1}
        onClick={(event) => event.preventDefault()}
        display="inline-flex"
        styles={{ input: { cursor: "default" } }}
      />
    );
  if (typeof value === "string") return stripHtml(value);
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (Array.isArray(value))
    return value.map((item) => (typeof item === "string" ? stripHtml(item) : String(item))).join(", ");
  return null;
}
