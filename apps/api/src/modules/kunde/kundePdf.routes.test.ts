import { KUNDE_PDF_MAX_BYTES, KUNDE_PDF_MAX_COUNT } from "@kontor/domain/kunde/kunde.api";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kundePdf } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../../test/helpers.ts";
import { insertKunde } from "./kunde.fixture.ts";

type Who = { token: string; mandantId: number };
let t: TestApp;
let who: Who;
let other: Who;
let forbidden: Who;
let noModule: Who;

beforeAll(async () => {
  t = await createTestApp();
  const users = await Promise.all([
    createTenantUser(t, { authorities: ["ROLE_USER"], modules: ["assetkunde"] }),
    createTenantUser(t, { authorities: ["ROLE_USER"], modules: ["assetkunde"] }),
    createTenantUser(t, { authorities: ["ROLE_KASSABUCH"], modules: ["assetkunde"] }),
    createTenantUser(t, { authorities: ["ROLE_USER"], modules: [] }),
  ]);
  const callers = await Promise.all(
    users.map(async (user) => ({ token: await login(t, user), mandantId: user.mandantId })),
  );
  [who, other, forbidden, noModule] = callers as [Who, Who, Who, Who];
});
afterAll(() => t?.close());

const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const b64 = (bytes: Buffer) => bytes.toString("base64");
const pdfOfSize = (size: number) => Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x20)]);

const upload = (kundeId: number, payload: object, as: Partial<Who> = who) =>
  call(t, { method: "POST", url: `/app/api/kundes/${kundeId}/pdfs`, ...as, payload });
const uploaded = async (kundeId: number, dateiname = "angebot.pdf", bytes = pdf) => {
  const response = await upload(kundeId, { dateiname, inhalt: b64(bytes) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; dateiname: string };
};
const list = (kundeId: number, as: Partial<Who> = who) =>
  call(t, { method: "GET", url: `/app/api/kundes/${kundeId}/pdfs`, ...as });
const download = (kundeId: number, pdfId: number, as: Partial<Who> = who) =>
  call(t, { method: "GET", url: `/app/api/kundes/${kundeId}/pdfs/${pdfId}`, ...as });
const remove = (kundeId: number, pdfId: number, as: Partial<Who> = who) =>
  call(t, { method: "DELETE", url: `/app/api/kundes/${kundeId}/pdfs/${pdfId}`, ...as });
const stored = (kundeId: number) =>
  withTenant(t.db, who.mandantId, (tx) =>
    tx.select({ id: kundePdf.id }).from(kundePdf).where(eq(kundePdf.kundeId, kundeId)),
  );

describe("customer PDFs", () => {
  it("uploads (201 with metadata), lists in upload order and downloads the very bytes", async () => {
    const kundeId = await insertKunde(t, who.mandantId);
    const bytes = Buffer.concat([pdf, Buffer.from([0, 1, 2, 255])]);
    const response = await upload(kundeId, { dateiname: "Angebot Müller (2026).pdf", inhalt: b64(bytes) });
    expect(response.statusCode, response.body).toBe(201);
    const first = response.json();
    expect(first).toEqual({
      id: expect.any(Number),
      dateiname: "Angebot Müller (2026).pdf",
      contentType: "application/pdf",
      groesse: bytes.length,
      hochgeladenAm: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const second = await uploaded(kundeId, "C:\\fakepath\\plan.pdf");
    expect(second.dateiname).toBe("plan.pdf");

    const listed = await list(kundeId);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([first, expect.objectContaining({ id: second.id, dateiname: "plan.pdf" })]);

    const file = await download(kundeId, first.id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="Angebot M_ller (2026).pdf"; filename*=UTF-8''Angebot%20M%C3%BCller%20%282026%29.pdf`,
    );
    expect((await list(await insertKunde(t, who.mandantId))).json()).toEqual([]);
  });

  it("decides by content: anything but a PDF is 400 inhalt fileType, whatever its name", async () => {
    const kundeId = await insertKunde(t, who.mandantId);
    for (const bytes of [
      Buffer.from("Nur Text, kein PDF"),
      Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
        "base64",
      ),
      Buffer.from("%PDF"),
    ]) {
      const response = await upload(kundeId, { dateiname: "rechnung.pdf", inhalt: b64(bytes) });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual([{ field: "inhalt", code: "fileType" }]);
    }
    expect(await stored(kundeId)).toEqual([]);
  });

  it("answers bad bodies with 400 field codes and saves nothing", async () => {
    const kundeId = await insertKunde(t, who.mandantId);
    for (const [payload, field, code] of [
      [{ inhalt: b64(pdf) }, "dateiname", "required"],
      [{ dateiname: "  ", inhalt: b64(pdf) }, "dateiname", "required"],
      [{ dateiname: "C:\\fakepath\\", inhalt: b64(pdf) }, "dateiname", "required"],
      [{ dateiname: `${"x".repeat(201)}.pdf`, inhalt: b64(pdf) }, "dateiname", "maxLength"],
      [{ dateiname: "a.pdf" }, "inhalt", "required"],
      [{ dateiname: "a.pdf", inhalt: "" }, "inhalt", "required"],
      [{ dateiname: "a.pdf", inhalt: "kein base64!" }, "inhalt", "pattern"],
    ] as const) {
      const response = await upload(kundeId, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().code).toBe("error.validation");
      expect(response.json().fieldErrors, JSON.stringify(payload)).toContainEqual(
        expect.objectContaining({ field, code }),
      );
    }
    const bad = await upload(0, { dateiname: "a.pdf", inhalt: b64(pdf) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors[0].field).toBe("id");
    expect(await stored(kundeId)).toEqual([]);
  });

  it(`takes files up to ${KUNDE_PDF_MAX_BYTES} bytes; a larger one is 400 inhalt maxBytes, a far larger body 413`, async () => {
    const kundeId = await insertKunde(t, who.mandantId);
    const largest = await upload(kundeId, {
      dateiname: "gross.pdf",
      inhalt: b64(pdfOfSize(KUNDE_PDF_MAX_BYTES)),
    });
    expect(largest.statusCode, largest.body).toBe(201);
    expect(largest.json().groesse).toBe(KUNDE_PDF_MAX_BYTES);
    const tooLarge = await upload(kundeId, {
      dateiname: "zu-gross.pdf",
      inhalt: b64(pdfOfSize(KUNDE_PDF_MAX_BYTES + 1)),
    });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().fieldErrors).toEqual([
      { field: "inhalt", code: "maxBytes", max: KUNDE_PDF_MAX_BYTES },
    ]);
    const huge = await upload(kundeId, {
      dateiname: "riesig.pdf",
      inhalt: b64(pdfOfSize(KUNDE_PDF_MAX_BYTES + 100_000)),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe("error.payloadTooLarge");
    expect(await stored(kundeId)).toHaveLength(1);
  });

  it(`refuses the ${KUNDE_PDF_MAX_COUNT + 1}th PDF with 409 error.tooManyFiles, also when two arrive at once`, async () => {
    const kundeId = await insertKunde(t, who.mandantId);
    for (let n = 1; n < KUNDE_PDF_MAX_COUNT; n++) await uploaded(kundeId, `datei-${n}.pdf`);
    const parallel = await Promise.all([
      upload(kundeId, { dateiname: "a.pdf", inhalt: b64(pdf) }),
      upload(kundeId, { dateiname: "b.pdf", inhalt: b64(pdf) }),
    ]);
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = parallel.find((r) => r.statusCode === 409)!;
    expect(refused.json().code).toBe("error.tooManyFiles");
    expect(await stored(kundeId)).toHaveLength(KUNDE_PDF_MAX_COUNT);

    // Deleting one makes room again.
    const [oldest] = (await list(kundeId)).json();
    expect((await remove(kundeId, oldest.id)).statusCode).toBe(204);
    expect((await upload(kundeId, { dateiname: "neu.pdf", inhalt: b64(pdf) })).statusCode).toBe(201);
  });

  it("deletes one PDF (204); then it is gone (404)", async () => {
    const kundeId = await insertKunde(t, who.mandantId);
    const keep = await uploaded(kundeId, "bleibt.pdf");
    const gone = await uploaded(kundeId, "weg.pdf");
    expect((await remove(kundeId, gone.id)).statusCode).toBe(204);
    expect((await download(kundeId, gone.id)).statusCode).toBe(404);
    expect((await remove(kundeId, gone.id)).statusCode).toBe(404);
    expect((await list(kundeId)).json().map((p: { id: number }) => p.id)).toEqual([keep.id]);
  });

  it("a PDF of another customer, another tenant's customer or an unknown one is 404", async () => {
    const kundeId = await insertKunde(t, who.mandantId);
    const nachbar = await insertKunde(t, who.mandantId);
    const file = await uploaded(kundeId);
    expect((await download(nachbar, file.id)).statusCode).toBe(404);
    expect((await remove(nachbar, file.id)).statusCode).toBe(404);
    for (const response of [
      await list(kundeId, other),
      await download(kundeId, file.id, other),
      await remove(kundeId, file.id, other),
      await upload(kundeId, { dateiname: "x.pdf", inhalt: b64(pdf) }, other),
      await list(999_999_999),
      await upload(999_999_999, { dateiname: "x.pdf", inhalt: b64(pdf) }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("error.notFound");
    }
    expect((await stored(kundeId)).map((p) => p.id)).toEqual([file.id]);
    expect((await download(kundeId, file.id)).statusCode).toBe(200);
  });

  it("needs a sign-in (401), the role (403 error.forbidden) and the module assetkunde (403 error.moduleMissing)", async () => {
    const kundeId = await insertKunde(t, who.mandantId);
    const file = await uploaded(kundeId);
    const calls = (as: Partial<Who>) => [
      list(kundeId, as),
      download(kundeId, file.id, as),
      remove(kundeId, file.id, as),
      upload(kundeId, { dateiname: "x.pdf", inhalt: b64(pdf) }, as),
    ];
    for (const response of await Promise.all(calls({}))) expect(response.statusCode).toBe(401);
    for (const response of await Promise.all(calls(forbidden))) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("error.forbidden");
    }
    for (const response of await Promise.all(calls(noModule))) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("error.moduleMissing");
    }
    expect((await stored(kundeId)).map((p) => p.id)).toEqual([file.id]);
  });
});
