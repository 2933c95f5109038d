/** The app is served under /app (SPEC §1); router paths are relative to it. */
export const BASEPATH = "/app";

/**
 * The `redirect` query of the login page holds the app path the user wanted (without the /app base).
 * Only same-app paths are followed: no other origins ("//evil", "https://..."), no loop back to the login.
 */
export function safeRedirect(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/")) return "/";
  if (value.startsWith("//") || value.startsWith("/\\") || hasControlCharacter(value)) return "/";
  if (value === "/login" || value.startsWith("/login?") || value.startsWith("/login/")) return "/";
  return value;
}

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
