import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient, parseListTotal, parseTotalCount } from "./api.ts";
import { createSession, STORAGE_KEYS } from "./session.ts";

interface Call {
  url: string;
  init: RequestInit;
}

/** A fake fetch that answers from a list and records what was sent (this unit test only). */
function fakeFetch(...responses: Response[]) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new TypeError("Failed to fetch");
    return next;
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function problem(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/problem+json", ...headers },
  });
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function header(call: Call | undefined, name: string): string | null {
  return new Headers(call?.init.headers).get(name);
}

describe("api client", () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => window.localStorage.clear());

  function setup(...responses: Response[]) {
    const session = createSession(window.localStorage);
    const onUnauthorized = vi.fn();
    const { fetch, calls } = fakeFetch(...responses);
    const client = createApiClient({ session, fetch, onUnauthorized });
    return { session, onUnauthorized, calls, client };
  }

  it("sends token, tenant and no-cache on every call, under /app/api", async () => {
    const { session, calls, client } = setup(json({ ok: true }));
    session.signIn("tok-1");
    session.selectMandant(7);

    await expect(client.get("account")).resolves.toEqual({ ok: true });

    expect(calls[0]?.url).toBe("/app/api/account");
    expect(header(calls[0], "Authorization")).toBe("Bearer tok-1");
    expect(header(calls[0], "X-Mandant-Id")).toBe("7");
    expect(header(calls[0], "Cache-Control")).toBe("no-cache");
  });

  it("sends neither token nor tenant when signed out, and JSON bodies with their content type", async () => {
    const { calls, client } = setup(json({}));
    await client.post("auth/login", { usernameOrEmail: "a", password: "b" }, { anonymous: true });
    expect(header(calls[0], "Authorization")).toBeNull();
    expect(header(calls[0], "X-Mandant-Id")).toBeNull();
    expect(header(calls[0], "Content-Type")).toBe("application/json");
    expect(calls[0]?.init.method).toBe("POST");
    expect(calls[0]?.init.body).toBe('{"usernameOrEmail":"a","password":"b"}');
  });

  it("leaves out the tenant header when asked to", async () => {
    const { session, calls, client } = setup(json([]));
    session.signIn("tok");
    session.selectMandant(3);
    await client.get("mandants/all", { mandant: false, query: { page: 0, size: 20, q: undefined } });
    expect(calls[0]?.url).toBe("/app/api/mandants/all?page=0&size=20");
    expect(header(calls[0], "Authorization")).toBe("Bearer tok");
    expect(header(calls[0], "X-Mandant-Id")).toBeNull();
  });

  it("sends another tenant than the selected one when a call names it", async () => {
    const { session, calls, client } = setup(json({}), json({}));
    session.signIn("tok");
    session.selectMandant(3);
    await client.put("mandants/logo", { inhalt: "AA==" }, { mandant: 9 });
    expect(header(calls[0], "X-Mandant-Id")).toBe("9");
    await client.get("account");
    expect(header(calls[1], "X-Mandant-Id")).toBe("3");
  });

  it("parses a problem+json validation error into code and field codes", async () => {
    const { client } = setup(
      problem(400, {
        status: 400,
        title: "Bad Request",
        code: "error.validation",
        fieldErrors: [
          { field: "password", code: "minLength" },
          { field: "usernameOrEmail", code: "somethingNew" },
          { nonsense: true },
        ],
      }),
    );
    const error = await client.post("auth/login", {}, { anonymous: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "error.validation",
      fieldErrors: [
        { field: "password", code: "minLength" },
        { field: "usernameOrEmail", code: "somethingNew" },
      ],
    });
  });

  it("reads Retry-After of a 429", async () => {
    const { client } = setup(
      problem(
        429,
        { status: 429, title: "Too Many Requests", code: "error.tooManyAttempts" },
        { "Retry-After": "42" },
      ),
    );
    await expect(client.post("auth/login", {}, { anonymous: true })).rejects.toMatchObject({
      status: 429,
      code: "error.tooManyAttempts",
      retryAfter: 42,
    });
  });

  it("derives a code from the status when the body carries none (a proxy's page, an empty body)", async () => {
    const { client } = setup(
      new Response("<html>Bad Gateway</html>", { status: 502, headers: { "Content-Type": "text/html" } }),
      new Response(null, { status: 404 }),
      problem(500, { status: 500, title: "x" }),
    );
    await expect(client.get("x")).rejects.toMatchObject({ status: 502, code: "error.unavailable" });
    await expect(client.get("y")).rejects.toMatchObject({ status: 404, code: "error.notFound" });
    await expect(client.get("z")).rejects.toMatchObject({ status: 500, code: "error.internal" });
  });

  it("passes a code from a newer server through (it is translated as unknown)", async () => {
    const { client } = setup(problem(409, { status: 409, title: "x", code: "error.fromTheFuture" }));
    await expect(client.get("y")).rejects.toMatchObject({ status: 409, code: "error.fromTheFuture" });
  });

  it("reports an unreachable server as error.unavailable", async () => {
    const { client } = setup();
    await expect(client.get("x")).rejects.toMatchObject({ status: 0, code: "error.unavailable" });
  });

  it("logs out on any 401 of a signed-in call: token and tenant gone, handler called", async () => {
    const { session, onUnauthorized, client } = setup(
      problem(401, { status: 401, title: "Unauthorized", code: "error.tokenExpired" }),
    );
    session.signIn("tok");
    session.selectMandant(5);

    await expect(client.get("account")).rejects.toMatchObject({ status: 401, code: "error.tokenExpired" });

    expect(session.get()).toEqual({ token: null, mandantId: null });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.mandantId)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("does not log out on the 401 of the sign-in call (wrong credentials)", async () => {
    const { session, onUnauthorized, client } = setup(
      problem(401, { status: 401, title: "Unauthorized", code: "error.badCredentials" }),
    );
    session.selectMandant(5);
    await expect(client.post("auth/login", {}, { anonymous: true })).rejects.toMatchObject({
      status: 401,
      code: "error.badCredentials",
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(session.get().mandantId).toBe(5);
  });

  it("does not log out on other errors such as 403", async () => {
    const { session, onUnauthorized, client } = setup(
      problem(403, { status: 403, title: "Forbidden", code: "error.forbidden" }),
    );
    session.signIn("tok");
    await expect(client.get("admin")).rejects.toMatchObject({ status: 403, code: "error.forbidden" });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(session.get().token).toBe("tok");
  });

  it("getPage: items and the x-total-count header; repeated sort parameters", async () => {
    const { calls, client } = setup(
      new Response(JSON.stringify([{ id: 1 }, { id: 2 }]), {
        status: 200,
        headers: { "Content-Type": "application/json", "X-Total-Count": "42" },
      }),
    );
    await expect(
      client.getPage("mandants/list", { query: { page: 1, size: 20, sort: ["bezeichnung,desc", "id,asc"] } }),
    ).resolves.toEqual({ items: [{ id: 1 }, { id: 2 }], totalCount: 42, totalCapped: false });
    expect(calls[0]?.url).toBe("/app/api/mandants/list?page=1&size=20&sort=bezeichnung%2Cdesc&sort=id%2Casc");
    expect(calls[0]?.init.method).toBe("GET");
  });

  it("getPage: without a total the count is unknown; a non-array body counts as empty", async () => {
    const { client } = setup(json([{ id: 1 }]), json({ not: "a list" }));
    await expect(client.getPage("a")).resolves.toEqual({
      items: [{ id: 1 }],
      totalCount: null,
      totalCapped: false,
    });
    await expect(client.getPage("b")).resolves.toEqual({ items: [], totalCount: null, totalCapped: false });
  });

  it("getPage: a capped total (x-total-count-capped: true) says more rows match than counted", async () => {
    const { client } = setup(
      new Response(JSON.stringify([{ id: 1 }]), {
        status: 200,
        headers: {
          "Content-Type": "application/json",
          "X-Total-Count": "10000",
          "X-Total-Count-Capped": "true",
        },
      }),
    );
    await expect(client.getPage("kunde")).resolves.toEqual({
      items: [{ id: 1 }],
      totalCount: 10_000,
      totalCapped: true,
    });
  });

  it("getCounted: a list whose body is an object, with its total from the headers", async () => {
    const { client } = setup(
      new Response(JSON.stringify({ entries: [], totalCount: 10_000 }), {
        status: 200,
        headers: {
          "Content-Type": "application/json",
          "X-Total-Count": "10000",
          "X-Total-Count-Capped": "true",
        },
      }),
    );
    await expect(client.getCounted("kassabuch")).resolves.toEqual({
      body: { entries: [], totalCount: 10_000 },
      totalCount: 10_000,
      totalCapped: true,
    });
  });

  it("parseListTotal: capped only with a count and the header 'true'", () => {
    const total = (headers: Record<string, string>) => parseListTotal(new Headers(headers));
    expect(total({ "x-total-count": "10000", "x-total-count-capped": "true" })).toEqual({
      totalCount: 10_000,
      totalCapped: true,
    });
    expect(total({ "x-total-count": "10000", "x-total-count-capped": " TRUE " })).toMatchObject({
      totalCapped: true,
    });
    for (const capped of ["false", "", "1", "yes"])
      expect(total({ "x-total-count": "10000", "x-total-count-capped": capped })).toEqual({
        totalCount: 10_000,
        totalCapped: false,
      });
    expect(total({ "x-total-count": "9999" })).toEqual({ totalCount: 9999, totalCapped: false });
    expect(total({ "x-total-count-capped": "true" })).toEqual({ totalCount: null, totalCapped: false });
  });

  it("parseTotalCount accepts only whole non-negative numbers", () => {
    expect(parseTotalCount("0")).toBe(0);
    expect(parseTotalCount(" 17 ")).toBe(17);
    for (const bad of [null, "", "-1", "1.5", "abc", "1e3"]) expect(parseTotalCount(bad)).toBeNull();
  });
});
