import {
  type TBelegtext,
  type THotHintText,
  ZBelegtext,
  ZHotHintText,
} from "@kontor/domain/belegtext/belegtext.schema";
import { Text, Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { stripHtml } from "../../components/list/listValues.ts";
import { ResourceEditPage, ResourceList } from "../../components/resource/ResourceScreens.tsx";
import type { Resource } from "../../components/resource/resource.ts";
import { LazyRichTextEditor } from "../../components/richtext/LazyRichTextEditor.tsx";

interface BelegtextValues {
  id?: number;
  title: string;
  text: string;
}

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
const belegtext: Resource<TBelegtext, BelegtextValues, "felddefinition"> = {
  key: "belegtext",
  api: "belegtexts",
  schema: ZBelegtext,
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
  empty: () => ({ title: "", text: "" }),
  toForm: ({ id, title, text }) => ({ ...(id !== undefined ? { id } : {}), title, text }),
  fromForm: (values) => values,
  Fields: function BelegtextFields({ form }) {
    const { t } = useTranslation("felddefinition");
    return (
      <>
        <TextInput
          label={t("belegtext.field.title")}
          description={t("belegtext.hint.title")}
          withAsterisk
          maxLength={200}
          key={form.key("title")}
          {...form.getInputProps("title")}
        />
        <LazyRichTextEditor
          label={t("belegtext.field.text")}
          required
          value={form.values.text}
          onChange={(html) => form.setFieldValue("text", html)}
          error={form.errors.text}
          minHeight={260}
        />
      </>
    );
  },
};

interface HotHintValues {
  id?: number;
  hotHintTitle: string;
  hotHintText: string;
}

/**
 * Hot-hint texts (SPEC §3; API hotHintDefinitionTexts): short hints offered while typing a document, sorted by
 * their text (SPEC §9).
 */
const hothint: Resource<THotHintText, HotHintValues, "felddefinition"> = {
  key: "hothint",
  api: "hotHintDefinitionTexts",
  schema: ZHotHintText,
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
  empty: () => ({ hotHintTitle: "", hotHintText: "" }),
  toForm: ({ id, hotHintTitle, hotHintText }) => ({
    ...(id !== undefined ? { id } : {}),
    hotHintTitle,
    hotHintText,
  }),
  fromForm: (values) => values,
  Fields: function HotHintFields({ form }) {
    const { t } = useTranslation("felddefinition");
    return (
      <>
        <TextInput
          label={t("hothint.field.hotHintTitle")}
          withAsterisk
          maxLength={100}
          key={form.key("hotHintTitle")}
          {...form.getInputProps("hotHintTitle")}
        />
        <Textarea
          label={t("hothint.field.hotHintText")}
          description={t("hothint.hint.hotHintText")}
          withAsterisk
          autosize
          minRows={4}
          maxRows={12}
          maxLength={2000}
          key={form.key("hotHintText")}
          {...form.getInputProps("hotHintText")}
        />
      </>
    );
  },
};

export const BelegtextList = () => <ResourceList resource={belegtext} />;
export const BelegtextEdit = () => <ResourceEditPage resource={belegtext} />;
export const HotHintList = () => <ResourceList resource={hothint} />;
export const HotHintEdit = () => <ResourceEditPage resource={hothint} />;
