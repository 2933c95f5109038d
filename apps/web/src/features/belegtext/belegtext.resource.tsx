import type { TBelegtext, THotHintText } from "@kontor/domain/belegtext/belegtext.schema";
import { Text } from "@mantine/core";
import { stripHtml } from "../../components/list/listValues.ts";
import type { ListResource } from "../../components/resource/resource.ts";

/**
 * What the area's lists show. No schema and no form, so the list chunk carries neither zod nor the inputs (nor the
 * rich-text editor); no table, so the edit chunk (which spreads these into its resources) does not carry the list's.
 */

/** Long texts take two lines in the list; the whole text is one click away (edit). */
const clamped = (text: string) => (
  <Text size="sm" lineClamp={2}>
    {text}
  </Text>
);

/**
 * Document texts (SPEC §2 /belegtext_list/, /belegtext/{slug}; §5: title and text required): a titled rich text a
 * document takes over. The list shows the text without its markup.
 */
export const belegtextList: ListResource<TBelegtext, "felddefinition"> = {
  key: "belegtext",
  api: "belegtexts",
  ns: "felddefinition",
  prefix: "belegtext",
  listPath: "/belegtext_list",
  editPath: (id) => `/belegtext/${id}`,
  columns: (t) => [
    { field: "title", title: t("belegtext.field.title"), width: "30%" },
    {
      field: "text",
      title: t("belegtext.field.text"),
      sortable: false,
      render: (r) => clamped(stripHtml(r.text)),
    },
  ],
  defaultSort: { field: "title", direction: "asc" },
  label: (r) => r.title,
};

/**
 * Hot-hint texts (SPEC §3; API hotHintDefinitionTexts): short hints offered while typing a document, sorted by
 * their text (SPEC §9).
 */
export const hothintList: ListResource<THotHintText, "felddefinition"> = {
  key: "hothint",
  api: "hotHintDefinitionTexts",
  ns: "felddefinition",
  prefix: "hothint",
  listPath: "/hothint_list",
  editPath: (id) => `/hothint/${id}`,
  columns: (t) => [
    { field: "hotHintTitle", title: t("hothint.field.hotHintTitle"), width: "30%" },
    { field: "hotHintText", title: t("hothint.field.hotHintText"), render: (r) => clamped(r.hotHintText) },
  ],
  defaultSort: { field: "hotHintText", direction: "asc" },
  label: (r) => r.hotHintTitle,
};
