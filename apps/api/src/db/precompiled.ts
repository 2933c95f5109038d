import type { PgPreparedQuery, PreparedQueryConfig } from "drizzle-orm/pg-core";
import type { Tx } from "./client.ts";

/** A query built with placeholders (`sql.placeholder`) and prepared: what precompiled keeps of it. */
interface Compiled {
  query: { sql: string; params: unknown[] };
  /** drizzle's result mapping of the select (internal to drizzle, carried over as it is). */
  fields: unknown;
  joinsNotNullableMap: unknown;
}

type Prepared<R> = PgPreparedQuery<PreparedQueryConfig & { execute: R[] }>;

/**
 * Hot queries built once, not per request (issue 20: building the customer search's nested subqueries was the
 * largest share of a request's CPU). `precompiled(name)` answers a runner: the first call per shape builds the
 * select with placeholders (`build`, not called again for that shape) and keeps its SQL text and result mapping;
 * every call runs that text as the named prepared statement `name_shape` in the caller's transaction (drizzle's own
 * prepared query of the transaction's session), with the values for the placeholders. A shape names whatever
 * changes the SQL text (e.g. the number of search words, a filter that is set or not); `build` must put every
 * other value in a placeholder.
 */
export function precompiled(name: string) {
  const shapes = new Map<string, Compiled>();
  return async <R>(
    tx: Tx,
    shape: string,
    build: () => { prepare(name: string): Prepared<R> },
    values: Record<string, unknown>,
  ): Promise<R[]> => {
    const statement = `${name}_${shape}`.replace(/[^a-z0-9_]/gi, "_");
    let compiled = shapes.get(shape);
    if (!compiled) {
      const prepared = build().prepare(statement) as unknown as Compiled & Prepared<R>;
      compiled = {
        query: prepared.getQuery(),
        fields: prepared.fields,
        joinsNotNullableMap: prepared.joinsNotNullableMap,
      };
      shapes.set(shape, compiled);
    }
    const query = tx._.session.prepareQuery(
      compiled.query,
      compiled.fields as never,
      statement,
      true,
    ) as unknown as Prepared<R> & { joinsNotNullableMap: unknown };
    query.joinsNotNullableMap = compiled.joinsNotNullableMap;
    return query.execute(values);
  };
}
