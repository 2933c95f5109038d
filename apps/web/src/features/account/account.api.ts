import type {
  TAccountUpdate,
  TSessionInfo,
  ZAccountUpdate,
  ZChangePassword,
  ZTotpBarcode,
} from "@kontor/domain/account/account.schema";
import type { TAccount } from "@kontor/domain/auth/auth.schema";
import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../app/api.ts";
import { accountKeys } from "./account.queries.ts";

/** The shell's zod-free reads (account.queries.ts), here too for the account screens. */
export { accountKeys, accountQuery } from "./account.queries.ts";

/*
 * The shared schemas load with the first call, not with the screens (zod is ~25 KB gzip, DESIGN §9): requests
 * are shaped by them before they are sent, answers parsed when they come.
 */
const accountSchemas = () => import("@kontor/domain/account/account.schema");

/** POST account: the settings screen's fields; answers the saved account (400 error.emailUsed). */
export async function saveAccount(update: z.input<typeof ZAccountUpdate>): Promise<TAccount> {
  const [account, auth] = await Promise.all([accountSchemas(), import("@kontor/domain/auth/auth.schema")]);
  return auth.ZAccount.parse(
    await api.post<unknown>("account", account.ZAccountUpdate.parse(update) satisfies TAccountUpdate),
  );
}

/** POST account/change_password (204; 400 error.passwordWrong). The server ends the user's other sessions. */
export async function changePassword(request: z.input<typeof ZChangePassword>): Promise<void> {
  const schemas = await accountSchemas();
  await api.post<void>("account/change_password", schemas.ZChangePassword.parse(request));
}

/** GET totp/barcode: a new secret and its QR code (base64 PNG) for switching two-factor on. */
export async function fetchTotpBarcode(): Promise<z.infer<typeof ZTotpBarcode>> {
  const [schemas, body] = await Promise.all([
    accountSchemas(),
    api.get<unknown>("totp/barcode", { mandant: false }),
  ]);
  return schemas.ZTotpBarcode.parse(body);
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
  queryFn: async ({ signal }): Promise<TSessionInfo[]> => {
    const [schemas, body] = await Promise.all([
      accountSchemas(),
      api.get<unknown>("account/sessions", { signal, mandant: false }),
    ]);
    return schemas.ZSessionInfo.array().parse(body);
  },
});

/** DELETE account/sessions/{id}: signs that device out. */
export async function revokeSession(id: string): Promise<void> {
  await api.delete<void>(`account/sessions/${encodeURIComponent(id)}`, { mandant: false });
}
