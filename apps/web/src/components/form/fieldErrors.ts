import { toFieldErrors } from "@kontor/domain/http/field-errors";
import type { TFieldErrorCode } from "@kontor/domain/http/problem.schema";
import i18next from "i18next";
import type { z } from "zod";
import type { ApiFieldError } from "../../app/api.ts";

export interface FieldErrorParams {
  min?: number;
  max?: number;
}

const NEEDS_PARAM: Partial<Record<string, keyof FieldErrorParams>> = {
  minLength: "min",
  min: "min",
  maxLength: "max",
  max: "max",
};

/**
 * The message of a field code in the current language ("validation" namespace). A code this client does not
 * know, or one whose message needs a bound the server did not send, reads "invalid" (never "{{min}}").
 */
export function fieldErrorMessage(code: string, params: FieldErrorParams = {}): string {
  const needed = NEEDS_PARAM[code];
  const usable =
    i18next.exists(code, { ns: "validation" }) && (needed === undefined || params[needed] !== undefined);
  return i18next.t(usable ? (code as TFieldErrorCode) : "invalid", { ns: "validation", ...params });
}

/**
 * A @mantine/form `validate` function from a shared zod schema: the same rules as the server, the same field
 * codes (packages/domain), messages translated in the current language.
 */
export function zodValidate(schema: z.ZodType) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    return serverFieldErrors(toFieldErrors(result.error.issues, values));
  };
}

/** Field errors (of a 400 problem, or of the shared schema in the form) as translated form errors. */
export function serverFieldErrors(fieldErrors: readonly ApiFieldError[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, code, min, max } of fieldErrors)
    errors[field] ??= fieldErrorMessage(code, { min, max });
  return errors;
}
