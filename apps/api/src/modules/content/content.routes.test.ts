import type { TAuthority, TModul } from "@kontor/domain/access/access.schema";
import { CONTENT_MAX_BYTES } from "@kontor/domain/content/content.codes";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, contentBlob } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { ENCRYPTED_PDF, MINIMAL_PDF, pdfBomb, pdfWithPages, zeroPng } from "../../test/files.ts";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../../test/helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

interface Who {
  token: string;
  mandantId: number;
}

async function inhaber(
  options: { authorities?: TAuthority[]; modules?: TModul[]; mandantId?: number } = {},
): Promise<Who> {
  const user = await createTenantUser(t, {
    authorities: options.authorities ?? ["ROLE_USER", "ROLE_CONTENT_WRITE"],
    modules: options.modules ?? ["content"],
  });
  return { token: await login(t, user), mandantId: user.mandantId };
}

const api = (path: string) => `/app/api/${path}`;
const req = (who: Who, method: "GET" | "PUT" | "DELETE", path: string, payload?: object) =>
  call(t, { method, url: api(path), ...who, ...(payload ? { payload } : {}) });
const fieldErrors = (body: string) =>
  (JSON.parse(body).fieldErrors as { field: string; code: string }[]).map((f) => `${f.field}:${f.code}`);

async function ordner(who: Who, folderName: string, parent: number | null = null) {
  const response = await req(who, "PUT", "folders", { folderName, parent });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; folderName: string; parent: number | null; path: unknown[] };
}

const b64 = (bytes: Buffer | string) => Buffer.from(bytes).toString("base64");
const PDF = MINIMAL_PDF;
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const MP3 = Buffer.concat([
  Buffer.from("ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000"),
  Buffer.alloc(64, 0x55),
]);
const EXE = Buffer.concat([Buffer.from("MZ\u0090\u0000"), Buffer.alloc(64, 0)]);

async function hochladen(
  who: Who,
  files: { filename: string; bytes: Buffer | string }[],
  parent: number | null,
) {
  return req(who, "PUT", "contentfiles", {
    parent,
    files: files.map((f) => ({ filename: f.filename, inhalt: b64(f.bytes) })),
  });
}

describe("access", () => {
  const ROUTES = [
    ["GET", "subfolders"],
    ["GET", "folders/1"],
    ["PUT", "folders"],
    ["DELETE", "folders/1"],
    ["GET", "contentFileInFolder"],
    ["GET", "contentFile"],
    ["GET", "contentFile/1"],
    ["PUT", "contentFile/1"],
    ["DELETE", "contentFile/1"],
    ["GET", "contentFile/1/datei"],
    ["PUT", "contentFileContent"],
    ["PUT", "contentfiles"],
  ] as const;

  it("no token is 401 on every route", async () => {
    const who = await inhaber();
    for (const [method, path] of ROUTES) {
      const response = await call(t, { method, url: api(path), mandantId: who.mandantId, payload: {} });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
    }
  });

  it("without a content role 403 error.forbidden; a content role without the module 403 error.moduleMissing", async () => {
    const nurUser = await inhaber({ authorities: ["ROLE_USER"] });
    const ohneModul = await inhaber({ authorities: ["ROLE_CONTENT_WRITE"], modules: ["rechnungslegung"] });
    for (const [method, path] of ROUTES) {
      const a = await req(nurUser, method, path, {});
      expect(a.statusCode, `${method} ${path}`).toBe(403);
      expect(a.json().code).toBe("error.forbidden");
      const b = await req(ohneModul, method, path, {});
      expect(b.statusCode, `${method} ${path}`).toBe(403);
      expect(b.json().code).toBe("error.moduleMissing");
    }
  });

  it("ROLE_CONTENT_READONLY reads but changes nothing", async () => {
    const schreiber = await inhaber();
    const f = await ordner(schreiber, "Lesbar");
    const reader = await mitglied(schreiber.mandantId, ["ROLE_CONTENT_READONLY"]);
    expect((await req(reader, "GET", "subfolders")).json().map((x: { id: number }) => x.id)).toContain(f.id);
    expect((await req(reader, "GET", `folders/${f.id}`)).statusCode).toBe(200);
    const write = await req(reader, "PUT", "folders", { folderName: "Nein", parent: null });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe("error.forbidden");
    expect((await req(reader, "DELETE", `folders/${f.id}`)).statusCode).toBe(403);
    expect((await hochladen(reader, [{ filename: "a.txt", bytes: "a" }], null)).statusCode).toBe(403);
  });

  it("an admin without the module may read and write (SPEC §6)", async () => {
    const admin = await inhaber({ authorities: ["ROLE_ADMIN"], modules: ["rechnungslegung"] });
    const f = await ordner(admin, "Admin");
    expect((await req(admin, "GET", `folders/${f.id}`)).statusCode).toBe(200);
    expect((await hochladen(admin, [{ filename: "a.txt", bytes: "hallo" }], f.id)).statusCode).toBe(200);
  });
});

/** A second member of a tenant with the given authorities. */
async function mitglied(mandantId: number, authorities: TAuthority[]): Promise<Who> {
  const { createUser } = await import("../../setup/seed.ts");
  const loginName = `leser-${Math.random().toString(36).slice(2, 10)}`;
  await createUser(t.db, {
    login: loginName,
    email: `${loginName}@example.test`,
    password: "secret123",
    authorities,
    mandantIds: [mandantId],
  });
  return { token: await login(t, { login: loginName, password: "secret123" }), mandantId };
}

describe("folders", () => {
  it("creates, lists with counts, shows the path, renames and moves", async () => {
    const who = await inhaber();
    const a = await ordner(who, "Alpha");
    const b = await ordner(who, "Beta", a.id);
    const c = await ordner(who, "Gamma", b.id);
    expect(c.path).toEqual([
      { id: a.id, folderName: "Alpha" },
      { id: b.id, folderName: "Beta" },
      { id: c.id, folderName: "Gamma" },
    ]);
    const top = (await req(who, "GET", "subfolders")).json();
    expect(top).toEqual([
      expect.objectContaining({ id: a.id, subfolderCount: 1, fileCount: 0, parent: null }),
    ]);
    expect((await req(who, "GET", `subfolders?parent=${a.id}`)).json()).toEqual([
      expect.objectContaining({ id: b.id, subfolderCount: 1 }),
    ]);
    // Rename and move Gamma to the top.
    const moved = await req(who, "PUT", "folders", { id: c.id, folderName: "Delta", parent: null });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: c.id, folderName: "Delta", parent: null, path: [{ id: c.id }] });
    expect(
      (await req(who, "GET", "subfolders")).json().map((f: { folderName: string }) => f.folderName),
    ).toEqual(["Alpha", "Delta"]);
    const audits = await withTenant(t.db, who.mandantId, (tx) =>
      tx
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "contentFolder"), eq(auditLog.entityId, c.id))),
    );
    expect(audits.map((x) => x.action).sort()).toEqual(["create", "move"]);
  });

  it("moving a folder into itself or a descendant is 409 error.folderLoop at parent", async () => {
    const who = await inhaber();
    const a = await ordner(who, "A");
    const b = await ordner(who, "B", a.id);
    const c = await ordner(who, "C", b.id);
    for (const parent of [a.id, c.id, b.id]) {
      const response = await req(who, "PUT", "folders", { id: a.id, folderName: "A", parent });
      expect(response.statusCode, `into ${parent}`).toBe(409);
      expect(response.json()).toMatchObject({
        code: "error.folderLoop",
        fieldErrors: [{ field: "parent", code: "folderLoop" }],
      });
    }
    expect((await req(who, "GET", `folders/${a.id}`)).json().parent).toBeNull();
  });

  it("a duplicate name in one folder is 400 unique (case ignored); the same name elsewhere is fine", async () => {
    const who = await inhaber();
    const a = await ordner(who, "Projekte");
    const dup = await req(who, "PUT", "folders", { folderName: "projekte", parent: null });
    expect(dup.statusCode).toBe(400);
    expect(fieldErrors(dup.body)).toEqual(["folderName:unique"]);
    await ordner(who, "Projekte", a.id);
    const other = await ordner(who, "Andere");
    const rename = await req(who, "PUT", "folders", { id: other.id, folderName: "PROJEKTE", parent: null });
    expect(rename.statusCode).toBe(400);
    expect(fieldErrors(rename.body)).toEqual(["folderName:unique"]);
  });

  it("bad input: 400 with field codes", async () => {
    const who = await inhaber();
    for (const [body, expected] of [
      [{ folderName: "", parent: null }, "folderName:required"],
      [{ folderName: "a/b", parent: null }, "folderName:pattern"],
      [{ folderName: "x".repeat(201), parent: null }, "folderName:maxLength"],
      [{ folderName: "ok", parent: 999999999 }, "parent:notFound"],
      [{ folderName: "ok", parent: "x" }, "parent:invalidType"],
    ] as const) {
      const response = await req(who, "PUT", "folders", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldErrors(response.body)).toContain(expected);
    }
    expect(
      (await req(who, "PUT", "folders", { id: 999999999, folderName: "x", parent: null })).statusCode,
    ).toBe(404);
    expect((await req(who, "GET", "subfolders?parent=abc")).statusCode).toBe(400);
    expect((await req(who, "GET", "subfolders?parent=999999999")).statusCode).toBe(404);
  });

  it("a folder with subfolders or files is not deleted (409 error.folderNotEmpty); an empty one is", async () => {
    const who = await inhaber();
    const a = await ordner(who, "Voll");
    const b = await ordner(who, "Kind", a.id);
    let response = await req(who, "DELETE", `folders/${a.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("error.folderNotEmpty");
    expect((await hochladen(who, [{ filename: "x.txt", bytes: "x" }], b.id)).statusCode).toBe(200);
    response = await req(who, "DELETE", `folders/${b.id}`);
    expect(response.json().code).toBe("error.folderNotEmpty");
    const file = (await req(who, "GET", `contentFileInFolder?folder=${b.id}`)).json()[0];
    expect((await req(who, "DELETE", `contentFile/${file.id}`)).statusCode).toBe(204);
    expect((await req(who, "DELETE", `folders/${b.id}`)).statusCode).toBe(204);
    expect((await req(who, "DELETE", `folders/${a.id}`)).statusCode).toBe(204);
    expect((await req(who, "GET", `folders/${a.id}`)).statusCode).toBe(404);
    expect((await req(who, "DELETE", `folders/${a.id}`)).statusCode).toBe(404);
  });
});

describe("uploads", () => {
  it("stores several files, each with its checked type and kind", async () => {
    const who = await inhaber();
    const f = await ordner(who, "Upload");
    const response = await hochladen(
      who,
      [
        { filename: "Handbuch.pdf", bytes: PDF },
        { filename: "Logo.png", bytes: PNG },
        { filename: "Ansage.mp3", bytes: MP3 },
        { filename: "Notiz.txt", bytes: "Grüße\n" },
      ],
      f.id,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response
        .json()
        .map((x: { filename: string; contentType: string; contentFileTyp: string; groesse: number }) => [
          x.filename,
          x.contentType,
          x.contentFileTyp,
        ]),
    ).toEqual([
      ["Handbuch.pdf", "application/pdf", "dokument"],
      ["Logo.png", "image/png", "bild"],
      ["Ansage.mp3", "audio/mpeg", "hoerbtext"],
      ["Notiz.txt", "text/plain", "text"],
    ]);
    const list = (await req(who, "GET", `contentFileInFolder?folder=${f.id}`)).json();
    expect(list.map((x: { filename: string }) => x.filename)).toEqual([
      "Ansage.mp3",
      "Handbuch.pdf",
      "Logo.png",
      "Notiz.txt",
    ]);
    expect((await req(who, "GET", `folders/${f.id}`)).json().fileCount).toBe(4);
  });

  it("a disguised .exe (MZ named .pdf) is 400 fileType at its index and nothing of the request is stored", async () => {
    const who = await inhaber();
    const f = await ordner(who, "Sicher");
    const response = await hochladen(
      who,
      [
        { filename: "gut.pdf", bytes: PDF },
        { filename: "rechnung.pdf", bytes: EXE },
        { filename: "bild.pdf", bytes: PNG },
        { filename: "programm.exe", bytes: "harmloser text" },
      ],
      f.id,
    );
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response.body)).toEqual([
      "files.1.inhalt:fileType",
      "files.2.inhalt:fileType",
      "files.3.inhalt:fileType",
    ]);
    expect((await req(who, "GET", `contentFileInFolder?folder=${f.id}`)).json()).toEqual([]);
  });

  it("opens every PDF and image before storing: damaged, encrypted, too many pages or pixels, a bomb are 400 (issue 33)", async () => {
    const who = await inhaber();
    const f = await ordner(who, "Geprüft");
    const response = await hochladen(
      who,
      [
        { filename: "gut.pdf", bytes: pdfWithPages(2) },
        { filename: "kaputt.pdf", bytes: "%PDF-1.7\n% nothing but a header\n" },
        { filename: "geheim.pdf", bytes: ENCRYPTED_PDF },
        { filename: "lang.pdf", bytes: pdfWithPages(1001) },
        { filename: "bombe.pdf", bytes: pdfBomb(80 * 1024 * 1024) },
        { filename: "riesig.png", bytes: await zeroPng(12_000, 9_000) }, // 108 million pixels, 510 KB
        { filename: "kaputt.png", bytes: PNG.subarray(0, 20) },
        { filename: "gut.png", bytes: PNG },
      ],
      f.id,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { field: "files.1.inhalt", code: "pdfInvalid" },
      { field: "files.2.inhalt", code: "pdfEncrypted" },
      { field: "files.3.inhalt", code: "maxPages", max: 1000 },
      { field: "files.4.inhalt", code: "pdfTooComplex" },
      { field: "files.5.inhalt", code: "maxPixels", max: 100_000_000 },
      { field: "files.6.inhalt", code: "imageInvalid" },
    ]);
    expect((await req(who, "GET", `contentFileInFolder?folder=${f.id}`)).json()).toEqual([]);
  });

  it("a file over 20 MB is 400 maxBytes; a body over the limit 413", async () => {
    const who = await inhaber();
    const gross = Buffer.alloc(CONTENT_MAX_BYTES + 1, 0x61);
    const response = await hochladen(who, [{ filename: "gross.txt", bytes: gross }], null);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { field: "files.0.inhalt", code: "maxBytes", max: CONTENT_MAX_BYTES },
    ]);
    const zuViel = await hochladen(
      who,
      [
        { filename: "a.txt", bytes: gross.subarray(0, CONTENT_MAX_BYTES) },
        { filename: "b.txt", bytes: gross.subarray(1, CONTENT_MAX_BYTES) },
      ],
      null,
    );
    expect(zuViel.statusCode).toBe(413);
    expect((await req(who, "GET", "contentFileInFolder")).json()).toEqual([]);
  });

  it("more than 10 files, an empty list, a name clash are 400", async () => {
    const who = await inhaber();
    const elf = Array.from({ length: 11 }, (_, i) => ({ filename: `${i}.txt`, bytes: `${i}` }));
    expect(fieldErrors((await hochladen(who, elf, null)).body)).toEqual(["files:maxLength"]);
    expect(fieldErrors((await hochladen(who, [], null)).body)).toEqual(["files:required"]);
    expect((await hochladen(who, [{ filename: "Da.txt", bytes: "1" }], null)).statusCode).toBe(200);
    const clash = await hochladen(
      who,
      [
        { filename: "neu.txt", bytes: "2" },
        { filename: "da.TXT", bytes: "3" },
      ],
      null,
    );
    expect(clash.statusCode).toBe(400);
    expect(fieldErrors(clash.body)).toEqual(["files.1.filename:unique"]);
    const twice = await hochladen(
      who,
      [
        { filename: "zwei.txt", bytes: "2" },
        { filename: "Zwei.txt", bytes: "3" },
      ],
      null,
    );
    expect(fieldErrors(twice.body)).toEqual(["files.1.filename:unique"]);
    expect((await req(who, "GET", "contentFileInFolder")).json()).toHaveLength(1);
    const fremd = await hochladen(who, [{ filename: "x.txt", bytes: "x" }], 999999999);
    expect(fieldErrors(fremd.body)).toEqual(["parent:notFound"]);
  });

  it("the same bytes twice are stored once; the blob goes with its last file", async () => {
    const who = await inhaber();
    const a = await ordner(who, "Eins");
    const b = await ordner(who, "Zwei");
    const erste = (await hochladen(who, [{ filename: "x.pdf", bytes: PDF }], a.id)).json()[0];
    const zweite = (await hochladen(who, [{ filename: "y.pdf", bytes: PDF }], b.id)).json()[0];
    expect(zweite.assetId).toBe(erste.assetId);
    const blobs = () =>
      withTenant(t.db, who.mandantId, async (tx) => {
        const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(contentBlob);
        return row!.n;
      });
    expect(await blobs()).toBe(1);
    expect((await req(who, "DELETE", `contentFile/${erste.id}`)).statusCode).toBe(204);
    expect(await blobs()).toBe(1);
    expect((await req(who, "GET", `contentFile/${zweite.id}/datei`)).rawPayload).toEqual(PDF);
    expect((await req(who, "DELETE", `contentFile/${zweite.id}`)).statusCode).toBe(204);
    expect(await blobs()).toBe(0);
    expect((await req(who, "DELETE", `contentFile/${zweite.id}`)).statusCode).toBe(404);
  });
});

describe("files", () => {
  it("answers the bytes inline for previews and as an attachment on download, with nosniff", async () => {
    const who = await inhaber();
    const [pdf, txt] = (
      await hochladen(
        who,
        [
          { filename: "Plan ä.pdf", bytes: PDF },
          { filename: "a.txt", bytes: "<script>alert(1)</script>" },
        ],
        null,
      )
    ).json();
    const shown = await req(who, "GET", `contentFile/${pdf.id}/datei`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers["content-type"]).toBe("application/pdf");
    expect(shown.headers["content-disposition"]).toMatch(
      /^inline; filename="Plan _\.pdf"; filename\*=UTF-8''Plan%20%C3%A4\.pdf$/,
    );
    expect(shown.headers["x-content-type-options"]).toBe("nosniff");
    expect(shown.rawPayload).toEqual(PDF);
    const saved = await req(who, "GET", `contentFile/${pdf.id}/datei?download=true`);
    expect(saved.headers["content-disposition"]).toMatch(/^attachment;/);
    const text = await req(who, "GET", `contentFile/${txt.id}/datei`);
    expect(text.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(text.headers["content-security-policy"]).toContain("script-src 'self'");
    expect((await req(who, "GET", `contentFile/${pdf.id}/datei?download=maybe`)).statusCode).toBe(400);
  });

  it("rich-text content: created, cleaned, changed; without bytes the file download is 404", async () => {
    const who = await inhaber();
    const f = await ordner(who, "Texte");
    const created = await req(who, "PUT", "contentFileContent", {
      filename: "Begrüßung",
      parent: f.id,
      fileContent: "<p>Hallo <strong>Welt</strong></p><script>alert(1)</script>",
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      filename: "Begrüßung",
      contentFileTyp: "hoerbtext",
      parent: f.id,
      assetId: null,
      hasContent: true,
      fileContent: "<p>Hallo <strong>Welt</strong></p>",
    });
    const id = created.json().id;
    const changed = await req(who, "PUT", "contentFileContent", {
      id,
      filename: "Begrüßung neu",
      parent: f.id,
      fileContent: "<p>Neu</p>",
      contentFileTyp: "text",
    });
    expect(changed.json()).toMatchObject({
      filename: "Begrüßung neu",
      contentFileTyp: "text",
      fileContent: "<p>Neu</p>",
    });
    expect((await req(who, "GET", `contentFile/${id}`)).json().fileContent).toBe("<p>Neu</p>");
    // Without a kind a change keeps it.
    const kept = await req(who, "PUT", "contentFileContent", { id, filename: "Begrüßung neu", parent: f.id });
    expect(kept.json()).toMatchObject({ contentFileTyp: "text", fileContent: "" });
    expect((await req(who, "GET", `contentFile/${id}/datei`)).statusCode).toBe(404);
    const bad = await req(who, "PUT", "contentFileContent", {
      filename: "",
      parent: null,
      contentFileTyp: "video",
    });
    expect(fieldErrors(bad.body).sort()).toEqual(["contentFileTyp:enum", "filename:required"]);
    const missing = await req(who, "PUT", "contentFileContent", {
      id: 999999999,
      filename: "x",
      parent: null,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("renames and moves a file; a clash is 400 unique", async () => {
    const who = await inhaber();
    const f = await ordner(who, "Ziel");
    const [a] = (await hochladen(who, [{ filename: "a.txt", bytes: "a" }], null)).json();
    await hochladen(who, [{ filename: "b.txt", bytes: "b" }], f.id);
    const clash = await req(who, "PUT", `contentFile/${a.id}`, { filename: "B.txt", parent: f.id });
    expect(clash.statusCode).toBe(400);
    expect(fieldErrors(clash.body)).toEqual(["filename:unique"]);
    const moved = await req(who, "PUT", `contentFile/${a.id}`, { filename: "c.txt", parent: f.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ filename: "c.txt", parent: f.id, contentFileTyp: "text" });
    expect((await req(who, "GET", "contentFileInFolder")).json()).toEqual([]);
    expect((await req(who, "PUT", `contentFile/999999999`, { filename: "x", parent: null })).statusCode).toBe(
      404,
    );
    expect(
      fieldErrors((await req(who, "PUT", `contentFile/${a.id}`, { filename: "x", parent: 999999999 })).body),
    ).toEqual(["parent:notFound"]);
  });

  it("searches file names in every folder, paged and sorted, with x-total-count", async () => {
    const who = await inhaber();
    const f = await ordner(who, "Suche");
    await hochladen(
      who,
      [
        { filename: "Bericht 2025.txt", bytes: "1" },
        { filename: "bericht_100%.txt", bytes: "2" },
        { filename: "Andere.txt", bytes: "3" },
      ],
      f.id,
    );
    await hochladen(who, [{ filename: "Zwischenbericht.txt", bytes: "4" }], null);
    let response = await req(who, "GET", "contentFile?search=bericht&size=2");
    expect(response.statusCode).toBe(200);
    expect(response.headers["x-total-count"]).toBe("3");
    expect(response.json().map((x: { filename: string }) => x.filename)).toEqual([
      "Bericht 2025.txt",
      "bericht_100%.txt",
    ]);
    response = await req(who, "GET", "contentFile?search=bericht&size=2&page=1");
    expect(response.json().map((x: { filename: string }) => x.filename)).toEqual(["Zwischenbericht.txt"]);
    response = await req(who, "GET", "contentFile?search=100%25");
    expect(response.json()).toHaveLength(1);
    response = await req(who, "GET", "contentFile?sort=filename,desc");
    expect(response.json()[0].filename).toBe("Zwischenbericht.txt");
    expect((await req(who, "GET", "contentFile?sort=inhalt,asc")).statusCode).toBe(400);
  });

  it("another tenant's folders and files are 404 and never listed", async () => {
    const a = await inhaber();
    const b = await inhaber();
    const fb = await ordner(b, "Geheim-B");
    const [datei] = (await hochladen(b, [{ filename: "geheim.pdf", bytes: PDF }], fb.id)).json();
    for (const [method, path, body] of [
      ["GET", `folders/${fb.id}`],
      ["DELETE", `folders/${fb.id}`],
      ["GET", `subfolders?parent=${fb.id}`],
      ["GET", `contentFileInFolder?folder=${fb.id}`],
      ["GET", `contentFile/${datei.id}`],
      ["GET", `contentFile/${datei.id}/datei`],
      ["PUT", `contentFile/${datei.id}`, { filename: "x.pdf", parent: null }],
      ["DELETE", `contentFile/${datei.id}`],
      ["PUT", "folders", { id: fb.id, folderName: "x", parent: null }],
      ["PUT", "contentFileContent", { id: datei.id, filename: "x", parent: null }],
    ] as const) {
      const response = await req(a, method, path, body);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(fieldErrors((await req(a, "PUT", "folders", { folderName: "x", parent: fb.id })).body)).toEqual([
      "parent:notFound",
    ]);
    expect((await req(a, "GET", "contentFile?search=geheim")).json()).toEqual([]);
    expect((await req(a, "GET", "subfolders")).json()).toEqual([]);
    expect((await req(b, "GET", `contentFile/${datei.id}`)).statusCode).toBe(200);
    expect((await req(b, "GET", `folders/${fb.id}`)).json().folderName).toBe("Geheim-B");
  });
});
