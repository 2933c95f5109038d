import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  createTenantUser,
  createTestApp,
  login,
  type TestApp,
  type TestUser,
} from "../../test/helpers.ts";

let t: TestApp;
let editor: TestUser;
let editorToken: string;
let bob: TestUser;
let bobToken: string;
let noModule: TestUser;
let noModuleToken: string;

beforeAll(async () => {
  t = await createTestApp();
  editor = await createTenantUser(t, {
    authorities: ["ROLE_USER", "ROLE_BENACHRICHTIGUNGEN_ADMIN"],
    modules: ["benachrichtigungen"],
  });
  bob = await createTenantUser(t, {
    authorities: ["ROLE_USER", "ROLE_BENACHRICHTIGUNGEN_ADMIN"],
    modules: ["benachrichtigungen"],
  });
  noModule = await createTenantUser(t, {
    authorities: ["ROLE_USER", "ROLE_BENACHRICHTIGUNGEN_ADMIN"],
    modules: [],
  });
  [editorToken, bobToken, noModuleToken] = await Promise.all([
    login(t, editor),
    login(t, bob),
    login(t, noModule),
  ]);
});
afterAll(() => t?.close());

const as = () => ({ token: editorToken, mandantId: editor.mandantId });
const news = (overrides: Record<string, unknown> = {}) => ({
  bezeichnung: "Neue Version",
  editor: "<p>Ab heute gibt es <b>Favoriten</b>.</p>",
  aktiv: true,
  restrictions: [],
  ...overrides,
});

describe("benachrichtigung administration", () => {
  it("creates, reads, updates, pages and deletes", async () => {
    const created = await call(t, {
      method: "PUT",
      url: "/app/api/benachrichtigung",
      ...as(),
      payload: news(),
    });
    expect(created.statusCode).toBe(200);
    const item = created.json();
    expect(item).toMatchObject({ bezeichnung: "Neue Version", aktiv: true, restrictions: [] });
    expect(Date.parse(item.createdDate)).not.toBeNaN();

    const updated = await call(t, {
      method: "PUT",
      url: "/app/api/benachrichtigung",
      ...as(),
      payload: { ...item, bezeichnung: "Neue Version 2" },
    });
    expect(updated.json().bezeichnung).toBe("Neue Version 2");
    expect(
      (await call(t, { method: "GET", url: `/app/api/benachrichtigung/${item.id}`, ...as() })).json(),
    ).toEqual(updated.json());

    await call(t, {
      method: "PUT",
      url: "/app/api/benachrichtigung",
      ...as(),
      payload: news({ bezeichnung: "Zweite" }),
    });
    const page = await call(t, { method: "GET", url: "/app/api/benachrichtigung?size=1", ...as() });
    expect(page.headers["x-total-count"]).toBe("2");
    expect(page.json().map((n: { id: number }) => n.id)).toEqual([item.id]); // default sort: id ascending
    const sorted = await call(t, {
      method: "GET",
      url: "/app/api/benachrichtigung?sort=bezeichnung,desc",
      ...as(),
    });
    expect(sorted.json().map((n: { bezeichnung: string }) => n.bezeichnung)).toEqual([
      "Zweite",
      "Neue Version 2",
    ]);

    expect(
      (await call(t, { method: "DELETE", url: `/app/api/benachrichtigung/${item.id}`, ...as() })).statusCode,
    ).toBe(204);
    expect(
      (await call(t, { method: "GET", url: `/app/api/benachrichtigung/${item.id}`, ...as() })).statusCode,
    ).toBe(404);
  });

  it("another tenant's id gives 404 for read, update, delete and (de)activate", async () => {
    const item = (
      await call(t, { method: "PUT", url: "/app/api/benachrichtigung", ...as(), payload: news() })
    ).json();
    const asBob = { token: bobToken, mandantId: bob.mandantId };
    expect(
      (await call(t, { method: "GET", url: `/app/api/benachrichtigung/${item.id}`, ...asBob })).statusCode,
    ).toBe(404);
    expect(
      (await call(t, { method: "PUT", url: "/app/api/benachrichtigung", ...asBob, payload: item }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(t, { method: "DELETE", url: `/app/api/benachrichtigung/${item.id}`, ...asBob })).statusCode,
    ).toBe(404);
    expect(
      (await call(t, { method: "DELETE", url: `/app/api/benachrichtigung/deactivate/${item.id}`, ...asBob }))
        .statusCode,
    ).toBe(404);
  });

  it("400 with field codes; 401; 403 without the module; 403 without the admin role", async () => {
    const bad = await call(t, {
      method: "PUT",
      url: "/app/api/benachrichtigung",
      ...as(),
      payload: news({ bezeichnung: "", restrictions: ["ROLE_NOBODY"] }),
    });
    expect(bad.json().fieldErrors).toEqual([
      { field: "bezeichnung", code: "required" },
      { field: "restrictions.0", code: "enum" },
    ]);
    expect(
      (await call(t, { method: "GET", url: "/app/api/benachrichtigung", mandantId: editor.mandantId }))
        .statusCode,
    ).toBe(401);
    const moduleMissing = await call(t, {
      method: "GET",
      url: "/app/api/benachrichtigung",
      token: noModuleToken,
      mandantId: noModule.mandantId,
    });
    expect(moduleMissing.statusCode).toBe(403);
    expect(moduleMissing.json().code).toBe("error.moduleMissing");

    const reader = await createTenantUser(t, { modules: ["benachrichtigungen"] });
    const readerToken = await login(t, reader);
    const forbidden = await call(t, {
      method: "GET",
      url: "/app/api/benachrichtigung",
      token: readerToken,
      mandantId: reader.mandantId,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe("error.forbidden");
    // ...but the reader may read the news
    expect(
      (
        await call(t, {
          method: "GET",
          url: "/app/api/benachrichtigung/mynews",
          token: readerToken,
          mandantId: reader.mandantId,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe("news (mynews, newsread, resetstatus)", () => {
  it("shows active news to the users they are meant for; newsread follows the dialog and the reset", async () => {
    const tenant = await createTenantUser(t, {
      authorities: ["ROLE_USER", "ROLE_BENACHRICHTIGUNGEN_ADMIN"],
      modules: ["benachrichtigungen"],
    });
    const token = await login(t, tenant);
    const mine = { token, mandantId: tenant.mandantId };
    const save = (payload: object) =>
      call(t, { method: "PUT", url: "/app/api/benachrichtigung", ...mine, payload });

    const first = (await save(news({ bezeichnung: "Für alle" }))).json();
    const second = (await save(news({ bezeichnung: "Nur Lager", restrictions: ["ROLE_LAGERIST"] }))).json();
    const third = (
      await save(news({ bezeichnung: "Für Editoren", restrictions: ["ROLE_BENACHRICHTIGUNGEN_ADMIN"] }))
    ).json();
    await call(t, { method: "DELETE", url: `/app/api/benachrichtigung/deactivate/${first.id}`, ...mine });

    const visible = await call(t, { method: "GET", url: "/app/api/benachrichtigung/mynews", ...mine });
    expect(visible.json()).toEqual({ newsread: false, news: [expect.objectContaining({ id: third.id })] });
    expect(second.id).toBeTypeOf("number");

    await call(t, { method: "DELETE", url: `/app/api/benachrichtigung/activate/${first.id}`, ...mine });
    const both = (await call(t, { method: "GET", url: "/app/api/benachrichtigung/mynews", ...mine })).json();
    expect(both.news.map((n: { id: number }) => n.id)).toEqual([third.id, first.id]); // newest first

    expect(
      (
        await call(t, {
          method: "POST",
          url: "/app/api/account/newsread",
          token,
          payload: { newsread: true },
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await call(t, { method: "GET", url: "/app/api/benachrichtigung/mynews", ...mine })).json().newsread,
    ).toBe(true);

    expect(
      (await call(t, { method: "PUT", url: "/app/api/benachrichtigung/resetstatus", ...mine })).statusCode,
    ).toBe(204);
    expect((await call(t, { method: "GET", url: "/app/api/account", token })).json().newsread).toBe(false);
  });

  it("resetstatus touches only the members of the tenant", async () => {
    await call(t, {
      method: "POST",
      url: "/app/api/account/newsread",
      token: bobToken,
      payload: { newsread: true },
    });
    await call(t, { method: "PUT", url: "/app/api/benachrichtigung/resetstatus", ...as() });
    expect((await call(t, { method: "GET", url: "/app/api/account", token: bobToken })).json().newsread).toBe(
      true,
    );
  });

  it("newsread: 400 for bad input, 401 without token", async () => {
    const bad = await call(t, {
      method: "POST",
      url: "/app/api/account/newsread",
      token: bobToken,
      payload: {},
    });
    expect(bad.json().fieldErrors).toEqual([{ field: "newsread", code: "required" }]);
    expect(
      (await call(t, { method: "POST", url: "/app/api/account/newsread", payload: { newsread: true } }))
        .statusCode,
    ).toBe(401);
  });
});
