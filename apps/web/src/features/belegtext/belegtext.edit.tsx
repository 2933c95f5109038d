import type { TBelegtext, THotHintText } from "@kontor/domain/belegtext/belegtext.schema";
import { Textarea, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ResourceEditPage } from "../../components/resource/ResourceEdit.tsx";
import type { Resource } from "../../components/resource/resource.ts";
import { LazyRichTextEditor } from "../../components/richtext/LazyRichTextEditor.tsx";
import { belegtextList, hothintList } from "./belegtext.resource.tsx";

interface BelegtextValues {
  id?: number;
  title: string;
  text: string;
}

/** Document texts: their list, the shared schema and the form (a title and a rich text, the editor loaded lazily). */
const belegtext: Resource<TBelegtext, BelegtextValues, "felddefinition"> = {
  ...belegtextList,
  schema: () => import("@kontor/domain/belegtext/belegtext.schema").then((module) => module.ZBelegtext),
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

/** Hot-hint texts: their list, the shared schema and the form (a title and a plain text). */
const hothint: Resource<THotHintText, HotHintValues, "felddefinition"> = {
  ...hothintList,
  schema: () => import("@kontor/domain/belegtext/belegtext.schema").then((module) => module.ZHotHintText),
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

export const BelegtextEdit = () => <ResourceEditPage resource={belegtext} />;
export const HotHintEdit = () => <ResourceEditPage resource={hothint} />;
