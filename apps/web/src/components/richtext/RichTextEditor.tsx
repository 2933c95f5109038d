import "@mantine/tiptap/styles.css";
import { Input, Text } from "@mantine/core";
import {
  getUploadImageExtension,
  RichTextEditor as MantineRichTextEditor,
  useRichTextEditorContext,
} from "@mantine/tiptap";
import Image from "@tiptap/extension-image";
import TextAlign from "@tiptap/extension-text-align";
import { useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cspNonce } from "../../app/cspNonce.ts";
import { notifyFailure } from "../feedback/notify.ts";
import { IconParagraph } from "../icons.tsx";
import { DEFAULT_MAX_IMAGE_BYTES, formatBytes, ImageFileError, imageToDataUrl } from "./imageFile.ts";

/** The toolbar buttons of SPEC §2 "Rich-text editor"; each can be switched off. */
export const RICH_TEXT_CONTROLS = [
  "bold",
  "italic",
  "underline",
  "paragraph",
  "h1",
  "h2",
  "h3",
  "code",
  "image",
  "alignLeft",
  "alignCenter",
  "alignRight",
  "bulletList",
  "orderedList",
] as const;
export type RichTextControl = (typeof RICH_TEXT_CONTROLS)[number];

export interface RichTextEditorProps {
  /** HTML; "" for an empty text. */
  value: string;
  onChange?: (html: string) => void;
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  /** `{ image: false }` switches the image button off (and refuses dropped or pasted images); default: all on. */
  controls?: Partial<Record<RichTextControl, boolean>>;
  /** Largest image accepted, in bytes (default 300 KB: images are embedded in the HTML). */
  maxImageBytes?: number;
  /** Shows the text without toolbar, not editable. */
  readOnly?: boolean;
  /** Minimum height of the text area in pixels. */
  minHeight?: number;
}

/**
 * The rich-text editor (SPEC §2) on @mantine/tiptap: bold, italic, underline, paragraph, H1–H3, code, image
 * upload (embedded as a data URL after a content check), alignment left/center/right, bullet and ordered lists.
 * Loaded lazily (LazyRichTextEditor), so only screens that edit rich text download tiptap.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  description,
  error,
  required,
  controls,
  maxImageBytes = DEFAULT_MAX_IMAGE_BYTES,
  readOnly = false,
  minHeight = 200,
}: RichTextEditorProps) {
  const { t, i18n } = useTranslation("richtext");
  const labelId = useId();
  const errorId = useId();
  const [imageError, setImageError] = useState<string | null>(null);
  const show = (control: RichTextControl) => controls?.[control] !== false;
  const imagesAllowed = show("image") && !readOnly;

  const attributes: Record<string, string> = {
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    style: `min-height: ${minHeight}px`,
    ...(error ? { "aria-invalid": "true", "aria-describedby": errorId } : {}),
    ...(readOnly ? { "aria-readonly": "true" } : {}),
  };

  // The editor is created once; what its callbacks need can change, so they read it through a ref.
  const latest = useRef({ onChange, maxImageBytes, imagesAllowed });
  latest.current = { onChange, maxImageBytes, imagesAllowed };

  const imageMessage = (problem: unknown) => {
    if (problem instanceof ImageFileError) {
      return problem.code === "tooLarge"
        ? t("imageError.tooLarge", { max: formatBytes(problem.maxBytes, i18n.language) })
        : t(`imageError.${problem.code}`);
    }
    return t("uploadFailed");
  };

  const editor = useEditor({
    editable: !readOnly,
    immediatelyRender: true,
    injectNonce: cspNonce(), // tiptap's <style> element (Content-Security-Policy style-src nonce)
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        blockquote: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        link: { openOnClick: false },
      }),
      TextAlign.configure({ types: ["heading", "paragraph"] }),
      getUploadImageExtension(Image, {
        onImageUpload: async (file: File) => {
          if (!latest.current.imagesAllowed)
            throw new ImageFileError("notAnImage", latest.current.maxImageBytes);
          const src = await imageToDataUrl(file, latest.current.maxImageBytes);
          setImageError(null);
          return { src, alt: file.name.replace(/\.[^.]+$/, "") };
        },
        onImageUploadError: (_file: File, problem: unknown) => {
          const message = imageMessage(problem);
          setImageError(message);
          notifyFailure(t("uploadFailed"), message);
        },
      })
        // Only embedded images are kept: a pasted <img src="https://…"> would load from elsewhere later.
        .extend({ parseHTML: () => [{ tag: 'img[src^="data:image/"]' }] })
        .configure({ allowBase64: true }),
    ],
    content: value,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => latest.current.onChange?.(current.isEmpty ? "" : current.getHTML()),
  });

  // A new value from outside (the record arrived, the form was reset): show it, without echoing it back.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!readOnly);
  }, [editor, readOnly]);

  // The text area is a textbox named by the label, invalid and described by the error while there is one.
  const attributeKey = JSON.stringify(attributes);
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.setOptions({
      editorProps: { ...editor.options.editorProps, attributes: JSON.parse(attributeKey) },
    });
  }, [editor, attributeKey]);

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      required={required}
      labelElement="div"
      labelProps={{ id: labelId }}
      errorProps={{ id: errorId }}
    >
      <MantineRichTextEditor
        editor={editor}
        labels={{
          boldControlLabel: t("bold"),
          italicControlLabel: t("italic"),
          underlineControlLabel: t("underline"),
          h1ControlLabel: t("h1"),
          h2ControlLabel: t("h2"),
          h3ControlLabel: t("h3"),
          codeControlLabel: t("code"),
          imageUploadControlLabel: t("image"),
          alignLeftControlLabel: t("alignLeft"),
          alignCenterControlLabel: t("alignCenter"),
          alignRightControlLabel: t("alignRight"),
          bulletListControlLabel: t("bulletList"),
          orderedListControlLabel: t("orderedList"),
        }}
        style={error ? { borderColor: "var(--mantine-color-error)" } : undefined}
        mt={label || description ? 4 : 0}
      >
        {!readOnly && (
          <MantineRichTextEditor.Toolbar sticky stickyOffset={56}>
            {(show("bold") || show("italic") || show("underline") || show("code")) && (
              <MantineRichTextEditor.ControlsGroup>
                {show("bold") && <MantineRichTextEditor.Bold />}
                {show("italic") && <MantineRichTextEditor.Italic />}
                {show("underline") && <MantineRichTextEditor.Underline />}
                {show("code") && <MantineRichTextEditor.Code />}
              </MantineRichTextEditor.ControlsGroup>
            )}
            {(show("paragraph") || show("h1") || show("h2") || show("h3")) && (
              <MantineRichTextEditor.ControlsGroup>
                {show("paragraph") && <ParagraphControl label={t("paragraph")} />}
                {show("h1") && <MantineRichTextEditor.H1 />}
                {show("h2") && <MantineRichTextEditor.H2 />}
                {show("h3") && <MantineRichTextEditor.H3 />}
              </MantineRichTextEditor.ControlsGroup>
            )}
            {(show("bulletList") || show("orderedList")) && (
              <MantineRichTextEditor.ControlsGroup>
                {show("bulletList") && <MantineRichTextEditor.BulletList />}
                {show("orderedList") && <MantineRichTextEditor.OrderedList />}
              </MantineRichTextEditor.ControlsGroup>
            )}
            {(show("alignLeft") || show("alignCenter") || show("alignRight")) && (
              <MantineRichTextEditor.ControlsGroup>
                {show("alignLeft") && <MantineRichTextEditor.AlignLeft />}
                {show("alignCenter") && <MantineRichTextEditor.AlignCenter />}
                {show("alignRight") && <MantineRichTextEditor.AlignRight />}
              </MantineRichTextEditor.ControlsGroup>
            )}
            {imagesAllowed && (
              <MantineRichTextEditor.ControlsGroup>
                <MantineRichTextEditor.ImageUpload accept="image/png,image/jpeg,image/gif,image/webp" />
              </MantineRichTextEditor.ControlsGroup>
            )}
          </MantineRichTextEditor.Toolbar>
        )}
        <MantineRichTextEditor.Content />
      </MantineRichTextEditor>
      {imageError && (
        // Announced by the toast (role alert); this line keeps the reason in view beside the editor.
        <Text size="sm" c="red" mt={4}>
          {imageError}
        </Text>
      )}
    </Input.Wrapper>
  );
}

/** "Paragraph": turns the current heading back into normal text (@mantine/tiptap has no such control). */
function ParagraphControl({ label }: { label: string }) {
  const { editor } = useRichTextEditorContext();
  const active = useEditorState({ editor, selector: (ctx) => ctx.editor?.isActive("paragraph") ?? false });
  return (
    <MantineRichTextEditor.Control
      aria-label={label}
      title={label}
      active={active ?? false}
      onClick={() => editor?.chain().focus().setParagraph().run()}
    >
      <IconParagraph size={16} />
    </MantineRichTextEditor.Control>
  );
}
