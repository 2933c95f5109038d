import path from "node:path";
import { type SQL, sql } from "drizzle-orm";
import type { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres/session";
import type { PgDatabase, PgDialect, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import { migrationsDir } from "../paths.ts";
import { type DataDirLock, lockDataDir } from "./lock.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** The one database type the code uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the committed migrations (idempotent; serialized across processes on PostgreSQL). */
  migrate(): Promise<void>;
  /** Embedded only: the whole database as a gzipped tarball (tests start from a migrated copy). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** Embedded only: no files, no lock (tests). */
  inMemory?: boolean;
  /** Embedded, in memory: start from this dump (`Database.dump`) instead of an empty cluster (tests). */
  loadDataDir?: Blob | undefined;
}

/** Arbitrary constant key of the advisory lock that serializes migrations of several starting processes. */
const MIGRATION_LOCK_KEY = 7_248_310_001;

/** Only the driver in use is loaded: pg on PostgreSQL, PGlite (and its WebAssembly PostgreSQL) embedded. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options);
}

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }, session] =
    await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
      import("drizzle-orm/node-postgres/session"),
    ]);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzleNodePg({ client: pool, schema });
  pooled.set(db as unknown as Db, session);
  return {
    db: db as unknown as Db,
    kind: "postgres",
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder: migrationsDir });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import("@electric-sql/pglite"),
      import("@electric-sql/pglite/contrib/pg_trgm"),
      import("drizzle-orm/pglite"),
      import("drizzle-orm/pglite/migrator"),
    ],
  );
  let lock: DataDirLock | undefined;
  let dataPath: string | undefined;
  if (!options.inMemory) {
    if (!options.dataDir) throw new Error("dataDir is required for the embedded database");
    lock = lockDataDir(options.dataDir);
    dataPath = path.join(options.dataDir, "pglite");
  }
  try {
    // pg_trgm must be loaded on every open (DESIGN §10).
    const client = await PGlite.create({
      dataDir: dataPath,
      extensions: { pg_trgm },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const db = drizzlePglite({ client, schema });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
      dump: () => client.dumpDataDir("gzip"),
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Raw SQL with typed rows (both drivers answer { rows }). Prefer the query builder; this is for the rest. */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** What transactionBeginningWith needs of drizzle's node-postgres database and session (not public API). */
interface NodePgInternals {
  dialect: PgDialect;
  session: { client: pg.Pool; schema: never; options: never };
}
/** The databases openPostgres opened, with drizzle's session classes for them (loaded with the driver). */
const pooled = new WeakMap<
  Db,
  { NodePgSession: typeof NodePgSession; NodePgTransaction: typeof NodePgTransaction }
>();

/**
 * A transaction whose first statement travels with its BEGIN: on PostgreSQL one simple-protocol query
 * `BEGIN; <first>` (one round trip instead of two; `first` must be complete SQL without parameters), then fn on a
 * transaction handle of drizzle's own kind, then COMMIT, or ROLLBACK when fn throws. A connection whose ROLLBACK
 * failed is dropped, not returned to the pool. On PGlite (in process, no round trips) drizzle's transaction.
 */
export async function transactionBeginningWith<T>(
  db: Db,
  first: string,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const drizzleNodePg = pooled.get(db);
  if (!drizzleNodePg) {
    return db.transaction(async (tx) => {
      await tx.execute(sql.raw(first));
      return fn(tx);
    });
  }
  const { dialect, session } = db as unknown as NodePgInternals;
  const { NodePgSession, NodePgTransaction } = drizzleNodePg;
  const client = await session.client.connect();
  const tx = new NodePgTransaction(
    dialect,
    new NodePgSession(client, dialect, session.schema, session.options),
    session.schema,
  ) as unknown as Tx;
  let broken: Error | undefined;
  try {
    await client.query(`BEGIN; ${first}`);
    const result = await fn(tx);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * Runs the queries of one transaction one after another and answers their results as a tuple. A pg client runs
 * one statement at a time anyway; handing it several at once (Promise.all) only queues them and is deprecated in
 * pg 8 ("client.query() when the client is already executing a query").
 */
export async function inSequence<F extends (() => unknown)[]>(
  ...work: F
): Promise<{ [K in keyof F]: Awaited<ReturnType<F[K]>> }> {
  const results: unknown[] = [];
  for (const step of work) results.push(await step());
  return results as { [K in keyof F]: Awaited<ReturnType<F[K]>> };
}
