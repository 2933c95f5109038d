import { zahlungszielText } from "@kontor/domain/zahlungsziel/zahlungsziel.rules";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { kunde } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { createUser } from "../../setup/seed.ts";
import { describeCrud } from "../../test/crud.ts";
import { call, createTenantUser, login, unique } from "../../test/helpers.ts";
import { insertKunde } from "../kunde/kunde.fixture.ts";

const skonto = (...pairs: [number, number][]) => pairs.map(([tage, prozent]) => ({ tage, prozent }));

const crud = describeCrud({
  path: "zahlungsziels",
  valid: (n) => ({ name: `30 Tage, 10 Tage 2 % (${n})`, nettoTage: 30, skontoList: skonto([10, 2]) }),
  update: { name: "45 Tage netto", nettoTage: 45 },
  invalid: [
    { payload: { nettoTage: 30 }, field: "name", code: "required" },
    { payload: { name: "x".repeat(101) }, field: "name", code: "maxLength" },
    { payload: { name: "n", nettoTage: 366 }, field: "nettoTage", code: "max" },
    { payload: { name: "n", nettoTage: -1 }, field: "nettoTage", code: "min" },
    {
      payload: { name: "n", nettoTage: 30, skontoList: skonto([30, 2]) },
      field: "skontoList.0.tage",
      code: "invalid",
    },
    { payload: { name: "n", skontoList: skonto([5, 2]) }, field: "skontoList.0.tage", code: "invalid" },
    {
      payload: { name: "n", nettoTage: 30, skontoList: skonto([14, 3], [7, 2]) },
      field: "skontoList.1.tage",
      code: "invalid",
    },
    {
      payload: { name: "n", nettoTage: 30, skontoList: skonto([7, 2], [14, 2]) },
      field: "skontoList.1.prozent",
      code: "invalid",
    },
    {
      payload: { name: "n", nettoTage: 30, skontoList: skonto([7, 0]) },
      field: "skontoList.0.prozent",
      code: "min",
    },
    {
      payload: { name: "n", nettoTage: 90, skontoList: skonto([7, 4], [14, 3], [21, 2], [28, 1]) },
      field: "skontoList",
      code: "maxLength",
    },
  ],
  sort: { field: "nettoTage", values: (n) => ({ nettoTage: 100 + n }) },
  authorities: ["ROLE_USER"],
  forbiddenAuthorities: ["ROLE_KASSABUCH"],
});

type Term = { id: number; name: string; defaultZahlungsziel: boolean; kundeList: unknown[] };
const put = (payload: Record<string, unknown>) =>
  call(crud.t, { method: "PUT", url: "/app/api/zahlungsziels", ...crud.as(), payload });
const create = async (payload: Record<string, unknown>) => {
  const response = await put(payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe("zahlungsziels: skonto steps, customers, one default", () => {
  it("numbers the skonto steps 1..n and keeps them in order; without customers the list is empty", async () => {
    const term = await create({
      name: "Skonto",
      nettoTage: 60,
      skontoList: skonto([7, 3], [14, 2], [30, 1]),
    });
    expect(term).toMatchObject({
      nettoTage: 60,
      kundeList: [],
      defaultZahlungsziel: false,
      skontoList: [
        { id: 1, tage: 7, prozent: 3 },
        { id: 2, tage: 14, prozent: 2 },
        { id: 3, tage: 30, prozent: 1 },
      ],
    });
    const fewer = await create({ ...term, skontoList: term.skontoList.slice(1), kundeList: [] });
    expect(fewer.skontoList).toEqual([
      { id: 1, tage: 14, prozent: 2 },
      { id: 2, tage: 30, prozent: 1 },
    ]);
  });

  it("refuses a step that breaks the rules and leaves the stored term as it was", async () => {
    const term = await create({ name: "Unverändert", nettoTage: 30, skontoList: skonto([10, 2]) });
    const response = await put({ ...term, skontoList: skonto([10, 2], [20, 2.5]) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: "skontoList.1.prozent", code: "invalid" }]);
    const read = await call(crud.t, {
      method: "GET",
      url: `/app/api/zahlungsziels/${term.id}`,
      ...crud.as(),
    });
    expect(read.json()).toEqual(term);
  });

  it("making a term the default takes the flag from the previous one", async () => {
    const first = await create({ name: "Erstes", defaultZahlungsziel: true });
    const second = await create({ name: "Zweites", defaultZahlungsziel: true });
    const all = (
      await call(crud.t, { method: "GET", url: "/app/api/zahlungsziels?size=500", ...crud.as() })
    ).json();
    expect(all.filter((t: Term) => t.defaultZahlungsziel).map((t: Term) => t.id)).toEqual([second.id]);
    expect(all.find((t: Term) => t.id === first.id).defaultZahlungsziel).toBe(false);
  });

  it("lists by name unless asked otherwise", async () => {
    const prefix = unique("Name");
    const b = await create({ name: `${prefix} B` });
    const a = await create({ name: `${prefix} A` });
    const all = (
      await call(crud.t, { method: "GET", url: "/app/api/zahlungsziels?size=500", ...crud.as() })
    ).json();
    expect(all.filter((t: Term) => t.name.startsWith(prefix)).map((t: Term) => t.id)).toEqual([a.id, b.id]);
  });
});

describe("belegtext2/{zahlungszielId}: the text a document prints", () => {
  const term = { nettoTage: 30, skontoList: skonto([7, 3], [14, 2]) };
  const text = async (id: number, query: string, who = crud.as()) => {
    const response = await call(crud.t, { method: "GET", url: `/app/api/belegtext2/${id}?${query}`, ...who });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().text as string;
  };

  it("writes net and skonto dates from the document date, in German and English, with and without amount", async () => {
    const { id } = await create({ name: "30/7/14", ...term });
    const cases = [
      ["de", undefined, ["31.03.2026", "08.03.2026 3 % Skonto", "15.03.2026 2 % Skonto"]],
      ["de", 1234.5, ["31.03.2026", "(1.197,47 €)", "(1.209,81 €)"]],
      ["en", undefined, ["31/03/2026", "08/03/2026, 3% discount", "15/03/2026, 2% discount"]],
      ["en", 1234.5, ["31/03/2026", "(€1,197.47)", "(€1,209.81)"]],
    ] as const;
    for (const [lang, betrag, parts] of cases) {
      const answer = await text(id, `belegDatum=2026-03-01&lang=${lang}${betrag ? `&betrag=${betrag}` : ""}`);
      expect(answer).toBe(zahlungszielText(term, "2026-03-01", lang, betrag));
      for (const part of parts) expect(answer).toContain(part);
      if (betrag === undefined) expect(answer).not.toMatch(/€/);
    }
  });

  it("defaults to today and to the signed-in user's language", async () => {
    const { id } = await create({ name: "Netto 14", nettoTage: 14 });
    const english = {
      login: unique("english"),
      password: "secret123",
    };
    await createUser(crud.t.db, {
      ...english,
      email: `${english.login}@example.test`,
      langKey: "en",
      authorities: ["ROLE_KASSABUCH"],
      mandantIds: [crud.user.mandantId],
    });
    const asEnglish = { token: await login(crud.t, english), mandantId: crud.user.mandantId };
    const today = () =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Vienna", dateStyle: "short" }).format(new Date());
    const before = today();
    const answers = [await text(id, "", asEnglish), await text(id, "")];
    const expected = (lang: "de" | "en") =>
      [before, today()].map((date) => zahlungszielText({ nettoTage: 14, skontoList: [] }, date, lang));
    expect(expected("en")).toContain(answers[0]);
    expect(expected("de")).toContain(answers[1]);
    expect(answers[0]).toMatch(/^Payable by/);
    expect(answers[1]).toMatch(/^Zahlbar bis/);
  });

  it("refuses a bad date, language or amount with 400 and field codes", async () => {
    const { id } = await create({ name: "Prüfung", nettoTage: 10 });
    for (const [query, field] of [
      ["belegDatum=2026-02-30", "belegDatum"],
      ["belegDatum=01.03.2026", "belegDatum"],
      ["lang=fr", "lang"],
      ["betrag=abc", "betrag"],
      ["betrag=12.345", "betrag"],
    ]) {
      const response = await call(crud.t, {
        method: "GET",
        url: `/app/api/belegtext2/${id}?${query}`,
        ...crud.as(),
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().fieldErrors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
  });

  it("needs a sign-in (401) and membership (403); another tenant's or no term is 404", async () => {
    const { id } = await create({ name: "Geheim", nettoTage: 10 });
    const url = `/app/api/belegtext2/${id}`;
    expect((await call(crud.t, { method: "GET", url })).statusCode).toBe(401);
    const other = await createTenantUser(crud.t, { authorities: ["ROLE_USER"] });
    const token = await login(crud.t, other);
    const notMember = await call(crud.t, { method: "GET", url, token, mandantId: crud.user.mandantId });
    expect(notMember.statusCode).toBe(403);
    const foreign = await call(crud.t, { method: "GET", url, token, mandantId: other.mandantId });
    expect(foreign.statusCode).toBe(404);
    const missing = await call(crud.t, { method: "GET", url: "/app/api/belegtext2/999999999", ...crud.as() });
    expect(missing.statusCode).toBe(404);
  });
});

describe("zahlungsziels: the customers that use a term", () => {
  const get = (url: string) => call(crud.t, { method: "GET", url: `/app/api/${url}`, ...crud.as() });

  it("names them by display name and sort name, in GET, the list and PUT; at most 100", async () => {
    const mandantId = crud.user.mandantId;
    const term = await create({ name: unique("Benutzt"), nettoTage: 14 });
    const unused = await create({ name: unique("Unbenutzt") });
    const frau = await insertKunde(crud.t, mandantId, {
      firma: "privatperson",
      vorname: "Anna",
      nachname: "Berger",
      geschlecht: "frau",
      zahlungszielId: term.id,
    });
    const firma = await insertKunde(crud.t, mandantId, { bezeichnung: "Zander KG", zahlungszielId: term.id });
    const expected = [
      { id: frau, bezeichnung: "Frau Anna Berger" },
      { id: firma, bezeichnung: "Zander KG" },
    ];
    expect((await get(`zahlungsziels/${term.id}`)).json().kundeList).toEqual(expected);
    expect((await get(`zahlungsziels/${unused.id}`)).json().kundeList).toEqual([]);
    const all = (await get("zahlungsziels?size=500")).json();
    expect(all.find((t: Term) => t.id === term.id).kundeList).toEqual(expected);
    const saved = await create({ ...term, nettoTage: 30, kundeList: [] });
    expect(saved.kundeList).toEqual(expected);

    await withTenant(crud.t.db, mandantId, (tx) =>
      tx.insert(kunde).values(
        Array.from({ length: 101 }, (_, n) => ({
          mandantId,
          kundenNummer: unique("Viele"),
          bezeichnung: `Viele ${String(n).padStart(3, "0")}`,
          sortname: `viele ${String(n).padStart(3, "0")}`,
          zahlungszielId: unused.id,
        })),
      ),
    );
    const many = (await get(`zahlungsziels/${unused.id}`)).json().kundeList;
    expect(many).toHaveLength(100);
    expect(many[0].bezeichnung).toBe("Viele 000");
    expect(many[99].bezeichnung).toBe("Viele 099");
  });

  it("refuses to delete a term in use with 409 error.inUse and keeps it; unused it goes", async () => {
    const term = await create({ name: unique("In Verwendung") });
    const kundeId = await insertKunde(crud.t, crud.user.mandantId, { zahlungszielId: term.id });
    const refused = await call(crud.t, {
      method: "DELETE",
      url: `/app/api/zahlungsziels/${term.id}`,
      ...crud.as(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("error.inUse");
    expect((await get(`zahlungsziels/${term.id}`)).statusCode).toBe(200);
    await withTenant(crud.t.db, crud.user.mandantId, (tx) =>
      tx.update(kunde).set({ zahlungszielId: null }).where(eq(kunde.id, kundeId)),
    );
    const removed = await call(crud.t, {
      method: "DELETE",
      url: `/app/api/zahlungsziels/${term.id}`,
      ...crud.as(),
    });
    expect(removed.statusCode).toBe(204);
  });
});
