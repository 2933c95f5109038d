import { sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Caller, gueltigerKunde } from "../modules/kunde/kunde.testing.ts";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../test/helpers.ts";
import { duplicateKeyPath } from "./jsonBody.ts";
import { errorLogOf } from "./problem.ts";

/**
 * Issue 13, items 2–4: the one input boundary. Each case answered 500 (NUL, year 0000) or stored a changed value
 * (broken UTF-8, lone surrogates, duplicate keys) before.
 */
let t: TestApp;
let who: Caller;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createTenantUser(t, { modules: ["rechnungslegung", "fahrzeuge", "crm"] });
  who = { token: await login(t, user), mandantId: user.mandantId };
});
afterAll(() => t.close());

const putKunde = (payload: object) => call(t, { method: "PUT", url: "/app/api/kundes", ...who, payload });
const putKundeRaw = (body: Buffer | string) =>
  call(t, {
    method: "PUT",
    url: "/app/api/kundes",
    ...who,
    headers: { "content-type": "application/json" },
    payload: body,
  });
const kundenMit = async (bezeichnung: string) =>
  (
    await call(t, {
      method: "GET",
      url: `/app/api/kundes?search=${encodeURIComponent(bezeichnung)}`,
      ...who,
    })
  ).json() as unknown[];

describe("text rule", () => {
  it.each([
    ["NUL", "Muster\u0000GmbH"],
    ["escape", "Muster\u001B[31mGmbH"],
    ["lone surrogate", "Muster\uD800GmbH"],
  ])("a %s in a text field is 400 invalid at the field, nothing stored", async (_, bezeichnung) => {
    const response = await putKunde(gueltigerKunde({ bezeichnung }));
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json()).toMatchObject({
      code: "error.validation",
      fieldErrors: [{ field: "bezeichnung", code: "invalid" }],
    });
    expect(await kundenMit("Muster")).toEqual([]);
  });

  it("applies to nested parts, query strings and path parameters", async () => {
    const nested = await putKunde(
      gueltigerKunde({
        adresseLists: [{ strasse: "Ring\u0000", hausNummer: "1", plz: "1010", ort: "Wien", land: "AT" }],
      }),
    );
    expect(nested.json().fieldErrors).toEqual([{ field: "adresseLists.0.strasse", code: "invalid" }]);
    const query = await call(t, { method: "GET", url: "/app/api/kundessearch?search=a%00b", ...who });
    expect(query.statusCode).toBe(400);
    expect(query.json().fieldErrors).toEqual([{ field: "search", code: "invalid" }]);
    const param = await call(t, { method: "GET", url: "/app/api/kundesknr/1%00", ...who });
    expect(param.statusCode).toBe(400);
  });

  it("keeps tab, newline and umlauts", async () => {
    const response = await putKunde(
      gueltigerKunde({ bezeichnung: "Tab\tMüller", kundeCrms: [{ text: "Zeile 1\r\nZeile 2" }] }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      bezeichnung: "Tab\tMüller",
      kundeCrms: [{ text: "Zeile 1\r\nZeile 2" }],
    });
  });
});

describe("date rule", () => {
  it.each([
    ["0000-01-01", 400],
    ["1899-12-31", 400],
    ["2200-01-01", 400],
    ["1900-01-01", 200],
    ["2199-12-31", 200],
  ])("first registration %s → %i", async (erstZulassung, status) => {
    const response = await putKunde(
      gueltigerKunde({ fahrzeuge: [{ kennzeichen: `W-${erstZulassung}`, erstZulassung }] }),
    );
    expect(response.statusCode).toBe(status);
    if (status === 400) {
      expect(response.json().fieldErrors).toEqual([
        { field: "fahrzeuge.0.erstZulassung", code: "dateRange", min: 1900, max: 2199 },
      ]);
    }
  });

  it("refuses an impossible day", async () => {
    const response = await putKunde(
      gueltigerKunde({ fahrzeuge: [{ kennzeichen: "W-1", erstZulassung: "2026-02-30" }] }),
    );
    expect(response.json().fieldErrors).toEqual([{ field: "fahrzeuge.0.erstZulassung", code: "pattern" }]);
  });
});

describe("JSON bodies", () => {
  const json = JSON.stringify(gueltigerKunde({ bezeichnung: "Kodierung GmbH" }));

  it("refuses bytes that are not UTF-8 (Latin-1 umlaut, broken sequence, encoded surrogate)", async () => {
    const latin1 = Buffer.from(json.replace("Kodierung", "K\u00f6dierung"), "latin1");
    const broken = Buffer.concat([
      Buffer.from(json.slice(0, 20)),
      Buffer.from([0xc3, 0x28]),
      Buffer.from(json.slice(20)),
    ]);
    const surrogate = Buffer.from(json.replace("Kodierung", "Kod\u0000ierung").replace("\u0000", ""));
    surrogate.write("\xed\xa0\x80", json.indexOf("Kodierung") + 3, "latin1");
    for (const body of [latin1, broken, surrogate]) {
      const response = await putKundeRaw(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "error.validation",
        detail: "The request body is not valid UTF-8",
      });
    }
    expect(await kundenMit("dierung")).toEqual([]);
  });

  it("refuses an object with a key twice", async () => {
    const response = await putKundeRaw(
      `{"firma":"firma","bezeichnung":"Erst GmbH","bezeichnung":"Zweit GmbH","adresseLists":[${JSON.stringify(
        gueltigerKunde().adresseLists![0],
      )}]}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: "bezeichnung", code: "invalid" }]);
    expect(await kundenMit("Zweit")).toEqual([]);
  });

  it("refuses malformed JSON and prototype keys without echoing the body", async () => {
    const malformed = await putKundeRaw('{"bezeichnung": "Geheim GmbH",');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).not.toContain("Geheim");
    const proto = await putKundeRaw('{"__proto__": {"admin": true}}');
    expect(proto.statusCode).toBe(400);
  });

  it("refuses a body nested deeper than 64 levels (the text walk ran out of stack: 500)", async () => {
    for (const body of [
      "[".repeat(20_000) + "]".repeat(20_000),
      `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`,
    ]) {
      const response = await putKundeRaw(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe("The body nests deeper than 64 levels");
    }
    const shallow = `${'{"a":'.repeat(60)}1${"}".repeat(60)}`;
    expect((await putKundeRaw(shallow)).statusCode).toBe(400); // a schema error, no longer a depth error
    expect((await putKundeRaw(shallow)).json().detail).toBeUndefined();
  });

  it("still accepts a byte-order mark and escaped pairs", async () => {
    const response = await putKundeRaw(
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(json.replace("Kodierung", "Kod\\ud83d\\ude00ierung")),
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().bezeichnung).toBe("Kod😀ierung GmbH");
  });
});

describe("duplicateKeyPath", () => {
  it.each([
    ['{"a":1,"b":2}', undefined],
    ['{"a":1,"a":2}', "a"],
    ['{"a":{"b":1,"c":{"d":1}},"e":[{"f":1},{"f":1,"g":"\\"x","f":3}]}', "e.1.f"],
    ['{"a":"b","b":"a"}', undefined],
    ['{"\\u0061":1,"a":2}', "a"],
    ['[{"x":1},{"x":1}]', undefined],
    ['{"s":"{\\"a\\":1,\\"a\\":2}"}', undefined],
  ])("%s → %s", (text, path) => {
    expect(duplicateKeyPath(text)).toBe(path);
  });
});

describe("error logs", () => {
  it("hold codes and stack frames, never the statement's parameters", async () => {
    let failure: unknown;
    try {
      await t.db.execute(sql`select ${"Geheim\u0000Kunde"}::text`);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeDefined();
    expect(
      String((failure as Error).message) + String((failure as { cause?: Error }).cause?.message),
    ).toBeTruthy();
    const request = {
      method: "PUT",
      routeOptions: { url: "/app/api/kundes" },
      mandant: { id: 7 },
      principal: { userId: 3 },
    };
    const line = JSON.stringify(errorLogOf(request as unknown as FastifyRequest, failure));
    expect(line).not.toContain("Geheim");
    expect(JSON.parse(line)).toMatchObject({ route: "PUT /app/api/kundes", mandantId: 7, userId: 3 });
  });
});
