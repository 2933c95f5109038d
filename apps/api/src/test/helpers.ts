import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TAuthority, TModul } from "@kontor/domain/access/access.schema";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { createMandant, createUser } from "../db/seed.ts";

/**
 * A real server on a real database for app.inject tests: PostgreSQL when DATABASE_URL is set (one database shared
 * by all test files, so every test creates its own uniquely named tenants and users), else in-memory PGlite.
 */
export async function createTestApp(overrides: Partial<Config> = {}) {
  const config: Config = {
    ...loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "kontor-test-")),
      TOKEN_SECRET: "test-secret-test-secret-test-secret-0123456789",
      LOG_LEVEL: "silent",
      DATABASE_URL: process.env.DATABASE_URL,
    }),
    ...overrides,
  };
  const database: Database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { inMemory: true },
  );
  const app = await buildApp(config, database);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** A fresh client address per caller, so login rate limits of one test never touch another (shared PostgreSQL). */
export const uniqueAddress = () => `10.${rand()}.${rand()}.${rand()}`;
const rand = () => Math.floor(Math.random() * 254) + 1;

export interface TestUser {
  userId: number;
  login: string;
  password: string;
  mandantId: number;
}

/** A tenant (all modules unless given) with one member holding the given authorities. */
export async function createTenantUser(
  t: TestApp,
  options: { authorities?: TAuthority[]; modules?: readonly TModul[]; aktiv?: boolean } = {},
): Promise<TestUser> {
  const mandantId = await createMandant(t.db, {
    bezeichnung: unique("Mandant"),
    aktiv: options.aktiv ?? true,
    modules: options.modules ?? ["rechnungslegung", "crm"],
  });
  const login = unique("user");
  const password = "secret123";
  const userId = await createUser(t.db, {
    login,
    email: `${login}@example.test`,
    password,
    authorities: options.authorities ?? ["ROLE_USER"],
    mandantIds: [mandantId],
  });
  return { userId, login, password, mandantId };
}

export async function login(t: TestApp, user: { login: string; password: string }): Promise<string> {
  const response = await t.app.inject({
    method: "POST",
    url: "/app/api/auth/login",
    payload: { usernameOrEmail: user.login, password: user.password },
    remoteAddress: uniqueAddress(),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json().accessToken;
}

/** app.inject with the bearer token and, when given, the tenant header. */
export function call(
  t: TestApp,
  options: InjectOptions & { token?: string; mandantId?: number | string },
): Promise<LightMyRequestResponse> {
  const { token, mandantId, headers, ...rest } = options;
  return t.app.inject({
    ...rest,
    headers: {
      ...headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(mandantId !== undefined ? { "x-mandant-id": String(mandantId) } : {}),
    },
  });
}
