import { describe, expect, it } from "vitest";
import {
  base64DecodedLength,
  base64Head,
  cleanFileName,
  sniffContentType,
  VORLAGE_MAX_BYTES,
} from "./rechnungsvorlage.rules.ts";
import { ZRechnungsvorlageInput } from "./rechnungsvorlage.schema.ts";

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => Uint8Array.from(value, (c) => c.charCodeAt(0));
// base64 of bytes, written without a platform API: a tiny encoder for the tests only
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
function toBase64(data: Uint8Array): string {
  let out = "";
  for (let i = 0; i < data.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [data[i], data[i + 1], data[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += i + 1 < data.length ? ALPHABET[(n >> 6) & 63]! : "=";
    out += i + 2 < data.length ? ALPHABET[n & 63]! : "=";
  }
  return out;
}

describe("sniffContentType", () => {
  it.each<[string, Uint8Array, string | undefined]>([
    ["PDF", text("%PDF-1.7\n%âãÏÓ"), "application/pdf"],
    ["PNG", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13), "image/png"],
    ["JPEG (JFIF)", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 16), "image/jpeg"],
    ["JPEG (Exif)", bytes(0xff, 0xd8, 0xff, 0xe1), "image/jpeg"],
    ["text", text("Hello, this is no PDF"), undefined],
    ["%PDF without dash", text("%PDF1.7"), undefined],
    ["GIF", text("GIF89a"), undefined],
    ["SVG", text("<svg xmlns="), undefined],
    ["PNG cut short", bytes(0x89, 0x50, 0x4e, 0x47), undefined],
    ["empty", bytes(), undefined],
  ])("%s → %s", (_, data, expected) => {
    expect(sniffContentType(data)).toBe(expected);
  });
});

describe("base64", () => {
  it.each<[string, number]>([
    ["", 0],
    ["YQ==", 1],
    ["YWI=", 2],
    ["YWJj", 3],
    ["YWJjZA==", 4],
  ])("%j decodes to %i bytes", (value, length) => {
    expect(base64DecodedLength(value)).toBe(length);
  });

  it("decodes the head of a text the same as a full decoder", () => {
    const data = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00, 0x7f);
    expect(base64Head(toBase64(data), 8)).toEqual(data.slice(0, 8));
    expect(base64Head(toBase64(data), 100)).toEqual(data);
    expect(base64Head("YQ==", 8)).toEqual(text("a"));
  });
});

describe("cleanFileName", () => {
  it.each<[string, string]>([
    ["Briefpapier.pdf", "Briefpapier.pdf"],
    ["C:\\fakepath\\Logo Müller.png", "Logo Müller.png"],
    ["../../etc/passwd", "passwd"],
    [" a\u0000b\nc.pdf ", "abc.pdf"],
  ])("%j → %j", (name, expected) => {
    expect(cleanFileName(name)).toBe(expected);
  });
});

describe("ZRechnungsvorlageInput", () => {
  const codeOf = (vorlage: string) =>
    ZRechnungsvorlageInput.safeParse({ vorlagename: "V", vorlage }).error?.issues.map((issue) =>
      issue.code === "custom" ? issue.params?.code : issue.code,
    )[0];

  it("accepts a PDF, PNG or JPEG and refuses other content, bad base64 and more than 5 MB", () => {
    expect(codeOf(toBase64(text("%PDF-1.4 ...")))).toBeUndefined();
    expect(codeOf(toBase64(bytes(0xff, 0xd8, 0xff, 0xdb)))).toBeUndefined();
    expect(codeOf(toBase64(text("just text")))).toBe("invalid");
    expect(codeOf("not base64!")).toBe("invalid_format");
    expect(codeOf("A".repeat(Math.ceil(((VORLAGE_MAX_BYTES + 3) * 4) / 3 / 4) * 4))).toBe("max");
  });
});
