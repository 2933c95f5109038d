import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAX_IMAGE_BYTES,
  formatBytes,
  ImageFileError,
  imageToDataUrl,
  sniffImageType,
} from "./imageFile.ts";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16];
const GIF = [...new TextEncoder().encode("GIF89a"), 1, 0];
const WEBP = [...new TextEncoder().encode("RIFF"), 0, 0, 0, 0, ...new TextEncoder().encode("WEBPVP8 ")];

const file = (bytes: number[] | Uint8Array, name = "bild.png", type = "image/png") =>
  new File([new Uint8Array(bytes)], name, { type });

async function refusal(promise: Promise<unknown>): Promise<ImageFileError> {
  const error = await promise.then(
    () => null,
    (problem: unknown) => problem,
  );
  expect(error).toBeInstanceOf(ImageFileError);
  return error as ImageFileError;
}

describe("image checks of the rich-text editor", () => {
  it.each([
    [PNG, "image/png"],
    [JPEG, "image/jpeg"],
    [GIF, "image/gif"],
    [WEBP, "image/webp"],
  ])("recognises %# by its first bytes as %s", (bytes, type) => {
    expect(sniffImageType(new Uint8Array(bytes))).toBe(type);
  });

  it.each([
    ["text", [...new TextEncoder().encode("hello world")]],
    ["svg", [...new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')]],
    ["pdf", [...new TextEncoder().encode("%PDF-1.7")]],
    ["GIF without version", [...new TextEncoder().encode("GIF8xa")]],
    ["RIFF but not WEBP", [...new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt ")]],
    ["truncated PNG", PNG.slice(0, 4)],
    ["nothing", []],
  ])("refuses %s", (_name, bytes) => {
    expect(sniffImageType(new Uint8Array(bytes))).toBeNull();
  });

  it("embeds an image as a data URL of the type its content has, not its name or MIME guess", async () => {
    const url = await imageToDataUrl(file(JPEG, "foto.png", "image/png"));
    expect(url).toBe(`data:image/jpeg;base64,${btoa(String.fromCharCode(...JPEG))}`);
  });

  it("refuses a file whose content is no image, whatever its name says", async () => {
    const error = await refusal(imageToDataUrl(file([...new TextEncoder().encode("<html>")], "bild.png")));
    expect(error.code).toBe("notAnImage");
  });

  it("refuses an SVG (it can carry script)", async () => {
    const svg = new TextEncoder().encode("<svg onload='alert(1)'/>");
    const error = await refusal(imageToDataUrl(file(svg, "logo.svg", "image/svg+xml")));
    expect(error.code).toBe("notAnImage");
  });

  it("refuses an empty file", async () => {
    expect((await refusal(imageToDataUrl(file([])))).code).toBe("empty");
  });

  it("refuses an image over the limit, and accepts one at the limit", async () => {
    const at = new Uint8Array(1000);
    at.set(PNG);
    await expect(imageToDataUrl(file(at), 1000)).resolves.toMatch(/^data:image\/png;base64,/);
    const over = new Uint8Array(1001);
    over.set(PNG);
    const error = await refusal(imageToDataUrl(file(over), 1000));
    expect(error).toMatchObject({ code: "tooLarge", maxBytes: 1000 });
  });

  it("encodes large images completely", async () => {
    const big = new Uint8Array(200_000);
    big.set(PNG);
    for (let i = PNG.length; i < big.length; i++) big[i] = i % 251;
    const url = await imageToDataUrl(file(big));
    const decoded = Uint8Array.from(atob(url.split(",")[1]!), (char) => char.charCodeAt(0));
    expect(decoded).toEqual(big);
  });

  it("keeps the default limit inside the notification's 500 000 characters of HTML", () => {
    expect(Math.ceil(DEFAULT_MAX_IMAGE_BYTES / 3) * 4).toBeLessThan(500_000);
  });

  it("names the limit in the user's language", () => {
    expect(formatBytes(300 * 1024, "de")).toBe("300 KB");
    expect(formatBytes(1.5 * 1024 * 1024, "de")).toBe("1,5 MB");
    expect(formatBytes(1.5 * 1024 * 1024, "en")).toBe("1.5 MB");
  });
});
