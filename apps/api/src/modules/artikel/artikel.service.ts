import { aggregateService } from "../crud/aggregate.service.ts";
import {
  type ArtikelSpeichern,
  bulkUpdate,
  deleteArtikel,
  findArtikel,
  saveArtikel,
} from "./artikel.repository.ts";

/** Articles as use cases (get, save, delete, bulk change): what the routes call. */
export const artikelService = aggregateService({
  entity: "artikel",
  find: (tx, id) => findArtikel(tx, id),
  save: (tx, input: ArtikelSpeichern) => saveArtikel(tx, input),
  remove: deleteArtikel,
  bulk: bulkUpdate,
});
