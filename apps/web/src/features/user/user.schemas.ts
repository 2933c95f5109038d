import { ZMandantSummary } from "@kontor/domain/mandant/mandantSummary.schema";
import { ZUser, ZUserAuditEntry } from "@kontor/domain/user/user.schema";
import { z } from "zod";
import { zodValidate } from "../../components/form/fieldErrors.ts";
import { toFormErrors, toUserPayload, type UserFormValues } from "./user.form.ts";

/*
 * The user administration's zod part: the shared schemas that shape requests, parse answers and check the form.
 * Loaded with the first call or the form's rules, never with the screens (zod is ~25 KB gzip, DESIGN §9).
 */

export { ZUser };

/** A user as the API answers it: with its id. */
export const ZUserRecord = ZUser.extend({ id: z.number().int() });

/** GET mandants/allmandants. */
export const ZMandantOptions = z.array(ZMandantSummary);

/** GET users/{id}/audit. */
export const ZUserAudit = z.array(ZUserAuditEntry);

const validatePayload = zodValidate(ZUser);

/** The shared ZUser rules on the form. */
export function validateUser(values: UserFormValues): Record<string, string> {
  return toFormErrors(validatePayload(toUserPayload(values)));
}
