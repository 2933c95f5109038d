import { ARTIKEL_BILD_MAX_BYTES, THUMBNAIL } from "@kontor/domain/artikel/artikel.api";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asset } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { zeroPng } from "../../test/files.ts";
import { call, createTestApp, type TestApp } from "../../test/helpers.ts";
import { type Caller, createAnhangCallers } from "../anhang/pdfAnhang.testing.ts";
import { bildTyp } from "./artikelBild.routes.ts";

let t: TestApp;
let who: Caller;
let reader: Caller;
let other: Caller;
let noRole: Caller;
let noModule: Caller;

beforeAll(async () => {
  t = await createTestApp();
  const callers = await createAnhangCallers(t, {
    authorities: ["ROLE_ARTIKEL_WRITE"],
    modules: ["artikelbilder"],
    noModuleAuthorities: ["ROLE_ARTIKEL_WRITE", "ROLE_USER"],
    leser: ["ROLE_USER"],
  });
  ({ who, other, forbidden: noRole, noModule } = callers);
  reader = callers.leser!;
});
afterAll(() => t?.close());

/** A test image: a colour gradient (so every upload differs by `seed`), in the given format. */
async function bild(
  width: number,
  height: number,
  format: "jpeg" | "png" | "webp" | "gif",
  seed = Math.floor(Math.random() * 1e9),
  orientation?: number,
) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7 + seed) % 256;
  let image = sharp(pixels, { raw: { width, height, channels: 3 } }).toFormat(format);
  if (orientation) image = image.withMetadata({ orientation });
  return image.toBuffer();
}
const b64 = (bytes: Buffer) => bytes.toString("base64");

const upload = (payload: object, as: Partial<Caller> = who) =>
  call(t, { method: "POST", url: "/app/api/artikelimage", ...as, payload });
const uploaded = async (bytes: Buffer, dateiname = "foto.jpg", as: Partial<Caller> = who) => {
  const response = await upload({ dateiname, inhalt: b64(bytes) }, as);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { assetId: number; dateiname: string; contentType: string; groesse: number };
};
const original = (assetId: number, as: Partial<Caller> = who) =>
  call(t, { method: "GET", url: `/app/api/artikelimage/${assetId}`, ...as });
const thumb = (assetId: number, as: Partial<Caller> = who, size = `${THUMBNAIL.breite}/${THUMBNAIL.hoehe}`) =>
  call(t, { method: "GET", url: `/app/api/artikelimage/${assetId}/thumbnail/${size}`, ...as });
const thumbMeta = async (assetId: number) => {
  const response = await thumb(assetId);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/plain/);
  expect(response.body).toMatch(/^[A-Za-z0-9+/]+=*$/); // plain base64, not a JSON string
  const bytes = Buffer.from(response.body, "base64");
  return sharp(bytes).metadata();
};
const assetCount = () =>
  withTenant(t.db, who.mandantId, async (tx) => (await tx.select({ id: asset.id }).from(asset)).length);

describe("article images", () => {
  it("uploads (201 with metadata), serves the original bytes and a 1024 x 800 JPEG thumbnail as base64", async () => {
    const bytes = await bild(2048, 1024, "jpeg");
    const response = await upload({ dateiname: "C:\\fakepath\\Säge groß.jpg", inhalt: b64(bytes) });
    expect(response.statusCode, response.body).toBe(201);
    const saved = response.json();
    expect(saved).toEqual({
      assetId: expect.any(Number),
      dateiname: "Säge groß.jpg",
      contentType: "image/jpeg",
      groesse: bytes.length,
    });
    const file = await original(saved.assetId, reader);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/jpeg");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.rawPayload.equals(bytes)).toBe(true);
    // Fits inside 1024 x 800 with the aspect kept: 2048 x 1024 → 1024 x 512.
    expect(await thumbMeta(saved.assetId)).toMatchObject({ format: "jpeg", width: 1024, height: 512 });
  });

  it("takes PNG and WebP by content (whatever the name), never enlarges, applies EXIF orientation", async () => {
    const png = await uploaded(await bild(10, 8, "png"), "klein.jpg");
    expect(png.contentType).toBe("image/png");
    expect(await thumbMeta(png.assetId)).toMatchObject({ format: "jpeg", width: 10, height: 8 });
    const webp = await uploaded(await bild(900, 1600, "webp"), "hoch.png");
    expect(webp.contentType).toBe("image/webp");
    expect(await thumbMeta(webp.assetId)).toMatchObject({ width: 450, height: 800 });
    // Stored landscape 1600 x 400 with orientation 6 (rotate 90°): shown portrait 400 x 1600 → 200 x 800.
    const rotated = await uploaded(await bild(1600, 400, "jpeg", 1, 6));
    expect(await thumbMeta(rotated.assetId)).toMatchObject({ width: 200, height: 800 });
  });

  it("stores the same bytes once per tenant: a second upload answers the existing asset", async () => {
    const bytes = await bild(300, 200, "png");
    const first = await uploaded(bytes, "erstes.png");
    const before = await assetCount();
    const [again, parallel] = await Promise.all([
      uploaded(bytes, "zweites.png"),
      uploaded(bytes, "drittes.png"),
    ]);
    expect(again).toEqual(first);
    expect(parallel).toEqual(first);
    expect(await assetCount()).toBe(before);
    // Another tenant gets its own copy.
    const theirs = await uploaded(bytes, "fremd.png", other);
    expect(theirs.assetId).not.toBe(first.assetId);
  });

  it("decides by content: anything but JPEG, PNG or WebP, or a broken image, is 400 inhalt fileType", async () => {
    const before = await assetCount();
    for (const bytes of [
      Buffer.from("Nur Text, kein Bild"),
      Buffer.from("%PDF-1.4\n%%EOF\n"),
      await bild(20, 20, "gif"),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]), // a JPEG signature, nothing behind it
    ]) {
      const response = await upload({ dateiname: "bild.jpg", inhalt: b64(bytes) });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual([{ field: "inhalt", code: "fileType" }]);
    }
    expect(await assetCount()).toBe(before);
    expect(bildTyp(Buffer.from("RIFF\0\0\0\0WAVE"))).toBeUndefined();
  });

  it("refuses a picture of more than 50 million pixels by its header, before decoding it (inhalt maxPixels)", async () => {
    const before = await assetCount();
    const bombe = await zeroPng(10_000, 10_000); // 389 KB, 400 MB decoded
    const response = await upload({ dateiname: "bombe.png", inhalt: b64(bombe) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: "inhalt", code: "maxPixels", max: 50_000_000 }]);
    expect(await assetCount()).toBe(before);
  });

  it("answers bad bodies with 400 field codes and saves nothing", async () => {
    const before = await assetCount();
    const ok = b64(await bild(4, 4, "png"));
    for (const [payload, field, code] of [
      [{ inhalt: ok }, "dateiname", "required"],
      [{ dateiname: "   ", inhalt: ok }, "dateiname", "required"],
      [{ dateiname: "C:\\fakepath\\", inhalt: ok }, "dateiname", "required"],
      [{ dateiname: `${"x".repeat(201)}.png`, inhalt: ok }, "dateiname", "maxLength"],
      [{ dateiname: "a.png" }, "inhalt", "required"],
      [{ dateiname: "a.png", inhalt: "kein base64!" }, "inhalt", "pattern"],
    ] as const) {
      const response = await upload(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fieldErrors, JSON.stringify(payload)).toContainEqual(
        expect.objectContaining({ field, code }),
      );
    }
    const tooLarge = Buffer.concat([await bild(4, 4, "png"), Buffer.alloc(ARTIKEL_BILD_MAX_BYTES)]);
    const large = await upload({ dateiname: "gross.png", inhalt: b64(tooLarge) });
    expect(large.statusCode).toBe(400);
    expect(large.json().fieldErrors).toEqual([
      { field: "inhalt", code: "maxBytes", max: ARTIKEL_BILD_MAX_BYTES },
    ]);
    expect((await original(0)).json().fieldErrors[0].field).toBe("assetId");
    expect(await assetCount()).toBe(before);
  });

  it("only the SPEC size exists; another tenant's or an unknown asset is 404", async () => {
    const mine = await uploaded(await bild(50, 50, "jpeg"));
    for (const size of ["800/600", "1024/801", "100/100"])
      expect((await thumb(mine.assetId, who, size)).statusCode).toBe(404);
    for (const response of [
      await original(mine.assetId, other),
      await thumb(mine.assetId, other),
      await original(999_999_999),
      await thumb(999_999_999),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("error.notFound");
    }
  });

  it("makes a missing thumbnail once on first request (an asset stored without one)", async () => {
    const mine = await uploaded(await bild(1200, 1200, "png"));
    await withTenant(t.db, who.mandantId, (tx) =>
      tx.update(asset).set({ thumbnail: null }).where(eq(asset.id, mine.assetId)),
    );
    expect(await thumbMeta(mine.assetId)).toMatchObject({ width: 800, height: 800 });
    const [row] = await withTenant(t.db, who.mandantId, (tx) =>
      tx.select({ thumbnail: asset.thumbnail }).from(asset).where(eq(asset.id, mine.assetId)),
    );
    expect(row?.thumbnail).not.toBeNull();
  });

  it("needs a sign-in (401), ROLE_ARTIKEL_WRITE to upload (403 error.forbidden), the module artikelbilder (403 error.moduleMissing)", async () => {
    const mine = await uploaded(await bild(8, 8, "png"));
    const body = { dateiname: "x.png", inhalt: b64(await bild(8, 8, "png")) };
    const reads = (as: Partial<Caller>) => [original(mine.assetId, as), thumb(mine.assetId, as)];
    for (const response of await Promise.all([...reads({}), upload(body, {})]))
      expect(response.statusCode).toBe(401);
    const expectCode = async (
      list: Promise<{ statusCode: number; json(): { code: string } }>[],
      code: string,
    ) => {
      for (const response of await Promise.all(list)) {
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe(code);
      }
    };
    await expectCode([upload(body, reader), upload(body, noRole)], "error.forbidden");
    // Without any article role: reading would need the catalogue module (area "artikel").
    await expectCode(reads(noRole), "error.moduleMissing");
    await expectCode([...reads(noModule), upload(body, noModule)], "error.moduleMissing");
  });
});
