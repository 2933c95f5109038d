import type { TAuthority, TModul } from "@kontor/domain/access/access.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { artikelPdf, kundePdf } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { ENCRYPTED_PDF, MINIMAL_PDF, pdfBomb, pdfWithPages } from "../../test/files.ts";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../../test/helpers.ts";
import { memberOf } from "../artikel/artikelDatei.fixture.ts";

/** Who calls: a token and the tenant (as createTenantUser + login give them). */
export interface Caller {
  token: string;
  mandantId: number;
}

/** The callers of an attachment test file: who and what they may do. */
export interface AnhangCallerOptionen {
  /** The writer's authorities (also the other tenant's). */
  authorities: TAuthority[];
  /** The tenant's modules (the module of the attachments). */
  modules: TModul[];
  /** The authorities of the tenant without the module; default: the writer's. */
  noModuleAuthorities?: TAuthority[];
  /** When given: a member of the writer's tenant with these authorities, who may read but not write. */
  leser?: TAuthority[];
}

export interface AnhangCallers {
  /** Writes and reads in its own tenant. */
  who: Caller;
  /** The same rights in another tenant. */
  other: Caller;
  /** Has the module but only ROLE_KASSABUCH. */
  forbidden: Caller;
  /** Its tenant lacks every module. */
  noModule: Caller;
  /** A member of who's tenant (only with options.leser). */
  leser?: Caller;
}

/**
 * Test helper for the attachment routes (PDFs, images): four tenants' users, signed in — the writer, the same rights
 * in another tenant, a user without the role (ROLE_KASSABUCH) and one whose tenant lacks the module — and, when
 * asked for, a reading member of the writer's tenant.
 */
export async function createAnhangCallers(t: TestApp, options: AnhangCallerOptionen): Promise<AnhangCallers> {
  const { authorities, modules, noModuleAuthorities = authorities } = options;
  const users = await Promise.all([
    createTenantUser(t, { authorities, modules }),
    createTenantUser(t, { authorities, modules }),
    createTenantUser(t, { authorities: ["ROLE_KASSABUCH"], modules }),
    createTenantUser(t, { authorities: noModuleAuthorities, modules: [] }),
  ]);
  const [who, other, forbidden, noModule] = (await Promise.all(
    users.map(async (user) => ({ token: await login(t, user), mandantId: user.mandantId })),
  )) as [Caller, Caller, Caller, Caller];
  // The reader is a member of the writer's tenant: same data, fewer rights.
  const leser = options.leser && (await memberOf(t, who.mandantId, options.leser));
  return { who, other, forbidden, noModule, ...(leser ? { leser } : {}) };
}

type PdfTabelle = typeof kundePdf | typeof artikelPdf;

/** What the shared PDF attachment tests need to know about one owner (anhang/pdfAnhang.ts pdfAnhangRoutes). */
export interface PdfAnhangSuite {
  /** The owner in test names: "customer", "article". */
  noun: string;
  /** The owner's path under /app/api: "kundes", "artikel"; the routes are <pfad>/:id/pdfs(/:pdfId). */
  pfad: string;
  /** Creates an owner in the tenant; returns its id. */
  createBesitzer: (t: TestApp, mandantId: number) => Promise<number>;
  /** The PDF table and its owner column, to see what is stored. */
  tabelle: PdfTabelle;
  besitzerSpalte: typeof kundePdf.kundeId | typeof artikelPdf.artikelId;
  maxBytes: number;
  maxCount: number;
  callers: AnhangCallerOptionen;
  /**
   * What a user with the module but only ROLE_KASSABUCH gets for reading: error.forbidden, or error.moduleMissing
   * when reading also needs another area's module (articles: the catalogue module of area "artikel").
   */
  forbiddenReadCode: "error.forbidden" | "error.moduleMissing";
}

const pdf = MINIMAL_PDF;
const b64 = (bytes: Buffer) => bytes.toString("base64");
const pdfOfSize = (size: number) => Buffer.concat([pdf, Buffer.alloc(size - pdf.length, 0x20)]);
type Antwort = { statusCode: number; json(): { code: string } };

/**
 * The tests every owner of PDF attachments gets: upload, list and download (exact bytes and headers), the type by
 * content, 400 field codes, the size limit (400 maxBytes, 413), the count limit (409, also in a race), delete,
 * 404 for another owner, another tenant or an unknown id, and 401/403. Makes its own app and callers.
 */
export function describePdfAnhang(s: PdfAnhangSuite) {
  let t: TestApp;
  let c: AnhangCallers;
  beforeAll(async () => {
    t = await createTestApp();
    c = await createAnhangCallers(t, s.callers);
  });
  afterAll(() => t?.close());

  const url = (id: number, pdfId?: number) =>
    `/app/api/${s.pfad}/${id}/pdfs${pdfId === undefined ? "" : `/${pdfId}`}`;
  const upload = (id: number, payload: object, as: Partial<Caller> = c.who) =>
    call(t, { method: "POST", url: url(id), ...as, payload });
  const uploaded = async (id: number, dateiname = "angebot.pdf", bytes = pdf) => {
    const response = await upload(id, { dateiname, inhalt: b64(bytes) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: number; dateiname: string };
  };
  const list = (id: number, as: Partial<Caller> = c.who) => call(t, { method: "GET", url: url(id), ...as });
  const download = (id: number, pdfId: number, as: Partial<Caller> = c.who) =>
    call(t, { method: "GET", url: url(id, pdfId), ...as });
  const remove = (id: number, pdfId: number, as: Partial<Caller> = c.who) =>
    call(t, { method: "DELETE", url: url(id, pdfId), ...as });
  const stored = (id: number) =>
    withTenant(t.db, c.who.mandantId, (tx) =>
      tx
        .select({ id: s.tabelle.id })
        .from(s.tabelle as typeof kundePdf)
        .where(eq(s.besitzerSpalte, id)),
    );
  const besitzer = () => s.createBesitzer(t, c.who.mandantId);
  const expectCode = async (responses: Promise<Antwort>[], code: string) => {
    for (const response of await Promise.all(responses)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe(code);
    }
  };

  describe(`${s.noun} PDFs`, () => {
    it("uploads (201 with metadata), lists in upload order and downloads the very bytes with its name", async () => {
      const id = await besitzer();
      const files = [
        {
          dateiname: "Angebot Müller (2026).pdf",
          bytes: Buffer.concat([pdf, Buffer.from([0, 1, 2, 255])]),
          disposition: `attachment; filename="Angebot M_ller (2026).pdf"; filename*=UTF-8''Angebot%20M%C3%BCller%20%282026%29.pdf`,
        },
        {
          dateiname: "Datenblatt Größe (2026).pdf",
          bytes: Buffer.concat([pdf, Buffer.from([3, 4, 5])]),
          disposition: `attachment; filename="Datenblatt Gr__e (2026).pdf"; filename*=UTF-8''Datenblatt%20Gr%C3%B6%C3%9Fe%20%282026%29.pdf`,
        },
      ];
      const saved = [];
      for (const { dateiname, bytes } of files) {
        const response = await upload(id, { dateiname, inhalt: b64(bytes) });
        expect(response.statusCode, response.body).toBe(201);
        const metadata = response.json();
        expect(metadata).toEqual({
          id: expect.any(Number),
          dateiname,
          contentType: "application/pdf",
          groesse: bytes.length,
          hochgeladenAm: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        });
        saved.push(metadata);
      }
      const last = await uploaded(id, "C:\\fakepath\\plan.pdf");
      expect(last.dateiname).toBe("plan.pdf");

      // Reading needs only the reading role (the reader, when the owner has one) and the module.
      const reader = c.leser ?? c.who;
      const listed = await list(id, reader);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual([
        ...saved,
        expect.objectContaining({ id: last.id, dateiname: "plan.pdf" }),
      ]);
      for (const [n, { bytes, disposition }] of files.entries()) {
        const file = await download(id, saved[n].id, reader);
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(bytes)).toBe(true);
        expect(file.headers["content-type"]).toBe("application/pdf");
        expect(file.headers["x-content-type-options"]).toBe("nosniff");
        expect(file.headers["content-disposition"]).toBe(disposition);
      }
      expect((await list(await besitzer())).json()).toEqual([]);
    });

    it("opens a PDF before storing it: damaged, encrypted, over 1 000 pages or a decompression bomb is 400 (issue 33)", async () => {
      const id = await besitzer();
      for (const [bytes, fehler] of [
        [Buffer.from("%PDF-1.7\n% nothing but a header\n"), { code: "pdfInvalid" }],
        [ENCRYPTED_PDF, { code: "pdfEncrypted" }],
        [pdfWithPages(1001), { code: "maxPages", max: 1000 }],
        [pdfBomb(80 * 1024 * 1024), { code: "pdfTooComplex" }],
      ] as const) {
        const response = await upload(id, { dateiname: "rechnung.pdf", inhalt: b64(bytes) });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().fieldErrors).toEqual([{ field: "inhalt", ...fehler }]);
      }
      expect(await stored(id)).toEqual([]);
      const tausend = await upload(id, { dateiname: "handbuch.pdf", inhalt: b64(pdfWithPages(1000)) });
      expect(tausend.statusCode, tausend.body).toBe(201);
    });

    it("decides by content: anything but a PDF is 400 inhalt fileType, whatever its name", async () => {
      const id = await besitzer();
      for (const bytes of [
        Buffer.from("Nur Text, kein PDF"),
        Buffer.from(
          "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
          "base64",
        ),
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]),
        Buffer.from("%PDF"),
      ]) {
        const response = await upload(id, { dateiname: "rechnung.pdf", inhalt: b64(bytes) });
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe("error.validation");
        expect(response.json().fieldErrors).toEqual([{ field: "inhalt", code: "fileType" }]);
      }
      expect(await stored(id)).toEqual([]);
    });

    it("answers bad bodies with 400 field codes and saves nothing", async () => {
      const id = await besitzer();
      for (const [payload, field, code] of [
        [{ inhalt: b64(pdf) }, "dateiname", "required"],
        [{ dateiname: "  ", inhalt: b64(pdf) }, "dateiname", "required"],
        [{ dateiname: "C:\\fakepath\\", inhalt: b64(pdf) }, "dateiname", "required"],
        [{ dateiname: `${"x".repeat(201)}.pdf`, inhalt: b64(pdf) }, "dateiname", "maxLength"],
        [{ dateiname: "a.pdf" }, "inhalt", "required"],
        [{ dateiname: "a.pdf", inhalt: "" }, "inhalt", "required"],
        [{ dateiname: "a.pdf", inhalt: "kein base64!" }, "inhalt", "pattern"],
      ] as const) {
        const response = await upload(id, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().code).toBe("error.validation");
        expect(response.json().fieldErrors, JSON.stringify(payload)).toContainEqual(
          expect.objectContaining({ field, code }),
        );
      }
      const bad = await upload(0, { dateiname: "a.pdf", inhalt: b64(pdf) });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors[0].field).toBe("id");
      expect((await download(id, 0)).json().fieldErrors[0].field).toBe("pdfId");
      expect(await stored(id)).toEqual([]);
    });

    it(`takes files up to ${s.maxBytes} bytes; a larger one is 400 inhalt maxBytes, a far larger body 413`, async () => {
      const id = await besitzer();
      const largest = await upload(id, { dateiname: "gross.pdf", inhalt: b64(pdfOfSize(s.maxBytes)) });
      expect(largest.statusCode, largest.body).toBe(201);
      expect(largest.json().groesse).toBe(s.maxBytes);
      const tooLarge = await upload(id, {
        dateiname: "zu-gross.pdf",
        inhalt: b64(pdfOfSize(s.maxBytes + 1)),
      });
      expect(tooLarge.statusCode).toBe(400);
      expect(tooLarge.json().fieldErrors).toEqual([{ field: "inhalt", code: "maxBytes", max: s.maxBytes }]);
      const huge = await upload(id, {
        dateiname: "riesig.pdf",
        inhalt: b64(pdfOfSize(s.maxBytes + 100_000)),
      });
      expect(huge.statusCode).toBe(413);
      expect(huge.json().code).toBe("error.payloadTooLarge");
      expect(await stored(id)).toHaveLength(1);
    });

    it(`refuses the ${s.maxCount + 1}th PDF with 409 error.tooManyFiles, also when two arrive at once`, async () => {
      const id = await besitzer();
      for (let n = 1; n < s.maxCount; n++) await uploaded(id, `datei-${n}.pdf`);
      const parallel = await Promise.all([
        upload(id, { dateiname: "a.pdf", inhalt: b64(pdf) }),
        upload(id, { dateiname: "b.pdf", inhalt: b64(pdf) }),
      ]);
      expect(parallel.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(parallel.find((r) => r.statusCode === 409)!.json().code).toBe("error.tooManyFiles");
      expect(await stored(id)).toHaveLength(s.maxCount);

      // Deleting one makes room again.
      const [oldest] = (await list(id)).json();
      expect((await remove(id, oldest.id)).statusCode).toBe(204);
      expect((await upload(id, { dateiname: "neu.pdf", inhalt: b64(pdf) })).statusCode).toBe(201);
    });

    it("deletes one PDF (204); then it is gone (404)", async () => {
      const id = await besitzer();
      const keep = await uploaded(id, "bleibt.pdf");
      const gone = await uploaded(id, "weg.pdf");
      expect((await remove(id, gone.id)).statusCode).toBe(204);
      expect((await download(id, gone.id)).statusCode).toBe(404);
      expect((await remove(id, gone.id)).statusCode).toBe(404);
      expect((await list(id)).json().map((p: { id: number }) => p.id)).toEqual([keep.id]);
    });

    it(`a PDF of another ${s.noun}, another tenant's ${s.noun} or an unknown one is 404`, async () => {
      const id = await besitzer();
      const nachbar = await besitzer();
      const file = await uploaded(id);
      expect((await download(nachbar, file.id)).statusCode).toBe(404);
      expect((await remove(nachbar, file.id)).statusCode).toBe(404);
      for (const response of [
        await list(id, c.other),
        await download(id, file.id, c.other),
        await remove(id, file.id, c.other),
        await upload(id, { dateiname: "x.pdf", inhalt: b64(pdf) }, c.other),
        await list(999_999_999),
        await upload(999_999_999, { dateiname: "x.pdf", inhalt: b64(pdf) }),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe("error.notFound");
      }
      expect((await stored(id)).map((p) => p.id)).toEqual([file.id]);
      expect((await download(id, file.id)).statusCode).toBe(200);
    });

    it(`needs a sign-in (401), the role (403 error.forbidden) and the module ${s.callers.modules.join(", ")} (403 error.moduleMissing)`, async () => {
      const id = await besitzer();
      const file = await uploaded(id);
      const reads = (as: Partial<Caller>) => [list(id, as), download(id, file.id, as)];
      const writes = (as: Partial<Caller>) => [
        remove(id, file.id, as),
        upload(id, { dateiname: "x.pdf", inhalt: b64(pdf) }, as),
      ];
      for (const response of await Promise.all([...reads({}), ...writes({})]))
        expect(response.statusCode).toBe(401);
      if (c.leser) await expectCode(writes(c.leser), "error.forbidden");
      await expectCode(writes(c.forbidden), "error.forbidden");
      await expectCode(reads(c.forbidden), s.forbiddenReadCode);
      await expectCode([...reads(c.noModule), ...writes(c.noModule)], "error.moduleMissing");
      expect((await stored(id)).map((p) => p.id)).toEqual([file.id]);
    });
  });
}
