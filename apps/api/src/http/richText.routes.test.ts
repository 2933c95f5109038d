import { ZRichText } from "@kontor/domain/richtext/richtext.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { gueltigerBeleg } from "../modules/beleg/beleg.testing.ts";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../test/helpers.ts";
import { containsRichText, richTextRoutes, sanitizeBySchema, sanitizeRichText } from "./richText.ts";

let t: TestApp;
let token: string;
let mandantId: number;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createTenantUser(t, {
    authorities: ["ROLE_USER", "ROLE_BENACHRICHTIGUNGEN_ADMIN", "ROLE_CONTENT_WRITE"],
    modules: ["benachrichtigungen", "rechnungslegung", "content"],
  });
  token = await login(t, user);
  mandantId = user.mandantId;
});
afterAll(() => t?.close());

const PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

/** What the editor writes: every kind of formatting the allow-list keeps. */
const HARMLESS =
  '<h1>Titel</h1><h2>Unter</h2><h3>Klein</h3><p style="text-align: center">Hallo <strong>fett</strong> ' +
  "<em>kursiv</em> <u>unter</u> <code>x = 1</code></p><ul><li>eins</li></ul><ol><li>zwei</li></ol>" +
  `<p style="text-align: right"><img src="${PNG}" alt="Logo"></p>` +
  '<p><a href="https://kontor.example/hilfe" target="_blank" rel="noopener noreferrer">Hilfe</a></p>';

/** The attacks of issue 13, each beside harmless text so the record is still valid when they are gone. */
const ATTACKS = [
  "<p>eins<img src=x onerror=alert(1)></p>",
  "<p>zwei</p><script>alert(1)</script>",
  '<p><a href="javascript:alert(1)">drei</a></p>',
  "<p>vier</p><svg onload=alert(1)><circle r=1></circle></svg>",
  '<p>fünf</p><iframe src="https://evil.example/"></iframe>',
  '<p onclick="alert(1)" style="background:url(https://evil.example/x)">sechs</p>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
].join("");

/** Nothing that could run or load survives. */
function expectHarmless(html: string) {
  expect(html).not.toMatch(/<script|<svg|<iframe|onerror|onload|onclick|javascript:|alert|evil\.example/i);
  expect(html).not.toMatch(/svg\+xml/);
  // The text around the attacks is kept.
  for (const word of ["eins", "zwei", "drei", "vier", "fünf", "sechs"]) expect(html).toContain(word);
}

const as = () => ({ token, mandantId });

/** Every rich-text field of the API: how to store a text through it and how to read it back. */
const FIELDS: Record<
  string,
  { store: (html: string) => Promise<unknown>; read: (saved: unknown) => Promise<string> }
> = {
  "PUT /app/api/benachrichtigung": {
    store: async (html) => {
      const response = await call(t, {
        method: "PUT",
        url: "/app/api/benachrichtigung",
        ...as(),
        payload: { bezeichnung: "Neu", aktiv: true, restrictions: [], editor: html },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().id;
    },
    read: async (id) =>
      (await call(t, { method: "GET", url: `/app/api/benachrichtigung/${id}`, ...as() })).json().editor,
  },
  "PUT /app/api/belegtexts": {
    store: async (html) => {
      const response = await call(t, {
        method: "PUT",
        url: "/app/api/belegtexts",
        ...as(),
        payload: { title: "Hinweis", text: html },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().id;
    },
    read: async (id) =>
      (await call(t, { method: "GET", url: `/app/api/belegtexts/${id}`, ...as() })).json().text,
  },
  "PUT /app/api/beleg": {
    store: async (html) => {
      const response = await call(t, {
        method: "PUT",
        url: "/app/api/beleg",
        ...as(),
        payload: gueltigerBeleg({ rechnungsText: html }),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().id;
    },
    read: async (id) =>
      (await call(t, { method: "GET", url: `/app/api/beleg/${id}`, ...as() })).json().rechnungsText,
  },
  "PUT /app/api/contentFileContent": {
    store: async (html) => {
      const response = await call(t, {
        method: "PUT",
        url: "/app/api/contentFileContent",
        ...as(),
        payload: { filename: `Text ${Math.random()}`, parent: null, fileContent: html },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().id;
    },
    read: async (id) =>
      (await call(t, { method: "GET", url: `/app/api/contentFile/${id}`, ...as() })).json().fileContent,
  },
  "POST /app/api/account": {
    store: async (html) => {
      const account = (await call(t, { method: "GET", url: "/app/api/account", token })).json();
      const response = await call(t, {
        method: "POST",
        url: "/app/api/account",
        token,
        payload: {
          firstName: account.firstName,
          lastName: account.lastName,
          email: account.email,
          langKey: account.langKey,
          signature: html,
          enablemailtransfer: false,
          timermode: false,
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      return undefined;
    },
    read: async () => (await call(t, { method: "GET", url: "/app/api/account", token })).json().signature,
  },
};

describe("rich text is cleaned on the server before it is stored", () => {
  it("covers every route whose body has a rich-text field", () => {
    expect([...richTextRoutes(t.app)].sort()).toEqual(Object.keys(FIELDS).sort());
  });

  for (const [route, field] of Object.entries(FIELDS)) {
    it(`${route}: the attacks are gone, the formatting stays`, async () => {
      const attacked = await field.read(await field.store(ATTACKS));
      expectHarmless(attacked);
      expect(attacked).toContain("<p>sechs</p>");
      expect(attacked).toContain("<a>drei</a>");

      const formatted = await field.read(await field.store(HARMLESS));
      expect(formatted).toBe(HARMLESS);
    });
  }

  it("cleans before validating: a text of nothing but a script is an empty, required text", async () => {
    const response = await call(t, {
      method: "PUT",
      url: "/app/api/belegtexts",
      ...as(),
      payload: { title: "Nur Skript", text: "<script>alert(1)</script><p><br></p>" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      expect.objectContaining({ field: "text", code: "required" }),
    ]);
  });

  it("leaves bodies of the wrong shape to validation", async () => {
    const response = await call(t, {
      method: "PUT",
      url: "/app/api/benachrichtigung",
      ...as(),
      payload: { bezeichnung: "Neu", editor: 42 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([expect.objectContaining({ field: "editor" })]);
  });
});

describe("sanitizeBySchema", () => {
  const schema = z.object({
    title: z.string(),
    text: ZRichText(1000).optional(),
    items: z.array(
      z.object({
        html: ZRichText(100)
          .nullish()
          .transform((v) => v ?? null),
      }),
    ),
    choice: z.union([z.object({ a: ZRichText(10) }), z.object({ b: z.string() })]).optional(),
  });

  it("finds rich text inside wrappers, arrays and unions, and only there", async () => {
    expect(containsRichText(schema)).toBe(true);
    expect(containsRichText(z.object({ text: z.string() }))).toBe(false);
    const clean = (html: string) => html.replace(/<script>.*?<\/script>/g, "");
    const dirty = "<p>a</p><script>x</script>";
    expect(
      sanitizeBySchema(
        schema,
        {
          title: dirty,
          text: dirty,
          items: [{ html: dirty }, { html: null }],
          choice: { a: dirty },
          extra: dirty,
        },
        clean,
      ),
    ).toEqual({
      title: dirty,
      text: "<p>a</p>",
      items: [{ html: "<p>a</p>" }, { html: null }],
      choice: { a: "<p>a</p>" },
      extra: dirty,
    });
    expect(await sanitizeRichText(dirty)).toBe("<p>a</p>");
  });
});
