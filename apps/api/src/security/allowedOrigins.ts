/**
 * Addresses the server may call, by origin (issue 33). Written for the A-Trust addresses (issue 18): kept in the API
 * (not in @kontor/domain, which has no URL parser), the RKSV service and the configuration use it. A register's A-Trust device is reached at the
 * `basisUrl` a tenant admin enters, and every receipt sends the signing credentials there: so the address must
 * name exactly an origin the operator allowed (RKSV_ATRUST_HOSTS) — scheme, host and port, not the host alone.
 * `http://www.a-trust.at/` (credentials in clear text) or `https://www.a-trust.at:8443/` (another service on the
 * host) are refused.
 */

/**
 * The origin an allow-list entry stands for: a bare host name (`www.a-trust.at`) is `https://` on the registered
 * port (443, the default, so no port); a full origin (`http://127.0.0.1:8123`, a stand-in for tests) is taken as
 * written. undefined for anything else.
 */
export function allowedOrigin(entry: string): string | undefined {
  const text = entry.trim().toLowerCase();
  if (/^[a-z0-9.-]+$/.test(text)) return `https://${text}`;
  try {
    const url = new URL(text);
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether the server may call an A-Trust device at `basisUrl`: its origin (scheme, host, port — the default port
 * of the scheme counts as none) is one of the allowed origins, and it carries no user name or password.
 */
export function isAllowedAddress(basisUrl: string, erlaubt: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(basisUrl);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return erlaubt.includes(url.origin);
}
