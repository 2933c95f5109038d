import type { z } from "zod";
import { FIELD_ERROR_CODES } from "./field-error.codes.ts";
import type { TFieldError, TFieldErrorCode } from "./problem.schema.ts";

type Issue = z.core.$ZodIssue;

/**
 * Maps zod issues to the stable field codes of the HTTP contract. Used by the API (400 fieldErrors) and by the
 * web forms (translated messages), so both speak the same codes. `input` lets a missing value read "required".
 */
export function toFieldErrors(issues: readonly Issue[], input: unknown): TFieldError[] {
  const seen = new Set<string>();
  const result: TFieldError[] = [];
  for (const issue of issues) {
    const paths =
      issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of paths) {
      const field = path.map(String).join(".");
      if (seen.has(field)) continue; // the first issue per field is the one to show
      seen.add(field);
      const code = fieldCode(issue, valueAt(input, path));
      result.push({ field, code, ...bounds(issue, code) });
    }
  }
  return result;
}

function fieldCode(issue: Issue, value: unknown): TFieldErrorCode {
  switch (issue.code) {
    case "invalid_type":
      if (value === undefined || value === null) return "required";
      return issue.expected === "int" ? "integer" : "invalidType";
    case "too_small":
      // An empty (or blank, after trim) text is missing, whatever its minimum length.
      if (issue.origin === "string") return isBlank(value) || issue.minimum === 1 ? "required" : "minLength";
      if (issue.origin === "array")
        return Array.isArray(value) && value.length === 0 ? "required" : "minLength";
      return "min";
    case "too_big":
      return issue.origin === "string" || issue.origin === "array" ? "maxLength" : "max";
    case "invalid_format":
      return issue.format === "email" ? "email" : "pattern";
    case "invalid_value":
      return value === undefined || value === null ? "required" : "enum";
    case "unrecognized_keys":
      return "unknownField";
    case "custom": {
      // Rules written with .refine name their code: { params: { code: "notEqual" } }.
      const code = issue.params?.code;
      return typeof code === "string" && (FIELD_ERROR_CODES as readonly string[]).includes(code)
        ? (code as TFieldErrorCode)
        : "invalid";
    }
    default:
      return "invalid";
  }
}

/** The limit a minLength/maxLength/min/max message names ("at least 5 characters"). */
function bounds(issue: Issue, code: TFieldErrorCode): Pick<TFieldError, "min" | "max"> {
  if (issue.code === "too_small" && (code === "minLength" || code === "min"))
    return { min: Number(issue.minimum) };
  if (issue.code === "too_big" && (code === "maxLength" || code === "max"))
    return { max: Number(issue.maximum) };
  if (issue.code === "custom" && code === "dateRange")
    return { min: Number(issue.params?.min), max: Number(issue.params?.max) };
  // A rule written with .refine may name its bound: { params: { code: "max", max: 36 } }.
  if (
    issue.code === "custom" &&
    (code === "min" || code === "max") &&
    typeof issue.params?.[code] === "number"
  )
    return { [code]: issue.params[code] };
  return {};
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
