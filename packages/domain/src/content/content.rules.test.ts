import { describe, expect, it } from "vitest";
import { contentFileTypVon, contentInline, extensionOf } from "./content.codes.ts";
import { checkedContentType, contentTypeOf } from "./content.rules.ts";

declare const TextEncoder: new () => { encode(text: string): Uint8Array };

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const utf8 = (text: string) => new TextEncoder().encode(text);

describe("contentTypeOf: by the leading bytes", () => {
  it.each([
    ["PDF", bytes("%PDF-1.7\n"), "application/pdf"],
    ["PNG", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0]), "image/png"],
    ["JPEG", bytes([0xff, 0xd8, 0xff, 0xe0]), "image/jpeg"],
    ["GIF87a", bytes("GIF87a"), "image/gif"],
    ["GIF89a", bytes("GIF89a"), "image/gif"],
    ["WebP", bytes("RIFF", [1, 0, 0, 0], "WEBPVP8 "), "image/webp"],
    ["WAV", bytes("RIFF", [1, 0, 0, 0], "WAVEfmt "), "audio/wav"],
    ["OGG", bytes("OggS", [0]), "audio/ogg"],
    ["MP3 with ID3", bytes("ID3", [3, 0, 0]), "audio/mpeg"],
    ["MP3 frame (MPEG-1 layer III, 128 kbit/s)", bytes([0xff, 0xfb, 0x90, 0x64]), "audio/mpeg"],
    ["M4A", bytes([0, 0, 0, 0x20], "ftypM4A "), "audio/mp4"],
    ["UTF-8 text", utf8("Grüße aus Wien\n"), "text/plain"],
    ["UTF-8 text with BOM", bytes([0xef, 0xbb, 0xbf], "hallo"), "text/plain"],
    ["Windows executable", bytes("MZ", [0x90, 0, 3, 0]), undefined],
    ["text with NUL", bytes("ab", [0], "cd"), undefined],
    ["Latin-1 bytes", bytes("Gr", [0xfc], "n"), undefined],
    ["ZIP", bytes("PK", [3, 4, 0, 0]), undefined],
    ["ADTS (reserved layer)", bytes([0xff, 0xf1, 0x50, 0x80]), undefined],
    ["empty", bytes(), undefined],
  ] as const)("%s", (_name, input, expected) => {
    expect(contentTypeOf(input)).toBe(expected);
  });
});

describe("checkedContentType: the name must not contradict the content", () => {
  it.each([
    ["handbuch.pdf", bytes("%PDF-1.4"), "application/pdf"],
    ["HANDBUCH.PDF", bytes("%PDF-1.4"), "application/pdf"],
    ["ohne-endung", bytes("%PDF-1.4"), "application/pdf"],
    ["rechnung.pdf", bytes("MZ", [0x90, 0]), undefined],
    ["bild.pdf", bytes([0xff, 0xd8, 0xff]), undefined],
    ["notiz.txt", utf8("Hallo"), "text/plain"],
    ["seite.html", utf8("<html>"), undefined],
    ["programm.exe", utf8("nur text"), undefined],
    ["lied.mp3", bytes("ID3", [3]), "audio/mpeg"],
    ["lied.m4a", bytes([0, 0, 0, 0x20], "ftypM4A "), "audio/mp4"],
  ] as const)("%s", (name, input, expected) => {
    expect(checkedContentType(name, input)).toBe(expected);
  });
});

describe("codes", () => {
  it("kinds by type", () => {
    expect(contentFileTypVon("audio/ogg")).toBe("hoerbtext");
    expect(contentFileTypVon("image/gif")).toBe("bild");
    expect(contentFileTypVon("application/pdf")).toBe("dokument");
    expect(contentFileTypVon("text/plain")).toBe("text");
  });
  it("inline only for images, PDF, audio and text", () => {
    expect(contentInline("application/pdf")).toBe(true);
    expect(contentInline("image/png")).toBe(true);
    expect(contentInline("audio/mpeg")).toBe(true);
    expect(contentInline("text/plain")).toBe(true);
    expect(contentInline("application/octet-stream")).toBe(false);
  });
  it("extensions", () => {
    expect(extensionOf("a.tar.GZ")).toBe("gz");
    expect(extensionOf(".profile")).toBe("");
    expect(extensionOf("punkt.")).toBe("");
    expect(extensionOf("ohne")).toBe("");
  });
});
