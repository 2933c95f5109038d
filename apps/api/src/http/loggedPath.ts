/**
 * The path a request log line shows: without the query string (search words are customer data, links carry
 * one-time keys) and with the secret segment of a link path masked — the token of a shared document
 * (`/app/invoicetemplate/{token}`, `/app/api/public/beleg/{token}`, issue 16) and the one-time keys of the
 * account links (`/app/activate/{key}`, `/app/einladung/{key}`, `/app/disable2fa/{key}`).
 */
const SECRET_SEGMENT = /(\/(?:invoicetemplate|public\/beleg|activate|einladung|disable2fa)\/)[^/]+/;

export function loggedPath(url: string): string {
  return (url.split("?", 1)[0] ?? "").replace(SECRET_SEGMENT, "$1…");
}
