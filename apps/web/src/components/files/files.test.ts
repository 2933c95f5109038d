import { describe, expect, it } from "vitest";
import { fileNameFromDisposition, fileToBase64 } from "./files.ts";

describe("fileToBase64", () => {
  it("encodes the bytes without a data-URL prefix", async () => {
    const pdf = new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0xff])]);
    expect(await fileToBase64(pdf)).toBe(btoa("%PDF-1\xff"));
  });

  it("handles files larger than one chunk", async () => {
    const bytes = new Uint8Array(40_000).map((_, i) => i % 256);
    const encoded = await fileToBase64(new Blob([bytes]));
    const decoded = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
    expect(decoded).toEqual(bytes);
  });
});

describe("fileNameFromDisposition", () => {
  it("prefers the UTF-8 name", () => {
    expect(
      fileNameFromDisposition(`attachment; filename="Brief_kopf.pdf"; filename*=UTF-8''Briefk%C3%B6pf.pdf`),
    ).toBe("Briefköpf.pdf");
  });

  it("reads the plain name, quoted or not", () => {
    expect(fileNameFromDisposition('attachment; filename="logo \\"neu\\".png"')).toBe('logo "neu".png');
    expect(fileNameFromDisposition("attachment; filename=logo.png")).toBe("logo.png");
  });

  it("is null without a name", () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition("attachment")).toBeNull();
  });
});
