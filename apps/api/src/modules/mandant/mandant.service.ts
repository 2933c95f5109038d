import { can } from "@kontor/domain/access/access.rules";
import type { TMandant } from "@kontor/domain/mandant/mandant.schema";
import type { Db } from "../../db/client.ts";
import type { PageRequest } from "../../db/paging.ts";
import type { Principal } from "../../http/guard.ts";
import { ProblemError } from "../../http/problem.ts";
import { kassaEinstellungenPruefen } from "../kassabuch/kassabuch.service.ts";
import {
  attachableUserIds,
  findMandant,
  listAllMandants,
  listMandants,
  type MANDANT_SORT_FIELDS,
  type MandantScope,
  mandantExistsInScope,
  saveMandant,
  setMandantAktiv,
} from "./mandant.repository.ts";

type SortField = (typeof MANDANT_SORT_FIELDS)[number];

/**
 * Tenant administration (SPEC §6 "tenant admin versus admin"): ROLE_ADMIN manages every tenant, creates tenants and
 * sets their modules; ROLE_ADMIN_MANDANT edits only the tenants they belong to, and not their modules.
 */
export function createMandantService(db: Db) {
  const scopeOf = (principal: Principal): MandantScope =>
    principal.authorities.has("ROLE_ADMIN") ? { all: true } : { all: false, userId: principal.userId };

  async function get(principal: Principal, id: number): Promise<TMandant> {
    const found = (await mandantExistsInScope(db, id, scopeOf(principal)))
      ? await findMandant(db, id)
      : undefined;
    if (!found) throw new ProblemError(404, "error.notFound");
    return found;
  }

  return {
    list: (principal: Principal, request: PageRequest<SortField>) =>
      listMandants(db, scopeOf(principal), request),
    all: (principal: Principal) => listAllMandants(db, scopeOf(principal)),
    get,

    /**
     * PUT mandants. `sent`: the top-level fields the body named — `aktiv` left out keeps the tenant's state (its
     * schema default would switch a deactivated tenant on). Changing `aktiv` needs the area mandantAktiv
     * (ROLE_ADMIN, access.rules.ts): a tenant admin's PUT that changes it is 403 error.forbidden naming the field
     * (`aktiv`, code notAllowed) and saves nothing; sent unchanged, the rest of the tenant saves.
     */
    async save(principal: Principal, body: TMandant, sent?: ReadonlySet<string>): Promise<TMandant> {
      const isAdmin = principal.authorities.has("ROLE_ADMIN");
      let current: TMandant | undefined;
      let input = body;
      if (input.id === undefined) {
        if (!isAdmin) throw new ProblemError(403, "error.forbidden", "Only administrators create tenants");
      } else {
        current = await get(principal, input.id); // 404 outside the caller's scope
        if (sent && !sent.has("aktiv")) input = { ...input, aktiv: current.aktiv };
        if (!isAdmin && current.modulList.join() !== input.modulList.join()) {
          throw new ProblemError(403, "error.forbidden", "Only administrators change a tenant's modules");
        }
        if (
          input.aktiv !== current.aktiv &&
          !can("mandantAktiv", { modules: [], authorities: principal.authorities })
        ) {
          throw new ProblemError(403, "error.forbidden", "Only administrators (de)activate a tenant", [
            { field: "aktiv", code: "notAllowed" },
          ]);
        }
      }
      // An address id must be one of the tenant's own addresses (another tenant's id was dropped silently, and the
      // tenant's own addresses deleted with it).
      const ownAddresses = new Set(current?.adresseLists.map((a) => a.id));
      const foreignAddress = input.adresseLists.findIndex(
        (a) => a.id !== undefined && !ownAddresses.has(a.id),
      );
      if (foreignAddress >= 0) {
        throw new ProblemError(400, "error.validation", undefined, [
          { field: `adresseLists.${foreignAddress}.id`, code: "notFound" },
        ]);
      }
      // Members stay; new ones must be attachable by the caller (tenant admins: people of their own tenants).
      const members = new Set(current?.userLists.map((u) => u.id));
      const added = input.userLists.map((u) => u.id).filter((id) => !members.has(id));
      const attachable = await attachableUserIds(db, scopeOf(principal), added);
      const refused = input.userLists.findIndex((u) => !members.has(u.id) && !attachable.has(u.id));
      if (refused >= 0) {
        throw new ProblemError(400, "error.validation", "Invite people from outside your tenants by e-mail", [
          { field: `userLists.${refused}.id`, code: "invalid" },
        ]);
      }
      // The cash book's settings may change only as far as the book stays valid (issue 17): checked in the saving
      // transaction, under the cash book's lock.
      const id = await saveMandant(
        db,
        input,
        { userId: principal.userId, login: principal.login },
        current ? (tx) => kassaEinstellungenPruefen(tx, current, input) : undefined,
      );
      return (await findMandant(db, id))!;
    },

    async setAktiv(id: number, aktiv: boolean): Promise<void> {
      if (!(await setMandantAktiv(db, id, aktiv))) throw new ProblemError(404, "error.notFound");
    },
  };
}
