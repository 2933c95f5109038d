import { z } from "zod";
import { ZAuthority } from "../access/access.schema.ts";

/** SPEC §5: passwords have 5 to 50 characters. */
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 50;
export const ZPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

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

export const ZLangKey = z.enum(["de", "en"]);
export type TLangKey = z.infer<typeof ZLangKey>;

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
});
export type TAccount = z.infer<typeof ZAccount>;

/** The name shown for a signed-in user: first and last name, else the login. */
export function friendlyUsername(user: {
  login: string;
  firstName?: string | null;
  lastName?: string | null;
}) {
  const name = [user.firstName, user.lastName].filter((part) => part?.trim()).join(" ");
  return name || user.login;
}

export const ZNewsread = z.object({ newsread: z.boolean() });

/** Public facts about this installation (GET /app/api/appinfo): the shell's colour and the version for admins. */
export const ZAppInfo = z.object({
  environment: z.enum(["local", "dev", "production"]),
  version: z.string(),
});
export type TAppInfo = z.infer<typeof ZAppInfo>;
