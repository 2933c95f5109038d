import type { TUserAuditEntry } from "@kontor/domain/user/user.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";
import { userSchemas } from "./user.api.ts";
import { userKeys } from "./user.list.api.ts";

/** A user's audit log (administration data: dropped on a tenant switch like the user itself). */
export const userAuditKey = (id: number) => [...userKeys.all, "audit", id] as const;

/** GET users/{id}/audit: changes of login, e-mail, password, 2FA, authorities, activation, tenants; newest first. */
export const userAuditQuery = (id: number) =>
  queryOptions({
    queryKey: userAuditKey(id),
    queryFn: async ({ signal }): Promise<TUserAuditEntry[]> => {
      const [schemas, body] = await Promise.all([
        userSchemas(),
        api.get<unknown>(`users/${id}/audit`, { signal, mandant: false }),
      ]);
      return schemas.ZUserAudit.parse(body);
    },
  });
