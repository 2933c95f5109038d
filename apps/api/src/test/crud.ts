import type { TAuthority, TModul } from "@kontor/domain/access/access.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTenantUser, createTestApp, login, type TestApp, type TestUser } from "./helpers.ts";

type Payload = Record<string, unknown>;

/** What the shared tests of the generic pattern need to know about one entity (DESIGN §8). */
export interface CrudSpec {
  /** Path under /app/api, e.g. "mehrwertssteuers". */
  path: string;
  /** A valid new entity; `n` makes each call unique where the entity has unique fields. */
  valid: (n: number) => Payload;
  /** Changes an update makes (checked in the answer). */
  update: Payload;
  /** Bad bodies and the field code each must produce. */
  invalid: readonly { payload: Payload; field: string; code: string }[];
  /** A sortable field whose order the list test checks, and how to compare the created records by it. */
  sort: { field: string; values: (n: number) => Payload };
  /** Who may read and write; the tenant's modules (default: all the entity needs). */
  authorities: TAuthority[];
  modules?: TModul[];
  /** A member whose authorities lack the entity's role (403), e.g. ["ROLE_KASSABUCH"]. */
  forbiddenAuthorities: TAuthority[];
  /** When the entity needs a module: the tenant without it answers 403 error.moduleMissing. */
  module?: TModul;
  /** Records the tenant starts with (seeded master data) are counted in, not assumed absent. */
  seeded?: boolean;
}

export interface CrudContext {
  t: TestApp;
  user: TestUser;
  token: string;
  as: () => { token: string; mandantId: number };
}

/**
 * The tests every entity of the generic pattern gets: create, read, update, delete; 400 with field codes; 401;
 * 403 for a missing role (and module); another tenant's id is 404 for GET, PUT and DELETE; paging with
 * x-total-count and sorting both ways. Returns the context so the area's own tests can go on with it.
 */
export function describeCrud(spec: CrudSpec): CrudContext {
  const context = {} as CrudContext;
  let other: { token: string; mandantId: number };
  let forbidden: { token: string; mandantId: number };
  let noModule: { token: string; mandantId: number } | undefined;
  const url = `/app/api/${spec.path}`;

  beforeAll(async () => {
    const t = await createTestApp();
    const modules = spec.modules ?? (spec.module ? [spec.module] : []);
    const [user, otherUser, forbiddenUser, noModuleUser] = await Promise.all([
      createTenantUser(t, { authorities: spec.authorities, modules }),
      createTenantUser(t, { authorities: spec.authorities, modules }),
      createTenantUser(t, { authorities: spec.forbiddenAuthorities, modules }),
      spec.module ? createTenantUser(t, { authorities: spec.authorities, modules: [] }) : undefined,
    ]);
    const [token, otherToken, forbiddenToken, noModuleToken] = await Promise.all([
      login(t, user),
      login(t, otherUser),
      login(t, forbiddenUser),
      noModuleUser ? login(t, noModuleUser) : undefined,
    ]);
    Object.assign(context, { t, user, token, as: () => ({ token, mandantId: user.mandantId }) });
    other = { token: otherToken, mandantId: otherUser.mandantId };
    forbidden = { token: forbiddenToken, mandantId: forbiddenUser.mandantId };
    if (noModuleUser && noModuleToken) noModule = { token: noModuleToken, mandantId: noModuleUser.mandantId };
  });
  afterAll(() => context.t?.close());

  const put = (payload: Payload, who = context.as()) =>
    call(context.t, { method: "PUT", url, ...who, payload });

  describe(`${spec.path}: generic pattern`, () => {
    it("creates, reads, updates and deletes", async () => {
      const created = await put(spec.valid(1));
      expect(created.statusCode, created.body).toBe(200);
      const item = created.json();
      expect(item.id).toBeTypeOf("number");

      const read = await call(context.t, { method: "GET", url: `${url}/${item.id}`, ...context.as() });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(item);

      const updated = await put({ ...item, ...spec.update });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ id: item.id, ...spec.update });

      const removed = await call(context.t, { method: "DELETE", url: `${url}/${item.id}`, ...context.as() });
      expect(removed.statusCode).toBe(204);
      const gone = await call(context.t, { method: "GET", url: `${url}/${item.id}`, ...context.as() });
      expect(gone.statusCode).toBe(404);
    });

    it("answers bad input with 400 and field codes, and saves nothing", async () => {
      const before = await call(context.t, { method: "GET", url: `${url}?size=1`, ...context.as() });
      for (const { payload, field, code } of spec.invalid) {
        const response = await put(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().code).toBe("error.validation");
        expect(response.json().fieldErrors, JSON.stringify(payload)).toContainEqual(
          expect.objectContaining({ field, code }),
        );
      }
      const after = await call(context.t, { method: "GET", url: `${url}?size=1`, ...context.as() });
      expect(after.headers["x-total-count"]).toBe(before.headers["x-total-count"]);
    });

    it("an update of an id that does not exist is 404", async () => {
      const response = await put({ ...spec.valid(2), id: 999_999_999 });
      expect(response.statusCode).toBe(404);
    });

    it("needs a sign-in (401) and the role (403)", async () => {
      expect((await call(context.t, { method: "GET", url })).statusCode).toBe(401);
      expect((await call(context.t, { method: "PUT", url, payload: spec.valid(3) })).statusCode).toBe(401);
      for (const response of [
        await call(context.t, { method: "GET", url, ...forbidden }),
        await put(spec.valid(3), forbidden),
        await call(context.t, { method: "DELETE", url: `${url}/1`, ...forbidden }),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe("error.forbidden");
      }
      if (noModule) {
        const response = await call(context.t, { method: "GET", url, ...noModule });
        expect(response.statusCode).toBe(403);
        expect(response.json().code).toBe("error.moduleMissing");
      }
    });

    it("keeps tenants apart: another tenant's id is 404 for GET, PUT and DELETE", async () => {
      const mine = (await put(spec.valid(4))).json();
      expect((await call(context.t, { method: "GET", url: `${url}/${mine.id}`, ...other })).statusCode).toBe(
        404,
      );
      expect((await put({ ...mine, ...spec.update }, other)).statusCode).toBe(404);
      expect(
        (await call(context.t, { method: "DELETE", url: `${url}/${mine.id}`, ...other })).statusCode,
      ).toBe(404);
      const list = await call(context.t, { method: "GET", url: `${url}?size=100`, ...other });
      expect(list.json().map((item: { id: number }) => item.id)).not.toContain(mine.id);
      expect(
        (await call(context.t, { method: "GET", url: `${url}/${mine.id}`, ...context.as() })).json(),
      ).toEqual(mine);
      await call(context.t, { method: "DELETE", url: `${url}/${mine.id}`, ...context.as() });
    });

    it("pages with x-total-count and sorts both ways", async () => {
      const ids: number[] = [];
      for (const n of [11, 12, 13]) {
        const response = await put({ ...spec.valid(n), ...spec.sort.values(n) });
        expect(response.statusCode, response.body).toBe(200);
        ids.push(response.json().id);
      }
      const all = await call(context.t, { method: "GET", url: `${url}?size=500`, ...context.as() });
      const total = Number(all.headers["x-total-count"]);
      expect(total).toBeGreaterThanOrEqual(3);
      if (!spec.seeded) expect(total).toBe(3);

      const page = await call(context.t, { method: "GET", url: `${url}?page=1&size=2`, ...context.as() });
      expect(page.statusCode).toBe(200);
      expect(page.headers["x-total-count"]).toBe(String(total));
      expect(page.json()).toHaveLength(Math.min(2, total - 2));

      const field = spec.sort.field;
      const order = async (direction: "asc" | "desc") =>
        (
          await call(context.t, {
            method: "GET",
            url: `${url}?size=500&sort=${field},${direction}`,
            ...context.as(),
          })
        )
          .json()
          .filter((item: { id: number }) => ids.includes(item.id))
          .map((item: { id: number }) => item.id);
      expect(await order("asc")).toEqual(ids);
      expect(await order("desc")).toEqual([...ids].reverse());

      const badSort = await call(context.t, { method: "GET", url: `${url}?sort=nope,asc`, ...context.as() });
      expect(badSort.statusCode).toBe(400);
      for (const id of ids) await call(context.t, { method: "DELETE", url: `${url}/${id}`, ...context.as() });
    });
  });

  return context;
}
