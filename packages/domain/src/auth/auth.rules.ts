/*
 * Pure rules of the auth area, without zod: the app shell imports them on every page load (auth.schema.ts would
 * bring zod along).
 */

/** The name shown for a signed-in user: first and last name, else the login. */
export function friendlyUsername(user: {
  login: string;
  firstName?: string | null;
  lastName?: string | null;
}) {
  const name = [user.firstName, user.lastName].filter((part) => part?.trim()).join(" ");
  return name || user.login;
}
