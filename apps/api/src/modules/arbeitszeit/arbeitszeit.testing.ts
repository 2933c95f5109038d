import type { TAuthority, TModul } from "@kontor/domain/access/access.schema";
import type { TArbeitszeitSpeichernInput } from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { createUser } from "../../setup/seed.ts";
import { call, createTenantUser, login, type TestApp, unique } from "../../test/helpers.ts";

/** Who calls: token, tenant, and the user's id. */
export interface Person {
  token: string;
  mandantId: number;
  userId: number;
  login: string;
}

/** A tenant with the module zeiterfassung and one working-time admin. */
export async function zeitMandant(
  t: TestApp,
  options: { authorities?: TAuthority[]; modules?: TModul[] } = {},
): Promise<Person> {
  const user = await createTenantUser(t, {
    authorities: options.authorities ?? ["ROLE_USER", "ROLE_ARBEITSZEITERFASSUNG_ADMIN"],
    modules: options.modules ?? ["zeiterfassung"],
  });
  return { token: await login(t, user), mandantId: user.mandantId, userId: user.userId, login: user.login };
}

/** Another member of the tenant (an employee by default). */
export async function mitglied(
  t: TestApp,
  mandantId: number,
  authorities: TAuthority[] = ["ROLE_ARBEITSZEITERFASSUNG"],
  name: { firstName?: string; lastName?: string } = {},
): Promise<Person> {
  const loginName = unique("ma");
  const password = "secret123";
  const userId = await createUser(t.db, {
    login: loginName,
    email: `${loginName}@example.test`,
    password,
    authorities,
    mandantIds: [mandantId],
    ...name,
  });
  return { token: await login(t, { login: loginName, password }), mandantId, userId, login: loginName };
}

export const api = (
  t: TestApp,
  who: { token?: string; mandantId: number },
  method: "GET" | "PUT" | "POST" | "DELETE",
  path: string,
  payload?: object,
): Promise<LightMyRequestResponse> =>
  call(t, {
    method,
    url: `/app/api/${path}`,
    ...(who.token ? { token: who.token } : {}),
    mandantId: who.mandantId,
    ...(payload === undefined ? {} : { payload }),
  });

/** The answer's JSON after checking the status. */
export async function ok<T = Record<string, unknown>>(
  response: Promise<LightMyRequestResponse>,
  status = 200,
): Promise<T> {
  const r = await response;
  expect(r.statusCode, r.body).toBe(status);
  return (r.body ? r.json() : null) as T;
}

export const fieldErrors = (r: LightMyRequestResponse) =>
  ((r.json().fieldErrors ?? []) as { field: string; code: string }[]).map((f) => `${f.field}:${f.code}`);

export const satz = (over: Partial<TArbeitszeitSpeichernInput> = {}): TArbeitszeitSpeichernInput => ({
  datum: "2025-05-05",
  von: "08:00",
  bis: "12:00",
  ...over,
});

/** Settings of 40 hours a week from `eintrittsdatum`. */
export const vierzigStunden = (eintrittsdatum = "2025-05-01") => ({
  workhours: 40,
  eintrittsdatum,
  urlaubsanspruchjahr: 25,
});
