import type { TLangKey } from "@kontor/domain/auth/auth.schema";
import { type TEinladungRegister, ZEinladungRegister } from "@kontor/domain/einladung/einladung.schema";
import { zodValidate } from "../../components/form/fieldErrors.ts";
import { mergeErrors } from "../account/formRules.ts";
import { passwordPairErrors } from "../account/passwordPair.ts";

/** The registration through an invitation: what the inputs hold (the key comes from the link). */
export interface EinladungRegisterValues {
  login: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
  langKey: TLangKey;
}

const validateRequest = zodValidate(ZEinladungRegister);

/** ZEinladungRegister (login, names, password, language) and the confirmation rule of ZPasswordForm. */
export function validateEinladungRegister(
  key: string,
  values: EinladungRegisterValues,
): Record<string, string> {
  const { confirmPassword, ...request } = values;
  return mergeErrors(
    validateRequest({ ...request, key }),
    passwordPairErrors(values.password, confirmPassword, "password"),
  );
}

/** The request as the server takes it (trimmed, lower-case login, empty names as null; no confirmation). */
export function toEinladungRegisterRequest(key: string, values: EinladungRegisterValues): TEinladungRegister {
  const { confirmPassword: _confirm, ...request } = values;
  return ZEinladungRegister.parse({ ...request, key });
}

/** Problem codes of POST einladung/register that belong at a field. */
export const EINLADUNG_REGISTER_PROBLEM_FIELDS = { "error.loginUsed": "login" } as const;
