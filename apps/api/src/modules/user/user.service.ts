import type { TAuthority } from "@kontor/domain/access/access.schema";
import type { TFieldError } from "@kontor/domain/http/problem.schema";
import type { TUser } from "@kontor/domain/user/user.schema";
import { eq } from "drizzle-orm";
import { userMandant } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import type { Principal } from "../../http/guard.ts";
import { ProblemError } from "../../http/problem.ts";
import { createAccountService } from "../account/account.service.ts";
import { type Actor, accountChanges, listAccountChanges, mailAccountChanges } from "./user.audit.ts";
import { findUser, insertUser, revokeSessions, type UserScope, updateUser } from "./user.repository.ts";

/**
 * Who may manage whom (issue 13; the rule table is in docs/ARCHITECTURE.md "User administration"):
 * - ROLE_ADMIN manages every user.
 * - ROLE_ADMIN_MANDANT sees the members of the tenants they belong to ("their tenants"). They change a user's
 *   memberships of their tenants only (other memberships are kept, unseen). They change the account itself (login,
 *   e-mail, names, language, activation, authorities, groups; sessions) only when every tenant of that user is one
 *   of theirs — an account shared with a tenant they do not administer belongs to that tenant too. They never edit
 *   holders of ROLE_ADMIN, and grant or take away only authorities they hold themselves, never ROLE_ADMIN.
 * Every change of login, e-mail, authorities, activation or memberships is written to the audit log; the owner is
 * mailed at the old address.
 */
export function createUserService(deps: Pick<Deps, "db" | "mailer">) {
  const { db, mailer } = deps;
  const accounts = createAccountService(deps);

  const isAdmin = (principal: Principal) => principal.authorities.has("ROLE_ADMIN");
  const scopeOf = (principal: Principal): UserScope =>
    isAdmin(principal) ? { all: true } : { all: false, userId: principal.userId };
  const actorOf = (principal: Principal): Actor => ({ userId: principal.userId, login: principal.login });

  async function ownMandantIds(principal: Principal): Promise<Set<number>> {
    const rows = await db
      .select({ id: userMandant.mandantId })
      .from(userMandant)
      .where(eq(userMandant.userId, principal.userId));
    return new Set(rows.map((row) => row.id));
  }

  /** May the principal change this account (not only its memberships of their tenants)? */
  function mayEditAccount(principal: Principal, user: TUser, own: ReadonlySet<number>): boolean {
    if (isAdmin(principal)) return true;
    if (user.authorities.includes("ROLE_ADMIN")) return false;
    return user.mandantIds.every((id) => own.has(id));
  }

  /** What a tenant admin sees of a user's memberships: only their own tenants; and whether the account is theirs. */
  async function present(principal: Principal, user: TUser): Promise<TUser> {
    if (isAdmin(principal)) return { ...user, accountEditable: true };
    const own = await ownMandantIds(principal);
    return {
      ...user,
      mandantIds: user.mandantIds.filter((id) => own.has(id)),
      accountEditable: mayEditAccount(principal, user, own),
    };
  }

  async function find(principal: Principal, id: number): Promise<TUser> {
    const user = await findUser(db, id, scopeOf(principal));
    if (!user) throw new ProblemError(404, "error.notFound");
    return user;
  }

  /** The memberships to store: a tenant admin changes only their own tenants and keeps the user's others. */
  function memberships(
    principal: Principal,
    own: ReadonlySet<number>,
    requested: number[],
    current: number[],
  ): number[] {
    if (isAdmin(principal)) return requested;
    const foreign = requested.findIndex((id) => !own.has(id));
    if (foreign >= 0) {
      throw new ProblemError(403, "error.forbidden", "Tenant admins assign only their own tenants", [
        { field: `mandantIds.${foreign}`, code: "invalid" },
      ]);
    }
    return [...current.filter((id) => !own.has(id)), ...requested];
  }

  /** Authorities granted or taken away must be held by the granting tenant admin; ROLE_ADMIN only by admins. */
  function assertMayGrant(principal: Principal, before: readonly TAuthority[], after: readonly TAuthority[]) {
    if (isAdmin(principal)) return;
    const changed = [
      ...after.filter((a) => !before.includes(a)),
      ...before.filter((a) => !after.includes(a)),
    ];
    if (changed.some((a) => a === "ROLE_ADMIN" || !principal.authorities.has(a))) {
      throw new ProblemError(
        403,
        "error.forbidden",
        "Only authorities you hold yourself can be granted or taken away (ROLE_ADMIN only by administrators)",
        [{ field: "authorities", code: "invalid" }],
      );
    }
  }

  /** The account fields a request would change (compared after the schema normalised them). */
  function changedAccountFields(current: TUser, input: TUser): TFieldError[] {
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const fields: [keyof TUser, unknown, unknown][] = [
      ["login", current.login, input.login.toLowerCase()],
      ["email", current.email, input.email.toLowerCase()],
      ["firstName", current.firstName, input.firstName],
      ["lastName", current.lastName, input.lastName],
      ["imageUrl", current.imageUrl, input.imageUrl],
      ["langKey", current.langKey, input.langKey],
      ["activated", current.activated, input.activated],
      ["authorities", [...current.authorities].sort(), [...new Set(input.authorities)].sort()],
      ["groups", current.groups.map((g) => g.id).sort(), input.groups.map((g) => g.id).sort()],
    ];
    return fields.filter(([, a, b]) => !same(a, b)).map(([field]) => ({ field, code: "invalid" }));
  }

  return {
    scopeOf,
    get: async (principal: Principal, id: number) => present(principal, await find(principal, id)),

    async create(principal: Principal, input: TUser): Promise<TUser> {
      if (input.id !== undefined) throw new ProblemError(400, "error.idExists");
      assertMayGrant(principal, [], input.authorities);
      const mandantIds = memberships(principal, await ownMandantIds(principal), input.mandantIds, []);
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
      const current = await find(principal, input.id);
      const own = isAdmin(principal) ? new Set<number>() : await ownMandantIds(principal);
      if (!isAdmin(principal) && current.authorities.includes("ROLE_ADMIN")) {
        throw new ProblemError(403, "error.forbidden", "Only administrators edit administrators");
      }
      const changed = changedAccountFields(current, input);
      if (changed.length > 0 && !mayEditAccount(principal, current, own)) {
        throw new ProblemError(
          403,
          "error.forbidden",
          "The user also belongs to tenants you do not administer: only your tenants' memberships can change",
          changed,
        );
      }
      assertMayGrant(principal, current.authorities, input.authorities);
      if (input.id === principal.userId && !input.activated) {
        throw new ProblemError(400, "error.validation", "You cannot deactivate yourself", [
          { field: "activated", code: "invalid" },
        ]);
      }
      const mandantIds = memberships(principal, own, input.mandantIds, current.mandantIds);
      const changes = accountChanges(current, { ...input, mandantIds });
      await updateUser(
        db,
        input.id,
        { ...input, mandantIds, groupIds: input.groups.map((g) => g.id), modifiedBy: principal.login },
        { actor: actorOf(principal), changes },
      );
      if (!input.activated) await revokeSessions(db, input.id);
      await mailAccountChanges(mailer, current, input.id, actorOf(principal), changes);
      return present(principal, (await findUser(db, input.id, { all: true }))!);
    },

    async revokeAllSessions(principal: Principal, id: number) {
      const user = await find(principal, id); // 404 outside the scope
      if (!mayEditAccount(principal, user, await ownMandantIds(principal))) {
        throw new ProblemError(
          403,
          "error.forbidden",
          "The user also belongs to tenants you do not administer",
        );
      }
      await revokeSessions(db, id);
    },

    /** The account's audit log (who changed login, e-mail, password, 2FA, authorities, memberships, when). */
    async audit(principal: Principal, id: number) {
      await find(principal, id); // 404 outside the scope
      return listAccountChanges(db, id);
    },
  };
}
