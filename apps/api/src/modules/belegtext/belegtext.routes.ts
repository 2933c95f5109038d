import { ZBelegtext, ZHotHintText } from "@kontor/domain/belegtext/belegtext.schema";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { belegtext, hotHintText } from "../../db/schema/index.ts";
import type { Deps } from "../../deps.ts";
import { registerCrud } from "../crud/crud.ts";

/**
 * Document texts (belegtexts: a titled rich text a document takes over) and hot-hint texts (hotHintDefinitionTexts:
 * short hints offered while typing a document): the generic pattern, master data.
 */
export const belegtextRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  registerCrud(app, {
    path: "belegtexts",
    tag: "belegtext",
    noun: "Document text",
    table: belegtext,
    schema: ZBelegtext,
    columns: { id: belegtext.id, title: belegtext.title, text: belegtext.text },
    sortFields: ["title", "id"],
    defaultSort: { field: "title", direction: "asc" },
    access: { read: "stammdaten" },
  });

  registerCrud(app, {
    path: "hotHintDefinitionTexts",
    tag: "belegtext",
    noun: "Hot-hint text",
    table: hotHintText,
    schema: ZHotHintText,
    columns: {
      id: hotHintText.id,
      hotHintTitle: hotHintText.hotHintTitle,
      hotHintText: hotHintText.hotHintText,
    },
    sortFields: ["hotHintText", "hotHintTitle", "id"],
    defaultSort: { field: "hotHintText", direction: "asc" },
    access: { read: "stammdaten" },
  });
};
