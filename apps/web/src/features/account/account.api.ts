import {
  type TAccountUpdate,
  type TSessionInfo,
  ZAccountUpdate,
  ZChangePassword,
  ZSessionInfo,
  ZTotpBarcode,
} from "@kontor/domain/account/account.schema";
import { type TAccount, ZAccount } from "@kontor/domain/auth/auth.schema";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../app/api.ts";
import { accountKeys } from "./account.queries.ts";

/** The shell's zod-free reads (account.queries.ts), here too for the account screens. */
export { accountKeys, accountQuery } from "./account.queries.ts";

/** POST account: the settings screen's fields; answers the saved account (400 error.emailUsed). */
export async function saveAccount(update: z.input<typeof ZAccountUpdate>): Promise<TAccount> {
  return ZAccount.parse(
    await api.post<unknown>("account", ZAccountUpdate.parse(update) satisfies TAccountUpdate),
  );
}

/** POST account/change_password (204; 400 error.passwordWrong). The server ends the user's other sessions. */
export async function changePassword(request: z.input<typeof ZChangePassword>): Promise<void> {
  await api.post<void>("account/change_password", ZChangePassword.parse(request));
}

/** GET totp/barcode: a new secret and its QR code (base64 PNG) for switching two-factor on. */
export async function fetchTotpBarcode(): Promise<z.infer<typeof ZTotpBarcode>> {
  return ZTotpBarcode.parse(await api.get<unknown>("totp/barcode", { mandant: false }));
}

/** POST totp/validate {validationCode}: the first valid code switches two-factor on (400 error.codeInvalid). */
export async function enableTwoFactor(validationCode: string): Promise<void> {
  await api.post<void>("totp/validate", { validationCode }, { mandant: false });
}

/** POST totp/deactivate {validationCode}: switches two-factor off (400 error.codeInvalid). */
export async function disableTwoFactor(validationCode: string): Promise<void> {
  await api.post<void>("totp/deactivate", { validationCode }, { mandant: false });
}

/** GET account/sessions: the user's signed-in devices; `current` marks this one. */
export const sessionsQuery = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: async ({ signal }): Promise<TSessionInfo[]> =>
    z.array(ZSessionInfo).parse(await api.get<unknown>("account/sessions", { signal, mandant: false })),
});

/** DELETE account/sessions/{id}: signs that device out. */
export async function revokeSession(id: string): Promise<void> {
  await api.delete<void>(`account/sessions/${encodeURIComponent(id)}`, { mandant: false });
}
