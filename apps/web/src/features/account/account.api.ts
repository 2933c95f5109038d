import { ZAccount } from "@kontor/domain/auth/auth.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";
import { USER_SCOPE } from "../../app/queryScopes.ts";

export const accountKeys = {
  current: [USER_SCOPE, "account"] as const,
};

/** GET account: the signed-in user (name, e-mail, language, authorities). */
export const accountQuery = queryOptions({
  queryKey: accountKeys.current,
  queryFn: async ({ signal }) => ZAccount.parse(await api.get<unknown>("account", { signal })),
});
