import { MantineProvider } from "@mantine/core";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { initTestI18n } from "../../test/komponententest.ts";
import { visible } from "../../test/visible.ts";
import { RICH_TEXT_CONTROLS, RichTextEditor, type RichTextEditorProps } from "./RichTextEditor.tsx";

beforeAll(async () => {
  await initTestI18n(["common", "richtext", "crud"]);
  URL.createObjectURL ??= () => "blob:test";
  URL.revokeObjectURL ??= () => undefined;
});

afterEach(cleanup);

function Editor(props: Partial<RichTextEditorProps> & { onHtml?: (html: string) => void }) {
  const [value, setValue] = useState(props.value ?? "");
  return (
    <MantineProvider>
      <RichTextEditor
        label="Inhalt"
        {...props}
        value={value}
        onChange={(html) => {
          setValue(html);
          props.onHtml?.(html);
        }}
      />
    </MantineProvider>
  );
}

const LABELS: Record<(typeof RICH_TEXT_CONTROLS)[number], string> = {
  bold: "Fett",
  italic: "Kursiv",
  underline: "Unterstrichen",
  paragraph: "Absatz",
  h1: "Überschrift 1",
  h2: "Überschrift 2",
  h3: "Überschrift 3",
  code: "Code",
  image: "Bild einfügen",
  alignLeft: "Linksbündig",
  alignCenter: "Zentriert",
  alignRight: "Rechtsbündig",
  bulletList: "Aufzählung",
  orderedList: "Nummerierte Liste",
};

describe("rich-text editor", () => {
  it("has every toolbar button of the spec, translated, and a labelled text area", () => {
    render(<Editor value="<p>Hallo</p>" />);
    for (const control of RICH_TEXT_CONTROLS) {
      expect(visible(screen.getByRole("button", { name: LABELS[control] })), control).toBe(true);
    }
    expect(screen.getByRole("textbox", { name: "Inhalt" }).textContent).toBe("Hallo");
  });

  it("switches single buttons off through a prop", () => {
    render(<Editor controls={{ image: false, h1: false, code: false }} />);
    expect(screen.queryByRole("button", { name: "Bild einfügen" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Überschrift 1" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Code" })).toBeNull();
    expect(visible(screen.getByRole("button", { name: "Überschrift 2" }))).toBe(true);
  });

  it("shows the text without toolbar when read-only", () => {
    render(<Editor value="<h2>Titel</h2>" readOnly />);
    expect(screen.queryByRole("button", { name: "Fett" })).toBeNull();
    const box = screen.getByRole("textbox", { name: "Inhalt" });
    expect(box.getAttribute("contenteditable")).toBe("false");
    expect(box.querySelector("h2")?.textContent).toBe("Titel");
  });

  it("drops images that are not embedded (a pasted remote image would load from elsewhere)", () => {
    const png = "data:image/png;base64,iVBORw0KGgo=";
    render(<Editor value={`<p>a</p><img src="https://example.com/x.png"><img src="${png}">`} />);
    const images = [...screen.getByRole("textbox", { name: "Inhalt" }).querySelectorAll("img")];
    expect(images.map((image) => image.getAttribute("src"))).toEqual([png]);
  });

  it("refuses a picked file that is no image by content, with a translated message", async () => {
    const onHtml = vi.fn();
    render(<Editor onHtml={onHtml} />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const fake = new File(["<html>not a picture</html>"], "foto.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [fake] } });
    expect(visible(await screen.findByText("Die Datei ist kein Bild (erlaubt: PNG, JPEG, GIF, WebP)."))).toBe(
      true,
    );
  });

  it("refuses an image over the size limit, naming the limit", async () => {
    render(<Editor maxImageBytes={1024} />);
    const bytes = new Uint8Array(2048);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File([bytes], "gross.png", { type: "image/png" })] } });
    expect(visible(await screen.findByText("Das Bild ist zu groß (höchstens 1 KB)."))).toBe(true);
  });

  it("embeds an accepted image as a data URL in the HTML", async () => {
    const onHtml = vi.fn();
    render(<Editor onHtml={onHtml} />);
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File([bytes], "foto.jpg", { type: "image/jpeg" })] } });
    await waitFor(() =>
      expect(onHtml).toHaveBeenLastCalledWith(expect.stringContaining('src="data:image/jpeg;base64,')),
    );
    expect(screen.queryByText(/Die Datei|Das Bild/)).toBeNull();
  });
});
