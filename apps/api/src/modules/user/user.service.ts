import type { TUser } from "@kontor/domain/user/user.schema";
import { eq } from "drizzle-orm";
import { userMandant } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import type { Principal } from "../../http/guard.ts";
import { ProblemError } from "../../http/problem.ts";
import { createAccountService } from "../account/account.service.ts";
import { findUser, insertUser, revokeSessions, type UserScope, updateUser } from "./user.repository.ts";

/**
 * User administration (issue 3): ROLE_ADMIN manages every user; ROLE_ADMIN_MANDANT the members of their own
 * tenants, only within those tenants, and never grants or edits ROLE_ADMIN.
 */
export function createUserService(deps: Pick<Deps, "db" | "mailer">) {
  const { db } = deps;
  const accounts = createAccountService(deps);

  const isAdmin = (principal: Principal) => principal.authorities.has("ROLE_ADMIN");
  const scopeOf = (principal: Principal): UserScope =>
    isAdmin(principal) ? { all: true } : { all: false, userId: principal.userId };

  async function ownMandantIds(principal: Principal): Promise<Set<number>> {
    const rows = await db
      .select({ id: userMandant.mandantId })
      .from(userMandant)
      .where(eq(userMandant.userId, principal.userId));
    return new Set(rows.map((row) => row.id));
  }

  /** What a tenant admin sees of a user's memberships: only their own tenants. */
  async function present(principal: Principal, user: TUser): Promise<TUser> {
    if (isAdmin(principal)) return user;
    const own = await ownMandantIds(principal);
    return { ...user, mandantIds: user.mandantIds.filter((id) => own.has(id)) };
  }

  async function get(principal: Principal, id: number): Promise<TUser> {
    const user = await findUser(db, id, scopeOf(principal));
    if (!user) throw new ProblemError(404, "error.notFound");
    return present(principal, user);
  }

  /** The memberships to store: a tenant admin changes only their own tenants and keeps the user's others. */
  async function memberships(
    principal: Principal,
    requested: number[],
    current: number[],
  ): Promise<number[]> {
    if (isAdmin(principal)) return requested;
    const own = await ownMandantIds(principal);
    const foreign = requested.findIndex((id) => !own.has(id));
    if (foreign >= 0) {
      throw new ProblemError(403, "error.forbidden", "Tenant admins assign only their own tenants", [
        { field: `mandantIds.${foreign}`, code: "invalid" },
      ]);
    }
    return [...current.filter((id) => !own.has(id)), ...requested];
  }

  function assertMayGrant(principal: Principal, input: TUser) {
    if (!isAdmin(principal) && input.authorities.includes("ROLE_ADMIN")) {
      throw new ProblemError(403, "error.forbidden", "Only administrators grant ROLE_ADMIN");
    }
  }

  return {
    get,
    scopeOf,

    async create(principal: Principal, input: TUser): Promise<TUser> {
      if (input.id !== undefined) throw new ProblemError(400, "error.idExists");
      assertMayGrant(principal, input);
      const mandantIds = await memberships(principal, input.mandantIds, []);
      if (!isAdmin(principal) && mandantIds.length === 0) {
        throw new ProblemError(400, "error.validation", undefined, [
          { field: "mandantIds", code: "required" },
        ]);
      }
      const id = await insertUser(db, {
        ...input,
        mandantIds,
        groupIds: input.groups.map((g) => g.id),
        modifiedBy: principal.login,
      });
      const created = (await findUser(db, id, { all: true }))!;
      if (!input.password) {
        await accounts.mailResetLink({ ...created, id, langKey: created.langKey }, "created");
      }
      return present(principal, created);
    },

    async update(principal: Principal, input: TUser): Promise<TUser> {
      if (input.id === undefined)
        throw new ProblemError(400, "error.validation", undefined, [{ field: "id", code: "required" }]);
      const current = await findUser(db, input.id, scopeOf(principal));
      if (!current) throw new ProblemError(404, "error.notFound");
      if (!isAdmin(principal) && current.authorities.includes("ROLE_ADMIN")) {
        throw new ProblemError(403, "error.forbidden", "Only administrators edit administrators");
      }
      assertMayGrant(principal, input);
      if (input.id === principal.userId && !input.activated) {
        throw new ProblemError(400, "error.validation", "You cannot deactivate yourself", [
          { field: "activated", code: "invalid" },
        ]);
      }
      await updateUser(db, input.id, {
        ...input,
        mandantIds: await memberships(principal, input.mandantIds, current.mandantIds),
        groupIds: input.groups.map((g) => g.id),
        modifiedBy: principal.login,
      });
      if (!input.activated) await revokeSessions(db, input.id);
      return get(principal, input.id);
    },

    async revokeAllSessions(principal: Principal, id: number) {
      await get(principal, id); // 404 outside the scope
      await revokeSessions(db, id);
    },
  };
}
