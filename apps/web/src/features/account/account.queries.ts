import type { TAccount } from "@kontor/domain/auth/auth.schema";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../app/api.ts";
import { USER_SCOPE } from "../../app/queryScopes.ts";

/*
 * The account reads the app shell and home need on every page load. Types only from the domain (like api.ts):
 * the runtime schemas would bring zod along. The server parses every response with its schema (ZAccount), so
 * the shape is trusted here; the forms' writes and their parsing stay in account.api.ts.
 */

export const accountKeys = {
  current: [USER_SCOPE, "account"] as const,
  sessions: [USER_SCOPE, "account", "sessions"] as const,
};

/** GET account: the signed-in user (name, e-mail, language, authorities, settings, two-factor state). */
export const accountQuery = queryOptions({
  queryKey: accountKeys.current,
  queryFn: ({ signal }) => api.get<TAccount>("account", { signal }),
});

/** POST account/langkey: the language picked in the app, kept on the account for every later sign-in. */
export async function saveLangKey(langKey: TAccount["langKey"]): Promise<void> {
  await api.post<void>("account/langkey", { langKey }, { mandant: false });
}
