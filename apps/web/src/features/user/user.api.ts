import type { TMandantSummary } from "@kontor/domain/mandant/mandantSummary.schema";
import type { ZUser } from "@kontor/domain/user/user.schema";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../app/api.ts";
import { groupKeys } from "../group/group.list.api.ts";
import type { TUserRecord } from "./user.list.api.ts";
import { userKeys } from "./user.list.api.ts";

/**
 * The shared schemas (user.schemas.ts) load with the first call, not with the screens (zod is ~25 KB gzip,
 * DESIGN §9): requests are shaped by them before they are sent, answers parsed when they come.
 */
export const userSchemas = () => import("./user.schemas.ts");

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: async ({ signal }): Promise<TUserRecord> => {
      const [schemas, body] = await Promise.all([
        userSchemas(),
        api.get<unknown>(`users/${id}`, { signal, mandant: false }),
      ]);
      return schemas.ZUserRecord.parse(body);
    },
  });

/** POST users creates (400 error.loginUsed / error.emailUsed), PUT users updates; both answer the saved user. */
export async function saveUser(user: z.input<typeof ZUser>): Promise<TUserRecord> {
  const schemas = await userSchemas();
  const body = schemas.ZUser.parse(user);
  const saved =
    body.id === undefined
      ? await api.post<unknown>("users", body, { mandant: false })
      : await api.put<unknown>("users", body, { mandant: false });
  return schemas.ZUserRecord.parse(saved);
}

/** DELETE users/{id}/sessions: signs the user out on every device. */
export async function revokeUserSessions(id: number): Promise<void> {
  await api.delete<void>(`users/${id}/sessions`, { mandant: false });
}

/** GET mandants/allmandants: the tenants a membership can name (admin: all; tenant admin: their own). */
export const mandantOptionsQuery = queryOptions({
  queryKey: userKeys.mandantOptions,
  queryFn: async ({ signal }): Promise<TMandantSummary[]> => {
    const [schemas, body] = await Promise.all([
      userSchemas(),
      api.get<unknown>("mandants/allmandants", { signal, mandant: false }),
    ]);
    return schemas.ZMandantOptions.parse(body);
  },
  staleTime: 60_000,
});

/**
 * Every group by name, for the group selection: group.api.ts's groupOptionsQuery (the same key, call and parse),
 * loaded with the first call — that module parses with zod, which the screen does not load up front.
 */
export const groupOptionsQuery = queryOptions({
  queryKey: groupKeys.options(),
  queryFn: async (context) => {
    const { groupOptionsQuery: query } = await import("../group/group.api.ts");
    if (typeof query.queryFn !== "function") throw new Error("groupOptionsQuery has no query function");
    return query.queryFn(context);
  },
  staleTime: 60_000,
});
