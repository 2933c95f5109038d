import { ZChangePassword } from "@kontor/domain/account/account.schema";
import { zodValidate } from "../../components/form/fieldErrors.ts";
import { mergeErrors } from "./formRules.ts";
import type { ChangePasswordValues } from "./password.form.ts";
import { passwordPairErrors } from "./passwordPair.ts";

const validateRequest = zodValidate(ZChangePassword);

/** Current password required; new password 5–50 characters and confirmed (ZChangePassword + ZPasswordForm). */
export function validateChangePassword(values: ChangePasswordValues): Record<string, string> {
  return mergeErrors(validateRequest(values), passwordPairErrors(values.newPassword, values.confirmPassword));
}
