/** Query keys starting with USER_SCOPE hold the signed-in user's own data: kept when the tenant changes. */
export const USER_SCOPE = "user";

/** Query keys starting with APP_SCOPE hold facts about the installation (appinfo): kept across tenants. */
export const APP_SCOPE = "app";

/** First elements of the query keys that survive a tenant switch; every other query is tenant data. */
export const KEPT_ON_TENANT_SWITCH: ReadonlySet<unknown> = new Set([USER_SCOPE, APP_SCOPE]);
