/** Query keys starting with USER_SCOPE hold the signed-in user's own data: kept when the tenant changes. */
export const USER_SCOPE = "user";
