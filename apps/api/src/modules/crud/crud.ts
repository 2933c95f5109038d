import type { AccessArea } from "@kontor/domain/access/access.rules";
import { toFieldErrors } from "@kontor/domain/http/field-errors";
import type { SortOrder } from "@kontor/domain/http/paging";
import { ZPageQuery } from "@kontor/domain/http/paging.schema";
import { ZIdParams } from "@kontor/domain/http/params.schema";
import { and, eq, ne, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { inSequence, type Tx } from "../../db/client.ts";
import { mapInUse, mapUniqueViolation } from "../../db/errors.ts";
import { capFor, countRowsUpTo, orderBy, type PageRequest, pageOf } from "../../db/paging.ts";
import { RequestValidationError } from "../../http/compilers.ts";
import { notFound, responses } from "../../http/problem.ts";
import { rememberSentFields, sentFields } from "../../http/sentFields.ts";
import { sendTotal } from "../../http/total.ts";

/** A tenant-owned table as the generic pattern needs it: mandant_id and id. */
export type TenantTable = PgTable & { mandantId: PgColumn; id: PgColumn };

type Entity = { id?: number | undefined };

/**
 * One entity under the generic pattern of SPEC §7: GET {path}/{id}; GET {path} with page, size, sort (and
 * `search` where the entity says how) and x-total-count; PUT {path} creates (no id) or updates (with id; a field
 * the body leaves out keeps its stored value); DELETE {path}/{id}. Everything in the selected tenant's
 * transaction, under row-level security. What is special to an entity comes in through the hooks; the rest is the
 * same for all of them.
 */
export interface CrudResource<S extends z.ZodType<Entity>, F extends string> {
  /** The path under /app/api, e.g. "mehrwertssteuers". */
  path: string;
  /** OpenAPI tag and the noun in summaries ("VAT rate"). */
  tag: string;
  noun: string;
  table: TenantTable;
  /** The entity as it leaves the server and, without its read-only fields, as PUT accepts it. */
  schema: S;
  /** The body PUT accepts; default: `schema`. */
  input?: z.ZodType<z.infer<S>>;
  /** The columns a row is read with: one per stored field of the entity, under the entity's field name. */
  columns: Record<string, PgColumn | SQL>;
  /** Sortable fields (each a key of `columns`) and the default sort (SPEC §9). */
  sortFields: readonly [F, ...F[]];
  defaultSort: SortOrder<F>;
  /** Who may read (GET) and who may write (PUT, DELETE); write defaults to read. */
  access: { read: AccessArea; write?: AccessArea };
  /** `?search=` on the list: the condition for one search text (already trimmed, non-empty). */
  search?: (text: string) => SQL | undefined;
  /** A condition every statement adds (e.g. one kind of field definition in a shared table). */
  scope?: SQL;
  /** Values written on insert besides the entity's own (e.g. that kind). */
  insertValues?: Record<string, unknown>;
  /** The stored values of an entity (default: every field but id, as it is). */
  toRow?: (entity: z.infer<S>) => Record<string, unknown>;
  /** The entity of a stored row (default: the row as it is). */
  present?: (row: Record<string, unknown>, tx: Tx) => z.infer<S> | Promise<z.infer<S>>;
  /** Runs before insert or update in the same transaction (e.g. "only one default"). */
  beforeSave?: (tx: Tx, entity: z.infer<S>) => Promise<void>;
  /** Unique indexes of the table and the field a violation is reported on (400, field code "unique"). */
  unique?: Record<string, string>;
  /** Which of the four generic routes exist (default: all). */
  methods?: { list?: boolean; get?: boolean; put?: boolean; remove?: boolean };
}

/** The data functions of a resource, for routes and for the special paths an area adds beside them. */
export function crudRepository<S extends z.ZodType<Entity>, F extends string>(resource: CrudResource<S, F>) {
  const { table, columns, scope } = resource;
  const byId = (id: number) => (scope ? and(eq(table.id, id), scope) : eq(table.id, id));
  const present = async (tx: Tx, row: Record<string, unknown>) =>
    resource.schema.parse(resource.present ? await resource.present(row, tx) : row) as z.infer<S>;
  const toRow =
    resource.toRow ??
    ((entity: z.infer<S>) => {
      const { id: _, ...rest } = entity as Record<string, unknown>;
      return Object.fromEntries(Object.entries(rest).filter(([key]) => key in columns));
    });

  return {
    async list(tx: Tx, request: PageRequest<F>, search?: string) {
      const conditions = [scope, search && resource.search ? resource.search(search) : undefined].filter(
        (c): c is SQL => c !== undefined,
      );
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const page = await pageOf(
        tx
          .select(columns as never)
          .from(table as never)
          .where(where)
          .orderBy(
            ...orderBy(request.sort, columns as Record<F, PgColumn | SQL>, [resource.defaultSort], table.id),
          )
          .limit(request.size)
          .offset(request.page * request.size) as Promise<Array<Record<string, unknown>>>,
        request,
        (limit) => countRowsUpTo(tx, table, where, limit),
        capFor(search),
      );
      return { ...page, items: await inSequence(...page.items.map((row) => () => present(tx, row))) };
    },

    async find(tx: Tx, id: number): Promise<z.infer<S> | undefined> {
      const [row] = (await tx
        .select(columns as never)
        .from(table as never)
        .where(byId(id))) as Record<string, unknown>[];
      return row && present(tx, row);
    },

    /**
     * Insert (no id) or update (id); undefined when the id names no record of the tenant. `sent`: the top-level
     * fields the request named (http/sentFields.ts) — on update every other field keeps its stored value (the
     * record is read and locked first, the merged entity checked by the schema again), so a schema default never
     * resets a stored value the request left out.
     */
    async save(tx: Tx, input: z.infer<S>, sent?: ReadonlySet<string>): Promise<z.infer<S> | undefined> {
      const id = (input as Entity).id;
      let entity = input;
      if (id !== undefined && sent) {
        const [row] = (await tx
          .select(columns as never)
          .from(table as never)
          .where(byId(id))
          .for("update")) as Record<string, unknown>[];
        if (!row) return undefined;
        entity = keepUnsent(resource.input ?? resource.schema, await present(tx, row), input, sent);
      }
      await resource.beforeSave?.(tx, entity);
      const values = toRow(entity);
      try {
        const rows = (
          id === undefined
            ? await tx
                .insert(table)
                .values({ ...values, ...resource.insertValues } as never)
                .returning(columns as never)
            : await tx
                .update(table)
                .set(values as never)
                .where(byId(id))
                .returning(columns as never)
        ) as Record<string, unknown>[];
        return rows[0] && present(tx, rows[0]);
      } catch (error) {
        mapUniqueViolation(error, resource.unique);
      }
    },

    /** false when the id names no record of the tenant; 409 error.inUse when others still reference it. */
    async remove(tx: Tx, id: number): Promise<boolean> {
      try {
        const rows = await tx.delete(table).where(byId(id)).returning({ id: table.id });
        return rows.length > 0;
      } catch (error) {
        mapInUse(error);
      }
    },
  };
}

/** Registers the generic routes of a resource; returns its repository for the area's special paths. */
export function registerCrud<S extends z.ZodType<Entity>, F extends string>(
  app: FastifyInstance,
  resource: CrudResource<S, F>,
) {
  const repository = crudRepository(resource);
  const { path, tag, noun, schema } = resource;
  const read = { level: "tenant", access: resource.access.read } as const;
  const write = { level: "tenant", access: resource.access.write ?? resource.access.read } as const;
  const methods = { list: true, get: true, put: true, remove: true, ...resource.methods };
  const sorts = resource.defaultSort;
  const query = resource.search
    ? ZPageQuery(resource.sortFields).extend({ search: z.string().trim().max(200).optional() })
    : ZPageQuery(resource.sortFields);

  if (methods.list)
    app.get(
      `/${path}`,
      {
        config: { auth: read },
        schema: {
          tags: [tag],
          summary: `${noun}: list, paged (default sort: ${sorts.field} ${sorts.direction})${resource.search ? "; search= filters" : ""}`,
          querystring: query,
          response: responses({ 200: z.array(schema) }, 400, 401, 403),
        },
      },
      async (request, reply) => {
        const q = request.query as PageRequest<F> & { search?: string };
        const page = await request.mandant!.run((tx) => repository.list(tx, q, q.search || undefined));
        sendTotal(reply, page);
        return page.items;
      },
    );

  if (methods.get)
    app.get(
      `/${path}/:id`,
      {
        config: { auth: read },
        schema: {
          tags: [tag],
          summary: `${noun}: one`,
          params: ZIdParams,
          response: responses({ 200: schema }, 400, 401, 403, 404),
        },
      },
      async (request) => {
        const found = await request.mandant!.run((tx) =>
          repository.find(tx, (request.params as { id: number }).id),
        );
        if (!found) throw notFound();
        return found;
      },
    );

  if (methods.put)
    app.put(
      `/${path}`,
      {
        config: { auth: write },
        preValidation: rememberSentFields,
        schema: {
          tags: [tag],
          summary: `${noun}: create (without id) or update (with id; fields left out keep their stored values)`,
          body: resource.input ?? schema,
          response: responses({ 200: schema }, 400, 401, 403, 404),
        },
      },
      async (request) => {
        const saved = await request.mandant!.run((tx) =>
          repository.save(tx, request.body as z.infer<S>, sentFields(request)),
        );
        if (!saved) throw notFound();
        return saved;
      },
    );

  if (methods.remove)
    app.delete(
      `/${path}/:id`,
      {
        config: { auth: write },
        schema: {
          tags: [tag],
          summary: `${noun}: delete (409 error.inUse while other records use it)`,
          params: ZIdParams,
          response: responses({ 204: z.null() }, 400, 401, 403, 404, 409),
        },
      },
      async (request, reply) => {
        const deleted = await request.mandant!.run((tx) =>
          repository.remove(tx, (request.params as { id: number }).id),
        );
        if (!deleted) throw notFound();
        return reply.code(204).send(null);
      },
    );

  return repository;
}

/**
 * The entity an update stores: the request's fields where it sent them, the stored record's elsewhere (a field left
 * out is kept, never reset to its schema default). When anything was kept, the merged entity is checked by the
 * schema again (rules across fields, e.g. skonto days below nettoTage): 400 like a body that broke them.
 */
function keepUnsent<T>(schema: z.ZodType, stored: T, input: T, sent: ReadonlySet<string>): T {
  const fields = Object.entries(input as Record<string, unknown>);
  const given = fields.filter(([key]) => sent.has(key));
  if (given.length === fields.length) return input;
  const merged = { ...stored, ...Object.fromEntries(given) } as T;
  const checked = schema.safeParse(merged);
  if (!checked.success) throw new RequestValidationError(toFieldErrors(checked.error.issues, merged));
  return merged;
}

/**
 * Keeps one record of a table flagged as the default: when the saved entity is the default, every other record of
 * the tenant loses the flag (same transaction; row-level security confines the update to the tenant).
 */
export function onlyOneDefault(table: TenantTable, flag: PgColumn, field: string) {
  return async (tx: Tx, entity: object) => {
    const record = entity as Record<string, unknown>;
    if (record[field] !== true) return;
    const id = record.id as number | undefined;
    await tx
      .update(table)
      .set({ [field]: false } as never)
      .where(id === undefined ? eq(flag, true) : and(eq(flag, true), ne(table.id, id)));
  };
}
