import { z } from "zod";

/**
 * A firm group (SPEC §3 firmengruppe): customers that belong together (branches of one company). Names need not
 * be unique. The member customers are read-only here: a customer names its groups (ZKunde.firmengruppen).
 */
export const ZFirmengruppe = z.object({
  id: z.number().int().optional(),
  bezeichnung: z.string().trim().min(1).max(100),
  kunden: z
    .array(z.object({ id: z.number().int(), bezeichnung: z.string() }))
    .default([])
    .describe(
      "Read-only: the customers of the group (id and display name, by name); set on the customer. A group with customers cannot be deleted (409 error.firmengruppeInUse).",
    ),
});
export type TFirmengruppe = z.infer<typeof ZFirmengruppe>;

/** At most this many firm groups answer a search (GET firmengruppesearch) — enough for a selection list. */
export const FIRMENGRUPPE_SEARCH_LIMIT = 50;
