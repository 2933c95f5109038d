import type { TOeffentlicherBeleg } from "@kontor/domain/beleg/belegLink.schema";
import { API_BASE, api } from "../../app/api.ts";

/*
 * The calls of the public page of a shared document (/invoicetemplate/{token}, issue 16): no sign-in, no tenant, no
 * query client (the public screens stay out of the signed-in routes' first load) and no zod.
 */

/** GET public/beleg/{token} (no sign-in): the summary; 404 for every dead or unknown link, 429 when limited. */
export const oeffentlicherBeleg = (token: string, signal?: AbortSignal) =>
  api.get<TOeffentlicherBeleg>(`public/beleg/${encodeURIComponent(token)}`, { anonymous: true, signal });

/** The address of the shared document's PDF (shown inline in a frame; `download` as an attachment). */
export const oeffentlichesPdf = (token: string, download = false) =>
  `${API_BASE}/public/beleg/${encodeURIComponent(token)}/pdf${download ? "?download=1" : ""}`;
