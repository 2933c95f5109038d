import type { TKunde } from "@kontor/domain/kunde/kunde.schema";
import { aggregateService } from "../crud/aggregate.service.ts";
import { bulkUpdate, deleteKunde, findKunde, saveKunde } from "./kunde.repository.ts";

/** Customers and suppliers as use cases (get, save, delete, bulk change): what the routes call. */
export const kundeService = aggregateService({
  entity: "kunde",
  find: (tx, id, scope) => findKunde(tx, id, scope.modules),
  save: (tx, input: TKunde, scope) => saveKunde(tx, { userId: scope.userId, modules: scope.modules }, input),
  remove: deleteKunde,
  bulk: bulkUpdate,
});
