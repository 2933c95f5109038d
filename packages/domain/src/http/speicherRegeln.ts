import type { z } from "zod";

/** One reason an aggregate cannot be saved: the dotted field path (as in 400 fieldErrors) and its code. */
export type SpeicherGrund = { field: string; code: "required" };

/**
 * An aggregate's save rules as zod issues of its save schema (in a superRefine), so the API answers 400 with the
 * field paths the form shows: each reason an issue with params.code at its path (`artikelPreisSet.0.preis`). A
 * path the schema already reported is skipped, so one answer names every field once. Zod-free at run time.
 */
export function speicherGruendeMelden(gruende: readonly SpeicherGrund[], ctx: z.RefinementCtx): void {
  const gemeldet = new Set(ctx.issues.map((issue) => (issue.path ?? []).map(String).join(".")));
  for (const { field, code } of gruende) {
    if (gemeldet.has(field)) continue;
    ctx.addIssue({
      code: "custom",
      path: field.split(".").map((teil) => (/^\d+$/.test(teil) ? Number(teil) : teil)),
      params: { code },
      message: `${field} is required`,
    });
  }
}
