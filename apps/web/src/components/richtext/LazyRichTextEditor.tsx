import { Input, Skeleton } from "@mantine/core";
import { lazy, Suspense } from "react";
import type { RichTextEditorProps } from "./RichTextEditor.tsx";

const RichTextEditor = lazy(() =>
  import("./RichTextEditor.tsx").then((module) => ({ default: module.RichTextEditor })),
);

/**
 * The rich-text editor, downloaded when first shown (tiptap is the largest library of the app): the form around
 * it appears at once, the editor a moment later.
 */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} description={props.description} error={props.error}>
          <Skeleton height={(props.minHeight ?? 200) + (props.readOnly ? 0 : 44)} mt={4} radius="sm" />
        </Input.Wrapper>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
