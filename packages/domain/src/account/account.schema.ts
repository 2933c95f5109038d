import { z } from "zod";
import { ZEmail, ZLangKey, ZLogin, ZPassword, ZPersonName, ZValidationCode } from "../auth/auth.schema.ts";
import { ZRichText } from "../richtext/richtext.schema.ts";

/** POST /register: creates an inactive user and mails an activation link. */
export const ZRegister = z.object({
  login: ZLogin,
  email: ZEmail,
  password: ZPassword,
  langKey: ZLangKey.default("de"),
});
export type TRegister = z.infer<typeof ZRegister>;

/**
 * The settings screen's fields (POST /account). A new e-mail needs the account's owner to sign in again
 * (issue 33): `currentPassword`, or — with two-factor sign-in on — `validationCode` instead; neither is stored.
 */
export const ZAccountUpdate = z.object({
  firstName: ZPersonName,
  lastName: ZPersonName,
  email: ZEmail,
  langKey: ZLangKey,
  // A field left out keeps its stored value (issue 33: an update never resets what the request did not send).
  signature: ZRichText(20_000)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  enablemailtransfer: z.boolean().optional(),
  timermode: z.boolean().optional(),
  currentPassword: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe("Needed when the e-mail changes: the current password (400 error.passwordWrong when wrong)"),
  validationCode: ZValidationCode.shape.validationCode
    .optional()
    .describe(
      "With two-factor sign-in on, a TOTP code may stand for currentPassword (400 error.codeInvalid)",
    ),
});
export type TAccountUpdate = z.infer<typeof ZAccountUpdate>;
export type TAccountUpdateInput = z.input<typeof ZAccountUpdate>;

export const ZResetPasswordInit = z.object({ email: ZEmail });
export const ZResetPasswordFinish = z.object({
  key: z.string().trim().min(1).max(200),
  newPassword: ZPassword,
});
export const ZChangePassword = z.object({
  currentPassword: z.string().min(1).max(100),
  newPassword: ZPassword,
});
export const ZKey = z.object({ key: z.string().trim().min(1).max(200) });

/**
 * The password form of SPEC §2/§5 (new password twice). The server takes only newPassword; the confirmation is a
 * form rule: a mismatch reads "notEqual" at the confirmation field.
 */
export const ZPasswordForm = z
  .object({ newPassword: ZPassword, confirmPassword: ZPassword })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    params: { code: "notEqual" },
  });

export const ZTotpBarcode = z.object({
  image: z.string().describe("PNG QR code of the otpauth URI, base64 (no data: prefix)"),
  secret: z.string().describe("The base32 secret for manual entry"),
});

/** One signed-in device (a session row). */
export const ZSessionInfo = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  clientAddress: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean().describe("The session of the token that asked"),
});
export type TSessionInfo = z.infer<typeof ZSessionInfo>;
