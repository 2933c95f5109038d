import { todayIso } from "@kontor/domain/date/calendar";
import { type BelegSprache, zahlungszielText } from "@kontor/domain/zahlungsziel/zahlungsziel.rules";
import {
  type TZahlungsziel,
  ZBelegtext2,
  ZBelegtext2Query,
  ZZahlungsziel,
} from "@kontor/domain/zahlungsziel/zahlungsziel.schema";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { appUser, zahlungsziel } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { notFound, responses } from "../../http/problem.ts";
import { onlyOneDefault, registerCrud } from "../crud/crud.ts";
import { kundenMitVerweis, kundeVerweise } from "../kunde/kunde.verweis.ts";
import { registerBedingungen } from "./bedingung.routes.ts";

type StoredSkonto = { tage: number; prozent: number };

/** The signed-in user's language (their langKey), German when unknown. */
async function languageOf(db: Db, userId: number): Promise<BelegSprache> {
  const [row] = await db.select({ langKey: appUser.langKey }).from(appUser).where(eq(appUser.id, userId));
  return row?.langKey ?? "de";
}

/**
 * Payment terms (zahlungsziels: the generic pattern, one default per tenant; skonto steps are stored as they come
 * and numbered 1..n on the way out; kundeList names the customers using a term, and one in use cannot be deleted:
 * 409 error.inUse), the text a document prints for a term (GET belegtext2/{id}), and the delivery terms and payment
 * conditions.
 */
export const zahlungszielRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db }) => {
  const zahlungsziele = registerCrud(app, {
    path: "zahlungsziels",
    tag: "zahlungsziel",
    noun: "Payment term",
    table: zahlungsziel,
    schema: ZZahlungsziel,
    columns: {
      id: zahlungsziel.id,
      name: zahlungsziel.name,
      nettoTage: zahlungsziel.nettoTage,
      skontoList: zahlungsziel.skontoList,
      defaultZahlungsziel: zahlungsziel.defaultZahlungsziel,
      kundeList: kundenMitVerweis("zahlungsziel", "zahlungsziel_id"),
    },
    sortFields: ["name", "nettoTage", "defaultZahlungsziel", "id"],
    defaultSort: { field: "name", direction: "asc" },
    access: { read: "stammdaten" },
    toRow: (term: TZahlungsziel) => ({
      name: term.name,
      nettoTage: term.nettoTage,
      skontoList: term.skontoList.map(({ tage, prozent }) => ({ tage, prozent })),
      defaultZahlungsziel: term.defaultZahlungsziel,
    }),
    present: (row) =>
      ({
        ...row,
        skontoList: (row.skontoList as StoredSkonto[]).map((step, index) => ({ id: index + 1, ...step })),
        kundeList: kundeVerweise(row.kundeList),
      }) as TZahlungsziel,
    beforeSave: onlyOneDefault(zahlungsziel, zahlungsziel.defaultZahlungsziel, "defaultZahlungsziel"),
  });

  app.get(
    "/belegtext2/:zahlungszielId",
    {
      config: { auth: { level: "tenant", access: "member" } },
      schema: {
        tags: ["zahlungsziel"],
        summary:
          "The payment-term text a document prints: net due date and skonto dates from the document date, " +
          "with the amount to pay after each skonto when the gross amount is given",
        params: z.object({ zahlungszielId: z.coerce.number().int().positive() }),
        querystring: ZBelegtext2Query,
        response: responses({ 200: ZBelegtext2 }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const { belegDatum, lang, betrag } = request.query;
      const term = await request.mandant!.run((tx) => zahlungsziele.find(tx, request.params.zahlungszielId));
      if (!term) throw notFound();
      const sprache = lang ?? (await languageOf(db, request.principal!.userId));
      return { text: zahlungszielText(term, belegDatum ?? todayIso(), sprache, betrag) };
    },
  );

  registerBedingungen(app);
};
