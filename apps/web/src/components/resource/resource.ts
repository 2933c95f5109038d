import type { SortOrder } from "@kontor/domain/http/paging.schema";
import { sortParam } from "@kontor/domain/http/paging.schema";
import type { Namespace } from "@kontor/i18n/languages";
import type { UseFormReturnType } from "@mantine/form";
import { queryOptions } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import type { ComponentType } from "react";
import { z } from "zod";
import { api, type Page } from "../../app/api.ts";
import type { ListColumn, ListQuery } from "../list/listTypes.ts";

type Row = { id?: number | undefined };

/**
 * An entity as the web registers it (DESIGN §7): where it lives in the API and in the app, how its list looks and
 * which fields its form has. ResourceList and ResourceEditPage do everything else the same way for all of them.
 * `V` is the form's values (inputs hold "" where the entity holds undefined or null).
 */
export interface Resource<T extends Row, V extends object, N extends Namespace = Namespace> {
  /** First element of the query keys; the API path of the generic pattern (SPEC §7). */
  key: string;
  api: string;
  /** The entity as the server sends it, and what the form is checked with before saving (the API's rules). */
  schema: z.ZodType<T>;
  /** Texts: `${prefix}.list.title`, `${prefix}.title.new|edit`, `${prefix}.field.<name>` in namespace `ns`. */
  ns: N;
  prefix: string;
  /** The list route and the edit route of a record (or "new"). */
  listPath: string;
  editPath: (id: number | "new") => string;
  columns: (t: TFunction<N>) => readonly ListColumn<T>[];
  defaultSort: SortOrder;
  /** How a record is named in buttons, dialogs and the edit title. */
  label: (record: T) => string;
  /** Form values of a new record, of a loaded record, and the body PUT sends. */
  empty: () => V;
  toForm: (record: T) => V;
  fromForm: (values: V) => unknown;
  /** The form's fields (the save row comes from the page). */
  Fields: ComponentType<{ form: UseFormReturnType<V>; record?: T }>;
  /** Without a create route (records come from elsewhere): no "Neu" button. */
  noCreate?: boolean;
}

/** The calls and query keys of a resource (the generic pattern of SPEC §7; a key factory per area, DESIGN §7). */
export function resourceApi<T extends Row, V extends object, N extends Namespace>(
  resource: Resource<T, V, N>,
) {
  const keys = {
    all: [resource.key] as const,
    lists: () => [resource.key, "list"] as const,
    detail: (id: number) => [resource.key, "detail", id] as const,
  };
  const parse = (value: unknown) => resource.schema.parse(value);
  return {
    keys,
    async list(query: ListQuery, signal?: AbortSignal): Promise<Page<T>> {
      const page = await api.getPage(resource.api, {
        signal,
        query: { page: query.page, size: query.size, sort: query.sort.map(sortParam) },
      });
      return { items: z.array(resource.schema).parse(page.items), totalCount: page.totalCount };
    },
    detail: (id: number) =>
      queryOptions({
        queryKey: keys.detail(id),
        queryFn: async ({ signal }) => parse(await api.get<unknown>(`${resource.api}/${id}`, { signal })),
      }),
    save: async (body: unknown) => parse(await api.put<unknown>(resource.api, body)),
    remove: (id: number) => api.delete<unknown>(`${resource.api}/${id}`),
  };
}

/** "" in a form field means "not given": the value the schema sees for an empty optional input. */
export const orUndefined = <T>(value: T | "" | null | undefined): T | undefined =>
  value === "" || value === null ? undefined : value;
