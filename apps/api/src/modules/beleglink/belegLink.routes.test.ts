import { createHash, randomBytes } from "node:crypto";
import type { TBelegLink, TBelegLinkNeu } from "@kontor/domain/beleg/belegLink.schema";
import { addDays, todayIso } from "@kontor/domain/date/calendar";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { belegLink, mandant } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import {
  call,
  createTenantUser,
  createTestApp,
  login,
  type TestApp,
  uniqueAddress,
} from "../../test/helpers.ts";
import { createBeleg, rechnungsfaehig } from "../beleg/beleg.testing.ts";
import { type Caller, createKunde } from "../kunde/kunde.testing.ts";

/** Small limits, so the rate-limit test needs few calls; every other call comes from an address of its own. */
const LIMITS = { maxRequestsPerAddress: 6, maxMissesPerAddress: 3, windowSeconds: 15 * 60 };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ belegLinkRateLimit: LIMITS, baseUrl: "https://kontor.example" });
});
afterAll(() => t?.close());

const api = (path: string) => `/app/api/${path}`;
const as = (who: Caller, method: "GET" | "POST" | "DELETE", path: string, payload?: object) =>
  call(t, { method, url: api(path), ...who, ...(payload ? { payload } : {}) });
/** A public call (no token, no tenant) from a client address of its own unless one is given. */
const anonym = (path: string, address = uniqueAddress()) =>
  t.app.inject({ method: "GET", url: api(path), remoteAddress: address });

/** A tenant that may issue invoices, a ROLE_USER member, an English-speaking customer with a 14-day term. */
async function tenant() {
  const user = await createTenantUser(t, { authorities: ["ROLE_USER"], modules: ["rechnungslegung"] });
  await rechnungsfaehig(t, user.mandantId);
  const who: Caller = { token: await login(t, user), mandantId: user.mandantId };
  const term = await call(t, {
    method: "PUT",
    url: api("zahlungsziels"),
    ...who,
    payload: { name: "14 Tage", nettoTage: 14 },
  });
  expect(term.statusCode, term.body).toBe(200);
  const kunde = await createKunde(t, who, { bezeichnung: "Muster Ltd", belegLangKey: "en" });
  return { ...who, kunde, zahlungszielId: term.json().id as number };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

/** An invoice of the tenant's customer (2 × 50 € + 20 % VAT = 120 €); finalized unless told otherwise. */
async function rechnung(who: Tenant, { final = true } = {}) {
  const draft = await createBeleg(t, who, {
    belegsTyp: "rechnung",
    belegDatum: "2026-03-02",
    leistungsDatum: "2026-03-01",
    kunde: { id: who.kunde.id },
    zahlungsziel: { id: who.zahlungszielId },
  });
  if (!final) return draft;
  const finalized = await as(who, "POST", `beleg/${draft.id}/freigabe`);
  expect(finalized.statusCode, finalized.body).toBe(200);
  return finalized.json() as typeof draft;
}

async function share(who: Caller, belegId: number, body: object = {}): Promise<TBelegLinkNeu> {
  const response = await as(who, "POST", `beleg/${belegId}/link`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const tokenOf = (link: TBelegLinkNeu) => link.url.split("/").pop()!;

async function linksOf(who: Caller, belegId: number): Promise<TBelegLink[]> {
  const response = await as(who, "GET", `beleg/${belegId}/links`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A 404 as every dead or made-up token gets it: the same body but for the request id. */
function expectNotFoundAlike(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(404);
  const { requestId: _id, ...body } = response.json() as { requestId: string };
  expect(body).toEqual({ status: 404, title: "Not Found", code: "error.notFound" });
}

describe("public link: valid", () => {
  it("shows the summary and the PDF without a sign-in, counts views and answers the token only once", async () => {
    const who = await tenant();
    const beleg = await rechnung(who);
    const link = await share(who, beleg.id);
    expect(link.url).toMatch(/^https:\/\/kontor\.example\/app\/invoicetemplate\/[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ belegId: beleg.id, aufrufe: 0, status: "aktiv", gueltigBis: null });
    const token = tokenOf(link);

    const summary = await anonym(`public/beleg/${token}`);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.headers["cache-control"]).toBe("no-store");
    const [mandantRow] = await t.db
      .select({ bezeichnung: mandant.bezeichnung })
      .from(mandant)
      .where(eq(mandant.id, who.mandantId));
    expect(summary.json()).toEqual({
      mandant: mandantRow!.bezeichnung,
      belegsTyp: "rechnung",
      belegNummer: beleg.belegNummer,
      belegDatum: "2026-03-02",
      summeBrutto: 120,
      faelligAm: "2026-03-16",
      sprache: "en",
      storniert: false,
    });

    const pdf = await anonym(`public/beleg/${token}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.subarray(0, 4).toString("latin1")).toBe("%PDF");
    expect(pdf.headers["content-disposition"]).toMatch(/^inline; filename="[^"]+\.pdf"/);
    // The app's own page may frame it; no other site.
    expect(pdf.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(String(pdf.headers["content-security-policy"])).toContain("frame-ancestors 'self'");
    expect(pdf.headers["x-content-type-options"]).toBe("nosniff");
    const download = await anonym(`public/beleg/${token}/pdf?download=1`);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename=/);

    // The page's summary is the view; the PDF it embeds does not count again.
    let [listed] = await linksOf(who, beleg.id);
    expect(listed).toMatchObject({
      id: link.id,
      aufrufe: 1,
      status: "aktiv",
      erstelltVon: expect.any(String),
    });
    expect(listed!.letzterAufruf).not.toBeNull();
    await anonym(`public/beleg/${token}`);
    [listed] = await linksOf(who, beleg.id);
    expect(listed!.aufrufe).toBe(2);
    // Never a token in the list; only its SHA-256 is stored.
    expect(JSON.stringify(listed)).not.toContain(token);
    const stored = await withTenant(t.db, who.mandantId, (tx) =>
      tx.select({ hash: belegLink.tokenHash }).from(belegLink).where(eq(belegLink.id, link.id)),
    );
    expect(stored[0]!.hash).toBe(createHash("sha256").update(token).digest("base64url"));

    // Made and revoked links are in the document's history.
    const historie = await as(who, "GET", `beleg/${beleg.id}/historie`);
    expect(historie.json().map((e: { action: string }) => e.action)).toContain("link");
  });

  it("works until the end of its last day; a day before today is refused at the field", async () => {
    const who = await tenant();
    const beleg = await rechnung(who);
    const heute = todayIso();
    const link = await share(who, beleg.id, { gueltigBis: heute });
    expect(link).toMatchObject({ gueltigBis: heute, status: "aktiv" });
    expect((await anonym(`public/beleg/${tokenOf(link)}`)).statusCode).toBe(200);

    const past = await as(who, "POST", `beleg/${beleg.id}/link`, { gueltigBis: addDays(heute, -1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldErrors).toEqual([{ field: "gueltigBis", code: "invalid" }]);
    const malformed = await as(who, "POST", `beleg/${beleg.id}/link`, { gueltigBis: "2026-02-30" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors[0].field).toBe("gueltigBis");
    const unknown = await as(who, "POST", `beleg/${beleg.id}/link`, { token: "mine" });
    expect(unknown.json().fieldErrors).toEqual([{ field: "token", code: "unknownField" }]);
    expect(await linksOf(who, beleg.id)).toHaveLength(1);
  });
});

describe("public link: revoked", () => {
  it("is the same 404 at once, for the summary and the PDF; revoking twice changes nothing", async () => {
    const who = await tenant();
    const beleg = await rechnung(who);
    const link = await share(who, beleg.id);
    const token = tokenOf(link);
    const other = await share(who, beleg.id);

    const revoked = await as(who, "DELETE", `beleg/${beleg.id}/links/${link.id}`);
    expect(revoked.statusCode).toBe(204);
    expectNotFoundAlike(await anonym(`public/beleg/${token}`));
    expectNotFoundAlike(await anonym(`public/beleg/${token}/pdf`));
    // The other link of the document still works.
    expect((await anonym(`public/beleg/${tokenOf(other)}`)).statusCode).toBe(200);

    expect((await as(who, "DELETE", `beleg/${beleg.id}/links/${link.id}`)).statusCode).toBe(204);
    const listed = await linksOf(who, beleg.id);
    expect(listed.map((l) => [l.id, l.status])).toEqual([
      [other.id, "aktiv"],
      [link.id, "widerrufen"],
    ]);
    expect(listed[1]!.widerrufenAm).not.toBeNull();
    const actions = (await as(who, "GET", `beleg/${beleg.id}/historie`))
      .json()
      .map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a === "linkRevoke")).toHaveLength(1);
  });
});

describe("public link: expired", () => {
  it("is the same 404 once its end has passed", async () => {
    const who = await tenant();
    const beleg = await rechnung(who);
    const link = await share(who, beleg.id, { gueltigBis: todayIso() });
    await withTenant(t.db, who.mandantId, (tx) =>
      tx
        .update(belegLink)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(belegLink.id, link.id)),
    );
    expectNotFoundAlike(await anonym(`public/beleg/${tokenOf(link)}`));
    expectNotFoundAlike(await anonym(`public/beleg/${tokenOf(link)}/pdf`));
    expect((await linksOf(who, beleg.id))[0]).toMatchObject({ status: "abgelaufen", aufrufe: 0 });
  });

  it("ends with its tenant: a deactivated tenant's links are the same 404", async () => {
    const who = await tenant();
    const link = await share(who, (await rechnung(who)).id);
    await t.db.update(mandant).set({ aktiv: false }).where(eq(mandant.id, who.mandantId));
    expectNotFoundAlike(await anonym(`public/beleg/${tokenOf(link)}`));
  });
});

describe("public link: guessed", () => {
  it("an unknown, malformed or altered token is the same 404 as a revoked one", async () => {
    const who = await tenant();
    const token = tokenOf(await share(who, (await rechnung(who)).id));
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const guess of [
      randomBytes(32).toString("base64url"),
      altered,
      token.slice(0, 42),
      `${token}A`,
      "1",
      "..%2F..%2Fbeleg%2F1",
      "%F0%9F%98%80",
      encodeURIComponent("' or 1=1 --"),
    ]) {
      expectNotFoundAlike(await anonym(`public/beleg/${guess}`));
      expectNotFoundAlike(await anonym(`public/beleg/${guess}/pdf`));
    }
  });

  it("shows each link its own document only: another tenant's link shows that tenant's document", async () => {
    const a = await tenant();
    const b = await tenant();
    const belegA = await rechnung(a);
    const belegB = await rechnung(b);
    const [linkA, linkB] = [await share(a, belegA.id), await share(b, belegB.id)];
    const [seenA, seenB] = [
      (await anonym(`public/beleg/${tokenOf(linkA)}`)).json(),
      (await anonym(`public/beleg/${tokenOf(linkB)}`)).json(),
    ];
    expect(seenA.mandant).not.toBe(seenB.mandant);
    expect([seenA.belegNummer, seenB.belegNummer]).toEqual([belegA.belegNummer, belegB.belegNummer]);
  });
});

describe("share links: the tenant side", () => {
  it("a draft cannot be shared: 409 error.belegNotFinalized", async () => {
    const who = await tenant();
    const draft = await rechnung(who, { final: false });
    const response = await as(who, "POST", `beleg/${draft.id}/link`, {});
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("error.belegNotFinalized");
    expect(await linksOf(who, draft.id)).toEqual([]);
  });

  it("another tenant's document or link is 404, and nothing changes", async () => {
    const a = await tenant();
    const b = await tenant();
    const belegA = await rechnung(a);
    const belegB = await rechnung(b);
    const linkB = await share(b, belegB.id);
    expect((await as(a, "POST", `beleg/${belegB.id}/link`, {})).statusCode).toBe(404);
    expect((await as(a, "GET", `beleg/${belegB.id}/links`)).statusCode).toBe(404);
    expect((await as(a, "DELETE", `beleg/${belegB.id}/links/${linkB.id}`)).statusCode).toBe(404);
    // B's link under A's own document: not A's link either.
    expect((await as(a, "DELETE", `beleg/${belegA.id}/links/${linkB.id}`)).statusCode).toBe(404);
    expect(await linksOf(b, belegB.id)).toMatchObject([{ id: linkB.id, status: "aktiv" }]);
    expect((await anonym(`public/beleg/${tokenOf(linkB)}`)).statusCode).toBe(200);
    // Unknown ids.
    expect((await as(a, "GET", "beleg/999999999/links")).statusCode).toBe(404);
    expect((await as(a, "DELETE", `beleg/${belegA.id}/links/999999999`)).statusCode).toBe(404);
    expect((await as(a, "GET", "beleg/abc/links")).statusCode).toBe(400);
  });

  it("needs a sign-in (401), the role (403 error.forbidden) and the module (403 error.moduleMissing)", async () => {
    const owner = await tenant();
    const beleg = await rechnung(owner);
    const link = await share(owner, beleg.id);
    const paths = [
      ["POST", `beleg/${beleg.id}/link`],
      ["GET", `beleg/${beleg.id}/links`],
      ["DELETE", `beleg/${beleg.id}/links/${link.id}`],
    ] as const;
    const noRole = await createTenantUser(t, {
      authorities: ["ROLE_KASSABUCH"],
      modules: ["rechnungslegung", "kassabuch"],
    });
    const noModule = await createTenantUser(t, { authorities: ["ROLE_USER"], modules: ["crm"] });
    for (const [method, path] of paths) {
      const anonymous = await t.app.inject({
        method,
        url: api(path),
        ...(method === "POST" ? { payload: {} } : {}),
      });
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
      const role = await as({ token: await login(t, noRole), mandantId: noRole.mandantId }, method, path, {});
      expect([role.statusCode, role.json().code], `${method} ${path}`).toEqual([403, "error.forbidden"]);
      const modul = await as(
        { token: await login(t, noModule), mandantId: noModule.mandantId },
        method,
        path,
        {},
      );
      expect([modul.statusCode, modul.json().code], `${method} ${path}`).toEqual([
        403,
        "error.moduleMissing",
      ]);
    }
    expect((await linksOf(owner, beleg.id))[0]!.status).toBe("aktiv");
  });
});

describe("public link: rate limit per client address", () => {
  it("after too many calls that find nothing, 429 with Retry-After — then even for a live link", async () => {
    const who = await tenant();
    const token = tokenOf(await share(who, (await rechnung(who)).id));
    const address = uniqueAddress();
    for (let i = 0; i < LIMITS.maxMissesPerAddress; i++)
      expect(
        (await anonym(`public/beleg/${randomBytes(32).toString("base64url")}`, address)).statusCode,
      ).toBe(404);
    const blocked = await anonym(`public/beleg/${token}`, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe("error.tooManyAttempts");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await anonym(`public/beleg/${token}/pdf`, address)).statusCode).toBe(429);
    // Another address is not affected.
    expect((await anonym(`public/beleg/${token}`)).statusCode).toBe(200);
  });

  it("after too many calls of a live link, 429", async () => {
    const who = await tenant();
    const token = tokenOf(await share(who, (await rechnung(who)).id));
    const address = uniqueAddress();
    for (let i = 0; i < LIMITS.maxRequestsPerAddress; i++)
      expect((await anonym(`public/beleg/${token}/pdf`, address)).statusCode).toBe(200);
    expect((await anonym(`public/beleg/${token}`, address)).statusCode).toBe(429);
  });
});
