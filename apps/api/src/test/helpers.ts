import { createHash, randomUUID } from "node:crypto";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TAuthority, TModul } from "@kontor/domain/access/access.schema";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { createMandant, createUser } from "../setup/seed.ts";

/**
 * A real server on a real database for app.inject tests: PostgreSQL when DATABASE_URL is set (one database shared
 * by all test files, so every test creates its own uniquely named tenants and users), else in-memory PGlite.
 */
export async function createTestApp(overrides: Partial<Config> = {}) {
  const config: Config = {
    ...loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "kontor-test-")),
      TOKEN_SECRET: "test-secret-test-secret-test-secret-0123456789",
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      DATABASE_URL: process.env.DATABASE_URL,
    }),
    ...overrides,
  };
  const database: Database = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { inMemory: true, loadDataDir: await migratedTemplate() },
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

/**
 * An in-memory PGlite with every migration applied, as a dump in the temp folder named by the migrations' content:
 * each test file loads it instead of migrating an empty cluster (~14 s each on two cores). The first file to need
 * it writes it (atomically, by rename); a changed migration gets a new name.
 */
async function migratedTemplate(): Promise<Blob> {
  const folder = path.join(import.meta.dirname, "..", "db", "migrations");
  const hash = createHash("sha256");
  for (const name of readdirSync(folder, { recursive: true }).map(String).sort()) {
    const file = path.join(folder, name);
    if (statSync(file).isFile()) hash.update(name).update(readFileSync(file));
  }
  const template = path.join(tmpdir(), `kontor-pglite-${hash.digest("hex").slice(0, 16)}.tgz`);
  if (!existsSync(template)) {
    const empty = await openDatabase({ inMemory: true });
    try {
      await empty.migrate();
      const dump = await empty.dump!();
      const partial = `${template}.${process.pid}.${randomUUID()}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, template);
    } finally {
      await empty.close();
    }
  }
  return new Blob([readFileSync(template)]);
}

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
