import { MANDANT_LOGO_MAX_BYTES } from "@kontor/domain/mandant/mandantLogo.schema";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { createUser } from "../../setup/seed.ts";
import {
  call,
  createTenantUser,
  createTestApp,
  login,
  type TestApp,
  type TestUser,
  unique,
} from "../../test/helpers.ts";
import { mandantLogo } from "./mandant.repository.ts";

let t: TestApp;
/** A tenant admin of tenant A, one of tenant B, an admin of both, and a plain member of A. */
let alice: TestUser;
let aliceToken: string;
let bob: TestUser;
let bobToken: string;
let adminToken: string;
let plainToken: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createTenantUser(t, { authorities: ["ROLE_ADMIN_MANDANT", "ROLE_USER"] });
  bob = await createTenantUser(t, { authorities: ["ROLE_ADMIN_MANDANT"] });
  const admin = unique("admin");
  await createUser(t.db, {
    login: admin,
    email: `${admin}@example.test`,
    password: "secret123",
    authorities: ["ROLE_ADMIN"],
    mandantIds: [alice.mandantId, bob.mandantId],
  });
  const plain = unique("plain");
  await createUser(t.db, {
    login: plain,
    email: `${plain}@example.test`,
    password: "secret123",
    authorities: ["ROLE_USER"],
    mandantIds: [alice.mandantId],
  });
  [aliceToken, bobToken, adminToken, plainToken] = await Promise.all([
    login(t, alice),
    login(t, bob),
    login(t, { login: admin, password: "secret123" }),
    login(t, { login: plain, password: "secret123" }),
  ]);
});
afterAll(() => t?.close());

/** A test picture: a gradient (so uploads differ by `seed`), with an alpha channel when `alpha`. */
async function bild(
  width: number,
  height: number,
  format: "png" | "jpeg" | "gif" | "webp",
  options: { alpha?: boolean; seed?: number; depth16?: boolean } = {},
) {
  const channels = options.alpha ? 4 : 3;
  const seed = options.seed ?? Math.floor(Math.random() * 1e9);
  const pixels = Buffer.alloc(width * height * channels);
  for (let i = 0; i < pixels.length; i++)
    pixels[i] = channels === 4 && i % 4 === 3 ? (i >> 2) % 256 : (i * 7 + seed) % 256;
  const image = sharp(pixels, { raw: { width, height, channels } });
  if (format === "png") return image.png(options.depth16 ? { force: true } : {}).toBuffer();
  return image.toFormat(format).toBuffer();
}
const b64 = (bytes: Buffer) => bytes.toString("base64");

type As = { token?: string; mandantId?: number };
const asAlice = (): As => ({ token: aliceToken, mandantId: alice.mandantId });
const asBob = (): As => ({ token: bobToken, mandantId: bob.mandantId });

const put = (payload: object, as: As = asAlice()) =>
  call(t, { method: "PUT", url: "/app/api/mandants/logo", ...as, payload });
const get = (as: As = asAlice()) => call(t, { method: "GET", url: "/app/api/mandants/logo", ...as });
const remove = (as: As = asAlice()) => call(t, { method: "DELETE", url: "/app/api/mandants/logo", ...as });

/** The stored PNG as the document PDF reads it (mandantLogo in the tenant's transaction). */
const stored = (mandantId: number) => withTenant(t.db, mandantId, mandantLogo);

describe("PUT / GET / DELETE /app/api/mandants/logo", () => {
  it("takes a PNG, keeps its transparency, scales it to at most 1200 px wide and answers it as image/png", async () => {
    const response = await put({ inhalt: b64(await bild(2400, 600, "png", { alpha: true })) });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json();
    expect(saved).toEqual({
      breite: 1200,
      hoehe: 300,
      groesse: expect.any(Number),
      geaendertAm: expect.any(String),
    });
    const file = await get();
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["cache-control"]).toBe("no-store");
    expect(file.rawPayload.length).toBe(saved.groesse);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({
      format: "png",
      width: 1200,
      height: 300,
      hasAlpha: true,
      depth: "uchar",
    });
    // The renderer's helper reads the same bytes in a tenant transaction.
    const png = await stored(alice.mandantId);
    expect(png).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(png!).equals(file.rawPayload)).toBe(true);
  });

  it("takes a JPEG (whatever the format) and stores it as a PNG; a small picture is never enlarged", async () => {
    const response = await put({ inhalt: b64(await bild(300, 120, "jpeg")) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ breite: 300, hoehe: 120 });
    const file = await get();
    expect(file.headers["content-type"]).toBe("image/png");
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: "png", width: 300, height: 120 });
  });

  it("fits a tall picture inside 1200 x 1200, makes a 16-bit PNG 8-bit, applies the EXIF orientation", async () => {
    const tall = await put({ inhalt: b64(await bild(400, 2400, "png")) });
    expect(tall.json()).toMatchObject({ breite: 200, hoehe: 1200 });
    const deep = await put({ inhalt: b64(await bild(64, 32, "png", { depth16: true })) });
    expect(deep.statusCode, deep.body).toBe(200);
    expect((await sharp((await get()).rawPayload).metadata()).depth).toBe("uchar");
    const pixels = Buffer.alloc(160 * 40 * 3, 90);
    const rotated = await sharp(pixels, { raw: { width: 160, height: 40, channels: 3 } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await put({ inhalt: b64(rotated) })).json()).toMatchObject({ breite: 40, hoehe: 160 });
  });

  it("decides by content: a text file, a PDF, a GIF or a WebP is 400 inhalt fileType; a broken image imageInvalid", async () => {
    await put({ inhalt: b64(await bild(40, 20, "png", { seed: 1 })) });
    const before = await get();
    for (const bytes of [
      Buffer.from("Nur Text, als logo.png umbenannt"),
      Buffer.from("%PDF-1.4\n%%EOF\n"),
      await bild(20, 20, "gif"),
      await bild(20, 20, "webp"),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    ]) {
      const response = await put({ inhalt: b64(bytes) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "error.validation",
        fieldErrors: [{ field: "inhalt", code: "fileType" }],
      });
    }
    const png = await bild(40, 20, "png");
    for (const bytes of [
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]), // a JPEG signature, nothing behind it
      png.subarray(0, png.length / 2), // a PNG cut in half
      Buffer.concat([png.subarray(0, 8), Buffer.alloc(200, 0x41)]), // the PNG signature, then garbage
    ]) {
      const response = await put({ inhalt: b64(bytes) });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual([{ field: "inhalt", code: "imageInvalid" }]);
    }
    // Nothing replaced the stored logo.
    expect((await get()).rawPayload.equals(before.rawPayload)).toBe(true);
  });

  it("refuses a picture with more pixels than it decodes (400 imageInvalid) without running out of memory", async () => {
    // 10 000 x 6 000 of one colour: a small file, 60 million pixels.
    const huge = await sharp({
      create: { width: 10_000, height: 6_000, channels: 3, background: "#336699" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(MANDANT_LOGO_MAX_BYTES);
    const response = await put({ inhalt: b64(huge) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: "inhalt", code: "imageInvalid" }]);
  });

  it("refuses more than 2 MB (400 inhalt maxBytes; a much larger body 413) and bad bodies with field codes", async () => {
    const tooLarge = Buffer.concat([await bild(4, 4, "png"), Buffer.alloc(MANDANT_LOGO_MAX_BYTES)]);
    const large = await put({ inhalt: b64(tooLarge) });
    expect(large.statusCode).toBe(400);
    expect(large.json().fieldErrors).toEqual([
      { field: "inhalt", code: "maxBytes", max: MANDANT_LOGO_MAX_BYTES },
    ]);
    const huge = await put({ inhalt: b64(Buffer.alloc(3 * MANDANT_LOGO_MAX_BYTES)) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe("error.payloadTooLarge");
    for (const [payload, code] of [
      [{}, "required"],
      [{ inhalt: "" }, "required"],
      [{ inhalt: "kein base64!" }, "pattern"],
      [{ inhalt: 42 }, "invalidType"],
    ] as const) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fieldErrors, JSON.stringify(payload)).toContainEqual(
        expect.objectContaining({ field: "inhalt", code }),
      );
    }
  });

  it("is the selected tenant's: another tenant neither reads nor removes it", async () => {
    const mine = await put({ inhalt: b64(await bild(90, 30, "png")) }, asBob());
    expect(mine.statusCode).toBe(200);
    const bobs = (await get(asBob())).rawPayload;
    // Alice's tenant has its own logo (or none); Bob's is never answered to her.
    await remove();
    expect((await get()).statusCode).toBe(404);
    expect(await stored(alice.mandantId)).toBeUndefined();
    // Naming Bob's tenant is refused: Alice is no member.
    for (const response of [
      await get({ token: aliceToken, mandantId: bob.mandantId }),
      await remove({ token: aliceToken, mandantId: bob.mandantId }),
      await put({ inhalt: b64(await bild(10, 10, "png")) }, { token: aliceToken, mandantId: bob.mandantId }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("error.mandantForbidden");
    }
    expect((await get(asBob())).rawPayload.equals(bobs)).toBe(true);
    expect(Buffer.from((await stored(bob.mandantId))!).equals(bobs)).toBe(true);
    // An admin of both reads each tenant's own logo under its header.
    const asAdmin = (mandantId: number) => ({ token: adminToken, mandantId });
    expect((await get(asAdmin(bob.mandantId))).rawPayload.equals(bobs)).toBe(true);
    expect((await get(asAdmin(alice.mandantId))).statusCode).toBe(404);
  });

  it("GET is 404 without a logo; DELETE removes it (204), then 404; both are in the audit log", async () => {
    await remove();
    const none = await get();
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe("error.notFound");
    expect((await put({ inhalt: b64(await bild(50, 50, "png")) })).statusCode).toBe(200);
    expect((await get()).statusCode).toBe(200);
    const removed = await remove();
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe("");
    expect((await get()).statusCode).toBe(404);
    expect((await remove()).statusCode).toBe(404);
    const log = await withTenant(t.db, alice.mandantId, (tx) =>
      tx
        .select({ detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "mandant"), eq(auditLog.entityId, alice.mandantId))),
    );
    expect(log.map((row) => Object.keys(row.detail as object)[0])).toEqual(
      expect.arrayContaining(["logoSet", "logoRemoved"]),
    );
  });

  it("needs a sign-in (401), the tenant header (403 mandantMissing) and an admin role (403 forbidden)", async () => {
    const body = { inhalt: b64(await bild(8, 8, "png")) };
    for (const response of [
      await get({ mandantId: alice.mandantId }),
      await put(body, { mandantId: alice.mandantId }),
      await remove({ mandantId: alice.mandantId }),
    ])
      expect(response.statusCode).toBe(401);
    for (const response of [await get({ token: aliceToken }), await remove({ token: aliceToken })]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("error.mandantMissing");
    }
    const plain = { token: plainToken, mandantId: alice.mandantId };
    for (const response of [await get(plain), await put(body, plain), await remove(plain)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("error.forbidden");
    }
  });
});
