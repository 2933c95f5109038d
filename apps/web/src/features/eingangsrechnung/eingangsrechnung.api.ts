import {
  detailLesen,
  EINGANG_DUPLIKATE,
  EINGANG_LESEFEHLER,
  EINGANG_MAX_BYTES,
  type TEingangStatus,
} from "@kontor/domain/erechnung/eingang.codes";
import type {
  TEingangImportErgebnis,
  TEingangsrechnung,
  TEingangsrechnungZeile,
} from "@kontor/domain/erechnung/eingang.schema";
import { sortParam } from "@kontor/domain/http/paging";
import { queryOptions } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { api, isApiError, type Page } from "../../app/api.ts";
import type { ListQuery } from "../../components/list/listTypes.ts";

/**
 * The calls of incoming e-invoices (issue 19), typed only (the server's response schemas guarantee the shapes): no
 * zod in the screens' chunks.
 */

export const EINGANG_KEY = "eingangsrechnung";
export const eingangKeys = {
  all: [EINGANG_KEY] as const,
  liste: () => [EINGANG_KEY, "liste"] as const,
  eine: (id: number) => [EINGANG_KEY, "eine", id] as const,
};

export const EINGANG_LIST_PATH: string = "/eingangsrechnung_list/";
export const eingangPfad = (id: number): string => `/eingangsrechnung/${id}`;
export const kundePfad = (id: number): string => `/kunde/${id}`;

/** A row as the table sees it (plus the columns that show something else). */
export type EingangZeile = TEingangsrechnungZeile & { lieferantName?: never };

/** GET eingangsrechnung: one page, optionally only drafts or only checked ones. */
export async function listEingang(
  query: ListQuery,
  status: TEingangStatus | null,
  signal?: AbortSignal,
): Promise<Page<EingangZeile>> {
  const page = await api.getPage("eingangsrechnung", {
    signal,
    query: {
      page: query.page,
      size: query.size,
      sort: query.sort.map(sortParam),
      ...(status ? { status } : {}),
    },
  });
  return { ...page, items: page.items as EingangZeile[] };
}

export const eingangQuery = (id: number) =>
  queryOptions({
    queryKey: eingangKeys.eine(id),
    queryFn: ({ signal }) => api.get<TEingangsrechnung>(`eingangsrechnung/${id}`, { signal }),
  });

/** POST eingangsrechnung/import: one file as base64. */
export const importieren = (dateiname: string, inhalt: string) =>
  api.post<TEingangImportErgebnis>("eingangsrechnung/import", { dateiname, inhalt });

export const statusSetzen = (id: number, status: TEingangStatus) =>
  api.put<TEingangsrechnung>(`eingangsrechnung/${id}/status`, { status });

export const loeschen = (id: number) => api.delete<void>(`eingangsrechnung/${id}`);

/** What a file picked for upload is refused for in the browser already (the server checks by content again). */
export type DateiFehler = "leer" | "zuGross" | "typ";

/** Whether a file may go to the server: not empty, at most 10 MB, a PDF or XML by its first bytes or its name. */
export function dateiFehler(datei: { name: string; size: number }, anfang: Uint8Array): DateiFehler | null {
  if (datei.size === 0) return "leer";
  if (datei.size > EINGANG_MAX_BYTES) return "zuGross";
  const text = new TextDecoder("latin1").decode(anfang).replace(/^\uFEFF|^\xEF\xBB\xBF/, "");
  const pdf = text.startsWith("%PDF-");
  const xml = /^\s*</.test(text) || /^\xFE\xFF|^\xFF\xFE/.test(text);
  return pdf || xml || /\.(xml|pdf)$/i.test(datei.name) ? null : "typ";
}

/** Why an import failed, for the person who picked the file; `vorhanden` names the record a duplicate found. */
export function importFehler(
  error: unknown,
  t: TFunction<"eingangsrechnung">,
  problemMessage: (error: unknown) => string,
): { text: string; vorhanden?: number } {
  if (isApiError(error)) {
    const detail = detailLesen(typeof error.body.detail === "string" ? error.body.detail : null);
    if (error.code === "error.erechnungUnlesbar" && detail) {
      const code = (EINGANG_LESEFEHLER as readonly string[]).includes(detail.code)
        ? (detail.code as (typeof EINGANG_LESEFEHLER)[number])
        : null;
      if (code) {
        const mitFakten = `${code}Mit` as const;
        if (
          detail.fakten &&
          ["unbekanntesFormat", "unvollstaendig", "ungueltig", "nichtUnterstuetzt"].includes(code)
        )
          return { text: t(`grund.${mitFakten}` as "grund.unvollstaendigMit", { fakten: detail.fakten }) };
        return { text: t(`grund.${code}`) };
      }
    }
    if (
      error.code === "error.conflict" &&
      detail &&
      (EINGANG_DUPLIKATE as readonly string[]).includes(detail.code)
    ) {
      const id = Number(detail.fakten);
      return {
        text: t(`grund.${detail.code as (typeof EINGANG_DUPLIKATE)[number]}`),
        ...(Number.isSafeInteger(id) && id > 0 ? { vorhanden: id } : {}),
      };
    }
    if (error.code === "error.validation" && error.fieldErrors.some((f) => f.code === "maxBytes"))
      return { text: t("upload.zuGross") };
  }
  return { text: problemMessage(error) };
}
