import { MODULES } from "@kontor/domain/access/access.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  createTenantUser,
  createTestApp,
  login,
  type TestApp,
  type TestUser,
  unique,
} from "../../test/helpers.ts";

let t: TestApp;
let admin: TestUser;
let adminToken: string;
let tenantAdmin: TestUser;
let tenantAdminToken: string;
let plain: TestUser;
let plainToken: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTenantUser(t, { authorities: ["ROLE_USER", "ROLE_ADMIN"] });
  tenantAdmin = await createTenantUser(t, {
    authorities: ["ROLE_USER", "ROLE_ADMIN_MANDANT"],
    modules: ["crm"],
  });
  plain = await createTenantUser(t);
  [adminToken, tenantAdminToken, plainToken] = await Promise.all([
    login(t, admin),
    login(t, tenantAdmin),
    login(t, plain),
  ]);
});
afterAll(() => t?.close());

const newMandant = (overrides: Record<string, unknown> = {}) => ({
  bezeichnung: unique("Neu GmbH"),
  uid: "ATU12345675",
  email: "office@neu.example",
  adresseLists: [{ strasse: "Hauptstraße", hausNummer: "5", plz: "4020", ort: "Linz", land: "AT" }],
  modulList: ["zahlung", "kassabuch", "crm"],
  kassaBetrag: 150.5,
  kassaStartdatum: "2026-01-01",
  iban: "at61 1904 3002 3457 3201",
  bic: "bkauatww",
  bankName: "Bank Austria",
  hinweisKleinunternehmerDe: "Umsatzsteuerbefreit – Kleinunternehmer gemäß § 6 Abs. 1 Z 27 UStG",
  userLists: [{ id: plain.userId }],
  ...overrides,
});

describe("PUT /app/api/mandants (create and update)", () => {
  it("an admin creates a tenant with every field; modules come back sorted; members can select it", async () => {
    const response = await call(t, {
      method: "PUT",
      url: "/app/api/mandants",
      token: adminToken,
      payload: newMandant(),
    });
    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toMatchObject({
      aktiv: true,
      uid: "ATU12345675",
      iban: "AT611904300234573201",
      bic: "BKAUATWW",
      bankName: "Bank Austria",
      modulList: ["crm", "kassabuch", "zahlung"],
      kassaBetrag: 150.5,
      kassaStartdatum: "2026-01-01",
      rechnungsNummerProJahr: true,
      anzahlBeleg: 0,
      letztesBelegsDatum: null,
      adresseLists: [{ strasse: "Hauptstraße", hausNummer: "5", plz: "4020", ort: "Linz", land: "AT" }],
      userLists: [{ id: plain.userId, login: plain.login }],
    });
    expect(created.id).toBeTypeOf("number");

    const mine = await call(t, { method: "GET", url: "/app/api/mandants/all", token: plainToken });
    expect(mine.json().map((m: { id: number }) => m.id)).toContain(created.id);
    const modules = await call(t, {
      method: "GET",
      url: "/app/api/getmandantmodule",
      token: plainToken,
      mandantId: created.id,
    });
    expect(modules.json().modulList).toEqual(["crm", "kassabuch", "zahlung"]);
  });

  it("the document PDF settings: defaults for a tenant without them, then saved and read back", async () => {
    // Sent without them (as every client before issue 16): standard layout, form B, no footer.
    const created = (
      await call(t, { method: "PUT", url: "/app/api/mandants", token: adminToken, payload: newMandant() })
    ).json();
    expect(created).toMatchObject({ pdfLayout: "standard", fensterkuvert: "B", pdfFusszeile: null });
    const fusszeile = `Geschäftsführer: Max Muster · FN 123456a, Landesgericht Linz\n${"x".repeat(900)}`;
    const saved = await call(t, {
      method: "PUT",
      url: "/app/api/mandants",
      token: adminToken,
      payload: { ...created, pdfLayout: "modern", fensterkuvert: "A", pdfFusszeile: `  ${fusszeile}  ` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ pdfLayout: "modern", fensterkuvert: "A", pdfFusszeile: fusszeile });
    const read = await call(t, { method: "GET", url: `/app/api/mandants/${created.id}`, token: adminToken });
    expect(read.json()).toMatchObject({ pdfLayout: "modern", fensterkuvert: "A", pdfFusszeile: fusszeile });
    // An empty footer is none.
    const cleared = await call(t, {
      method: "PUT",
      url: "/app/api/mandants",
      token: adminToken,
      payload: { ...(read.json() as object), pdfFusszeile: "   " },
    });
    expect(cleared.json().pdfFusszeile).toBeNull();
  });

  it("an update replaces addresses, modules and members", async () => {
    const created = (
      await call(t, { method: "PUT", url: "/app/api/mandants", token: adminToken, payload: newMandant() })
    ).json();
    const update = {
      ...created,
      bezeichnung: `${created.bezeichnung} (neu)`,
      adresseLists: [
        { ...created.adresseLists[0], ort: "Wels" },
        { strasse: "Nebenweg", hausNummer: "1a", plz: "80331", ort: "München", land: "DE" },
      ],
      modulList: ["rksv"],
      userLists: [],
    };
    const response = await call(t, {
      method: "PUT",
      url: "/app/api/mandants",
      token: adminToken,
      payload: update,
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json();
    expect(saved.bezeichnung).toBe(update.bezeichnung);
    expect(saved.adresseLists).toMatchObject([
      { id: created.adresseLists[0].id, ort: "Wels" },
      { ort: "München", land: "DE" },
    ]);
    expect(saved.modulList).toEqual(["rksv"]);
    expect(saved.userLists).toEqual([]);
  });

  it("answers bad input with 400 and field codes", async () => {
    const response = await call(t, {
      method: "PUT",
      url: "/app/api/mandants",
      token: adminToken,
      payload: newMandant({
        bezeichnung: " ",
        email: "not-an-email",
        modulList: ["rksv", "teleportation"],
        kassaBetrag: 1.234,
        iban: "AT611904300234573202",
        bic: "BKAU",
        adresseLists: [{ strasse: "x", hausNummer: "1", plz: "12345678901", ort: "y", land: "Austria" }],
        pdfLayout: "barock",
        fensterkuvert: "C",
        pdfFusszeile: "x".repeat(1001),
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { field: "pdfLayout", code: "enum" },
        { field: "fensterkuvert", code: "enum" },
        { field: "pdfFusszeile", code: "maxLength", max: 1000 },
        { field: "bezeichnung", code: "required" },
        { field: "email", code: "email" },
        { field: "modulList.1", code: "enum" },
        { field: "kassaBetrag", code: "invalid" },
        { field: "iban", code: "checksum" },
        { field: "bic", code: "pattern" },
        { field: "adresseLists.0.plz", code: "maxLength", max: 10 },
        { field: "adresseLists.0.land", code: "pattern" },
      ]),
    );
  });

  it("checks the VAT id as the customer's (format, check digit, country) and stores it normalized", async () => {
    for (const [uid, code] of [
      ["ATU12345678", "checksum"],
      ["ATU1234567", "pattern"],
      ["XX123456789", "invalid"],
    ] as const) {
      const response = await call(t, {
        method: "PUT",
        url: "/app/api/mandants",
        token: adminToken,
        payload: newMandant({ uid }),
      });
      expect(response.statusCode, uid).toBe(400);
      expect(response.json().fieldErrors, uid).toEqual([{ field: "uid", code }]);
    }
    const saved = await call(t, {
      method: "PUT",
      url: "/app/api/mandants",
      token: adminToken,
      payload: newMandant({ uid: "de 136 695 976" }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().uid).toBe("DE136695976");
    const none = await call(t, {
      method: "PUT",
      url: "/app/api/mandants",
      token: adminToken,
      payload: newMandant({ uid: "" }),
    });
    expect(none.json().uid).toBeNull();
  });

  it("refuses unknown users as members with a field code", async () => {
    const response = await call(t, {
      method: "PUT",
      url: "/app/api/mandants",
      token: adminToken,
      payload: newMandant({ userLists: [{ id: plain.userId }, { id: 987_654_321 }] }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: "userLists.1.id", code: "invalid" }]);
  });

  it("401 without a token; 403 for a user without an admin role", async () => {
    expect(
      (await call(t, { method: "PUT", url: "/app/api/mandants", payload: newMandant() })).statusCode,
    ).toBe(401);
    const response = await call(t, {
      method: "PUT",
      url: "/app/api/mandants",
      token: plainToken,
      payload: newMandant(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("error.forbidden");
  });

  it("a tenant admin edits their own tenant, but may not create tenants or change modules", async () => {
    const own = (
      await call(t, {
        method: "GET",
        url: `/app/api/mandants/${tenantAdmin.mandantId}`,
        token: tenantAdminToken,
      })
    ).json();
    const renamed = await call(t, {
      method: "PUT",
      url: "/app/api/mandants",
      token: tenantAdminToken,
      payload: { ...own, industrySector: "Handel" },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().industrySector).toBe("Handel");

    const modules = await call(t, {
      method: "PUT",
      url: "/app/api/mandants",
      token: tenantAdminToken,
      payload: { ...own, modulList: [...MODULES] },
    });
    expect(modules.statusCode).toBe(403);
    const create = await call(t, {
      method: "PUT",
      url: "/app/api/mandants",
      token: tenantAdminToken,
      payload: newMandant(),
    });
    expect(create.statusCode).toBe(403);
  });

  it("another tenant's id gives a tenant admin 404 (read and update)", async () => {
    const other = (
      await call(t, { method: "GET", url: `/app/api/mandants/${admin.mandantId}`, token: adminToken })
    ).json();
    const read = await call(t, {
      method: "GET",
      url: `/app/api/mandants/${admin.mandantId}`,
      token: tenantAdminToken,
    });
    expect(read.statusCode).toBe(404);
    const write = await call(t, {
      method: "PUT",
      url: "/app/api/mandants",
      token: tenantAdminToken,
      payload: other,
    });
    expect(write.statusCode).toBe(404);
    expect(
      (await call(t, { method: "GET", url: "/app/api/mandants/987654321", token: adminToken })).statusCode,
    ).toBe(404);
  });
});

describe("GET /app/api/mandants/list and allmandants", () => {
  it("pages with x-total-count and sorts by a requested column", async () => {
    const prefix = unique("Sort");
    for (const name of ["C", "A", "B"]) {
      await call(t, {
        method: "PUT",
        url: "/app/api/mandants",
        token: adminToken,
        payload: newMandant({ bezeichnung: `${prefix} ${name}`, userLists: [] }),
      });
    }
    const all = await call(t, {
      method: "GET",
      url: "/app/api/mandants/list?size=500&sort=bezeichnung,desc",
      token: adminToken,
    });
    expect(all.statusCode).toBe(200);
    const names = all
      .json()
      .map((m: { bezeichnung: string }) => m.bezeichnung)
      .filter((n: string) => n.startsWith(prefix));
    expect(names).toEqual([`${prefix} C`, `${prefix} B`, `${prefix} A`]);
    const total = Number(all.headers["x-total-count"]);
    expect(total).toBeGreaterThanOrEqual(3);

    const page = await call(t, {
      method: "GET",
      url: "/app/api/mandants/list?page=1&size=2&sort=id,asc",
      token: adminToken,
    });
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers["x-total-count"])).toBe(total);
    const beyond = await call(t, {
      method: "GET",
      url: "/app/api/mandants/list?page=100000&size=2",
      token: adminToken,
    });
    expect(beyond.json()).toEqual([]);
    expect(Number(beyond.headers["x-total-count"])).toBe(total);
  });

  it("refuses unknown sort fields and bad paging with 400", async () => {
    const response = await call(t, {
      method: "GET",
      url: "/app/api/mandants/list?sort=password,asc&size=0",
      token: adminToken,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { field: "sort", code: "invalid" },
        { field: "size", code: "min", min: 1 },
      ]),
    );
  });

  it("a tenant admin sees only their own tenants", async () => {
    const list = await call(t, { method: "GET", url: "/app/api/mandants/list", token: tenantAdminToken });
    expect(list.json().map((m: { id: number }) => m.id)).toEqual([tenantAdmin.mandantId]);
    expect(list.headers["x-total-count"]).toBe("1");
    const all = await call(t, {
      method: "GET",
      url: "/app/api/mandants/allmandants",
      token: tenantAdminToken,
    });
    expect(all.json().map((m: { id: number }) => m.id)).toEqual([tenantAdmin.mandantId]);
  });

  it("403 for a plain user", async () => {
    expect(
      (await call(t, { method: "GET", url: "/app/api/mandants/list", token: plainToken })).statusCode,
    ).toBe(403);
    expect(
      (await call(t, { method: "GET", url: "/app/api/mandants/allmandants", token: plainToken })).statusCode,
    ).toBe(403);
  });
});

describe("activate / deactivate (admin only)", () => {
  it("deactivates and activates; members then cannot use a deactivated tenant", async () => {
    const created = (
      await call(t, { method: "PUT", url: "/app/api/mandants", token: adminToken, payload: newMandant() })
    ).json();
    const off = await call(t, {
      method: "DELETE",
      url: `/app/api/mandants/deactivate/${created.id}`,
      token: adminToken,
    });
    expect(off.statusCode).toBe(204);
    const blocked = await call(t, {
      method: "GET",
      url: "/app/api/getmandantmodule",
      token: plainToken,
      mandantId: created.id,
    });
    expect(blocked.json().code).toBe("error.mandantInactive");
    const on = await call(t, {
      method: "DELETE",
      url: `/app/api/mandants/activate/${created.id}`,
      token: adminToken,
    });
    expect(on.statusCode).toBe(204);
    expect(
      (
        await call(t, {
          method: "GET",
          url: "/app/api/getmandantmodule",
          token: plainToken,
          mandantId: created.id,
        })
      ).statusCode,
    ).toBe(200);
  });

  it("403 for a tenant admin, 404 for an unknown tenant, 400 for a malformed id", async () => {
    const forbidden = await call(t, {
      method: "DELETE",
      url: `/app/api/mandants/deactivate/${tenantAdmin.mandantId}`,
      token: tenantAdminToken,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(
      (await call(t, { method: "DELETE", url: "/app/api/mandants/deactivate/987654321", token: adminToken }))
        .statusCode,
    ).toBe(404);
    const bad = await call(t, {
      method: "DELETE",
      url: "/app/api/mandants/deactivate/abc",
      token: adminToken,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual([{ field: "id", code: "invalidType" }]);
  });
});

describe("issue 33: only administrators change aktiv, also through PUT mandants", () => {
  /** A tenant the tenant admin belongs to, deactivated by the operator. */
  const suspended = async () => {
    const user = await createTenantUser(t, {
      authorities: ["ROLE_USER", "ROLE_ADMIN_MANDANT"],
      modules: ["crm"],
    });
    const token = await login(t, user);
    const off = await call(t, {
      method: "DELETE",
      url: `/app/api/mandants/deactivate/${user.mandantId}`,
      token: adminToken,
    });
    expect(off.statusCode).toBe(204);
    const read = async () =>
      (await call(t, { method: "GET", url: `/app/api/mandants/${user.mandantId}`, token })).json();
    const put = (payload: Record<string, unknown>) =>
      call(t, { method: "PUT", url: "/app/api/mandants", token, payload });
    return { read, put };
  };

  it("a tenant admin's PUT that switches their deactivated tenant on is 403 naming aktiv, and saves nothing", async () => {
    const { read, put } = await suspended();
    const own = await read();
    expect(own.aktiv).toBe(false);
    const response = await put({ ...own, aktiv: true, industrySector: "Umgangen" });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({
      code: "error.forbidden",
      fieldErrors: [{ field: "aktiv", code: "notAllowed" }],
    });
    expect(await read()).toMatchObject({ aktiv: false, industrySector: own.industrySector });
  });

  it("the tenant admin's other fields still save: aktiv sent unchanged or left out keeps the tenant off", async () => {
    const { read, put } = await suspended();
    const own = await read();
    const unchanged = await put({ ...own, industrySector: "Handel" });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json()).toMatchObject({ aktiv: false, industrySector: "Handel" });
    // Left out, the schema's default (true) would have switched it on: the tenant's state stays.
    const { aktiv: _, ...withoutAktiv } = own;
    const omitted = await put({ ...withoutAktiv, industrySector: "Gewerbe" });
    expect(omitted.statusCode, omitted.body).toBe(200);
    expect(omitted.json()).toMatchObject({ aktiv: false, industrySector: "Gewerbe" });
  });

  it("an administrator may switch aktiv by PUT", async () => {
    const created = (
      await call(t, { method: "PUT", url: "/app/api/mandants", token: adminToken, payload: newMandant() })
    ).json();
    const off = await call(t, {
      method: "PUT",
      url: "/app/api/mandants",
      token: adminToken,
      payload: { ...created, aktiv: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().aktiv).toBe(false);
  });
});

describe("POST /app/api/selectedMandant", () => {
  it("remembers the selected tenant in the account", async () => {
    const response = await call(t, {
      method: "POST",
      url: "/app/api/selectedMandant",
      token: plainToken,
      payload: { mandantId: plain.mandantId },
    });
    expect(response.statusCode).toBe(204);
    const account = await call(t, { method: "GET", url: "/app/api/account", token: plainToken });
    expect(account.json().selectedMandantId).toBe(plain.mandantId);
  });

  it("403 for a tenant the user does not belong to; 400 for bad input; 401 without token", async () => {
    const other = await call(t, {
      method: "POST",
      url: "/app/api/selectedMandant",
      token: plainToken,
      payload: { mandantId: admin.mandantId },
    });
    expect(other.statusCode).toBe(403);
    const bad = await call(t, {
      method: "POST",
      url: "/app/api/selectedMandant",
      token: plainToken,
      payload: { mandantId: "x" },
    });
    expect(bad.json().fieldErrors).toEqual([{ field: "mandantId", code: "invalidType" }]);
    expect(
      (await call(t, { method: "POST", url: "/app/api/selectedMandant", payload: { mandantId: 1 } }))
        .statusCode,
    ).toBe(401);
  });
});

describe("GET /app/api/abrechnung", () => {
  it("lists documents per tenant for admins only", async () => {
    const response = await call(t, { method: "GET", url: "/app/api/abrechnung", token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(
      expect.arrayContaining([
        {
          mandantId: admin.mandantId,
          bezeichnung: expect.any(String),
          anzahlBeleg: 0,
          letztesBelegsDatum: null,
        },
      ]),
    );
    expect(
      (await call(t, { method: "GET", url: "/app/api/abrechnung", token: tenantAdminToken })).statusCode,
    ).toBe(403);
  });
});
