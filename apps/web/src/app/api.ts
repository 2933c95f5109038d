import { TOTAL_COUNT_CAPPED_HEADER } from "@kontor/domain/http/paging";
import type { TFieldError, TProblemCode } from "@kontor/domain/http/problem.schema";
import { type Session, session } from "./session.ts";

/*
 * Types only from the domain: this module is part of the first page load, and the domain's runtime schemas
 * would bring zod along (~24 KB gzip) before the user has typed anything. Codes are checked where they are
 * translated instead (an unknown code reads as a generic message there).
 */

/** Where the API lives, relative to this origin (SPEC §1: /app/api/ by default). */
export const API_BASE = "/app/api";

/** A field error as received: `code` is a TFieldErrorCode unless the server is newer than this client. */
export interface ApiFieldError {
  field: string;
  code: TFieldError["code"] | (string & {});
  min?: number;
  max?: number;
}

/** A failed call, reduced to what the UI needs: the stable code (translated, never parsed), and field codes. */
export class ApiError extends Error {
  readonly status: number;
  /** A TProblemCode of the contract; a code from a newer server passes through and translates as "unknown". */
  readonly code: TProblemCode | (string & {});
  readonly fieldErrors: ApiFieldError[];
  /** Seconds from a Retry-After header (429, 503), when the server sent one. */
  readonly retryAfter: number | null;
  /** The problem body as sent (what a screen needs beyond the code, e.g. the broken e-invoice rules). */
  readonly body: Readonly<Record<string, unknown>>;

  constructor(init: {
    status: number;
    code: ApiError["code"];
    fieldErrors?: ApiFieldError[];
    retryAfter?: number | null;
    body?: Record<string, unknown>;
    message?: string;
  }) {
    super(init.message ?? `${init.status} ${init.code}`);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? [];
    this.retryAfter = init.retryAfter ?? null;
    this.body = init.body ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The code of an error response that carries none (a proxy's error page, an empty body). */
function fallbackCode(status: number): TProblemCode | "error.unknown" {
  if (status === 400) return "error.validation";
  if (status === 401) return "error.unauthorized";
  if (status === 403) return "error.forbidden";
  if (status === 404) return "error.notFound";
  if (status === 409) return "error.conflict";
  if (status === 413) return "error.payloadTooLarge";
  if (status === 429) return "error.tooManyAttempts";
  if (status === 502 || status === 503 || status === 504) return "error.unavailable";
  if (status >= 500) return "error.internal";
  return "error.unknown";
}

function parseRetryAfter(header: string | null): number | null {
  if (header === null || header.trim() === "") return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * Turns an error response into an ApiError. Bodies are read leniently: a proxy's HTML error page or a malformed
 * body must not break the UI, so a missing code is derived from the status.
 */
export async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    try {
      body = await response.json();
    } catch {
      body = null;
    }
  }
  const record = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const code =
    typeof record.code === "string" && record.code !== "" ? record.code : fallbackCode(response.status);
  const fieldErrors = Array.isArray(record.fieldErrors)
    ? record.fieldErrors.flatMap((entry: unknown): ApiFieldError[] => {
        if (entry === null || typeof entry !== "object") return [];
        const { field, code: fieldCode, min, max } = entry as Record<string, unknown>;
        if (typeof field !== "string") return [];
        return [
          {
            field,
            code: typeof fieldCode === "string" ? fieldCode : "invalid",
            ...(typeof min === "number" ? { min } : {}),
            ...(typeof max === "number" ? { max } : {}),
          },
        ];
      })
    : [];
  return new ApiError({
    status: response.status,
    code,
    fieldErrors,
    retryAfter: parseRetryAfter(response.headers.get("retry-after")),
    body: record,
    message: typeof record.title === "string" ? record.title : undefined,
  });
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  /** Query parameters; an array repeats the parameter (`sort=a,asc&sort=b,desc`). */
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined>;
  signal?: AbortSignal;
  /**
   * The sign-in call itself: a 401 there means "wrong credentials", not "session over", so it must not log out.
   */
  anonymous?: boolean;
  /**
   * false: leave out X-Mandant-Id (only for calls that are not about one tenant, like the tenant list); a tenant id:
   * send that one instead of the selected tenant (the tenant form's logo belongs to the tenant it edits).
   */
  mandant?: boolean | number;
}

/**
 * The total of a list (DESIGN §5): `x-total-count` (null if absent). A list counts its matches only up to
 * LIST_COUNT_CAP; with more, the header says the cap and `x-total-count-capped: true` says "more than that".
 */
export interface ListTotal {
  totalCount: number | null;
  /** More rows match than `totalCount` says: the last page is unknown. */
  totalCapped: boolean;
}

/** One page of a list: the items and the total. */
export interface Page<T> extends ListTotal {
  items: T[];
}

/** The `x-total-count` header as a number; null when missing or not a count. */
export function parseTotalCount(header: string | null): number | null {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return null;
  const count = Number(header);
  return Number.isSafeInteger(count) ? count : null;
}

/** The total of a list answer: the count, and whether it is capped (only with a count: "true", any case). */
export function parseListTotal(headers: Headers): ListTotal {
  const totalCount = parseTotalCount(headers.get("x-total-count"));
  const capped = headers.get(TOTAL_COUNT_CAPPED_HEADER)?.trim().toLowerCase() === "true";
  return { totalCount, totalCapped: totalCount !== null && capped };
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * GET of a paged list: the body must be an array (SPEC §7: a non-array counts as empty), the total comes from
   * `x-total-count`. Items are `unknown`: the caller parses them with the area's schema.
   */
  getPage(path: string, options?: Omit<RequestOptions, "method" | "body">): Promise<Page<unknown>>;
  /** GET of a list whose body is not an array (e.g. the cash book with its balances): the body and the total. */
  getCounted<T>(
    path: string,
    options?: Omit<RequestOptions, "method" | "body">,
  ): Promise<ListTotal & { body: T }>;
  get<T>(path: string, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
  post<T>(path: string, body: unknown, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
  put<T>(path: string, body: unknown, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
  delete<T>(path: string, options?: Omit<RequestOptions, "method" | "body">): Promise<T>;
}

export interface ApiClientConfig {
  session: Session;
  fetch?: typeof fetch;
  baseUrl?: string;
  /** Called after any 401 (except anonymous calls), once the session is cleared: clear caches, go to login. */
  onUnauthorized?: () => void;
}

export function createApiClient(config: ApiClientConfig): ApiClient & {
  setUnauthorizedHandler(handler: () => void): void;
} {
  const baseUrl = config.baseUrl ?? API_BASE;
  let onUnauthorized = config.onUnauthorized;

  async function send(path: string, options: RequestOptions): Promise<{ body: unknown; headers: Headers }> {
    const { token, mandantId } = config.session.get();
    const headers = new Headers({ Accept: "application/json", "Cache-Control": "no-cache" });
    if (token && !options.anonymous) headers.set("Authorization", `Bearer ${token}`);
    const tenant = typeof options.mandant === "number" ? options.mandant : mandantId;
    if (tenant !== null && !options.anonymous && options.mandant !== false)
      headers.set("X-Mandant-Id", String(tenant));
    if (options.body !== undefined) headers.set("Content-Type", "application/json");

    let url = `${baseUrl}/${path.replace(/^\//, "")}`;
    if (options.query) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(options.query)) {
        if (value === undefined) continue;
        if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
        else params.append(key, String(value));
      }
      const query = params.toString();
      if (query) url += `?${query}`;
    }

    let response: Response;
    try {
      response = await (config.fetch ?? globalThis.fetch)(url, {
        method: options.method ?? "GET",
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
        cache: "no-store",
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      throw new ApiError({ status: 0, code: "error.unavailable", message: String(error) });
    }

    if (!response.ok) {
      const error = await toApiError(response);
      if (response.status === 401 && !options.anonymous) {
        config.session.clear();
        onUnauthorized?.();
      }
      throw error;
    }
    const answer = response.headers;
    if (response.status === 204) return { body: undefined, headers: answer };
    const type = answer.get("content-type") ?? "";
    if (!type.includes("json")) return { body: await response.text(), headers: answer };
    return { body: await response.json(), headers: answer };
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    return (await send(path, options)).body as T;
  }

  async function getPage(path: string, options: RequestOptions = {}): Promise<Page<unknown>> {
    const { body, headers } = await send(path, { ...options, method: "GET" });
    return { items: Array.isArray(body) ? body : [], ...parseListTotal(headers) };
  }

  async function getCounted<T>(path: string, options: RequestOptions = {}) {
    const { body, headers } = await send(path, { ...options, method: "GET" });
    return { body: body as T, ...parseListTotal(headers) };
  }

  return {
    request,
    getPage,
    getCounted,
    get: (path, options) => request(path, { ...options, method: "GET" }),
    post: (path, body, options) => request(path, { ...options, method: "POST", body }),
    put: (path, body, options) => request(path, { ...options, method: "PUT", body }),
    delete: (path, options) => request(path, { ...options, method: "DELETE" }),
    setUnauthorizedHandler: (handler) => {
      onUnauthorized = handler;
    },
  };
}

/** The app's client; main.tsx installs the 401 handler (clear the query cache, go to the login page). */
export const api = createApiClient({ session });
