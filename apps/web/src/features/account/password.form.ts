import { lazyCheck } from "../../components/form/fieldErrors.ts";

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The form's rules (password.rules.ts, with zod): loaded with the screen, not in its first load. */
export const changePasswordRules = lazyCheck(() =>
  import("./password.rules.ts").then((module) => module.validateChangePassword),
);

/** A wrong current password reads at its field. */
export const CHANGE_PASSWORD_PROBLEM_FIELDS = { "error.passwordWrong": "currentPassword" } as const;
