import { ZMandantSummary } from "@kontor/domain/mandant/mandantSummary.schema";
import { ZUser } from "@kontor/domain/user/user.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../app/api.ts";
import type { TUserRecord } from "./user.list.api.ts";
import { userKeys } from "./user.list.api.ts";

const ZUserRecord = ZUser.extend({ id: z.number().int() });

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: async ({ signal }) =>
      ZUserRecord.parse(await api.get<unknown>(`users/${id}`, { signal, mandant: false })),
  });

/** POST users creates (400 error.loginUsed / error.emailUsed), PUT users updates; both answer the saved user. */
export async function saveUser(user: z.input<typeof ZUser>): Promise<TUserRecord> {
  const body = ZUser.parse(user);
  const saved =
    body.id === undefined
      ? await api.post<unknown>("users", body, { mandant: false })
      : await api.put<unknown>("users", body, { mandant: false });
  return ZUserRecord.parse(saved);
}

/** DELETE users/{id}/sessions: signs the user out on every device. */
export async function revokeUserSessions(id: number): Promise<void> {
  await api.delete<void>(`users/${id}/sessions`, { mandant: false });
}

/** GET mandants/allmandants: the tenants a membership can name (admin: all; tenant admin: their own). */
export const mandantOptionsQuery = queryOptions({
  queryKey: userKeys.mandantOptions,
  queryFn: async ({ signal }) =>
    z
      .array(ZMandantSummary)
      .parse(await api.get<unknown>("mandants/allmandants", { signal, mandant: false })),
  staleTime: 60_000,
});
