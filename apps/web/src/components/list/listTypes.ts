import type { SortOrder } from "@kontor/domain/http/paging";
import type { ReactNode } from "react";
import type { Page } from "../../app/api.ts";

/** What a list asks the server for: page (0-based), size and sort (DESIGN §5). */
export interface ListQuery {
  page: number;
  size: number;
  sort: SortOrder[];
}

export interface ListColumn<T> {
  /** The record field shown, and the `sort` field sent when the header is clicked. */
  field: Extract<keyof T, string>;
  /** Header text, translated. */
  title: string;
  /** Whether a click on the header sorts by this field (default true). */
  sortable?: boolean;
  /**
   * What the cell shows when the default is not enough. Default: text without HTML, booleans as read-only
   * checkboxes, numbers as they are, nothing for null.
   */
  render?: (record: T) => ReactNode;
  width?: number | string;
  textAlign?: "left" | "center" | "right";
}

/**
 * A list as an area registers it (DESIGN §7): how to load a page, the columns, the default sort, and optionally
 * where a row is edited, how it is deleted and previewed. Everything else is the generic table's job.
 */
export interface ListDefinition<T extends { id?: number | undefined }> {
  /** Prefix of the query keys of this list (the area's key factory); page, size and sort are appended. */
  queryKey: readonly unknown[];
  list: (query: ListQuery, signal: AbortSignal) => Promise<Page<T>>;
  columns: readonly ListColumn<T>[];
  /** SPEC §9: every list has a default sort. */
  defaultSort: SortOrder;
  /** The edit path of a row (slug = id), e.g. id => `/mandant/${id}`; without it, no edit button. */
  edit?: (id: number) => string;
  /** Deletes a row; without it, no delete button. */
  remove?: (id: number) => Promise<unknown>;
  /** Which rows may be deleted (e.g. only drafts); default: every row when `remove` is given. */
  removable?: (record: T) => boolean;
  /** Content of the preview dialog; without it, no preview button. */
  preview?: (record: T) => ReactNode;
  /** Width of the preview dialog (Mantine size or CSS width); default "lg". */
  previewSize?: string;
  /** How a row is named in buttons and dialogs ("Bearbeiten: Muster GmbH"); default: its id. */
  label?: (record: T) => string;
  /** Query keys to refresh after a delete besides this list's own (e.g. the tenant switcher's list). */
  invalidates?: readonly (readonly unknown[])[];
}
