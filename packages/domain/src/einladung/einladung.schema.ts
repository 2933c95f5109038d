import { z } from "zod";
import { ZEmail, ZLangKey, ZLogin, ZPassword, ZPersonName } from "../auth/auth.schema.ts";

/**
 * Invitations into a tenant (issue 13): a tenant admin adds a person by inviting an e-mail address — never by
 * attaching a user id. The address gets a mailed link (7 days, once): an existing account accepts it signed in
 * with that address, anyone else creates their account through it.
 */
export const EINLADUNG_TTL_DAYS = 7;

/** POST mandants/{id}/einladungen. */
export const ZEinladungCreate = z.object({
  email: ZEmail,
  langKey: ZLangKey.default("de").describe("Language of the mail when the address has no account yet"),
});
export type TEinladungCreate = z.infer<typeof ZEinladungCreate>;

/** A pending invitation as the tenant's administrators see it. */
export const ZEinladung = z.object({
  id: z.number().int(),
  email: z.string(),
  invitedBy: z.string().nullable().describe("Login of who invited"),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TEinladung = z.infer<typeof ZEinladung>;

/** The key of a mailed invitation link. */
export const ZEinladungKey = z.object({ key: z.string().trim().min(1).max(200) });

/** GET einladung?key=: what the invited person sees before accepting. */
export const ZEinladungInfo = z.object({
  mandant: z.string().describe("The tenant's name"),
  email: z.string().describe("The invited address"),
  invitedBy: z.string().nullable(),
  accountExists: z
    .boolean()
    .describe("true: sign in with this address and accept; false: register through it"),
});
export type TEinladungInfo = z.infer<typeof ZEinladungInfo>;

/** POST einladung/register: a new account for the invited address, member of the tenant at once. */
export const ZEinladungRegister = ZEinladungKey.extend({
  login: ZLogin,
  password: ZPassword,
  firstName: ZPersonName,
  lastName: ZPersonName,
  langKey: ZLangKey.default("de"),
});
export type TEinladungRegister = z.infer<typeof ZEinladungRegister>;
