import { z } from "zod";
import { FELD_TYPEN, type TFeldTyp } from "./felddefinition.codes.ts";

export { FELD_TYPEN, type TFeldTyp };

import { normalizeBelegsTyps } from "../nummernkreis/nummernkreis.rules.ts";
import { ZBelegsTyp } from "../typen/typen.ts";
import { optionenIssue, valueFitsType } from "./felddefinition.rules.ts";

/** The kinds of value a self-defined field holds (SPEC §3 "type (default TEXT)"); SELECT offers fixed choices. */
export const ZFeldTyp = z.enum(FELD_TYPEN);

/** Whose records a field definition extends: customers, articles or documents (one table, three resources). */
export const FELD_BEREICHE = ["kunde", "artikel", "beleg"] as const;
export type TFeldBereich = (typeof FELD_BEREICHE)[number];

/** What every field definition has, whatever it extends. */
const baseShape = {
  id: z.number().int().optional(),
  bezeichnung: z.string().trim().min(1).max(100).describe("The field's label"),
  type: ZFeldTyp.default("TEXT"),
  optionen: z
    .array(z.string().trim().min(1).max(100))
    .max(100)
    .default([])
    .describe("The choices of a SELECT field (at least one, each once); empty for every other type"),
  sortOrder: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(0)
    .describe("Position among the fields (ascending)"),
  search: z.boolean().default(true).describe("The entity's search also looks at this field's values"),
};
const printable = z.boolean().default(false).describe("The value is printed on documents");

/** The rules between fields: choices only for SELECT; a default value must fit the type. */
function checkFelddefinition(
  entity: { type: TFeldTyp; optionen: string[]; value?: string | null },
  context: z.RefinementCtx,
) {
  const issue = optionenIssue(entity.type, entity.optionen);
  if (issue)
    context.addIssue({ code: "custom", path: ["optionen"], params: { code: issue }, message: issue });
  if (!valueFitsType(entity.type, entity.value, entity.optionen))
    context.addIssue({ code: "custom", path: ["value"], params: { code: "invalid" }, message: "invalid" });
}

/** An article field definition (SPEC §3): a self-defined field of every article. */
export const ZArtikelFelddefinition = z.object(baseShape).superRefine(checkFelddefinition);
export type TArtikelFelddefinition = z.infer<typeof ZArtikelFelddefinition>;

/** A customer field definition (SPEC §3): printable, with a default value new customers start with. */
export const ZKundeFelddefinition = z
  .object({
    ...baseShape,
    printable,
    value: z
      .string()
      .trim()
      .max(500)
      .nullable()
      .default(null)
      .describe("Default value for new customers (text; must fit the type, e.g. one of the choices)"),
  })
  .superRefine(checkFelddefinition);
export type TKundeFelddefinition = z.infer<typeof ZKundeFelddefinition>;

/** A document field definition (SPEC §3): an English label for English documents, the document types it shows on. */
export const ZBelegFelddefinition = z
  .object({
    ...baseShape,
    printable,
    bezeichnungEn: z.string().trim().max(100).nullable().default(null).describe("Label on English documents"),
    belegsTyps: z
      .array(ZBelegsTyp)
      .min(1)
      .max(100)
      .transform(normalizeBelegsTyps)
      .describe("The document types that show the field"),
    belegsTypsString: z
      .string()
      .optional()
      .describe('Read-only: the types capitalised, e.g. "Angebot, Rechnung"'),
  })
  .superRefine(checkFelddefinition);
export type TBelegFelddefinition = z.infer<typeof ZBelegFelddefinition>;
