import {
  BELEGS_TYP_BESTELLUNG,
  BELEGS_TYPEN,
  BELEGS_TYPEN_GUI,
  FIRMA_TYPEN,
  GESCHLECHT_TYPEN,
  PDF_LAYOUTS,
  ROLE_TYPEN,
  typList,
  ZTyp,
} from "@kontor/domain/typen/typen";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { responses } from "../../http/problem.ts";

/** Each simple type: its path, what the summary calls it, and its codes (fixed in packages/domain). */
const TYPEN: readonly { path: string; noun: string; codes: readonly string[] }[] = [
  { path: "firmatyp", noun: "Customer types (company, private person)", codes: FIRMA_TYPEN },
  { path: "geschlechtstyp", noun: "Salutations", codes: GESCHLECHT_TYPEN },
  { path: "roletyp", noun: "Role types (the authorities)", codes: ROLE_TYPEN },
  { path: "pdflayout", noun: "PDF layouts of documents", codes: PDF_LAYOUTS },
  { path: "belegstypen", noun: "Document types", codes: BELEGS_TYPEN },
  { path: "belegstypengui", noun: "Document types a user can create", codes: BELEGS_TYPEN_GUI },
  { path: "belegstypbestellung", noun: "Order document types", codes: BELEGS_TYP_BESTELLUNG },
];

const member = { level: "tenant", access: "member" } as const;

/**
 * Simple types (SPEC §7): firmatyp, geschlechtstyp (+ asstring), roletyp, pdflayout, belegstypen, belegstypengui,
 * belegstypbestellung. Fixed code lists for selections, answered as `[{id, name}]` to every tenant member.
 */
export const typenRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  for (const { path, noun, codes } of TYPEN) {
    const items = typList(codes);
    app.get(
      `/${path}`,
      {
        config: { auth: member },
        schema: {
          tags: ["typen"],
          summary: `${noun}: all, as {id, name} with the code as name`,
          response: responses({ 200: z.array(ZTyp) }, 401, 403),
        },
      },
      async (_request, reply) => {
        reply.header("x-total-count", items.length);
        return items;
      },
    );
  }

  app.get(
    "/geschlechtstyp/asstring",
    {
      config: { auth: member },
      schema: {
        tags: ["typen"],
        summary: "Salutations: all, as a list of codes",
        response: responses({ 200: z.array(z.string()) }, 401, 403),
      },
    },
    async () => [...GESCHLECHT_TYPEN],
  );
};
