import { describe, expect, it } from "vitest";
import { describeCrud } from "../../test/crud.ts";
import { call, createTenantUser, login } from "../../test/helpers.ts";

const MB = 1024 * 1024;
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const jpeg = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9,
]);
const b64 = (bytes: Buffer) => bytes.toString("base64");
/** A PDF of exactly `size` bytes. */
const pdfOfSize = (size: number) => Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x20)]);

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
      vorlageGroesse: pdf.length,
      lastModifiedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const listed = (
      await call(crud.t, { method: "GET", url: "/app/api/rechnungsvorlages?size=500", ...crud.as() })
    ).json();
    expect(listed.find((item: { id: number }) => item.id === saved.id)).toEqual(saved);
    expect((await download(saved.id)).headers["content-type"]).toBe("application/pdf");
  });

  it("accepts PNG and JPEG; refuses a text file named .pdf and other images", async () => {
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
    expect(largest.json().vorlageGroesse).toBe(5 * MB);
    const tooLarge = await put({ vorlagename: "Zu groß", vorlage: b64(pdfOfSize(5 * MB + 1)) });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().fieldErrors).toEqual([{ field: "vorlage", code: "max" }]);
    const huge = await put({ vorlagename: "Riesig", vorlage: b64(pdfOfSize(6 * MB)) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe("error.payloadTooLarge");
  });

  it("downloads the very bytes uploaded, as an attachment named in UTF-8", async () => {
    const bytes = Buffer.concat([png, Buffer.from([0, 1, 2, 255])]);
    const saved = (
      await put({ vorlagename: "Logo", vorlage: b64(bytes), vorlageDateiname: "Logo Müller (neu).png" })
    ).json();
    const file = await download(saved.id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
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
      vorlageGroesse: pdf.length,
    });
    expect((await download(saved.id)).rawPayload.equals(pdf)).toBe(true);

    const replaced = await put({
      ...renamed.json(),
      vorlage: b64(jpeg),
      vorlageDateiname: "C:\\fakepath\\foto.jpg",
    });
    expect(replaced.json()).toMatchObject({
      vorlageContentType: "image/jpeg",
      vorlageDateiname: "foto.jpg",
      vorlageGroesse: jpeg.length,
    });
    expect((await download(saved.id)).rawPayload.equals(jpeg)).toBe(true);
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
