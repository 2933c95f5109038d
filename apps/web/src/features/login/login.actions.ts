import { type TLoginRequest, ZLoginRequest } from "@kontor/domain/auth/auth.schema";
import { serverFieldErrors, zodValidate } from "../../components/form/fieldErrors.ts";

/**
 * What the login form needs beyond rendering: the shared ZLoginRequest rules and the sign-in itself. Both need
 * zod, so the page loads this module when the user starts typing rather than with the page (LoginPage.tsx).
 */
export { signIn } from "./login.api.ts";
export { serverFieldErrors };

export const validateLogin = zodValidate(ZLoginRequest);

/** The request as the server wants it (trimmed login). Call after validateLogin found nothing. */
export function toLoginRequest(values: TLoginRequest): TLoginRequest {
  return ZLoginRequest.parse(values);
}
