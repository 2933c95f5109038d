import type {
  TBenachrichtigung,
  ZBenachrichtigung,
} from "@kontor/domain/benachrichtigung/benachrichtigung.schema";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../app/api.ts";
import { benachrichtigungKeys } from "./benachrichtigung.list.api.ts";

export type TBenachrichtigungInput = z.input<typeof ZBenachrichtigung>;

/**
 * The shared schema: loaded with the first call or the form's rules, not with the screen (zod is ~25 KB gzip,
 * DESIGN §9); answers are parsed when they come.
 */
export const benachrichtigungSchemas = () =>
  import("@kontor/domain/benachrichtigung/benachrichtigung.schema");

export const benachrichtigungQuery = (id: number) =>
  queryOptions({
    queryKey: benachrichtigungKeys.detail(id),
    queryFn: async ({ signal }) => {
      const [schemas, body] = await Promise.all([
        benachrichtigungSchemas(),
        api.get<unknown>(`benachrichtigung/${id}`, { signal }),
      ]);
      return schemas.ZBenachrichtigung.parse(body);
    },
  });

/** PUT benachrichtigung: without id creates, with id updates. */
export async function saveBenachrichtigung(item: TBenachrichtigungInput): Promise<TBenachrichtigung> {
  const [schemas, body] = await Promise.all([
    benachrichtigungSchemas(),
    api.put<unknown>("benachrichtigung", item),
  ]);
  return schemas.ZBenachrichtigung.parse(body);
}

/** DELETE benachrichtigung/activate/{id} and benachrichtigung/deactivate/{id}. */
export async function setBenachrichtigungAktiv(id: number, aktiv: boolean): Promise<void> {
  await api.delete<void>(`benachrichtigung/${aktiv ? "activate" : "deactivate"}/${id}`);
}
