import pg from "pg";

/**
 * The machine's PostgreSQL (DESIGN §9: budgets are measured there). BENCH_PG_URL points at the server (any
 * database of it); the bench database is created beside it.
 */
export const SERVER_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

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
