import { API_BASE, toApiError } from "../../app/api.ts";
import { session } from "../../app/session.ts";
import { fileNameFromDisposition } from "../files/files.ts";

/**
 * A file download (GET `path`, e.g. kundes/{id}/pdfs/{pdfId}) sent like every API call (bearer token, tenant,
 * no-cache; `options.mandant` names another tenant than the selected one), as a blob with the name the server
 * gives it (x-filename, else Content-Disposition) and the response's headers. A 401 ends the session as everywhere (`onUnauthorized`: go to
 * the login).
 */
export async function fetchDatei(
  path: string,
  onUnauthorized: () => void,
  options: { mandant?: number } = {},
): Promise<{ blob: Blob; name: string | null; headers: Headers }> {
  const { token, mandantId } = session.get();
  const headers = new Headers({ "Cache-Control": "no-cache" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const tenant = options.mandant ?? mandantId;
  if (tenant !== null) headers.set("X-Mandant-Id", String(tenant));
  const response = await fetch(`${API_BASE}/${path}`, { headers, cache: "no-store" });
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401) {
      session.clear();
      onUnauthorized();
    }
    throw error;
  }
  const xName = response.headers.get("x-filename");
  return {
    headers: response.headers,
    blob: await response.blob(),
    name: xName
      ? decodeURIComponent(xName)
      : fileNameFromDisposition(response.headers.get("content-disposition")),
  };
}
