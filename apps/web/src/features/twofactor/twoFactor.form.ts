import { ZValidationCode } from "@kontor/domain/auth/auth.schema";
import { fieldErrorMessage, zodValidate } from "../../components/form/fieldErrors.ts";

export interface CodeValues {
  validationCode: string;
}

const validateShape = zodValidate(ZValidationCode);

/** A TOTP code: six digits (ZValidationCode); an empty field reads "required". */
export function validateCode(values: CodeValues): Record<string, string> {
  if (values.validationCode.trim() === "") return { validationCode: fieldErrorMessage("required") };
  return validateShape(values);
}

/** A wrong code reads "The code is invalid." at the code field. */
export const CODE_PROBLEM_FIELDS = { "error.codeInvalid": "validationCode" } as const;

/** What a code field keeps of the typed text: digits only, at most six (spaces of "123 456" dropped). */
export function codeInput(value: string): string {
  return value.replace(/\D/g, "").slice(0, 6);
}

/** The base32 secret in groups of four, as authenticator apps show and accept it. */
export function groupSecret(secret: string): string {
  return secret.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ");
}
