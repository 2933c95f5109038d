import type { Tx } from "../../db/client.ts";
import type { TenantScope } from "../../db/tenant.ts";
import { notFound } from "../../http/problem.ts";

/** What an aggregate's repository offers; each runs in the caller's tenant transaction. */
export interface AggregateRepository<
  T,
  In extends { id?: number | undefined },
  Bulk extends { id: number },
  Row,
> {
  /** The resource noun the audit log names it by (kunde, artikel, beleg). */
  entity: string;
  /** The aggregate with its parts; undefined when the tenant has none with this id. */
  find(tx: Tx, id: number, scope: TenantScope): Promise<T | undefined>;
  /** Creates (no id) or updates with all parts, checking references (400 at the field); undefined: no such id. */
  save(tx: Tx, input: In, scope: TenantScope): Promise<number | undefined>;
  /** Deletes with its parts; false: no such id (409 when other records still use it). */
  remove(tx: Tx, id: number): Promise<boolean>;
  /** The same change for many at once, all or nothing; undefined when an id names none. */
  bulk(tx: Tx, entries: readonly Bulk[]): Promise<Row[] | undefined>;
}

/**
 * The use cases every rich aggregate has (get, save, delete, bulk change), as the routes call them: reads through
 * the tenant handle, every change through its audit hook (`TenantScope.change`, one audit entry per changed
 * aggregate, in the same transaction), "none with this id" as 404 in one place. An aggregate with more use cases
 * (documents: finalize, cancel, convert) spreads this and adds its own, each a `scope.change`.
 */
export function aggregateService<T, In extends { id?: number | undefined }, Bulk extends { id: number }, Row>(
  repository: AggregateRepository<T, In, Bulk, Row>,
) {
  const { entity } = repository;
  const found = <V>(value: V | undefined | false): V => {
    if (value === undefined || value === false) throw notFound();
    return value;
  };
  return {
    async get(scope: TenantScope, id: number): Promise<T> {
      return found(await scope.run((tx) => repository.find(tx, id, scope)));
    },

    async save(scope: TenantScope, input: In): Promise<T> {
      const saved = await scope.change(async (tx, audit) => {
        const id = await repository.save(tx, input, scope);
        if (id === undefined) return undefined;
        audit({ entity, entityId: id, action: input.id === undefined ? "create" : "update" });
        return repository.find(tx, id, scope);
      });
      return found(saved);
    },

    async remove(scope: TenantScope, id: number): Promise<void> {
      found(
        await scope.change(async (tx, audit) => {
          const deleted = await repository.remove(tx, id);
          if (deleted) audit({ entity, entityId: id, action: "delete" });
          return deleted;
        }),
      );
    },

    async bulk(scope: TenantScope, entries: readonly Bulk[]): Promise<Row[]> {
      const rows = await scope.change(async (tx, audit) => {
        const changed = await repository.bulk(tx, entries);
        if (changed)
          for (const { id, ...fields } of entries)
            audit({ entity, entityId: id, action: "update", detail: { fields: Object.keys(fields) } });
        return changed;
      });
      return found(rows);
    },
  };
}
