import type { TBeleg } from "@kontor/domain/beleg/beleg.schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mandant } from "../../db/schema/index.ts";
import { describeCrud } from "../../test/crud.ts";
import { call, createTenantUser, createTestApp, login } from "../../test/helpers.ts";
import { type Caller, createKunde } from "../kunde/kunde.testing.ts";
import { alsBody, createBeleg, gueltigerBeleg, rechnungsfaehig, STORNO_2026 } from "./beleg.testing.ts";

const crud = describeCrud({
  path: "beleg",
  valid: (n) => gueltigerBeleg({ bestellBelegnummer: `B-${n}` }),
  update: { bestellBelegnummer: "B-neu", zuHanden: "Frau Muster" },
  invalid: [
    { payload: gueltigerBeleg({ belegDatum: "2026-02-30" }), field: "belegDatum", code: "pattern" },
    { payload: { ...gueltigerBeleg(), gesamtSumme: 1 }, field: "gesamtSumme", code: "unknownField" },
    { payload: gueltigerBeleg({ belegsTyp: "rechnung" }), field: "kunde", code: "required" },
    {
      payload: gueltigerBeleg({ belegspositionSet: [{ positionsPreis: 10, positionsMwst: 20 }] }),
      field: "belegspositionSet.0.positionsBeschreibung",
      code: "required",
    },
    {
      payload: gueltigerBeleg({ leistungsZeitraumVon: "2026-03-10", leistungsZeitraumBis: "2026-03-01" }),
      field: "leistungsZeitraumBis",
      code: "invalid",
    },
    { payload: gueltigerBeleg({ kunde: { id: 999_999_999 } }), field: "kunde", code: "notFound" },
  ],
  sort: {
    field: "summeBrutto",
    values: (n) => ({
      belegspositionSet: [
        { positionsBeschreibung: "x", positionsMenge: 1, positionsPreis: n, positionsMwst: 20 },
      ],
    }),
  },
  authorities: ["ROLE_USER"],
  modules: ["rechnungslegung"],
  module: "rechnungslegung",
  forbiddenAuthorities: ["ROLE_KASSABUCH"],
});

const api = (path: string) => `/app/api/${path}`;
const get = (who: Caller, path: string) => call(crud.t, { method: "GET", url: api(path), ...who });
const put = (who: Caller, payload: unknown) =>
  call(crud.t, { method: "PUT", url: api("beleg"), ...who, payload: payload as object });
const post = (who: Caller, path: string, payload?: unknown) =>
  call(crud.t, {
    method: "POST",
    url: api(path),
    ...who,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const del = (who: Caller, path: string) => call(crud.t, { method: "DELETE", url: api(path), ...who });

/** A fresh tenant that may issue invoices (VAT id and address), with one ROLE_USER member and a customer. */
async function tenant() {
  const user = await createTenantUser(crud.t, { authorities: ["ROLE_USER"], modules: ["rechnungslegung"] });
  await rechnungsfaehig(crud.t, user.mandantId);
  const who = { token: await login(crud.t, user), mandantId: user.mandantId };
  const kunde = await createKunde(crud.t, who, { bezeichnung: "Muster GmbH", belegLangKey: "de" });
  return { ...who, login: user.login, kunde };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

const rechnung = (who: Tenant, positionen: object[], extra: object = {}) =>
  createBeleg(crud.t, who, {
    belegsTyp: "rechnung",
    kunde: { id: who.kunde.id },
    leistungsDatum: "2026-03-01",
    belegspositionSet: positionen as never,
    ...extra,
  });

/** The answer's document after asserting 200 (the answer is shown when it is not). */
const ok = async (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TBeleg & { id: number };
};

describe("totals: computed by the server (DESIGN §6), never taken from the client", () => {
  it("answers line nets, VAT per rate and the sums; mixed rates, discounts and a negative line", async () => {
    const who = await tenant();
    const beleg = await rechnung(
      who,
      [
        // 3 × 19.99 = 59.97, −10 % = 53.973 → 53.97
        {
          positionsBeschreibung: "A",
          positionsMenge: 3,
          positionsPreis: 19.99,
          positionsMwst: 20,
          rabatt: 10,
        },
        // 1.5 × 8.40 = 12.60
        { positionsBeschreibung: "B", positionsMenge: 1.5, positionsPreis: 8.4, positionsMwst: 10 },
        // a credit line: −1 × 5.00
        { positionsBeschreibung: "Gutschrift", positionsMenge: -1, positionsPreis: 5, positionsMwst: 20 },
        // free text: no amounts
        { positionsBeschreibung: "Hinweis", positionsMenge: null, positionsPreis: null },
      ],
      { belegRabatt: 0 },
    );
    expect(beleg.belegspositionSet.map((p) => p.positionsSumme)).toEqual([53.97, 12.6, -5, null]);
    // 20 %: 48.97 → VAT 9.794 → 9.79; 10 %: 12.60 → 1.26
    expect(beleg.belegMwstSet.map(({ satz, basis, betrag }) => ({ satz, basis, betrag }))).toEqual([
      { satz: 20, basis: 48.97, betrag: 9.79 },
      { satz: 10, basis: 12.6, betrag: 1.26 },
    ]);
    expect([beleg.summeNetto, beleg.summeBrutto]).toEqual([61.57, 72.62]);
    expect(beleg.belegspositionSet.map((p) => p.positionsNummer)).toEqual([1, 2, 3, 4]);
  });

  it("ignores totals, VAT lines and line sums a client sends", async () => {
    const who = await tenant();
    const beleg = await rechnung(who, [
      { positionsBeschreibung: "A", positionsPreis: 10, positionsMwst: 20 },
    ]);
    const body = alsBody(beleg);
    const forged = await ok(
      await put(who, {
        ...body,
        summeNetto: 1,
        summeBrutto: 1,
        freigabe: true,
        belegNummer: "X-1",
        belegMwstSet: [{ satz: 0, kategorie: "E", basis: 1, betrag: 0 }],
        belegspositionSet: (body.belegspositionSet as object[]).map((p) => ({ ...p, positionsSumme: 999 })),
      }),
    );
    expect([forged.summeNetto, forged.summeBrutto, forged.freigabe, forged.belegNummer]).toEqual([
      10,
      12,
      false,
      null,
    ]);
    expect(forged.belegspositionSet[0]!.positionsSumme).toBe(10);
    expect(forged.belegMwstSet).toEqual([
      expect.objectContaining({ satz: 20, kategorie: "S", basis: 10, betrag: 2 }),
    ]);
  });

  it("a document discount is an allowance per rate (EN 16931 BG-20)", async () => {
    const who = await tenant();
    const beleg = await rechnung(
      who,
      [
        { positionsBeschreibung: "A", positionsMenge: 1, positionsPreis: 33.33, positionsMwst: 20 },
        { positionsBeschreibung: "B", positionsMenge: 1, positionsPreis: 66.67, positionsMwst: 10 },
      ],
      { belegRabatt: 5 },
    );
    // 20 %: 33.33 − 1.67 (5 % of 33.33 = 1.6665) = 31.66, VAT 6.33; 10 %: 66.67 − 3.33 = 63.34, VAT 6.33
    expect(
      beleg.belegMwstSet.map(({ satz, basis, betrag, rabatt }) => ({ satz, basis, betrag, rabatt })),
    ).toEqual([
      { satz: 20, basis: 31.66, betrag: 6.33, rabatt: 1.67 },
      { satz: 10, basis: 63.34, betrag: 6.33, rabatt: 3.33 },
    ]);
    expect([beleg.summeNetto, beleg.summeBrutto]).toEqual([95, 107.66]);
  });

  it("an intra-community customer gets 0 % in category K whatever the positions' rates", async () => {
    const who = await tenant();
    const eu = await createKunde(crud.t, who, {
      bezeichnung: "EU GmbH",
      innergemeinschaftlich: true,
      uid: "DE136695976",
    });
    const beleg = await createBeleg(crud.t, who, {
      belegsTyp: "rechnung",
      kunde: { id: eu.id },
      belegspositionSet: [
        { positionsBeschreibung: "A", positionsMenge: 2, positionsPreis: 100, positionsMwst: 20 },
      ],
    });
    expect(beleg.belegMwstSet).toEqual([
      expect.objectContaining({ satz: 0, kategorie: "K", basis: 200, betrag: 0 }),
    ]);
    expect(beleg.summeBrutto).toBe(200);
  });
});

describe("finalization (freigabe): number, legal contents, immutability", () => {
  it("gives the next number of the invoice circle and makes the document immutable (PUT and DELETE 409)", async () => {
    const who = await tenant();
    const erste = await rechnung(who, [
      { positionsBeschreibung: "A", positionsPreis: 10, positionsMwst: 20 },
    ]);
    const zweite = await rechnung(who, [
      { positionsBeschreibung: "B", positionsPreis: 20, positionsMwst: 20 },
    ]);
    expect(erste.belegNummer).toBeNull();
    const f1 = await ok(await post(who, `beleg/${erste.id}/freigabe`));
    const f2 = await ok(await post(who, `beleg/${zweite.id}/freigabe`));
    expect([f1.belegNummer, f2.belegNummer]).toEqual(["2026-00001", "2026-00002"]);
    expect(f1.freigabe).toBe(true);

    const again = await post(who, `beleg/${erste.id}/freigabe`);
    expect([again.statusCode, again.json().code]).toEqual([409, "error.belegFinalized"]);
    const changed = await put(who, { ...alsBody(f1), zuHanden: "Herr Anders" });
    expect([changed.statusCode, changed.json().code]).toEqual([409, "error.belegFinalized"]);
    const deleted = await del(who, `beleg/${erste.id}`);
    expect([deleted.statusCode, deleted.json().code]).toEqual([409, "error.belegFinalized"]);
    expect(await ok(await get(who, `beleg/${erste.id}`))).toEqual(f1);
  });

  it("refuses to finalize an invoice that lacks legal contents, naming each missing field (409)", async () => {
    const user = await createTenantUser(crud.t, { authorities: ["ROLE_USER"], modules: ["rechnungslegung"] });
    const who = { token: await login(crud.t, user), mandantId: user.mandantId };
    const kunde = await createKunde(crud.t, who);
    const beleg = await createBeleg(crud.t, who, {
      belegsTyp: "rechnung",
      kunde: { id: kunde.id },
      belegspositionSet: [{ positionsBeschreibung: "Teuer", positionsPreis: 1000, positionsMwst: 20 }],
    });
    const refused = await post(who, `beleg/${beleg.id}/freigabe`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("error.pflichtangaben");
    expect(refused.json().fieldErrors.map((f: { field: string }) => f.field)).toEqual(
      expect.arrayContaining(["mandant.uid", "mandant.adresseLists.0.strasse", "leistungsDatum"]),
    );
    const stored = await ok(await get(who, `beleg/${beleg.id}`));
    expect([stored.freigabe, stored.belegNummer]).toEqual([false, null]);
  });

  it("an offer needs no invoice contents and draws from its own circle (AN-…)", async () => {
    const who = await tenant();
    const angebot = await createBeleg(crud.t, who, { belegsTyp: "angebot", kunde: { id: who.kunde.id } });
    const final = await ok(await post(who, `beleg/${angebot.id}/freigabe`));
    expect(final.belegNummer).toBe("AN-2026-00001");
  });

  it("50 parallel finalizations in one circle give 50 distinct consecutive numbers", async () => {
    const who = await tenant();
    const ids: number[] = [];
    for (let n = 0; n < 50; n++)
      ids.push(
        (await rechnung(who, [{ positionsBeschreibung: `P${n}`, positionsPreis: 1, positionsMwst: 20 }])).id,
      );
    // A second app on the same database where there is one (PostgreSQL): two server processes' worth of pools.
    const second = process.env.DATABASE_URL ? await createTestApp() : crud.t;
    try {
      const responses = await Promise.all(
        ids.map((id, index) =>
          call(index % 2 === 0 ? crud.t : second, {
            method: "POST",
            url: api(`beleg/${id}/freigabe`),
            ...who,
          }),
        ),
      );
      for (const response of responses) expect(response.statusCode, response.body).toBe(200);
      const numbers = responses.map((r) => r.json().belegNummer as string).sort();
      expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `2026-${String(i + 1).padStart(5, "0")}`));
    } finally {
      if (second !== crud.t) await second.close();
    }
  });
});

describe("storno", () => {
  it("cancels a finalized invoice with its own number; the original is storniert and names it", async () => {
    const who = await tenant();
    const r = await rechnung(who, [
      { positionsBeschreibung: "A", positionsMenge: 3, positionsPreis: 19.99, positionsMwst: 20 },
    ]);
    const original = await ok(await post(who, `beleg/${r.id}/freigabe`));
    const storno = await ok(await post(who, `beleg/${r.id}/storno`, STORNO_2026));
    expect(storno.belegsTyp).toBe("storno");
    expect(storno.freigabe).toBe(true);
    expect(storno.belegNummer).toBe("2026-00002");
    expect([storno.summeNetto, storno.summeBrutto]).toEqual([-original.summeNetto, -original.summeBrutto]);
    expect(storno.ursprungsBeleg).toEqual({
      id: r.id,
      belegNummer: original.belegNummer,
      belegsTyp: "rechnung",
    });
    const nachher = await ok(await get(who, `beleg/${r.id}`));
    expect([nachher.storniert, nachher.stornoRechnungsnummer]).toEqual([true, "2026-00002"]);

    const twice = await post(who, `beleg/${r.id}/storno`, {});
    expect([twice.statusCode, twice.json().code]).toEqual([409, "error.belegStorniert"]);
    const entwurf = await rechnung(who, [
      { positionsBeschreibung: "B", positionsPreis: 1, positionsMwst: 20 },
    ]);
    const draft = await post(who, `beleg/${entwurf.id}/storno`, {});
    expect([draft.statusCode, draft.json().code]).toEqual([409, "error.belegNotFinalized"]);
  });
});

describe("the sales chain: offer → order confirmation → partial deliveries → one invoice", () => {
  it("carries open quantities at each step and links the documents", async () => {
    const who = await tenant();
    const angebot = await createBeleg(crud.t, who, {
      belegsTyp: "angebot",
      kunde: { id: who.kunde.id },
      belegspositionSet: [
        { positionsBeschreibung: "Schrauben", positionsMenge: 10, positionsPreis: 2, positionsMwst: 20 },
        { positionsBeschreibung: "Montage", positionsMenge: 1, positionsPreis: 80, positionsMwst: 20 },
      ],
    });
    const ab = await ok(
      await post(who, `beleg/${angebot.id}/umwandeln`, { belegsTyp: "auftragsbestaetigung" }),
    );
    expect(ab.belegspositionSet.map((p) => p.positionsMenge)).toEqual([10, 1]);
    expect(ab.ursprungsBeleg?.id).toBe(angebot.id);
    await ok(await post(who, `beleg/${ab.id}/freigabe`));
    const [schrauben, montage] = ab.belegspositionSet.map((p) => p.id!);

    const ls1 = await ok(
      await post(who, `beleg/${ab.id}/lieferung`, { positionen: [{ id: schrauben, menge: 4 }] }),
    );
    expect(ls1.belegsTyp).toBe("lieferschein");
    expect(ls1.belegspositionSet.map((p) => p.positionsMenge)).toEqual([4]);
    let auftrag = await ok(await get(who, `beleg/${ab.id}`));
    expect(auftrag.belegspositionSet.map((p) => p.stillOpenAmount)).toEqual([6, 1]);

    const zuviel = await post(who, `beleg/${ab.id}/lieferung`, { positionen: [{ id: schrauben, menge: 7 }] });
    expect(zuviel.statusCode).toBe(400);
    expect(zuviel.json().fieldErrors).toEqual([{ field: "positionen.0.menge", code: "max", max: 6 }]);

    const ls2 = await ok(
      await post(who, `beleg/${ab.id}/lieferung`, {
        positionen: [
          { id: schrauben, menge: 6 },
          { id: montage, menge: 1 },
        ],
      }),
    );
    auftrag = await ok(await get(who, `beleg/${ab.id}`));
    expect(auftrag.belegspositionSet.map((p) => p.stillOpenAmount)).toEqual([0, 0]);
    await ok(await post(who, `beleg/${ls1.id}/freigabe`));
    await ok(await post(who, `beleg/${ls2.id}/freigabe`));

    const rechnungAus = await ok(
      await post(who, "beleg/rechnung", {
        quellen: [{ id: ls1.id }, { id: ls2.id }],
        belegDatum: "2026-03-05",
      }),
    );
    expect(rechnungAus.belegsTyp).toBe("rechnung");
    expect(rechnungAus.belegspositionSet.map((p) => [p.positionsBeschreibung, p.positionsMenge])).toEqual([
      ["Schrauben", 4],
      ["Schrauben", 6],
      ["Montage", 1],
    ]);
    // 20 + 80 = 100 net, 20 VAT
    expect([rechnungAus.summeNetto, rechnungAus.summeBrutto]).toEqual([100, 120]);
    const billed = await ok(await get(who, `beleg/${ls1.id}`));
    expect(billed.belegspositionSet.map((p) => p.stillOpenAmount)).toEqual([0]);
    const again = await post(who, `beleg/${ls1.id}/umwandeln`, { belegsTyp: "rechnung" });
    expect((await ok(again)).belegspositionSet).toEqual([]);

    const falsch = await post(who, `beleg/${rechnungAus.id}/umwandeln`, { belegsTyp: "angebot" });
    expect([falsch.statusCode, falsch.json().code]).toEqual([409, "error.umwandlung"]);
  });

  it("a bill from documents of two customers is refused at the field", async () => {
    const who = await tenant();
    const other = await createKunde(crud.t, who, { bezeichnung: "Andere KG" });
    const a = await createBeleg(crud.t, who, { belegsTyp: "lieferschein", kunde: { id: who.kunde.id } });
    const b = await createBeleg(crud.t, who, { belegsTyp: "lieferschein", kunde: { id: other.id } });
    const refused = await post(who, "beleg/rechnung", { quellen: [{ id: a.id }, { id: b.id }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual([{ field: "quellen.1.id", code: "notEqual" }]);
  });
});

describe("duplicate, reorder, history, reference text, billing stats", () => {
  it("duplicates into a draft dated today without number and flags", async () => {
    const who = await tenant();
    const r = await rechnung(who, [{ positionsBeschreibung: "A", positionsPreis: 10, positionsMwst: 20 }], {
      bestellBelegnummer: "PO-1",
    });
    await ok(await post(who, `beleg/${r.id}/freigabe`));
    const kopie = await ok(await post(who, `beleg/${r.id}/duplikat`));
    expect(kopie.id).not.toBe(r.id);
    expect([kopie.belegNummer, kopie.freigabe, kopie.bestellBelegnummer]).toEqual([null, false, null]);
    expect(kopie.belegspositionSet.map((p) => p.positionsBeschreibung)).toEqual(["A"]);
    expect(kopie.belegspositionSet[0]!.id).not.toBe(r.belegspositionSet[0]!.id);
  });

  it("reorders the positions of a draft; a finalized one refuses", async () => {
    const who = await tenant();
    const r = await rechnung(who, [
      { positionsBeschreibung: "A", positionsPreis: 1, positionsMwst: 20 },
      { positionsBeschreibung: "B", positionsPreis: 2, positionsMwst: 20 },
      { positionsBeschreibung: "C", positionsPreis: 3, positionsMwst: 20 },
    ]);
    const [a, b, c] = r.belegspositionSet.map((p) => p.id!);
    const neu = await ok(await post(who, `beleg/${r.id}/reihenfolge`, { positionIds: [c, a, b] }));
    expect(neu.belegspositionSet.map((p) => p.positionsBeschreibung)).toEqual(["C", "A", "B"]);
    const unvollstaendig = await post(who, `beleg/${r.id}/reihenfolge`, { positionIds: [a, b] });
    expect(unvollstaendig.statusCode).toBe(400);
    await ok(await post(who, `beleg/${r.id}/freigabe`));
    const spaet = await post(who, `beleg/${r.id}/reihenfolge`, { positionIds: [a, b, c] });
    expect([spaet.statusCode, spaet.json().code]).toEqual([409, "error.belegFinalized"]);
  });

  it("keeps the history: who created, changed, finalized and cancelled, in order", async () => {
    const who = await tenant();
    const r = await rechnung(who, [{ positionsBeschreibung: "A", positionsPreis: 10, positionsMwst: 20 }]);
    await ok(await put(who, { ...alsBody(r), zuHanden: "Frau Muster" }));
    await ok(await post(who, `beleg/${r.id}/freigabe`));
    await ok(await post(who, `beleg/${r.id}/storno`, STORNO_2026));
    const historie = (await ok(await get(who, `beleg/${r.id}/historie`))) as unknown as {
      login: string;
      action: string;
      detail: unknown;
    }[];
    expect(historie.map((h) => [h.action, h.login])).toEqual([
      ["create", who.login],
      ["update", who.login],
      ["finalize", who.login],
      ["storno", who.login],
    ]);
    expect(historie[2]!.detail).toEqual({ belegNummer: "2026-00001" });
  });

  it("belegtext3 names the original document in the customer's language", async () => {
    const who = await tenant();
    const r = await rechnung(who, [{ positionsBeschreibung: "A", positionsPreis: 10, positionsMwst: 20 }]);
    await ok(await post(who, `beleg/${r.id}/freigabe`));
    const de = await get(who, `belegtext3/${r.id}?fuer=storno`);
    expect(de.json()).toEqual({ text: "Storno zu Rechnung Nr. 2026-00001 vom 02.03.2026" });
    const en = await get(who, `belegtext3/${r.id}?lang=en`);
    expect(en.json()).toEqual({ text: "Reference: invoice no. 2026-00001 of 02/03/2026" });
  });

  it("the tenant's billing stats count its finalized documents", async () => {
    const who = await tenant();
    const r = await rechnung(who, [{ positionsBeschreibung: "A", positionsPreis: 10, positionsMwst: 20 }]);
    await rechnung(who, [{ positionsBeschreibung: "Entwurf", positionsPreis: 10, positionsMwst: 20 }]);
    await ok(await post(who, `beleg/${r.id}/freigabe`));
    const [row] = await crud.t.db
      .select({ id: mandant.id })
      .from(mandant)
      .where(eq(mandant.id, who.mandantId));
    expect(row).toBeDefined();
    const { billingStats } = await import("../mandant/mandant.repository.ts");
    expect((await billingStats(crud.t.db, [who.mandantId])).get(who.mandantId)).toEqual({
      anzahlBeleg: 1,
      letztesBelegsDatum: "2026-03-02",
    });
  });
});

describe("lists and searches", () => {
  it("filters by type, customer, draft and period; sorts newest first; searches by number", async () => {
    const who = await tenant();
    const alt = await rechnung(who, [{ positionsBeschreibung: "A", positionsPreis: 1, positionsMwst: 20 }], {
      belegDatum: "2026-01-10",
    });
    const neu = await rechnung(who, [{ positionsBeschreibung: "B", positionsPreis: 1, positionsMwst: 20 }], {
      belegDatum: "2026-02-10",
    });
    const angebot = await createBeleg(crud.t, who, { belegsTyp: "angebot", kunde: { id: who.kunde.id } });
    await ok(await post(who, `beleg/${alt.id}/freigabe`));
    const ids = async (query: string) =>
      ((await ok(await get(who, `beleg?${query}`))) as unknown as { id: number }[]).map((b) => b.id);
    expect(await ids("")).toEqual([angebot.id, neu.id, alt.id]);
    expect(await ids("belegsTyp=rechnung")).toEqual([neu.id, alt.id]);
    expect(await ids("entwurf=false")).toEqual([alt.id]);
    expect(await ids("entwurf=true&belegsTyp=rechnung")).toEqual([neu.id]);
    expect(await ids("von=2026-02-01&bis=2026-02-28")).toEqual([neu.id]);
    expect(await ids(`kundeId=${who.kunde.id}&size=2`)).toEqual([angebot.id, neu.id]);
    expect(await ids("search=2026-0000")).toEqual([alt.id]);
    expect(await ids("search=muster")).toHaveLength(3);
    const search = await ok(await get(who, "belegsearch?search=2026-00001"));
    expect((search as unknown as { id: number }[]).map((b) => b.id)).toEqual([alt.id]);
    for (const path of ["belege", "belegsearchpaginated"])
      expect(await ok(await get(who, path))).toHaveLength(3);
  });
});

describe("list totals (x-total-count)", () => {
  it("follow creation, finalization, storno and deletion, per type and state, and per tenant", async () => {
    const who = await tenant();
    const andere = await tenant();
    const total = async (query: string, caller: Caller = who) => {
      const response = await get(caller, `beleg?size=1&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return Number(response.headers["x-total-count"]);
    };
    const pos = [{ positionsBeschreibung: "A", positionsPreis: 10, positionsMwst: 20 }];
    const [a, b, c] = [await rechnung(who, pos), await rechnung(who, pos), await rechnung(who, pos)];
    await createBeleg(crud.t, who, { belegsTyp: "angebot", kunde: { id: who.kunde.id } });
    await rechnung(andere, pos);
    expect([await total(""), await total("belegsTyp=rechnung"), await total("entwurf=true")]).toEqual([
      4, 3, 4,
    ]);

    await ok(await post(who, `beleg/${a.id}/freigabe`));
    await ok(await post(who, `beleg/${b.id}/freigabe`));
    await ok(await post(who, `beleg/${a.id}/storno`, STORNO_2026));
    expect((await del(who, `beleg/${c.id}`)).statusCode).toBe(204);
    // a (cancelled), b, the offer and the cancellation
    expect(await total("")).toBe(4);
    expect(await total("belegsTyp=rechnung")).toBe(2);
    expect(await total("belegsTyp=rechnung&storniert=true")).toBe(1);
    expect(await total("belegsTyp=storno&entwurf=false")).toBe(1);
    expect(await total("entwurf=true")).toBe(1);
    expect(await total("belegsTyp=rechnung&bezahlt=false&storniert=false")).toBe(1);
    // Other filters count the documents they find; the same figure.
    expect(await total(`kundeId=${who.kunde.id}`)).toBe(4);
    expect(await total(`kundeId=${who.kunde.id}&belegsTyp=rechnung`)).toBe(2);
    expect(await total("", andere)).toBe(1);
    expect(await total("entwurf=false", andere)).toBe(0);
  });
});

describe("GET bestellungsbelege", () => {
  it("answers the orders of the named customers in a status, drafts in or out; needs the order role and module", async () => {
    const user = await createTenantUser(crud.t, {
      authorities: ["ROLE_USER", "ROLE_LAGER_ADMIN"],
      modules: ["rechnungslegung", "bestellung"],
    });
    await rechnungsfaehig(crud.t, user.mandantId);
    const who = { token: await login(crud.t, user), mandantId: user.mandantId };
    const [k1, k2] = [await createKunde(crud.t, who), await createKunde(crud.t, who)];
    const order = (kunde: { id: number }) =>
      createBeleg(crud.t, who, { belegsTyp: "bestellung", kunde: { id: kunde.id } });
    const [a, b, c] = [await order(k1), await order(k2), await order(k1)];
    await createBeleg(crud.t, who, { belegsTyp: "angebot", kunde: { id: k1.id } });
    await ok(await post(who, `beleg/${a.id}/freigabe`));
    const ids = async (path: string) =>
      ((await ok(await get(who, `bestellungsbelege/${path}`))) as unknown as { id: number }[]).map(
        (z) => z.id,
      );
    expect(await ids("all/all/true")).toEqual([c.id, b.id, a.id]);
    expect(await ids(`${k1.id}/all/true`)).toEqual([c.id, a.id]);
    expect(await ids(`${k1.id},${k2.id}/all/false`)).toEqual([a.id]);
    expect(await ids("all/entwurf/true")).toEqual([c.id, b.id]);
    expect(await ids("all/finalisiert/true")).toEqual([a.id]);
    expect((await get(who, "bestellungsbelege/x/all/true")).statusCode).toBe(400);

    const plain = await tenant();
    const noRole = await get(plain, "bestellungsbelege/all/all/true");
    expect([noRole.statusCode, noRole.json().code]).toEqual([403, "error.forbidden"]);
    const lager = await createTenantUser(crud.t, {
      authorities: ["ROLE_LAGER_ADMIN"],
      modules: ["rechnungslegung"],
    });
    const noModule = await get(
      { token: await login(crud.t, lager), mandantId: lager.mandantId },
      "bestellungsbelege/all/all/true",
    );
    expect([noModule.statusCode, noModule.json().code]).toEqual([403, "error.moduleMissing"]);
  });
});
