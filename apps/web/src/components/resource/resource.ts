import { type SortOrder, sortParam } from "@kontor/domain/http/paging";
import type { Namespace } from "@kontor/i18n/languages";
import type { UseFormReturnType } from "@mantine/form";
import { queryOptions } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import type { ComponentType } from "react";
import type { z } from "zod";
import { api, type Page } from "../../app/api.ts";
import type { ListColumn, ListQuery } from "../list/listTypes.ts";

type Row = { id?: number | undefined };

/**
 * What the list screen of an entity needs: where it lives in the API and in the app and how its list looks. No
 * schema and no form, so a list chunk carries neither zod nor the form's inputs (the server's response schema
 * already guarantees the shape of what it sends).
 */
export interface ListResource<T extends Row, N extends Namespace = Namespace> {
  /** First element of the query keys; the API path of the generic pattern (SPEC §7). */
  key: string;
  api: string;
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
  /** Without a create route (records come from elsewhere): no "Neu" button. */
  noCreate?: boolean;
  /** The list has a search box (`?search=` of GET {api}; label `<prefix>.list.search`). */
  search?: boolean;
  /** Query keys a delete also refreshes besides the resource's own (e.g. a parent's lists showing a count). */
  invalidates?: readonly (readonly unknown[])[];
}

/**
 * An entity as the web registers it (DESIGN §7): its list, and the form that edits it. ResourceList and
 * ResourceEditPage do everything else the same way for all of them. `V` is the form's values (inputs hold ""
 * where the entity holds undefined or null).
 */
export interface Resource<T extends Row, V extends object, N extends Namespace = Namespace>
  extends ListResource<T, N> {
  /**
   * The entity as the server sends it, and what the form is checked with before saving (the API's rules). Loaded
   * with the screen but not in its first load (zod is ~25 KB gzip, DESIGN §9): `() => import(…).then(…)`; the
   * record's answer and a submit wait for it.
   */
  schema: () => Promise<z.ZodType<T>>;
  /** Form values of a new record, of a loaded record, and the body PUT sends. */
  empty: () => V;
  toForm: (record: T) => V;
  fromForm: (values: V) => unknown;
  /** The form's fields (the save row comes from the page). */
  Fields: ComponentType<{ form: UseFormReturnType<V>; record?: T }>;
  /** Without a create route (records come from elsewhere): no "Neu" button. */
  noCreate?: boolean;
  /** The API creates by POST (a body without id) and updates by PUT; default: PUT does both (SPEC §7). */
  createByPost?: boolean;
}

/** The query keys of a resource (a key factory per area, DESIGN §7): everything under its `key`. */
export function resourceKeys(key: string) {
  return {
    all: [key] as const,
    lists: () => [key, "list"] as const,
    detail: (id: number) => [key, "detail", id] as const,
  };
}

/** The list calls of the generic pattern (SPEC §7): GET {api} paged, DELETE {api}/{id}. */
export function listCalls<T extends Row, N extends Namespace>(resource: ListResource<T, N>) {
  return {
    keys: resourceKeys(resource.key),
    /** One page; `search` (the list's search box) is sent only when there is one. */
    async list(query: ListQuery, signal?: AbortSignal, search = ""): Promise<Page<T>> {
      const page = await api.getPage(resource.api, {
        signal,
        query: {
          page: query.page,
          size: query.size,
          sort: query.sort.map(sortParam),
          ...(search ? { search } : {}),
        },
      });
      return { ...page, items: page.items as T[] };
    },
    remove: (id: number) => api.delete<unknown>(`${resource.api}/${id}`),
  };
}

/** The edit calls: GET {api}/{id} and PUT {api} (POST to create: createByPost), parsed with the shared schema. */
export function editCalls<T extends Row, V extends object, N extends Namespace>(resource: Resource<T, V, N>) {
  const parse = async (value: unknown) => (await resource.schema()).parse(value);
  return {
    keys: resourceKeys(resource.key),
    detail: (id: number) =>
      queryOptions({
        queryKey: resourceKeys(resource.key).detail(id),
        queryFn: async ({ signal }) => parse(await api.get<unknown>(`${resource.api}/${id}`, { signal })),
      }),
    save: async (body: unknown) => {
      const create = resource.createByPost === true && (body as Row | null)?.id === undefined;
      return parse(await (create ? api.post : api.put)<unknown>(resource.api, body));
    },
  };
}

/** "" in a form field means "not given": the value the schema sees for an empty optional input. */
export const orUndefined = <T>(value: T | "" | null | undefined): T | undefined =>
  value === "" || value === null ? undefined : value;
