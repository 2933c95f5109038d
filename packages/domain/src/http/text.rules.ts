import type { TFieldError } from "./problem.schema.ts";

/**
 * The one boundary rule for text (issue 13): no C0 control character except tab, line feed and carriage return
 * (a NUL made PostgreSQL refuse the statement, and other controls corrupt exports and PDFs), and no lone UTF-16
 * surrogate (it cannot be stored as UTF-8 and became U+FFFD silently). Applies to every string of every request —
 * values and object keys alike.
 */
const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isCleanText(text: string): boolean {
  return !FORBIDDEN.test(text);
}

/** Field errors (code "invalid") for every string in a parsed request part that breaks the text rule. */
export function uncleanTextFields(value: unknown, path: readonly (string | number)[] = []): TFieldError[] {
  if (typeof value === "string")
    return isCleanText(value) ? [] : [{ field: path.join("."), code: "invalid" }];
  if (value === null || typeof value !== "object") return [];
  const errors: TFieldError[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      errors.push(...uncleanTextFields(item, [...path, index]));
    });
    return errors;
  }
  for (const [key, item] of Object.entries(value)) {
    if (!isCleanText(key)) errors.push({ field: [...path, "(key)"].join("."), code: "invalid" });
    else errors.push(...uncleanTextFields(item, [...path, key]));
  }
  return errors;
}
