import { ZChangePassword } from "@kontor/domain/account/account.schema";
import { zodValidate } from "../../components/form/fieldErrors.ts";
import { mergeErrors, passwordPairErrors } from "./formRules.ts";

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const validateRequest = zodValidate(ZChangePassword);

/** Current password required; new password 5–50 characters and confirmed (ZChangePassword + ZPasswordForm). */
export function validateChangePassword(values: ChangePasswordValues): Record<string, string> {
  return mergeErrors(validateRequest(values), passwordPairErrors(values.newPassword, values.confirmPassword));
}

/** A wrong current password reads at its field. */
export const CHANGE_PASSWORD_PROBLEM_FIELDS = { "error.passwordWrong": "currentPassword" } as const;
