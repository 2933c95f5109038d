import { ZResetPasswordFinish, ZResetPasswordInit } from "@kontor/domain/account/account.schema";
import type { z } from "zod";
import { api } from "../../app/api.ts";

/** POST account/reset_password/init {email}: mails a reset link (204); 400 error.emailNotFound; 429. */
export async function requestPasswordReset(request: z.input<typeof ZResetPasswordInit>): Promise<void> {
  await api.post<void>("account/reset_password/init", ZResetPasswordInit.parse(request), { anonymous: true });
}

/** POST account/reset_password/finish {key, newPassword} (204); 400 error.keyInvalid / error.keyExpired. */
export async function finishPasswordReset(request: z.input<typeof ZResetPasswordFinish>): Promise<void> {
  await api.post<void>("account/reset_password/finish", ZResetPasswordFinish.parse(request), {
    anonymous: true,
  });
}
