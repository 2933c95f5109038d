import type { TAuthority } from "@kontor/domain/access/access.schema";
import { todayIso } from "@kontor/domain/date/calendar";
import { BELEGS_TYPEN } from "@kontor/domain/typen/typen";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "../../db/tenant.ts";
import { call, createTenantUser, createTestApp, login, type TestApp, unique } from "../../test/helpers.ts";
import { createBeleg, rechnungsfaehig } from "../beleg/beleg.testing.ts";
import { allocateNumber, todayNumberDate } from "./nummernkreis.service.ts";

type Payload = Record<string, unknown>;
type Who = { token: string; mandantId: number };

let t: TestApp;
let admin: Who;
let other: Who;
let userOnly: Who;

beforeAll(async () => {
  t = await createTestApp();
  const member = async (authorities: TAuthority[]): Promise<Who> => {
    const user = await createTenantUser(t, { authorities });
    return { token: await login(t, user), mandantId: user.mandantId };
  };
  [admin, other, userOnly] = await Promise.all([
    member(["ROLE_ADMIN"]),
    member(["ROLE_ADMIN"]),
    member(["ROLE_USER", "ROLE_ADMIN_MANDANT"]),
  ]);
});
afterAll(() => t?.close());

const year = () => todayNumberDate().year;
const api = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  who: Partial<Who> = admin,
  payload?: Payload,
) => call(t, { method, url: `/app/api/${path}`, ...who, ...(payload ? { payload } : {}) });

/**
 * The tests of the generic pattern (DESIGN §8) for a circle, with create by POST and update by PUT (SPEC §7),
 * which test/crud.ts's describeCrud (create by PUT) does not cover.
 */
function describeCircle(spec: {
  path: string;
  valid: (n: number) => Payload;
  update: Payload;
  invalid: readonly { payload: Payload; field: string; code: string }[];
  sort: { field: string; values: (n: number) => Payload };
}) {
  const { path } = spec;
  const create = async (payload: Payload, who = admin) => {
    const response = await api("POST", path, who, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };

  describe(`${path}: generic pattern`, () => {
    it("creates by POST, reads, updates by PUT, deletes", async () => {
      const item = await create(spec.valid(1));
      expect(item.id).toBeTypeOf("number");
      expect((await api("GET", `${path}/${item.id}`)).json()).toEqual(item);

      const updated = await api("PUT", path, admin, { ...item, ...spec.update });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ id: item.id, ...spec.update });

      expect((await api("DELETE", `${path}/${item.id}`)).statusCode).toBe(204);
      expect((await api("GET", `${path}/${item.id}`)).statusCode).toBe(404);
    });

    it("POST with an id is 400 error.idExists; PUT needs an id; PUT of an unknown id is 404", async () => {
      const withId = await api("POST", path, admin, { ...spec.valid(2), id: 5 });
      expect(withId.statusCode).toBe(400);
      expect(withId.json().code).toBe("error.idExists");
      const withoutId = await api("PUT", path, admin, spec.valid(2));
      expect(withoutId.statusCode).toBe(400);
      expect(withoutId.json().fieldErrors).toContainEqual({ field: "id", code: "required" });
      expect((await api("PUT", path, admin, { ...spec.valid(2), id: 999_999_999 })).statusCode).toBe(404);
    });

    it("answers bad input with 400 and field codes, and saves nothing", async () => {
      const count = async () => (await api("GET", `${path}?size=1`)).headers["x-total-count"];
      const before = await count();
      const item = await create(spec.valid(3));
      for (const { payload, field, code } of spec.invalid) {
        for (const [method, body] of [
          ["POST", payload],
          ["PUT", { ...payload, id: item.id }],
        ] as const) {
          const response = await api(method, path, admin, body);
          expect(response.statusCode, `${method} ${JSON.stringify(body)}`).toBe(400);
          expect(response.json().fieldErrors, `${method} ${JSON.stringify(body)}`).toContainEqual(
            expect.objectContaining({ field, code }),
          );
        }
      }
      expect((await api("GET", `${path}/${item.id}`)).json()).toEqual(item);
      await api("DELETE", `${path}/${item.id}`);
      expect(await count()).toBe(before);
    });

    it("needs a sign-in (401) and ROLE_ADMIN (403, also for a user and tenant admin)", async () => {
      const item = await create(spec.valid(4));
      const requests = [
        ["GET", path],
        ["GET", `${path}/${item.id}`],
        ["POST", path, spec.valid(5)],
        ["PUT", path, item],
        ["DELETE", `${path}/${item.id}`],
      ] as const;
      for (const [method, url, body] of requests) {
        expect((await api(method, url, {}, body)).statusCode, `${method} ${url}`).toBe(401);
        const forbidden = await api(method, url, userOnly, body);
        expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
        expect(forbidden.json().code).toBe("error.forbidden");
      }
      expect((await api("GET", `${path}/${item.id}`)).json()).toEqual(item);
      await api("DELETE", `${path}/${item.id}`);
    });

    it("keeps tenants apart: another tenant's id is 404 for GET, PUT and DELETE", async () => {
      const mine = await create(spec.valid(6));
      expect((await api("GET", `${path}/${mine.id}`, other)).statusCode).toBe(404);
      expect((await api("PUT", path, other, { ...mine, ...spec.update })).statusCode).toBe(404);
      expect((await api("DELETE", `${path}/${mine.id}`, other)).statusCode).toBe(404);
      const list = await api("GET", `${path}?size=100`, other);
      expect(list.json().map((item: { id: number }) => item.id)).not.toContain(mine.id);
      expect((await api("GET", `${path}/${mine.id}`)).json()).toEqual(mine);
      await api("DELETE", `${path}/${mine.id}`);
    });

    it("pages with x-total-count and sorts both ways", async () => {
      const ids: number[] = [];
      for (const n of [7, 8, 9]) ids.push((await create({ ...spec.valid(n), ...spec.sort.values(n) })).id);
      const total = Number((await api("GET", `${path}?size=500`)).headers["x-total-count"]);
      expect(total).toBeGreaterThanOrEqual(3);

      const page = await api("GET", `${path}?page=1&size=2`);
      expect(page.statusCode).toBe(200);
      expect(page.headers["x-total-count"]).toBe(String(total));
      expect(page.json()).toHaveLength(Math.min(2, total - 2));

      const order = async (direction: string) =>
        (await api("GET", `${path}?size=500&sort=${spec.sort.field},${direction}`))
          .json()
          .map((item: { id: number }) => item.id)
          .filter((id: number) => ids.includes(id));
      expect(await order("asc")).toEqual(ids);
      expect(await order("desc")).toEqual([...ids].reverse());
      expect((await api("GET", `${path}?sort=nope,asc`)).statusCode).toBe(400);
      for (const id of ids) await api("DELETE", `${path}/${id}`);
    });
  });
}

// A document type belongs to one circle of the tenant only: n picks a type of its own.
const typ = (n: number) => BELEGS_TYPEN[n % BELEGS_TYPEN.length]!;

describeCircle({
  path: "belegnummerkreis",
  valid: (n) => ({ belegsTyps: [typ(n)] }),
  update: { nummernkreisPattern: "LS-{YY}-{NNNN}", nummerProJahr: false },
  invalid: [
    { payload: {}, field: "belegsTyps", code: "required" },
    { payload: { belegsTyps: [] }, field: "belegsTyps", code: "required" },
    { payload: { belegsTyps: ["quittung"] }, field: "belegsTyps.0", code: "enum" },
    {
      payload: { belegsTyps: ["angebot"], nummernkreisPattern: "{YYYY}" },
      field: "nummernkreisPattern",
      code: "pattern",
    },
    {
      payload: { belegsTyps: ["angebot"], nummernkreisPattern: "{DD}{N}" },
      field: "nummernkreisPattern",
      code: "pattern",
    },
    { payload: { belegsTyps: ["angebot"], lastNummer: -1 }, field: "lastNummer", code: "min" },
    { payload: { belegsTyps: ["angebot"], lastNummer: 1.5 }, field: "lastNummer", code: "integer" },
  ],
  sort: { field: "lastNummer", values: (n) => ({ lastNummer: n * 10 }) },
});

const sortPrefix = unique("Sortiert");
describeCircle({
  path: "rechnungskreise",
  valid: (n) => ({ rechnungskreisName: unique(`Kreis ${n}`) }),
  update: { rechnungskreisName: "Umbenannt", rksv: true, firstRechnungsnummer: 500 },
  invalid: [
    { payload: {}, field: "rechnungskreisName", code: "required" },
    { payload: { rechnungskreisName: " " }, field: "rechnungskreisName", code: "required" },
    { payload: { rechnungskreisName: "x".repeat(101) }, field: "rechnungskreisName", code: "maxLength" },
    {
      payload: { rechnungskreisName: "R", rechnungsnummernPattern: "RE-{NN}{NN}" },
      field: "rechnungsnummernPattern",
      code: "pattern",
    },
    {
      payload: { rechnungskreisName: "R", firstRechnungsnummer: 0 },
      field: "firstRechnungsnummer",
      code: "min",
    },
    {
      payload: { rechnungskreisName: "R", lastRechnungsnummer: -1 },
      field: "lastRechnungsnummer",
      code: "min",
    },
  ],
  sort: { field: "rechnungskreisName", values: (n) => ({ rechnungskreisName: `${sortPrefix}-${n}` }) },
});

describe("belegnummerkreis: document types, next number, counter", () => {
  const post = (payload: Payload, who = admin) => api("POST", "belegnummerkreis", who, payload);

  it("stores each type once in the usual order and shows them capitalised", async () => {
    const response = await post({ belegsTyps: ["rechnung", "angebot", "rechnung"] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      belegsTyps: ["angebot", "rechnung"],
      belegsTypsString: "Angebot, Rechnung",
    });
    await api("DELETE", `belegnummerkreis/${response.json().id}`);
  });

  it("a document type belongs to one circle of the tenant only (400 belegsTyps unique)", async () => {
    const first = (await post({ belegsTyps: ["lieferschein", "gutschrift"] })).json();
    const second = (await post({ belegsTyps: ["angebot"] })).json();
    for (const response of [
      await post({ belegsTyps: ["gutschrift"] }),
      await api("PUT", "belegnummerkreis", admin, { ...second, belegsTyps: ["angebot", "lieferschein"] }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual([{ field: "belegsTyps", code: "unique" }]);
    }
    // The circle keeps its own types, and another tenant may use the same ones.
    const same = await api("PUT", "belegnummerkreis", admin, {
      ...first,
      nummernkreisPattern: "L-{NNNN}",
      nummerProJahr: false,
    });
    expect(same.statusCode, same.body).toBe(200);
    const elsewhere = await post({ belegsTyps: ["gutschrift"] }, other);
    expect(elsewhere.statusCode).toBe(201);
    for (const item of [first, second]) await api("DELETE", `belegnummerkreis/${item.id}`);
    await api("DELETE", `belegnummerkreis/${elsewhere.json().id}`, other);
  });

  it("a new default circle shows YYYY-00001 as next number; reading takes nothing", async () => {
    const created = (await post({ belegsTyps: ["proformarechnung"] })).json();
    expect(created).toMatchObject({
      nummernkreisPattern: "{YYYY}-{NNNNN}",
      lastNummer: 0,
      nummerProJahr: true,
      nextNummer: `${year()}-00001`,
    });
    for (let read = 0; read < 2; read++) {
      expect((await api("GET", `belegnummerkreis/${created.id}`)).json().nextNummer).toBe(`${year()}-00001`);
    }
    const listed = (await api("GET", "belegnummerkreis?size=100")).json();
    expect(listed.find((item: { id: number }) => item.id === created.id).nextNummer).toBe(`${year()}-00001`);
    expect((await api("GET", `belegnummerkreis/${created.id}`)).json().lastNummer).toBe(0);
    await api("DELETE", `belegnummerkreis/${created.id}`);
  });

  it("a counter set by hand is followed by the next number and the next allocation", async () => {
    const created = (await post({ belegsTyps: ["barrechnung"], lastNummer: 41 })).json();
    expect(created.nextNummer).toBe(`${year()}-00042`);
    const updated = await api("PUT", "belegnummerkreis", admin, { ...created, lastNummer: 120 });
    expect(updated.json()).toMatchObject({ lastNummer: 120, nextNummer: `${year()}-00121` });
    const number = await withTenant(t.db, admin.mandantId, (tx) =>
      allocateNumber(tx, { kreis: "beleg", id: created.id }, todayNumberDate()),
    );
    expect(number).toBe(`${year()}-00121`);
    const after = (await api("GET", `belegnummerkreis/${created.id}`)).json();
    expect(after).toMatchObject({ lastNummer: 121, nextNummer: `${year()}-00122` });
    // A plain edit keeps the counter; back to 0 starts afresh.
    const renamed = await api("PUT", "belegnummerkreis", admin, {
      ...after,
      nummernkreisPattern: "B{NNNNN}",
      nummerProJahr: false,
    });
    expect(renamed.json()).toMatchObject({ lastNummer: 121, nextNummer: "B00122" });
    const reset = await api("PUT", "belegnummerkreis", admin, {
      ...after,
      nummernkreisPattern: "B{NNNNN}",
      nummerProJahr: false,
      lastNummer: 0,
    });
    expect(reset.json().nextNummer).toBe("B00001");
    await api("DELETE", `belegnummerkreis/${created.id}`);
  });

  it("GET belegnummerkreisall answers every circle of the tenant, unpaged; admins only", async () => {
    const ids: number[] = [];
    for (const typs of [["angebot"], ["auftragsbestaetigung"], ["bestellung"]])
      ids.push((await post({ belegsTyps: typs })).json().id);
    const all = await api("GET", "belegnummerkreisall");
    expect(all.statusCode).toBe(200);
    const mine = all.json().map((item: { id: number }) => item.id);
    expect(mine).toEqual(expect.arrayContaining(ids));
    expect(mine).toEqual([...mine].sort((a: number, b: number) => a - b));
    expect(
      (await api("GET", "belegnummerkreisall", other)).json().map((i: { id: number }) => i.id),
    ).not.toContain(ids[0]);
    expect((await api("GET", "belegnummerkreisall", {})).statusCode).toBe(401);
    expect((await api("GET", "belegnummerkreisall", userOnly)).statusCode).toBe(403);
    for (const id of ids) await api("DELETE", `belegnummerkreis/${id}`);
  });
});

describe("issue 33: a circle that restarts every year prints the year", () => {
  it("400 yearMissing at nummerProJahr for a yearly circle without {YYYY} or {YY}; without the restart, or with {YY}, it saves", async () => {
    for (const [path, body] of [
      ["rechnungskreise", { rechnungskreisName: unique("Ohne Jahr"), rechnungsnummernPattern: "RE-{NNNNN}" }],
      ["belegnummerkreis", { belegsTyps: ["lieferschein"], nummernkreisPattern: "LS{NNNN}" }],
    ] as const) {
      const refused = await api("POST", path, admin, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().fieldErrors).toEqual([{ field: "nummerProJahr", code: "yearMissing" }]);
      const running = await api("POST", path, admin, { ...body, nummerProJahr: false });
      expect(running.statusCode, running.body).toBe(201);
      const yearly = { ...running.json(), nummerProJahr: true };
      const stillRefused = await api("PUT", path, admin, yearly);
      expect(stillRefused.json().fieldErrors).toEqual([{ field: "nummerProJahr", code: "yearMissing" }]);
      const patternKey = path === "rechnungskreise" ? "rechnungsnummernPattern" : "nummernkreisPattern";
      const withYear = await api("PUT", path, admin, { ...yearly, [patternKey]: "X{YY}-{NNNN}" });
      expect(withYear.statusCode, withYear.body).toBe(200);
      await api("DELETE", `${path}/${running.json().id}`);
    }
  });
});

describe("rechnungskreise: seeded circle, first number, names", () => {
  it("every tenant starts with the circle Rechnungen; its next number is YYYY-00001", async () => {
    const list = (await api("GET", "rechnungskreise?size=100")).json();
    expect(list).toContainEqual(
      expect.objectContaining({
        rechnungskreisName: "Rechnungen",
        rechnungsnummernPattern: "{YYYY}-{NNNNN}",
        firstRechnungsnummer: 1,
        lastRechnungsnummer: 0,
        nextRechnungsnummer: `${year()}-00001`,
      }),
    );
  });

  it("a new circle starts at its first number; reading takes nothing", async () => {
    const response = await api("POST", "rechnungskreise", admin, {
      rechnungskreisName: unique("Ab 1000"),
      rechnungsnummernPattern: "RE-{NNNNN}",
      firstRechnungsnummer: 1000,
      nummerProJahr: false,
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    for (let read = 0; read < 2; read++)
      expect((await api("GET", `rechnungskreise/${id}`)).json().nextRechnungsnummer).toBe("RE-01000");
    await api("DELETE", `rechnungskreise/${id}`);
  });

  it("names are unique in the tenant, whatever the case (400 rechnungskreisName unique)", async () => {
    const name = unique("Kassa");
    const created = (await api("POST", "rechnungskreise", admin, { rechnungskreisName: name })).json();
    const again = await api("POST", "rechnungskreise", admin, { rechnungskreisName: name.toUpperCase() });
    expect(again.statusCode).toBe(400);
    expect(again.json().fieldErrors).toEqual([{ field: "rechnungskreisName", code: "unique" }]);
    expect((await api("POST", "rechnungskreise", other, { rechnungskreisName: name })).statusCode).toBe(201);
    const kept = await api("PUT", "rechnungskreise", admin, { ...created, rksv: true });
    expect(kept.statusCode, kept.body).toBe(200);
    await api("DELETE", `rechnungskreise/${created.id}`);
  });

  it("sorts by name unless told otherwise", async () => {
    for (const name of ["B", "A", "C"])
      await api("POST", "rechnungskreise", admin, { rechnungskreisName: `${sortPrefix}-${name}` });
    const ids = async (query: string) =>
      (await api("GET", `rechnungskreise?size=500${query}`)).json().map((item: { id: number }) => item.id);
    const byDefault = await ids("");
    expect(byDefault).toEqual(await ids("&sort=rechnungskreisName,asc"));
    expect(byDefault).not.toEqual(await ids("&sort=id,asc"));
  });
});

describe("issue 33: a counter below numbers already given; fields a PUT leaves out", () => {
  /** A tenant of its own (admin and user) that can finalize invoices: numbers of this year are given in it. */
  const tenantWithInvoices = async (count: number) => {
    const user = await createTenantUser(t, { authorities: ["ROLE_ADMIN", "ROLE_USER"] });
    await rechnungsfaehig(t, user.mandantId);
    const who = { token: await login(t, user), mandantId: user.mandantId };
    const finalize = async () => {
      const draft = await createBeleg(t, who, { belegDatum: todayIso(), leistungsDatum: todayIso() });
      const response = await api("POST", `beleg/${draft.id}/freigabe`, who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().belegNummer as string;
    };
    for (let n = 0; n < count; n++) await finalize();
    const circles = (await api("GET", "rechnungskreise?size=100", who)).json() as Payload[];
    const circle = circles.find((c) => c.rechnungskreisName === "Rechnungen")!;
    return { who, finalize, circle };
  };

  it("refuses a counter below the highest number given this year: 400 belowIssued at the counter, the number in the detail; the counter stays", async () => {
    const { who, finalize, circle } = await tenantWithInvoices(3);
    expect(circle.lastRechnungsnummer).toBe(3);
    for (const below of [0, 1, 2]) {
      const response = await api("PUT", "rechnungskreise", who, { ...circle, lastRechnungsnummer: below });
      expect(response.statusCode, `${below}: ${response.body}`).toBe(400);
      expect(response.headers["content-type"]).toContain("application/problem+json");
      expect(response.json()).toMatchObject({
        code: "error.validation",
        fieldErrors: [{ field: "lastRechnungsnummer", code: "belowIssued", min: 3 }],
      });
      expect(response.json().detail).toContain(`${year()}-00003`);
    }
    expect((await api("GET", `rechnungskreise/${circle.id}`, who)).json().lastRechnungsnummer).toBe(3);

    // At the highest number or above: saved, and the next finalization follows it.
    const at = await api("PUT", "rechnungskreise", who, { ...circle, lastRechnungsnummer: 3 });
    expect(at.statusCode, at.body).toBe(200);
    const above = await api("PUT", "rechnungskreise", who, { ...circle, lastRechnungsnummer: 10 });
    expect(above.json()).toMatchObject({ lastRechnungsnummer: 10, nextRechnungsnummer: `${year()}-00011` });
    expect(await finalize()).toBe(`${year()}-00011`);
    const back = await api("PUT", "rechnungskreise", who, { ...above.json(), lastRechnungsnummer: 5 });
    expect(back.json().fieldErrors).toEqual([{ field: "lastRechnungsnummer", code: "belowIssued", min: 11 }]);
  });

  it("refuses a new circle, or a new pattern, whose next number is taken; other patterns and other tenants do not count", async () => {
    const { who } = await tenantWithInvoices(2);
    // A document number circle with the invoices' pattern would give 2026-00001 again.
    const same = await api("POST", "belegnummerkreis", who, { belegsTyps: ["lieferschein"] });
    expect(same.statusCode, same.body).toBe(400);
    expect(same.json().fieldErrors).toEqual([{ field: "lastNummer", code: "belowIssued", min: 2 }]);
    const own = await api("POST", "belegnummerkreis", who, {
      belegsTyps: ["lieferschein"],
      nummernkreisPattern: "LS-{YYYY}-{NNNNN}",
    });
    expect(own.statusCode, own.body).toBe(201);
    // Changing its pattern to the taken one is refused the same way; the counter set past the numbers is not.
    const taken = await api("PUT", "belegnummerkreis", who, {
      ...own.json(),
      nummernkreisPattern: "{YYYY}-{NNNNN}",
    });
    expect(taken.json().fieldErrors).toEqual([{ field: "lastNummer", code: "belowIssued", min: 2 }]);
    const past = await api("PUT", "belegnummerkreis", who, {
      ...own.json(),
      nummernkreisPattern: "{YYYY}-{NNNNN}",
      lastNummer: 2,
    });
    expect(past.statusCode, past.body).toBe(200);
    // Another tenant's numbers are not seen: a fresh tenant may start at 0 with the same pattern.
    const fresh = await api("POST", "rechnungskreise", other, { rechnungskreisName: unique("Frisch") });
    expect(fresh.statusCode, fresh.body).toBe(201);
    await api("DELETE", `rechnungskreise/${fresh.json().id}`, other);
  });

  it("a PUT that leaves the counter out keeps it (it was reset to 0, and every finalization then answered 409)", async () => {
    const { who, finalize, circle } = await tenantWithInvoices(2);
    const renamed = await api("PUT", "rechnungskreise", who, {
      id: circle.id,
      rechnungskreisName: "Umbenannt",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      rechnungskreisName: "Umbenannt",
      lastRechnungsnummer: 2,
      firstRechnungsnummer: circle.firstRechnungsnummer,
      nummerProJahr: circle.nummerProJahr,
      rksv: circle.rksv,
      barRechnungOhneRksv: circle.barRechnungOhneRksv,
      rechnungsnummernPattern: circle.rechnungsnummernPattern,
    });
    expect(await finalize()).toBe(`${year()}-00003`);

    // The same for a document number circle: its counter and flags stay when left out.
    const made = (
      await api("POST", "belegnummerkreis", who, {
        belegsTyps: ["angebot"],
        nummernkreisPattern: "AN-{NNNN}",
        lastNummer: 17,
        nummerProJahr: false,
      })
    ).json();
    const kept = await api("PUT", "belegnummerkreis", who, {
      id: made.id,
      belegsTyps: ["angebot", "bestellung"],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      belegsTyps: ["angebot", "bestellung"],
      nummernkreisPattern: "AN-{NNNN}",
      lastNummer: 17,
      nummerProJahr: false,
      nextNummer: "AN-0018",
    });
  });
});
