import { z } from "zod";
import { ZAuthority } from "../access/access.schema.ts";
import { ZEmail, ZLangKey, ZLogin, ZPassword, ZPersonName } from "../auth/auth.schema.ts";

export const ZGroup = z.object({
  id: z.number().int().optional(),
  name: z.string().trim().min(1).max(100),
  beschreibung: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((v) => v || null),
});
export type TGroup = z.infer<typeof ZGroup>;

/** A user as administered (SPEC §3 User), with authorities, groups and tenant memberships. */
export const ZUser = z.object({
  id: z.number().int().optional(),
  login: ZLogin,
  firstName: ZPersonName,
  lastName: ZPersonName,
  email: ZEmail,
  imageUrl: z
    .string()
    .max(256)
    .nullish()
    .transform((v) => v || null),
  activated: z.boolean().default(true),
  langKey: ZLangKey.default("de"),
  authorities: z.array(ZAuthority).default(["ROLE_USER"]),
  groups: z.array(z.object({ id: z.number().int(), name: z.string().optional() })).default([]),
  mandantIds: z.array(z.number().int().positive()).default([]).describe("The tenants the user belongs to"),
  createdDate: z.string().optional().describe("Read-only"),
  lastModifiedBy: z.string().nullable().optional().describe("Read-only"),
  lastModifiedDate: z.string().nullable().optional().describe("Read-only"),
  accountEditable: z
    .boolean()
    .optional()
    .describe(
      "Read-only: whether the caller may change the account itself (not only memberships of their tenants) — " +
        "false for a tenant admin when the user also belongs to a tenant they do not administer",
    ),
  password: ZPassword.optional().describe(
    "Only on create: the initial password. Without it the user gets a mail with a link to set one.",
  ),
});
export type TUser = z.infer<typeof ZUser>;

/** The fields of an account whose changes the audit log records (issue 13). */
export const AUDIT_FIELDS = [
  "login",
  "email",
  "password",
  "totp",
  "authorities",
  "activated",
  "mandanten",
] as const;

/** One entry of a user's audit log: who changed what, when; secrets have no values. */
export const ZUserAuditEntry = z.object({
  at: z.string().describe("ISO 8601 timestamp"),
  actorLogin: z.string().nullable().describe("Who changed it; null: a one-time link from a mail"),
  field: z.enum(AUDIT_FIELDS),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
});
export type TUserAuditEntry = z.infer<typeof ZUserAuditEntry>;
