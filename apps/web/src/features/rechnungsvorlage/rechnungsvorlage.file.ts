import { API_BASE, toApiError } from "../../app/api.ts";
import { session } from "../../app/session.ts";
import { fileNameFromDisposition } from "../../components/files/files.ts";

/**
 * GET rechnungsvorlages/{id}/vorlage: the template's file as a blob, with the name the server gives it. Sent like
 * every API call (bearer token, tenant, no-cache); the app's client reads JSON and text only, hence this call.
 * A 401 ends the session as everywhere (`onUnauthorized` is the caller's: go to the login).
 */
export async function fetchVorlage(
  id: number,
  onUnauthorized: () => void,
): Promise<{ blob: Blob; name: string | null }> {
  const { token, mandantId } = session.get();
  const headers = new Headers({ "Cache-Control": "no-cache" });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  if (mandantId !== null) headers.set("X-Mandant-Id", String(mandantId));
  const response = await fetch(`${API_BASE}/rechnungsvorlages/${id}/vorlage`, { headers, cache: "no-store" });
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401) {
      session.clear();
      onUnauthorized();
    }
    throw error;
  }
  return {
    blob: await response.blob(),
    name: fileNameFromDisposition(response.headers.get("content-disposition")),
  };
}
