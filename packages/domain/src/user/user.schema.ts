import { z } from "zod";
import { ZAuthority } from "../access/access.schema.ts";
import { ZEmail, ZLangKey, ZLogin, ZPassword } from "../auth/auth.schema.ts";

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
  firstName: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => v || null),
  lastName: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => v || null),
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
  password: ZPassword.optional().describe(
    "Only on create: the initial password. Without it the user gets a mail with a link to set one.",
  ),
});
export type TUser = z.infer<typeof ZUser>;
