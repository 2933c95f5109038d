import {
  type TBenachrichtigung,
  ZBenachrichtigung,
} from "@kontor/domain/benachrichtigung/benachrichtigung.schema";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../app/api.ts";
import { benachrichtigungKeys } from "./benachrichtigung.list.api.ts";

export type TBenachrichtigungInput = z.input<typeof ZBenachrichtigung>;

export const benachrichtigungQuery = (id: number) =>
  queryOptions({
    queryKey: benachrichtigungKeys.detail(id),
    queryFn: async ({ signal }) =>
      ZBenachrichtigung.parse(await api.get<unknown>(`benachrichtigung/${id}`, { signal })),
  });

/** PUT benachrichtigung: without id creates, with id updates. */
export async function saveBenachrichtigung(item: TBenachrichtigungInput): Promise<TBenachrichtigung> {
  return ZBenachrichtigung.parse(await api.put<unknown>("benachrichtigung", item));
}

/** DELETE benachrichtigung/activate/{id} and benachrichtigung/deactivate/{id}. */
export async function setBenachrichtigungAktiv(id: number, aktiv: boolean): Promise<void> {
  await api.delete<void>(`benachrichtigung/${aktiv ? "activate" : "deactivate"}/${id}`);
}
