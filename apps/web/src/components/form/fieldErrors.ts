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

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let current = values;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

function boundsOf(issue: z.core.$ZodIssue): FieldErrorParams {
  if (issue.code === "too_small") return { min: Number(issue.minimum) };
  if (issue.code === "too_big") return { max: Number(issue.maximum) };
  return {};
}

/**
 * A @mantine/form `validate` function from a shared zod schema: the same rules as the server, the same field
 * codes (packages/domain), messages translated in the current language.
 */
export function zodValidate(schema: z.ZodType) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const [fieldError] = toFieldErrors([issue], values);
      if (fieldError === undefined || fieldError.field in errors) continue;
      // An empty field is "required" to the user, also where the rule is a minimum length (password: 5).
      const code = isBlank(valueAt(values, issue.path)) ? "required" : fieldError.code;
      errors[fieldError.field] = fieldErrorMessage(code, boundsOf(issue));
    }
    return errors;
  };
}

/** Server field errors (400 problem) as form errors. */
export function serverFieldErrors(fieldErrors: readonly ApiFieldError[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, code } of fieldErrors) errors[field] ??= fieldErrorMessage(code);
  return errors;
}
