import { ZPasswordForm } from "@kontor/domain/account/account.schema";
import { zodValidate } from "../../components/form/fieldErrors.ts";

const validatePasswordPair = zodValidate(ZPasswordForm);

/**
 * The password-and-confirmation rule of SPEC §5 (ZPasswordForm: both 5–50 characters, the confirmation equal,
 * else "notEqual" at the confirmation) for a form whose new-password field may have another name (register:
 * `password`).
 */
export function passwordPairErrors(
  newPassword: string,
  confirmPassword: string,
  newField = "newPassword",
): Record<string, string> {
  const errors = validatePasswordPair({ newPassword, confirmPassword });
  const result: Record<string, string> = {};
  if (errors.newPassword) result[newField] = errors.newPassword;
  if (errors.confirmPassword) result.confirmPassword = errors.confirmPassword;
  return result;
}
