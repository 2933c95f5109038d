import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { createMandant, createUser } from "../../setup/seed.ts";
import {
  call,
  createTenantUser,
  createTestApp,
  login,
  type TestApp,
  type TestUser,
  unique,
} from "../../test/helpers.ts";

/** User notes (issue 23): GET usernotes, GET/PUT/DELETE note, GET note/asstring — the caller's own notes. */

let t: TestApp;
let alice: TestUser;
/** One user who is a member of Alice's tenant and of a second one: in the second, and in Alice's. */
let aliceZwei: Who;
let zweiInEins: Who;
let asAlice: Who;
/** ROLE_ADMIN in Alice's tenant. */
let admin: Who;
/** Another tenant's member. */
let bob: Who;

interface Who {
  token: string;
  mandantId: number;
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await createTenantUser(t, { modules: [] });
  const zweiterMandant = await createMandant(t.db, {
    bezeichnung: unique("Mandant"),
    aktiv: true,
    modules: [],
  });
  const adminLogin = unique("admin");
  await createUser(t.db, {
    login: adminLogin,
    email: `${adminLogin}@example.test`,
    password: "secret123",
    authorities: ["ROLE_USER", "ROLE_ADMIN"],
    mandantIds: [alice.mandantId],
  });
  const zweiLogin = unique("alice2");
  await createUser(t.db, {
    login: zweiLogin,
    email: `${zweiLogin}@example.test`,
    password: "secret123",
    authorities: ["ROLE_USER"],
    mandantIds: [alice.mandantId, zweiterMandant],
  });
  const b = await createTenantUser(t);
  const [aliceToken, adminToken, zweiToken, bobToken] = await Promise.all([
    login(t, alice),
    login(t, { login: adminLogin, password: "secret123" }),
    login(t, { login: zweiLogin, password: "secret123" }),
    login(t, b),
  ]);
  asAlice = { token: aliceToken, mandantId: alice.mandantId };
  admin = { token: adminToken, mandantId: alice.mandantId };
  bob = { token: bobToken, mandantId: b.mandantId };
  aliceZwei = { token: zweiToken, mandantId: zweiterMandant };
  zweiInEins = { token: zweiToken, mandantId: alice.mandantId };
});
afterAll(() => t?.close());

const req = (who: Who | null, method: "GET" | "PUT" | "DELETE", path: string, payload?: unknown) =>
  call(t, {
    method,
    url: `/app/api/${path}`,
    ...(who ?? {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

async function anlegen(who: Who, datum: string, text: string) {
  const response = await req(who, "PUT", "note", { datum, text });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; datum: string; text: string; user: { id: number; login: string } };
}

describe("user notes", () => {
  it("creates, reads, updates and deletes the caller's note, each change audited", async () => {
    const created = await anlegen(asAlice, "2026-11-20", "  Angebot Müller nachfassen\nbis Freitag  ");
    expect(created).toEqual({
      id: expect.any(Number),
      datum: "2026-11-20",
      text: "Angebot Müller nachfassen\nbis Freitag",
      user: { id: alice.userId, login: alice.login },
    });
    expect((await req(asAlice, "GET", `note/${created.id}`)).json()).toEqual(created);

    const updated = await req(asAlice, "PUT", "note", {
      id: created.id,
      datum: "2026-11-21",
      text: "Erledigt",
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({ ...created, datum: "2026-11-21", text: "Erledigt" });

    const deleted = await req(asAlice, "DELETE", `note/${created.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await req(asAlice, "GET", `note/${created.id}`)).statusCode).toBe(404);
    expect((await req(asAlice, "DELETE", `note/${created.id}`)).statusCode).toBe(404);

    const audits = await withTenant(t.db, alice.mandantId, (tx) =>
      tx
        .select({ action: auditLog.action, detail: auditLog.detail, login: auditLog.login })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "note"), eq(auditLog.entityId, created.id)))
        .orderBy(asc(auditLog.id)),
    );
    expect(audits).toEqual([
      { action: "create", detail: { datum: "2026-11-20" }, login: alice.login },
      { action: "update", detail: { datum: "2026-11-21" }, login: alice.login },
      { action: "delete", detail: null, login: alice.login },
    ]);
  });

  it("lists the caller's notes newest day first, paged with x-total-count; sort by datum asc", async () => {
    const who = await eigener();
    const tage = ["2026-01-05", "2026-03-01", "2025-12-24", "2026-03-01", "2026-02-10"];
    const notes = [];
    for (const [i, datum] of tage.entries()) notes.push(await anlegen(who, datum, `Notiz ${i}`));
    const erste = await req(who, "GET", "usernotes?size=2");
    expect(erste.statusCode).toBe(200);
    expect(erste.headers["x-total-count"]).toBe("5");
    // Newest day first; on one day the newer note first.
    expect(erste.json().map((n: { text: string }) => n.text)).toEqual(["Notiz 3", "Notiz 1"]);
    const letzte = await req(who, "GET", "usernotes?size=2&page=2");
    expect(letzte.headers["x-total-count"]).toBe("5");
    expect(letzte.json().map((n: { text: string }) => n.text)).toEqual(["Notiz 2"]);
    const auf = await req(who, "GET", "usernotes?sort=datum,asc");
    expect(auf.json().map((n: { datum: string }) => n.datum)).toEqual([
      "2025-12-24",
      "2026-01-05",
      "2026-02-10",
      "2026-03-01",
      "2026-03-01",
    ]);
    expect((await req(who, "GET", "usernotes?sort=text,asc")).statusCode).toBe(400);
    expect((await req(who, "GET", "usernotes?size=0")).statusCode).toBe(400);
  });

  it("GET note/asstring: one line 'DD.MM.YYYY text' per note, newest first; none: 204", async () => {
    const who = await eigener();
    expect((await req(who, "GET", "note/asstring")).statusCode).toBe(204);
    await anlegen(who, "2026-02-03", "Zweite\nZeile");
    await anlegen(who, "2026-11-20", "Steuerberater anrufen");
    const text = await req(who, "GET", "note/asstring");
    expect(text.statusCode).toBe(200);
    expect(text.headers["content-type"]).toContain("text/plain");
    expect(text.body).toBe("20.11.2026 Steuerberater anrufen\n03.02.2026 Zweite Zeile");
  });

  it("400 with field codes: text required and at most 2000 characters, datum an ISO date, unknown fields", async () => {
    const cases: [unknown, { field: string; code: string; max?: number; min?: number }[]][] = [
      [{ datum: "2026-11-20" }, [{ field: "text", code: "required" }]],
      [{ datum: "2026-11-20", text: "   " }, [{ field: "text", code: "required" }]],
      [{ datum: "2026-11-20", text: "x".repeat(2001) }, [{ field: "text", code: "maxLength", max: 2000 }]],
      [{ text: "x" }, [{ field: "datum", code: "required" }]],
      [{ datum: "20.11.2026", text: "x" }, [{ field: "datum", code: "pattern" }]],
      [{ datum: "2026-02-30", text: "x" }, [{ field: "datum", code: "pattern" }]],
      [{ datum: "0000-01-01", text: "x" }, [{ field: "datum", code: "dateRange", min: 1900, max: 2199 }]],
      [{ datum: "2026-11-20", text: 5 }, [{ field: "text", code: "invalidType" }]],
      [{ datum: "2026-11-20", text: "x", user: { id: 1 } }, [{ field: "user", code: "unknownField" }]],
      [{ id: "abc", datum: "2026-11-20", text: "x" }, [{ field: "id", code: "invalidType" }]],
      [{ datum: "2026-11-20", text: "a\u0000b" }, [{ field: "text", code: "invalid" }]],
    ];
    for (const [body, fieldErrors] of cases) {
      const response = await req(asAlice, "PUT", "note", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe("error.validation");
      expect(response.json().fieldErrors, JSON.stringify(body)).toEqual(fieldErrors);
    }
    // Exactly 2000 characters are fine.
    expect(
      (await req(asAlice, "PUT", "note", { datum: "2026-11-20", text: "x".repeat(2000) })).statusCode,
    ).toBe(200);
    expect((await req(asAlice, "GET", "note/abc")).statusCode).toBe(400);
    expect((await req(asAlice, "DELETE", "note/0")).statusCode).toBe(400);
  });

  it("401 without a token, 403 without the tenant header or in a tenant the user is no member of", async () => {
    for (const [method, path, body] of [
      ["GET", "usernotes"],
      ["GET", "note/asstring"],
      ["GET", "note/1"],
      ["PUT", "note", { datum: "2026-11-20", text: "x" }],
      ["DELETE", "note/1"],
    ] as const) {
      expect((await req({ token: "", mandantId: alice.mandantId }, method, path, body)).statusCode).toBe(401);
      expect(
        (await call(t, { method, url: `/app/api/${path}`, token: asAlice.token, payload: body })).statusCode,
      ).toBe(403);
      expect((await req({ ...asAlice, mandantId: bob.mandantId }, method, path, body)).statusCode).toBe(403);
    }
  });

  it("another user's note is 404 — even for an administrator of the tenant — and stays as it was", async () => {
    const note = await anlegen(asAlice, "2026-11-20", "Privat");
    for (const who of [admin, zweiInEins]) {
      expect((await req(who, "GET", `note/${note.id}`)).statusCode).toBe(404);
      expect(
        (await req(who, "PUT", "note", { id: note.id, datum: "2026-11-21", text: "übernommen" })).statusCode,
      ).toBe(404);
      expect((await req(who, "DELETE", `note/${note.id}`)).statusCode).toBe(404);
      const liste = (await req(who, "GET", "usernotes?size=500")).json() as { id: number }[];
      expect(liste.some((n) => n.id === note.id)).toBe(false);
      const text = await req(who, "GET", "note/asstring");
      expect(text.body).not.toContain("Privat");
    }
    expect((await req(asAlice, "GET", `note/${note.id}`)).json()).toEqual(note);
  });

  it("another tenant's note id is 404; the same user's notes are kept apart per tenant", async () => {
    const note = await anlegen(asAlice, "2026-11-20", "Mandant A");
    for (const path of [`note/${note.id}`]) {
      expect((await req(bob, "GET", path)).statusCode).toBe(404);
      expect((await req(bob, "DELETE", path)).statusCode).toBe(404);
    }
    expect((await req(bob, "PUT", "note", { id: note.id, datum: "2026-11-21", text: "B" })).statusCode).toBe(
      404,
    );
    expect((await req(asAlice, "GET", `note/${note.id}`)).json()).toEqual(note);

    // One user, two tenants: a note written in tenant 1 is not seen in tenant 2.
    const inEins = await anlegen(zweiInEins, "2026-11-20", "nur in Mandant 1");
    expect((await req(aliceZwei, "GET", `note/${inEins.id}`)).statusCode).toBe(404);
    expect((await req(aliceZwei, "GET", "usernotes")).json()).toEqual([]);
    expect((await req(aliceZwei, "GET", "usernotes")).headers["x-total-count"]).toBe("0");
    expect((await req(zweiInEins, "GET", "usernotes")).json()).toEqual([inEins]);
  });
});

/** A fresh member of a fresh tenant (its notes start empty). */
async function eigener(): Promise<Who> {
  const user = await createTenantUser(t, { modules: [] });
  return { token: await login(t, user), mandantId: user.mandantId };
}
