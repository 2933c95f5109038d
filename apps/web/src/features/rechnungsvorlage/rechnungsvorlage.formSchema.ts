import { ZRechnungsvorlage, ZVorlageDatei } from "@kontor/domain/rechnungsvorlage/rechnungsvorlage.schema";
import type { z } from "zod";

/**
 * The template as the server sends it, and what the form is checked with: a new file must be a PDF, PNG or JPEG
 * by its content and at most 5 MB (the rule the server applies too), and a new template needs one. Loaded with
 * the edit screen, not in its first load (zod, DESIGN §9).
 */
export const ZRechnungsvorlageForm = ZRechnungsvorlage.extend({
  vorlage: ZVorlageDatei.optional(),
}).superRefine((value, context) => {
  if (value.id === undefined && value.vorlage === undefined)
    context.addIssue({
      code: "custom",
      path: ["vorlage"],
      params: { code: "required" },
      message: "required",
    });
});
export type TRechnungsvorlageForm = z.infer<typeof ZRechnungsvorlageForm>;
