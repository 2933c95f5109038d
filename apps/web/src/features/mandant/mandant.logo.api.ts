import { type TMandantLogo, ZMandantLogo } from "@kontor/domain/mandant/mandantLogo.schema";
import { queryOptions } from "@tanstack/react-query";
import { api, isApiError } from "../../app/api.ts";
import { fetchDatei } from "../../components/anhang/fetchDatei.ts";
import { mandantKeys } from "./mandant.queries.ts";

/*
 * The tenant's logo (issue 16). The API keeps it for the tenant named in X-Mandant-Id, so these calls name the
 * tenant the form edits (its members only; see MandantBelegausgabeFields). Its own module: it loads with the
 * document-output section (a lazy chunk), not with the tenant edit.
 */

/** GET mandants/logo: the stored PNG as a blob; null when the tenant has none (404). */
export const mandantLogoQuery = (mandantId: number, onUnauthorized: () => void) =>
  queryOptions({
    queryKey: mandantKeys.logo(mandantId),
    queryFn: async (): Promise<Blob | null> => {
      try {
        return (await fetchDatei("mandants/logo", onUnauthorized, { mandant: mandantId })).blob;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });

/** PUT mandants/logo: the picture as base64 (PNG or JPEG); answers the stored PNG's size. 400 at `inhalt`. */
export async function uploadMandantLogo(mandantId: number, inhalt: string): Promise<TMandantLogo> {
  return ZMandantLogo.parse(await api.put<unknown>("mandants/logo", { inhalt }, { mandant: mandantId }));
}

/** DELETE mandants/logo (204). */
export async function removeMandantLogo(mandantId: number): Promise<void> {
  await api.delete<void>("mandants/logo", { mandant: mandantId });
}
