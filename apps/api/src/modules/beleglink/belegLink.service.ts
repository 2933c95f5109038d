import { randomBytes } from "node:crypto";
import {
  BELEG_LINK_TOKEN,
  type TBelegLink,
  type TBelegLinkAnlegen,
  type TBelegLinkNeu,
  type TOeffentlicherBeleg,
} from "@kontor/domain/beleg/belegLink.schema";
import { todayIso } from "@kontor/domain/date/calendar";
import type { TBelegsTyp } from "@kontor/domain/typen/typen";
import { dueDates } from "@kontor/domain/zahlungsziel/zahlungsziel.rules";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { validation } from "../../db/teile.ts";
import { type TenantScope, withTenant } from "../../db/tenant.ts";
import { notFound, ProblemError } from "../../http/problem.ts";
import { createAttemptCounter } from "../../security/attempts.ts";
import { hashKey } from "../../security/secrets.ts";
import { type BelegPdf, belegPdf } from "../belegausgabe/belegPdf.service.ts";
import {
  belegFreigabe,
  countView,
  findLive,
  insertLink,
  type LiveLink,
  linksOf,
  publicBeleg,
  revokeLink,
} from "./belegLink.repository.ts";

/**
 * Public share links of finalized documents (issue 16). The tenant side makes, lists and revokes links — every
 * change through the tenant handle's audit hook, so they appear in the document's history. The public side
 * answers a token: an unknown, malformed, revoked or expired one, one of a draft or of an inactive tenant — all the
 * same 404, limited per client address.
 */

const ENTITY = "beleg";
/** The document types whose public page names a due date (when the document has a payment term). */
const MIT_FAELLIGKEIT: ReadonlySet<TBelegsTyp> = new Set(["rechnung", "barrechnung", "proformarechnung"]);

const notFinalized = () =>
  new ProblemError(409, "error.belegNotFinalized", "Only a finalized document can be shared by a link.");

/** A new token: 32 random bytes, base64url (43 characters). Only its hash is stored. */
const newToken = () => randomBytes(32).toString("base64url");

export function createBelegLinkService(deps: { db: Db; config: Config }) {
  const { db, config } = deps;
  const limits = config.belegLinkRateLimit;
  const counter = createAttemptCounter(db, limits.windowSeconds);
  const requestKey = (address: string) => `beleglink:${address}`;
  const missKey = (address: string) => `beleglink-miss:${address}`;

  /**
   * The live link behind a token, or 404 — the same answer for every kind of dead or made-up token. 429 (with
   * Retry-After) once the client address made too many calls or too many calls that found nothing in the window.
   */
  async function live(token: string, address: string): Promise<LiveLink> {
    await counter.assertAllowed([
      { key: requestKey(address), max: limits.maxRequestsPerAddress },
      { key: missKey(address), max: limits.maxMissesPerAddress },
    ]);
    await counter.record([requestKey(address)]);
    const found = BELEG_LINK_TOKEN.test(token) ? await findLive(db, hashKey(token)) : undefined;
    if (!found) {
      await counter.record([missKey(address)]);
      throw notFound();
    }
    return found;
  }

  return {
    /** POST beleg/{id}/link: a new link of a finalized document; its address (with the token) is answered once. */
    create: (scope: TenantScope, belegId: number, body: TBelegLinkAnlegen): Promise<TBelegLinkNeu> =>
      scope.change(async (tx, audit) => {
        const found = await belegFreigabe(tx, belegId);
        if (!found) throw notFound();
        if (!found.freigabe) throw notFinalized();
        const gueltigBis = body.gueltigBis ?? null;
        if (gueltigBis !== null && gueltigBis < todayIso())
          throw validation([{ field: "gueltigBis", code: "invalid" }]);
        const token = newToken();
        const linkId = await insertLink(tx, {
          belegId,
          tokenHash: hashKey(token),
          createdBy: scope.userId,
          gueltigBis,
        });
        audit({
          entity: ENTITY,
          entityId: belegId,
          action: "link",
          detail: gueltigBis === null ? { linkId } : { linkId, gueltigBis },
        });
        const [link] = await linksOf(tx, belegId, linkId);
        return { ...link!, url: `${config.baseUrl}/app/invoicetemplate/${token}` };
      }),

    /** GET beleg/{id}/links: the document's links with their views, newest first (never a token). */
    list: (scope: TenantScope, belegId: number): Promise<TBelegLink[]> =>
      scope.run(async (tx) => {
        if (!(await belegFreigabe(tx, belegId))) throw notFound();
        return linksOf(tx, belegId);
      }),

    /** DELETE beleg/{id}/links/{linkId}: the link stops working at once; revoking a revoked link changes nothing. */
    revoke: (scope: TenantScope, belegId: number, linkId: number): Promise<void> =>
      scope.change(async (tx, audit) => {
        const revoked = await revokeLink(tx, belegId, linkId);
        if (revoked === undefined) throw notFound();
        if (revoked) audit({ entity: ENTITY, entityId: belegId, action: "linkRevoke", detail: { linkId } });
      }),

    /**
     * GET public/beleg/{token}: what the link's holder may see of the document. Each answer is one view of the
     * link (the page asks once per visit; the PDF it embeds does not count again).
     */
    async show(token: string, address: string): Promise<TOeffentlicherBeleg> {
      const link = await live(token, address);
      const row = await withTenant(db, link.mandantId, async (tx) => {
        const found = await publicBeleg(tx, link.belegId);
        if (found) await countView(tx, link.linkId);
        return found;
      });
      if (!row) throw notFound();
      const belegsTyp = row.belegsTyp as TBelegsTyp;
      return {
        mandant: row.mandant,
        belegsTyp,
        belegNummer: row.belegNummer,
        belegDatum: row.belegDatum,
        summeBrutto: row.summeBrutto,
        faelligAm:
          row.nettoTage !== null && MIT_FAELLIGKEIT.has(belegsTyp)
            ? dueDates({ nettoTage: row.nettoTage, skontoList: [] }, row.belegDatum).netto
            : null,
        sprache: row.sprache ?? "de",
        storniert: row.storniert,
      };
    },

    /** GET public/beleg/{token}/pdf: the document's PDF, rendered in its tenant (belegausgabe). */
    async pdf(token: string, address: string): Promise<BelegPdf> {
      const link = await live(token, address);
      const pdf = await belegPdf((fn) => withTenant(db, link.mandantId, fn), link.belegId, {
        oeffentlich: true,
      });
      if (!pdf) throw notFound();
      return pdf;
    },
  };
}
export type BelegLinkService = ReturnType<typeof createBelegLinkService>;
