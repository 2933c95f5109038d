import { randomUUID } from "node:crypto";
import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { DEMO } from "./fixtures.ts";

/**
 * API set-up for the shell specs: they share one server and database with every other spec, so each builds the
 * tenants it needs (uniquely named, sorting after the demo tenant) instead of changing the demo tenant.
 */
export interface ApiSession {
  token: string;
  userId: number;
}

export async function apiSignIn(
  request: APIRequestContext,
  credentials: { login: string; password: string },
): Promise<ApiSession> {
  const response = await request.post("/app/api/auth/login", {
    data: { usernameOrEmail: credentials.login, password: credentials.password },
  });
  expect(response.status(), "API sign-in").toBe(200);
  const body = (await response.json()) as { accessToken: string; userId: number };
  return { token: body.accessToken, userId: body.userId };
}

/** A call with bearer token (and tenant); fails the test on an unexpected status. */
export async function apiCall<T = unknown>(
  request: APIRequestContext,
  session: ApiSession,
  method: "GET" | "PUT" | "POST" | "DELETE",
  path: string,
  options: { mandantId?: number; data?: unknown; expected?: number } = {},
): Promise<T> {
  const response = await request.fetch(`/app/api/${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${session.token}`,
      ...(options.mandantId ? { "X-Mandant-Id": String(options.mandantId) } : {}),
    },
    ...(options.data === undefined ? {} : { data: options.data }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(
    options.expected ?? (method === "GET" || method === "PUT" ? 200 : 204),
  );
  return (response.status() === 204 ? undefined : await response.json()) as T;
}

/** A tenant name unique to this run, sorting after "Muster Handels GmbH" (the demo tenant stays the first). */
export function uniqueMandantName(purpose: string): string {
  return `Shell ${purpose} ${randomUUID().slice(0, 8)}`;
}

export async function createMandant(
  request: APIRequestContext,
  admin: ApiSession,
  input: { bezeichnung: string; modulList: string[]; userIds: number[] },
): Promise<number> {
  const saved = await apiCall<{ id: number }>(request, admin, "PUT", "mandants", {
    data: {
      bezeichnung: input.bezeichnung,
      modulList: input.modulList,
      userLists: input.userIds.map((id) => ({ id })),
      adresseLists: [],
    },
  });
  return saved.id;
}

export async function demoMandantId(request: APIRequestContext, session: ApiSession): Promise<number> {
  const mandants = await apiCall<Array<{ id: number; bezeichnung: string }>>(
    request,
    session,
    "GET",
    "mandants/all",
  );
  const demo = mandants.find((mandant) => mandant.bezeichnung === DEMO.mandant);
  if (!demo) throw new Error("demo tenant missing");
  return demo.id;
}

/**
 * Makes the browser start in the given tenant (as if it had been selected on this device before), on the first
 * page load of this tab only — a later switch and reload keep the user's choice.
 */
export async function startInMandant(page: Page, mandantId: number): Promise<void> {
  await page.addInitScript((id) => {
    if (window.sessionStorage.getItem("e2e.mandantSet")) return;
    window.localStorage.setItem("kontor.mandantId", String(id));
    window.sessionStorage.setItem("e2e.mandantSet", "1");
  }, mandantId);
}

/** Today in Vienna (YYYY-MM-DD), the day the news check counts in. */
export function viennaToday(): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Vienna",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
}

/**
 * Keeps the news popup from opening on its own (as if it had been shown today already): for specs that are not
 * about news but run while other specs may have created news in a shared tenant. The bell still works.
 */
export async function suppressNewsPopup(page: Page, userId: number): Promise<void> {
  await page.addInitScript(({ key, today }) => window.localStorage.setItem(key, today), {
    key: `kontor.newsChecked.${userId}`,
    today: viennaToday(),
  });
}

/**
 * A user of the demo tenant with every authority the demo admin has, in `langKey`: for specs that change the
 * account's language (kept on the account since issue 21), so the demo admin stays German for the other specs.
 */
export async function createAdminLike(
  request: APIRequestContext,
  admin: ApiSession,
  langKey: "de" | "en",
): Promise<{ login: string; password: string }> {
  const { authorities } = await apiCall<{ authorities: string[] }>(request, admin, "GET", "account");
  const login = `${langKey}-${randomUUID().slice(0, 8)}`;
  const user = { login, password: "start-123" };
  await apiCall(request, admin, "POST", "users", {
    expected: 201,
    data: {
      ...user,
      email: `${login}@example.com`,
      activated: true,
      langKey,
      authorities,
      mandantIds: [await demoMandantId(request, admin)],
    },
  });
  return user;
}
