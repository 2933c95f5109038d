import { z } from "zod";
import { ZAuthority } from "../access/access.schema.ts";
import { LANG_KEYS, PASSWORD_MAX, PASSWORD_MIN } from "./auth.codes.ts";

/* The code lists and limits are zod-free (auth.codes.ts, for screens); re-exported here as before. */
export { isLangKey, LANG_KEYS, PASSWORD_MAX, PASSWORD_MIN, type TLangKey } from "./auth.codes.ts";

/** SPEC §5: passwords have 5 to 50 characters. */
export const ZPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const ZLangKey = z.enum(LANG_KEYS);

/**
 * SPEC §5: e-mail required, 5 to 50 characters, valid format. Stored and compared lower-case. Checks on one string
 * schema (not a pipe or transform), so the OpenAPI document states `format: email` and the bounds.
 */
export const ZEmail = z.string().trim().toLowerCase().min(5).max(50).check(z.email());

/** Login names: 1 to 50 letters, digits and _ . @ - ; stored lower-case. */
export const ZLogin = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9_.@-]+$/)
  .transform((v) => v.toLowerCase());

/** A person's first or last name: up to 50 characters, empty = none. */
export const ZPersonName = z
  .string()
  .trim()
  .max(50)
  .nullish()
  .transform((v) => v || null);

/** TOTP codes (RFC 6238): six digits. */
export const ZValidationCode = z.object({
  validationCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

export const ZLoginRequest = z.object({
  usernameOrEmail: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .describe("Login name or e-mail address, case-insensitive"),
  password: ZPassword,
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginSuccess = z.object({
  accessToken: z.string().describe("Bearer token; send as Authorization: Bearer <token>"),
  friendlyUsername: z.string(),
  authorities: z.array(ZAuthority),
  userId: z.number().int(),
});
export type TLoginSuccess = z.infer<typeof ZLoginSuccess>;

/** With two-factor on, the login answers a short-lived token that is good only for POST auth/validate2fa. */
export const ZLoginTwoFactor = z.object({
  forceTokenCheck: z.literal(true),
  token2Fa: z.string(),
});
export type TLoginTwoFactor = z.infer<typeof ZLoginTwoFactor>;
export const ZLoginResponse = z.union([ZLoginSuccess, ZLoginTwoFactor]);
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZAccount = z.object({
  id: z.number().int(),
  login: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  langKey: ZLangKey,
  authorities: z.array(ZAuthority),
  newsread: z.boolean().describe("The user ticked 'do not show anymore' in the news dialog"),
  selectedMandantId: z
    .number()
    .int()
    .nullable()
    .describe("The tenant the user selected last (POST selectedMandant)"),
  is2FaUsed: z.boolean(),
  timermode: z.boolean().describe("Time tracking: the running-timer mode instead of from/to entry"),
  enablemailtransfer: z.boolean().describe("Send documents by mail from the app"),
  signature: z.string().nullable().describe("Mail signature (rich text)"),
  zeiterfassungUserData: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .nullable()
    .describe("Working-time data (hours per weekday, overtime, vacation); kept by the time-tracking admin"),
});
export type TAccount = z.infer<typeof ZAccount>;

export const ZNewsread = z.object({ newsread: z.boolean() });

/** The language the user picked in the app (shell switch): kept on the account and applied at every sign-in. */
export const ZLangKeyUpdate = z.object({ langKey: ZLangKey });

/** Public facts about this installation (GET /app/api/appinfo): the shell's colour and the version for admins. */
export const ZAppInfo = z.object({
  environment: z.enum(["local", "dev", "production"]),
  version: z.string(),
});
export type TAppInfo = z.infer<typeof ZAppInfo>;
