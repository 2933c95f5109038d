import { ARTIKEL_PDFS_MAX } from "@kontor/domain/artikel/artikel.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artikelPdf } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../../test/helpers.ts";
import { PDF_MAX_BYTES } from "../anhang/pdfAnhang.ts";
import { insertArtikel, memberOf } from "./artikelDatei.fixture.ts";

type Who = { token: string; mandantId: number };
let t: TestApp;
let who: Who;
let reader: Who;
let other: Who;
let noRole: Who;
let noModule: Who;

beforeAll(async () => {
  t = await createTestApp();
  const users = await Promise.all([
    createTenantUser(t, { authorities: ["ROLE_ARTIKEL_WRITE"], modules: ["assetartikel"] }),
    createTenantUser(t, { authorities: ["ROLE_ARTIKEL_WRITE"], modules: ["assetartikel"] }),
    createTenantUser(t, { authorities: ["ROLE_KASSABUCH"], modules: ["assetartikel"] }),
    createTenantUser(t, { authorities: ["ROLE_ARTIKEL_WRITE", "ROLE_USER"], modules: [] }),
  ]);
  const callers = await Promise.all(
    users.map(async (user) => ({ token: await login(t, user), mandantId: user.mandantId })),
  );
  [who, other, noRole, noModule] = callers as [Who, Who, Who, Who];
  // The reader is a member of the writer's tenant: same data, fewer rights.
  reader = await memberOf(t, who.mandantId, ["ROLE_USER"]);
});
afterAll(() => t?.close());

const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const b64 = (bytes: Buffer) => bytes.toString("base64");
const url = (artikelId: number, pdfId?: number) =>
  `/app/api/artikel/${artikelId}/pdfs${pdfId === undefined ? "" : `/${pdfId}`}`;

const upload = (artikelId: number, payload: object, as: Partial<Who> = who) =>
  call(t, { method: "POST", url: url(artikelId), ...as, payload });
const uploaded = async (artikelId: number, dateiname = "datenblatt.pdf", bytes = pdf) => {
  const response = await upload(artikelId, { dateiname, inhalt: b64(bytes) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; dateiname: string };
};
const list = (artikelId: number, as: Partial<Who> = who) =>
  call(t, { method: "GET", url: url(artikelId), ...as });
const download = (artikelId: number, pdfId: number, as: Partial<Who> = who) =>
  call(t, { method: "GET", url: url(artikelId, pdfId), ...as });
const remove = (artikelId: number, pdfId: number, as: Partial<Who> = who) =>
  call(t, { method: "DELETE", url: url(artikelId, pdfId), ...as });
const stored = (artikelId: number) =>
  withTenant(t.db, who.mandantId, (tx) =>
    tx.select({ id: artikelPdf.id }).from(artikelPdf).where(eq(artikelPdf.artikelId, artikelId)),
  );

describe("article PDFs", () => {
  it("uploads (201 with metadata), lists in upload order and downloads the very bytes with its name", async () => {
    const artikelId = await insertArtikel(t, who.mandantId);
    const bytes = Buffer.concat([pdf, Buffer.from([0, 1, 2, 255])]);
    const response = await upload(artikelId, {
      dateiname: "Datenblatt Größe (2026).pdf",
      inhalt: b64(bytes),
    });
    expect(response.statusCode, response.body).toBe(201);
    const first = response.json();
    expect(first).toEqual({
      id: expect.any(Number),
      dateiname: "Datenblatt Größe (2026).pdf",
      contentType: "application/pdf",
      groesse: bytes.length,
      hochgeladenAm: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const second = await uploaded(artikelId, "C:\\fakepath\\montage.pdf");
    expect(second.dateiname).toBe("montage.pdf");

    // Reading needs only reading articles (ROLE_USER) and the module.
    const listed = await list(artikelId, reader);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      first,
      expect.objectContaining({ id: second.id, dateiname: "montage.pdf" }),
    ]);
    const file = await download(artikelId, first.id, reader);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="Datenblatt Gr__e (2026).pdf"; filename*=UTF-8''Datenblatt%20Gr%C3%B6%C3%9Fe%20%282026%29.pdf`,
    );
    expect((await list(await insertArtikel(t, who.mandantId))).json()).toEqual([]);
  });

  it("decides by content and answers bad bodies with 400 field codes, saving nothing", async () => {
    const artikelId = await insertArtikel(t, who.mandantId);
    for (const [payload, field, code] of [
      [{ dateiname: "a.pdf", inhalt: b64(Buffer.from("Nur Text, kein PDF")) }, "inhalt", "fileType"],
      [
        { dateiname: "a.pdf", inhalt: b64(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0])) },
        "inhalt",
        "fileType",
      ],
      [{ inhalt: b64(pdf) }, "dateiname", "required"],
      [{ dateiname: "C:\\fakepath\\", inhalt: b64(pdf) }, "dateiname", "required"],
      [{ dateiname: `${"x".repeat(201)}.pdf`, inhalt: b64(pdf) }, "dateiname", "maxLength"],
      [{ dateiname: "a.pdf", inhalt: "" }, "inhalt", "required"],
      [{ dateiname: "a.pdf", inhalt: "kein base64!" }, "inhalt", "pattern"],
    ] as const) {
      const response = await upload(artikelId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe("error.validation");
      expect(response.json().fieldErrors, JSON.stringify(payload)).toContainEqual(
        expect.objectContaining({ field, code }),
      );
    }
    const bad = await upload(0, { dateiname: "a.pdf", inhalt: b64(pdf) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors[0].field).toBe("id");
    expect((await download(artikelId, 0)).json().fieldErrors[0].field).toBe("pdfId");
    expect(await stored(artikelId)).toEqual([]);
  });

  it(`a file over ${PDF_MAX_BYTES} bytes is 400 inhalt maxBytes`, async () => {
    const artikelId = await insertArtikel(t, who.mandantId);
    const tooLarge = Buffer.concat([pdf, Buffer.alloc(PDF_MAX_BYTES + 1 - pdf.length, 0x20)]);
    const response = await upload(artikelId, { dateiname: "gross.pdf", inhalt: b64(tooLarge) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: "inhalt", code: "maxBytes", max: PDF_MAX_BYTES }]);
    expect(await stored(artikelId)).toEqual([]);
  });

  it(`refuses the ${ARTIKEL_PDFS_MAX + 1}th PDF with 409 error.tooManyFiles, also when two arrive at once`, async () => {
    const artikelId = await insertArtikel(t, who.mandantId);
    for (let n = 1; n < ARTIKEL_PDFS_MAX; n++) await uploaded(artikelId, `datei-${n}.pdf`);
    const parallel = await Promise.all([
      upload(artikelId, { dateiname: "a.pdf", inhalt: b64(pdf) }),
      upload(artikelId, { dateiname: "b.pdf", inhalt: b64(pdf) }),
    ]);
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(parallel.find((r) => r.statusCode === 409)!.json().code).toBe("error.tooManyFiles");
    expect(await stored(artikelId)).toHaveLength(ARTIKEL_PDFS_MAX);
    const [oldest] = (await list(artikelId)).json();
    expect((await remove(artikelId, oldest.id)).statusCode).toBe(204);
    expect((await upload(artikelId, { dateiname: "neu.pdf", inhalt: b64(pdf) })).statusCode).toBe(201);
  });

  it("deletes one PDF (204); then it is gone (404)", async () => {
    const artikelId = await insertArtikel(t, who.mandantId);
    const keep = await uploaded(artikelId, "bleibt.pdf");
    const gone = await uploaded(artikelId, "weg.pdf");
    expect((await remove(artikelId, gone.id)).statusCode).toBe(204);
    expect((await download(artikelId, gone.id)).statusCode).toBe(404);
    expect((await remove(artikelId, gone.id)).statusCode).toBe(404);
    expect((await list(artikelId)).json().map((p: { id: number }) => p.id)).toEqual([keep.id]);
  });

  it("a PDF of another article, another tenant's article or an unknown one is 404", async () => {
    const artikelId = await insertArtikel(t, who.mandantId);
    const nachbar = await insertArtikel(t, who.mandantId);
    const file = await uploaded(artikelId);
    expect((await download(nachbar, file.id)).statusCode).toBe(404);
    expect((await remove(nachbar, file.id)).statusCode).toBe(404);
    for (const response of [
      await list(artikelId, other),
      await download(artikelId, file.id, other),
      await remove(artikelId, file.id, other),
      await upload(artikelId, { dateiname: "x.pdf", inhalt: b64(pdf) }, other),
      await list(999_999_999),
      await upload(999_999_999, { dateiname: "x.pdf", inhalt: b64(pdf) }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("error.notFound");
    }
    expect((await stored(artikelId)).map((p) => p.id)).toEqual([file.id]);
  });

  it("needs a sign-in (401), ROLE_ARTIKEL_WRITE to write (403 error.forbidden) and the module assetartikel (403 error.moduleMissing)", async () => {
    const artikelId = await insertArtikel(t, who.mandantId);
    const file = await uploaded(artikelId);
    const reads = (as: Partial<Who>) => [list(artikelId, as), download(artikelId, file.id, as)];
    const writes = (as: Partial<Who>) => [
      remove(artikelId, file.id, as),
      upload(artikelId, { dateiname: "x.pdf", inhalt: b64(pdf) }, as),
    ];
    const expectCode = async (
      responses: Promise<{ statusCode: number; json(): { code: string } }>[],
      code: string,
    ) => {
      for (const response of await Promise.all(responses)) {
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe(code);
      }
    };
    for (const response of await Promise.all([...reads({}), ...writes({})]))
      expect(response.statusCode).toBe(401);
    await expectCode(writes(reader), "error.forbidden");
    await expectCode(writes({ ...noRole, mandantId: noRole.mandantId }), "error.forbidden");
    // Without any article role: reading would need the catalogue module (area "artikel"), so it is a module.
    await expectCode(reads(noRole), "error.moduleMissing");
    await expectCode([...reads(noModule), ...writes(noModule)], "error.moduleMissing");
    expect((await stored(artikelId)).map((p) => p.id)).toEqual([file.id]);
  });
});
