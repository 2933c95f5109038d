import type { TAuthority } from "@kontor/domain/access/access.codes";
import type { TLangKey } from "@kontor/domain/auth/auth.codes";
import type { ZUser } from "@kontor/domain/user/user.schema";
import type { UseFormReturnType } from "@mantine/form";
import type { z } from "zod";
import type { TUserRecord } from "./user.list.api.ts";

/** The user form's values: what the inputs hold (selections as string ids, "" for empty texts). */
export interface UserFormValues {
  id?: number;
  login: string;
  firstName: string;
  lastName: string;
  email: string;
  langKey: TLangKey;
  activated: boolean;
  authorities: TAuthority[];
  groupIds: string[];
  mandantIds: string[];
  /** Only when creating: the initial password; empty = the user gets a mail to choose one. */
  password: string;
}

/** The user edit's form (its sections in UserEdit and UserEditExtras). */
export type UserForm = UseFormReturnType<UserFormValues>;

export function emptyUser(): UserFormValues {
  return {
    login: "",
    firstName: "",
    lastName: "",
    email: "",
    langKey: "de",
    activated: true,
    authorities: ["ROLE_USER"],
    groupIds: [],
    mandantIds: [],
    password: "",
  };
}

export function toUserFormValues(user: TUserRecord): UserFormValues {
  return {
    id: user.id,
    login: user.login,
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    email: user.email,
    langKey: user.langKey,
    activated: user.activated,
    authorities: [...user.authorities],
    groupIds: user.groups.map((group) => String(group.id)),
    mandantIds: user.mandantIds.map(String),
    password: "",
  };
}

/** The form values as the contract's input (ZUser); the password only on create and only when typed. */
export function toUserPayload(values: UserFormValues): z.input<typeof ZUser> {
  const { groupIds, mandantIds, password, ...rest } = values;
  return {
    ...rest,
    groups: groupIds.map((id) => ({ id: Number(id) })),
    mandantIds: mandantIds.map(Number),
    ...(values.id === undefined && password !== "" ? { password } : {}),
  };
}

/** Errors of the contract's fields at the form's inputs: `groups.0.id` belongs to the group selection. */
export function toFormErrors(errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const target = field.startsWith("groups")
      ? "groupIds"
      : field.startsWith("mandantIds")
        ? "mandantIds"
        : field;
    result[target] ??= message;
  }
  return result;
}

/** SPEC §8: "Login name already used!" and "E-mail is already in use!" at their fields. */
export const USER_PROBLEM_FIELDS = { "error.loginUsed": "login", "error.emailUsed": "email" } as const;

/**
 * Which authorities the signed-in user may grant or take away (issue 13): an administrator any; a tenant
 * administrator only those they hold themselves, never ROLE_ADMIN — the server answers 403 otherwise.
 */
export function mayChangeAuthority(own: readonly TAuthority[]): (authority: TAuthority) => boolean {
  if (own.includes("ROLE_ADMIN")) return () => true;
  const held = new Set(own);
  return (authority) => authority !== "ROLE_ADMIN" && held.has(authority);
}

/**
 * Whether the account itself (login, e-mail, names, language, activation, authorities, groups) may change, or only
 * the memberships of the caller's tenants: the server's `accountEditable` (false for a tenant admin when the user
 * also belongs to a tenant they do not administer). A new user, or an older server without the field: editable.
 */
export function isAccountEditable(user: Pick<TUserRecord, "accountEditable"> | undefined): boolean {
  return user?.accountEditable !== false;
}
