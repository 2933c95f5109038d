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
  belowIssued: "min",
  maxLength: "max",
  max: "max",
  maxPixels: "max",
  maxPages: "max",
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

/** A form's check: field errors by input path (a @mantine/form `validate` function). */
export type FormCheck<V> = (values: V) => Record<string, string>;

/**
 * A form's check whose rules load on demand — a shared zod schema stays out of the screen's first load (zod is
 * ~25 KB gzip, DESIGN §9). `load()` fetches it once (start it when the form mounts; a failed load may be tried
 * again); `check` finds nothing until then, so a submit waits for the rules (`onSubmit`) and checks afterwards.
 */
export function lazyCheck<V>(load: () => Promise<FormCheck<V>>) {
  let rules: FormCheck<V> | null = null;
  let loading: Promise<void> | undefined;
  const ensure = (): Promise<void> => {
    loading ??= load().then(
      (loaded) => {
        rules = loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    load: ensure,
    check: (values: V): Record<string, string> => rules?.(values) ?? {},
    /**
     * A form's submit handler: waits for the rules, then runs `checked` (typically `form.onSubmit(save, invalid)`,
     * which checks); a failed load goes to `failed` (a toast).
     */
    onSubmit:
      (checked: () => void, failed: (error: unknown) => void) =>
      (event?: { preventDefault(): void }): void => {
        event?.preventDefault();
        ensure().then(checked, failed);
      },
  };
}

/** Field errors (of a 400 problem, or of the shared schema in the form) as translated form errors. */
export function serverFieldErrors(fieldErrors: readonly ApiFieldError[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { field, code, min, max } of fieldErrors)
    errors[field] ??= fieldErrorMessage(code, { min, max });
  return errors;
}
