import { ZResetPasswordInit } from "@kontor/domain/account/account.schema";
import { zodValidate } from "../../components/form/fieldErrors.ts";
import { passwordPairErrors } from "../account/passwordPair.ts";

export interface ResetInitValues {
  email: string;
}
export const validateResetInit: (values: ResetInitValues) => Record<string, string> =
  zodValidate(ZResetPasswordInit);
/** SPEC §8: an address nobody registered reads "E-mail address not registered!" at the field. */
export const RESET_INIT_PROBLEM_FIELDS = { "error.emailNotFound": "email" } as const;

export interface ResetFinishValues {
  newPassword: string;
  confirmPassword: string;
}
/** SPEC §5: new password 5–50 characters, the confirmation equal to it (ZPasswordForm). */
export function validateResetFinish(values: ResetFinishValues): Record<string, string> {
  return passwordPairErrors(values.newPassword, values.confirmPassword);
}
