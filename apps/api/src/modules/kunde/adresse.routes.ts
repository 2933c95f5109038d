import { ZAdresseAnlegen, ZKundeAdresse, ZKundeSuchtext } from "@kontor/domain/kunde/kunde.api";
import { and, asc, eq, max, sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Tx } from "../../db/client.ts";
import { adresse } from "../../db/schema/index.ts";
import { sucheBedingung } from "../../db/search.ts";
import type { Deps } from "../../deps.ts";
import { notFound, ProblemError, responses } from "../../http/problem.ts";
import { refreshSuche } from "./kunde.repository.ts";
import { kundeVorhanden } from "./kunde.verweis.ts";

const access = { level: "tenant", access: "kunde" } as const;
const tag = "Kunden";

/** An address as the answers show it (ZKundeAdresse); the tenant's own addresses (kunde_id null) never appear. */
const columns = {
  id: adresse.id,
  kundeId: sql<number>`${adresse.kundeId}`.mapWith(Number), // never null here: only customers' addresses are read
  adressenTyp: adresse.adressenTyp,
  bezeichnung: adresse.bezeichnung,
  firmenName: adresse.firmenName,
  adressZusatz: adresse.adressZusatz,
  strasse: adresse.strasse,
  hausNummer: adresse.hausNummer,
  stiege: adresse.stiege,
  tuer: adresse.tuer,
  plz: adresse.plz,
  ort: adresse.ort,
  land: adresse.land,
  zuHanden: adresse.zuHanden,
  aktiv: adresse.aktiv,
};

/** What the address search looks at, folded like the customer search ("Strasse" finds "Straße"). */
const suchtext = sql`kontor_fold(concat_ws(' ', ${adresse.bezeichnung}, ${adresse.firmenName}, ${adresse.strasse},
  ${adresse.hausNummer}, ${adresse.plz}, ${adresse.ort}))`;

const ZKundeIdParams = z.object({ kundeId: z.coerce.number().int().positive() });

/** The customer's addresses in their order (billing first), filtered by the search text; undefined: no customer. */
async function adressenVon(tx: Tx, kundeId: number, search?: string) {
  if (!(await kundeVorhanden(tx, kundeId))) return undefined;
  return tx
    .select(columns)
    .from(adresse)
    .where(and(eq(adresse.kundeId, kundeId), sucheBedingung(search, suchtext)))
    .orderBy(asc(adresse.position), asc(adresse.id));
}

/**
 * A customer's addresses (SPEC §7): all of them (GET adressesk/{kundeId}), those matching a search (GET
 * adressessearch/{kundeId}) and the delivery-address quick create (POST adresses, SPEC §5), which appends the
 * address after the customer's others and rewrites the customer's search text.
 */
export const adresseRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  app.get(
    "/adressesk/:kundeId",
    {
      config: { auth: access },
      schema: {
        tags: [tag],
        summary: "A customer's addresses, billing address first, then the delivery addresses in their order",
        params: ZKundeIdParams,
        response: responses({ 200: z.array(ZKundeAdresse) }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const rows = await request.mandant!.run((tx) => adressenVon(tx, request.params.kundeId));
      if (!rows) throw notFound();
      return rows;
    },
  );

  app.get(
    "/adressessearch/:kundeId",
    {
      config: { auth: access },
      schema: {
        tags: [tag],
        summary:
          "A customer's addresses containing every word of the search (name, company, street, house number, " +
          'postcode, place; any order, folded: "Muller" finds "Müller"), in their order; no words: all',
        params: ZKundeIdParams,
        querystring: z.object({ search: ZKundeSuchtext }),
        response: responses({ 200: z.array(ZKundeAdresse) }, 400, 401, 403, 404),
      },
    },
    async (request) => {
      const rows = await request.mandant!.run((tx) =>
        adressenVon(tx, request.params.kundeId, request.query.search),
      );
      if (!rows) throw notFound();
      return rows;
    },
  );

  app.post(
    "/adresses",
    {
      config: { auth: access },
      schema: {
        tags: [tag],
        summary:
          "Delivery-address quick create: a new delivery address (strasse, hausNummer, plz, ort, land required) " +
          "appended after the customer's other addresses",
        body: ZAdresseAnlegen,
        response: responses({ 201: ZKundeAdresse }, 400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const { kundeId, id, adressenTyp: _, ...felder } = request.body;
      if (id !== undefined) throw new ProblemError(400, "error.idExists");
      const saved = await request.mandant!.change(async (tx, audit) => {
        // The lock serialises parallel creates for one customer, so each gets its own position.
        if (!(await kundeVorhanden(tx, kundeId, true))) return undefined;
        const [last] = await tx
          .select({ position: max(adresse.position) })
          .from(adresse)
          .where(eq(adresse.kundeId, kundeId));
        // Position 0 is the billing address, even while the customer has none: a delivery address starts at 1.
        const position = Math.max(Number(last?.position ?? 0) + 1, 1);
        const [row] = await tx
          .insert(adresse)
          .values({ ...felder, kundeId, adressenTyp: "lieferadresse", position })
          .returning(columns);
        await refreshSuche(tx, kundeId);
        audit({ entity: "kunde", entityId: kundeId, action: "update", detail: { adresse: row?.id } });
        return row;
      });
      if (!saved) throw notFound();
      return reply.code(201).send(saved);
    },
  );
};
