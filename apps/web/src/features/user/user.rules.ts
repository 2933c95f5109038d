/** "Vorname Nachname", or null when the user has neither. */
export function fullName(user: { firstName?: string | null; lastName?: string | null }): string | null {
  const name = [user.firstName, user.lastName].filter((part) => part?.trim()).join(" ");
  return name || null;
}

/** How a user is named in buttons and dialogs: "Vorname Nachname (login)", or the login. */
export function userLabel(user: {
  login: string;
  firstName?: string | null;
  lastName?: string | null;
}): string {
  const name = fullName(user);
  return name ? `${name} (${user.login})` : user.login;
}

/** "new" creates; a positive whole number is an id; anything else names no record (null). */
export function parseSlug(slug: string): number | "new" | null {
  if (slug === "new") return "new";
  return /^[1-9]\d{0,15}$/.test(slug) ? Number(slug) : null;
}
