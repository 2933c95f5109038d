import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { describeCrud } from "../../test/crud.ts";
import { ENCRYPTED_PDF, MINIMAL_PDF, pdfBomb, pdfWithPages, zeroPng } from "../../test/files.ts";
import { call, createTenantUser, login } from "../../test/helpers.ts";

const MB = 1024 * 1024;
const pdf = MINIMAL_PDF;
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const jpeg = await sharp({ create: { width: 8, height: 4, channels: 3, background: "#336699" } })
  .jpeg()
  .toBuffer();
const b64 = (bytes: Buffer) => bytes.toString("base64");
/** A PDF of exactly `size` bytes: a valid one padded with blanks after its end (readers skip them). */
const pdfOfSize = (size: number) => Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x20)]);
const seitenVon = async (bytes: Buffer) => (await PDFDocument.load(bytes)).getPageCount();

const crud = describeCrud({
  path: "rechnungsvorlages",
  valid: (n) => ({ vorlagename: `Briefpapier ${n}`, vorlage: b64(pdf), vorlageDateiname: "briefpapier.pdf" }),
  update: { vorlagename: "Briefpapier neu", active: false },
  invalid: [
    { payload: { vorlage: b64(pdf) }, field: "vorlagename", code: "required" },
    { payload: { vorlagename: "x".repeat(101), vorlage: b64(pdf) }, field: "vorlagename", code: "maxLength" },
    { payload: { vorlagename: "Ohne Datei" }, field: "vorlage", code: "required" },
    {
      payload: { vorlagename: "Text", vorlage: b64(Buffer.from("Hallo")) },
      field: "vorlage",
      code: "invalid",
    },
    { payload: { vorlagename: "Kaputt", vorlage: "kein base64!" }, field: "vorlage", code: "pattern" },
  ],
  sort: { field: "vorlagename", values: (n) => ({ vorlagename: `Sortiert ${n}` }) },
  authorities: ["ROLE_USER"],
  forbiddenAuthorities: ["ROLE_KASSABUCH"],
});

const put = (payload: object) =>
  call(crud.t, { method: "PUT", url: "/app/api/rechnungsvorlages", ...crud.as(), payload });
const download = (id: number, who: { token?: string; mandantId?: number } = crud.as()) =>
  call(crud.t, { method: "GET", url: `/app/api/rechnungsvorlages/${id}/vorlage`, ...who });

describe("rechnungsvorlages: the file", () => {
  it("decides the type by content: a PDF named .png is stored as application/pdf; a sent type is ignored", async () => {
    const response = await put({
      vorlagename: "Umbenannt",
      vorlage: b64(pdf),
      vorlageDateiname: "logo.png",
      vorlageContentType: "image/png",
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json();
    expect(saved).toEqual({
      id: expect.any(Number),
      vorlagename: "Umbenannt",
      active: true,
      vorlageContentType: "application/pdf",
      vorlageDateiname: "logo.png",
      vorlageGroesse: expect.any(Number),
      lastModifiedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const listed = (
      await call(crud.t, { method: "GET", url: "/app/api/rechnungsvorlages?size=500", ...crud.as() })
    ).json();
    expect(listed.find((item: { id: number }) => item.id === saved.id)).toEqual(saved);
    expect((await download(saved.id)).headers["content-type"]).toBe("application/pdf");
  });

  it("accepts PNG and JPEG (as PNG and JPEG); refuses a text file named .pdf and other images", async () => {
    expect((await put({ vorlagename: "Logo", vorlage: b64(png) })).json().vorlageContentType).toBe(
      "image/png",
    );
    expect((await put({ vorlagename: "Foto", vorlage: b64(jpeg) })).json().vorlageContentType).toBe(
      "image/jpeg",
    );
    for (const bytes of [
      Buffer.from("Nur Text, kein PDF"),
      Buffer.from("GIF89a...."),
      Buffer.from("<svg></svg>"),
    ]) {
      const refused = await put({
        vorlagename: "Falsch",
        vorlage: b64(bytes),
        vorlageDateiname: "vorlage.pdf",
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors).toEqual([{ field: "vorlage", code: "invalid" }]);
    }
  });

  it("takes files up to 5 MB, refuses larger ones with field code max and overlong bodies with 413", async () => {
    const largest = await put({ vorlagename: "Groß", vorlage: b64(pdfOfSize(5 * MB)) });
    expect(largest.statusCode, largest.body).toBe(200);
    expect(largest.json().vorlageGroesse).toBeLessThan(5 * MB); // stored as its first page, written anew
    const tooLarge = await put({ vorlagename: "Zu groß", vorlage: b64(pdfOfSize(5 * MB + 1)) });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().fieldErrors).toEqual([{ field: "vorlage", code: "max" }]);
    const huge = await put({ vorlagename: "Riesig", vorlage: b64(pdfOfSize(6 * MB)) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe("error.payloadTooLarge");
  });

  it("downloads the file as stored, as an attachment named in UTF-8", async () => {
    const saved = (
      await put({ vorlagename: "Logo", vorlage: b64(png), vorlageDateiname: "Logo Müller (neu).png" })
    ).json();
    const file = await download(saved.id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(saved.vorlageGroesse);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="Logo M_ller (neu).png"; filename*=UTF-8''Logo%20M%C3%BCller%20%28neu%29.png`,
    );
    const unnamed = (await put({ vorlagename: "Rechnung AT", vorlage: b64(pdf) })).json();
    expect((await download(unnamed.id)).headers["content-disposition"]).toContain(
      'filename="Rechnung AT.pdf"',
    );
  });

  it("an update without a file keeps the stored one; with a file replaces it", async () => {
    const saved = (await put({ vorlagename: "Alt", vorlage: b64(pdf), vorlageDateiname: "alt.pdf" })).json();
    const renamed = await put({
      ...saved,
      vorlagename: "Neu",
      active: false,
      vorlageDateiname: "ignoriert.pdf",
    });
    expect(renamed.json()).toMatchObject({
      vorlagename: "Neu",
      active: false,
      vorlageContentType: "application/pdf",
      vorlageDateiname: "alt.pdf",
      vorlageGroesse: saved.vorlageGroesse,
    });
    const gespeichert = (await download(saved.id)).rawPayload;
    expect(gespeichert.length).toBe(saved.vorlageGroesse);

    const replaced = await put({
      ...renamed.json(),
      vorlage: b64(jpeg),
      vorlageDateiname: "C:\\fakepath\\foto.jpg",
    });
    expect(replaced.json()).toMatchObject({ vorlageContentType: "image/jpeg", vorlageDateiname: "foto.jpg" });
    const ersetzt = (await download(saved.id)).rawPayload;
    expect(ersetzt.equals(gespeichert)).toBe(false);
    expect(await sharp(ersetzt).metadata()).toMatchObject({ format: "jpeg", width: 8, height: 4 });
  });

  it("the download needs a sign-in (401), the role (403), and a template of the tenant (404)", async () => {
    const saved = (await put({ vorlagename: "Geheim", vorlage: b64(pdf) })).json();
    expect((await download(saved.id, {})).statusCode).toBe(401);
    const clerk = await createTenantUser(crud.t, { authorities: ["ROLE_KASSABUCH"] });
    const forbidden = await download(saved.id, {
      token: await login(crud.t, clerk),
      mandantId: clerk.mandantId,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe("error.forbidden");
    expect((await download(999_999_999)).statusCode).toBe(404);
    const other = await createTenantUser(crud.t, { authorities: ["ROLE_USER"] });
    const foreign = await download(saved.id, {
      token: await login(crud.t, other),
      mandantId: other.mandantId,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await download(saved.id)).statusCode).toBe(200);
  });
});

describe("rechnungsvorlages: the file is decoded and bounded at upload (issue 33)", () => {
  const refused = async (vorlage: Buffer) => {
    const response = await put({ vorlagename: "Abgelehnt", vorlage: b64(vorlage) });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe("error.validation");
    return response.json().fieldErrors;
  };

  it("refuses a 10 000 × 10 000 PNG of zeros (389 KB, 400 MB decoded) with maxPixels, without decoding it", async () => {
    const bombe = await zeroPng(10_000, 10_000);
    expect(bombe.length).toBeLessThan(400 * 1024);
    expect(await refused(bombe)).toEqual([{ field: "vorlage", code: "maxPixels", max: 25_000_000 }]);
  });

  it("stores an image as it prints: inside A4 at 300 dpi, on white, without alpha, upright; PNG stays PNG", async () => {
    const gross = await zeroPng(5000, 3000); // 15 million pixels: accepted
    const saved = (
      await put({ vorlagename: "Hintergrund", vorlage: b64(gross), vorlageDateiname: "h.png" })
    ).json();
    expect(saved).toMatchObject({ vorlageContentType: "image/png", vorlageDateiname: "h.png" });
    const gespeichert = (await download(saved.id)).rawPayload;
    expect(await sharp(gespeichert).metadata()).toMatchObject({
      format: "png",
      width: 2480,
      height: 1488,
      channels: 3,
      hasAlpha: false,
      isProgressive: false,
    });
    const { data } = await sharp(gespeichert)
      .extract({ left: 0, top: 0, width: 1, height: 1 })
      .raw()
      .toBuffer({
        resolveWithObject: true,
      });
    expect([...data]).toEqual([255, 255, 255]); // transparent became the paper's white

    const gedreht = await sharp({ create: { width: 80, height: 40, channels: 3, background: "#336699" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const foto = (await put({ vorlagename: "Foto", vorlage: b64(gedreht) })).json();
    expect(foto.vorlageContentType).toBe("image/jpeg");
    const aufrecht = await sharp((await download(foto.id)).rawPayload).metadata();
    expect(aufrecht).toMatchObject({ format: "jpeg", width: 40, height: 80 });
    expect(aufrecht.orientation).toBeUndefined();
  });

  it("refuses an image that cannot be decoded behind a valid header (imageInvalid)", async () => {
    expect(await refused(png.subarray(0, 40))).toEqual([{ field: "vorlage", code: "imageInvalid" }]);
  });

  it("stores a letterhead PDF as its first page; refuses more than 5 pages, encrypted, damaged and bombs", async () => {
    const zwei = await put({ vorlagename: "Zwei Seiten", vorlage: b64(pdfWithPages(2)) });
    expect(zwei.statusCode, zwei.body).toBe(200);
    expect(await seitenVon((await download(zwei.json().id)).rawPayload)).toBe(1);
    expect((await put({ vorlagename: "Fünf", vorlage: b64(pdfWithPages(5)) })).statusCode).toBe(200);

    expect(await refused(pdfWithPages(6))).toEqual([{ field: "vorlage", code: "maxPages", max: 5 }]);
    expect(await refused(ENCRYPTED_PDF)).toEqual([{ field: "vorlage", code: "pdfEncrypted" }]);
    expect(await refused(Buffer.from("%PDF-1.7\n% nothing but a header\n"))).toEqual([
      { field: "vorlage", code: "pdfInvalid" },
    ]);
    // 60 KB that pdf-lib would inflate to 80 MB when loading the file
    const bombe = pdfBomb(80 * MB);
    expect(bombe.length).toBeLessThan(200 * 1024);
    expect(await refused(bombe)).toEqual([{ field: "vorlage", code: "pdfTooComplex" }]);
  });
});
