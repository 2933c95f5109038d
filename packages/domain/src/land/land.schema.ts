import { z } from "zod";

/** A country (ISO 3166-1), installation-wide: code, German and English name, EU membership. */
export const ZLand = z.object({
  id: z.number().int(),
  laenderKuerzel: z.string().describe("ISO 3166-1 alpha-2 code"),
  bezeichnung: z.string().describe("German name"),
  bezeichnungEn: z.string().describe("English name"),
  eu: z.boolean().describe("Member state of the European Union"),
});
export type TLand = z.infer<typeof ZLand>;

/** ISO 3166-1 alpha-2 code (upper case), as countries are referenced everywhere. */
export const ZLaenderKuerzel = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);
