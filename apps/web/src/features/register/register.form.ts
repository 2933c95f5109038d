import { type TRegister, ZRegister } from "@kontor/domain/account/account.schema";
import type { TLangKey } from "@kontor/domain/auth/auth.schema";
import { zodValidate } from "../../components/form/fieldErrors.ts";
import { mergeErrors } from "../account/formRules.ts";
import { passwordPairErrors } from "../account/passwordPair.ts";

export interface RegisterValues {
  login: string;
  email: string;
  password: string;
  confirmPassword: string;
  langKey: TLangKey;
}

const validateRequest = zodValidate(ZRegister);

/** The register form's rules: ZRegister (login, e-mail, password) and the confirmation of ZPasswordForm. */
export function validateRegister(values: RegisterValues): Record<string, string> {
  return mergeErrors(
    validateRequest(values),
    passwordPairErrors(values.password, values.confirmPassword, "password"),
  );
}

/** The request as the server takes it (trimmed, lower-case login and e-mail; no confirmation). */
export function toRegisterRequest(values: RegisterValues): TRegister {
  return ZRegister.parse(values);
}

/** Problem codes of POST register that belong at a field. */
export const REGISTER_PROBLEM_FIELDS = { "error.loginUsed": "login", "error.emailUsed": "email" } as const;
