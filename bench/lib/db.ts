import pg from "pg";
import { APP_ROLE, TENANT_SETTING } from "../../apps/api/src/db/schema/tenant.ts";

/**
 * The machine's PostgreSQL (DESIGN §9: budgets are measured there). BENCH_PG_URL points at the server (any
 * database of it), else DATABASE_URL (as in CI); the bench databases are created beside it.
 */
export const SERVER_URL =
  process.env.BENCH_PG_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/** The harness's database at 100 000 (`npm run bench`): the special benches that need bench data use it. */
export const DEFAULT_DB = "kontor_bench_100k";

/** The URL of another database on the same server. */
export function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Creates the database if it is missing (fresh: drops it first). Returns whether it was created. */
export async function ensureDatabase(name: string, fresh: boolean): Promise<boolean> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    const { rowCount } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (rowCount) return false;
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  } finally {
    await admin.end();
  }
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A generator's marker (app_setting `key`: what it wrote, with which parameters), or undefined if there is none or
 * the table `requires` does not exist yet.
 */
export async function readBenchMarker<T>(
  client: pg.Client,
  key: string,
  requires = "app_setting",
): Promise<T | undefined> {
  const exists = await client.query("SELECT to_regclass($1) IS NOT NULL AS ok", [`public.${requires}`]);
  if (!exists.rows[0]?.ok) return undefined;
  const { rows } = await client.query<{ value: string }>("SELECT value FROM app_setting WHERE key = $1", [
    key,
  ]);
  return rows[0] ? (JSON.parse(rows[0].value) as T) : undefined;
}

export async function writeBenchMarker(client: pg.Client, key: string, marker: object): Promise<void> {
  await client.query(
    "INSERT INTO app_setting (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = $2",
    [key, JSON.stringify(marker)],
  );
}

/** Runs `fn` in a tenant transaction as the application role, as the app's requests do (BEGIN … COMMIT). */
export async function inTenant<T>(client: pg.Client, mandantId: number, fn: () => Promise<T>): Promise<T> {
  await client.query("BEGIN");
  await client.query("SELECT set_config('role', $1, true), set_config($2, $3, true)", [
    APP_ROLE,
    TENANT_SETTING,
    String(mandantId),
  ]);
  const value = await fn();
  await client.query("COMMIT");
  return value;
}
