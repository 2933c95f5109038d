import type { TBeleg } from "@kontor/domain/beleg/beleg.schema";
import { addDays, todayIso } from "@kontor/domain/date/calendar";
import type {
  TOffenerPosten,
  TOffenerSaldo,
  TZahlung,
  TZahlungZeile,
} from "@kontor/domain/zahlung/zahlung.schema";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client.ts";
import { XLSX } from "../../http/attachment.ts";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../../test/helpers.ts";
import { createBeleg, rechnungsfaehig } from "../beleg/beleg.testing.ts";
import { type Caller, createKunde } from "../kunde/kunde.testing.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const api = (path: string) => `/app/api/${path}`;
const send = (
  who: Partial<Caller>,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  payload?: unknown,
) =>
  call(t, {
    method,
    url: api(path),
    ...who,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
type Antwort = { statusCode: number; body: string; json: () => unknown };
const ok = async <T>(antwort: Antwort | PromiseLike<Antwort>, status = 200) => {
  const response = await antwort;
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
};
const heute = () => todayIso();
const vor = (tage: number) => addDays(todayIso(), -tage);

/** A tenant that may issue invoices, with payments on, a ROLE_USER member, a customer and a payment term. */
async function tenant(modules: ("rechnungslegung" | "zahlung")[] = ["rechnungslegung", "zahlung"]) {
  const user = await createTenantUser(t, { authorities: ["ROLE_USER"], modules });
  await rechnungsfaehig(t, user.mandantId);
  const who = { token: await login(t, user), mandantId: user.mandantId };
  const kunde = await createKunde(t, who, { bezeichnung: "Muster GmbH" });
  const ziel = await ok<{ id: number }>(
    await send(who, "PUT", "zahlungsziels", {
      name: "30 Tage, 7 Tage 3 %, 14 Tage 2 %",
      nettoTage: 30,
      skontoList: [
        { tage: 7, prozent: 3 },
        { tage: 14, prozent: 2 },
      ],
    }),
  );
  return { ...who, kunde, ziel };
}
type Tenant = Awaited<ReturnType<typeof tenant>>;

/** A finalized invoice: positions [quantity, price, VAT]; the tenant's customer unless another is named. */
async function rechnung(
  who: Tenant,
  positionen: [number, number, number][],
  extra: { belegDatum?: string; zahlungsziel?: boolean; kundeId?: number; entwurf?: boolean } = {},
): Promise<TBeleg & { id: number }> {
  const beleg = await createBeleg(t, who, {
    belegsTyp: "rechnung",
    belegDatum: extra.belegDatum ?? vor(2),
    leistungsDatum: extra.belegDatum ?? vor(2),
    kunde: { id: extra.kundeId ?? who.kunde.id },
    zahlungsziel: extra.zahlungsziel ? { id: who.ziel.id } : null,
    belegspositionSet: positionen.map(([menge, preis, mwst], index) => ({
      positionsBeschreibung: `Position ${index + 1}`,
      positionsMenge: menge,
      positionsPreis: preis,
      positionsMwst: mwst,
    })),
  });
  if (extra.entwurf) return beleg;
  await ok(send(who, "POST", `beleg/${beleg.id}/freigabe`));
  // Read again: the finalization answers the document as it read it, before the open amount was derived.
  return ok(send(who, "GET", `beleg/${beleg.id}`));
}

const zahlen = (who: Caller, body: object) => send(who, "POST", "zahlung", body);
const posten = (who: Caller, id: number) => ok<TOffenerPosten>(send(who, "GET", `unpaidbelege/${id}`));
const belegLesen = (who: Caller, id: number) => ok<TBeleg>(send(who, "GET", `beleg/${id}`));
const saldo = (who: Caller, query = "") =>
  ok<TOffenerSaldo>(send(who, "GET", `unpaidbelegesum/${who.mandantId}${query}`));
const fehler = async (response: { statusCode: number; body: string; json: () => unknown }) => {
  expect(response.statusCode, response.body).toBe(400);
  return (response.json() as { fieldErrors: object[] }).fieldErrors;
};

describe("payments: partial, in full, the derived paid flag (SPEC §4 save a partial payment)", () => {
  it("an invoice paid in two parts becomes paid; the document shows both payments", async () => {
    const who = await tenant();
    const beleg = await rechnung(who, [[3, 33.33, 20]]); // 99.99 + 20 % = 119.99 (19.998 → 20.00): 119.99
    expect(beleg.summeBrutto).toBe(119.99);
    expect([beleg.bezahlt, beleg.restbetrag]).toEqual([false, 119.99]);

    const erste = await ok<TZahlung>(
      zahlen(who, {
        zahlungsDatum: vor(1),
        betrag: 50.01,
        zahlungsart: "bar",
        kommentar: "Anzahlung",
        belegSet: [{ id: beleg.id }],
      }),
    );
    expect(erste).toMatchObject({
      betrag: 50.01,
      zahlungsart: "bar",
      kommentar: "Anzahlung",
      kunde: { id: who.kunde.id, anzeigename: "Muster GmbH" },
      ueberzahlung: 0,
      skonto: 0,
      belegSet: [{ beleg: { id: beleg.id, belegNummer: beleg.belegNummer }, betrag: 50.01, skonto: 0 }],
    });
    expect(await posten(who, beleg.id)).toMatchObject({
      bezahltBetrag: 50.01,
      restbetrag: 69.98,
      bezahlt: false,
    });

    await ok(zahlen(who, { zahlungsDatum: heute(), betrag: 69.98, belegSet: [{ id: beleg.id }] }));
    const bezahlt = await belegLesen(who, beleg.id);
    expect([bezahlt.bezahlt, bezahlt.restbetrag]).toEqual([true, 0]);
    expect(bezahlt.zahlungList.map((z) => [z.zahlungsDatum, z.betrag, z.kommentar, z.zahlungsart])).toEqual([
      [vor(1), 50.01, "Anzahlung", "bar"],
      [heute(), 69.98, null, "bank"],
    ]);
    // Paid: no longer an open item, and no further payment.
    const liste = await ok<TOffenerPosten[]>(send(who, "GET", "unpaidbelege"));
    expect(liste.map((p) => p.id)).not.toContain(beleg.id);
    expect(
      await fehler(await zahlen(who, { zahlungsDatum: heute(), betrag: 1, belegSet: [{ id: beleg.id }] })),
    ).toEqual([{ field: "belegSet.0.id", code: "notOpen" }]);
    // The document list filters by the derived flag.
    const bezahlte = await ok<{ id: number }[]>(send(who, "GET", "beleg?bezahlt=true"));
    expect(bezahlte.map((b) => b.id)).toContain(beleg.id);
  });

  it("PUT unpaidbelege saves a partial payment on a row and answers the row", async () => {
    const who = await tenant();
    const beleg = await rechnung(who, [[1, 100, 20]]);
    const row = await ok<TOffenerPosten>(
      send(who, "PUT", "unpaidbelege", {
        id: beleg.id,
        zahlungsDatum: heute(),
        betrag: 20,
        kommentar: "Teil",
      }),
    );
    expect(row).toMatchObject({ id: beleg.id, bezahltBetrag: 20, restbetrag: 100, bezahlt: false });
    expect(row.zahlungList).toMatchObject([{ betrag: 20, kommentar: "Teil" }]);
    // More than is open: at this body's field.
    expect(
      await fehler(
        await send(who, "PUT", "unpaidbelege", { id: beleg.id, zahlungsDatum: heute(), betrag: 100.01 }),
      ),
    ).toEqual([{ field: "betrag", code: "overpayment", max: 100 }]);
    const entwurf = await rechnung(who, [[1, 10, 20]], { entwurf: true });
    expect(
      await fehler(
        await send(who, "PUT", "unpaidbelege", { id: entwurf.id, zahlungsDatum: heute(), betrag: 1 }),
      ),
    ).toEqual([{ field: "id", code: "notFinalized" }]);
    expect(
      (await send(who, "PUT", "unpaidbelege", { id: 999_999_999, zahlungsDatum: heute(), betrag: 1 }))
        .statusCode,
    ).toBe(404);
  });

  it("a cash invoice is paid once issued and takes no payment", async () => {
    const who = await tenant();
    const bar = await createBeleg(t, who, { belegDatum: vor(1), leistungsDatum: vor(1) });
    await ok<TBeleg>(send(who, "POST", `beleg/${bar.id}/freigabe`));
    const finalisiert = await belegLesen(who, bar.id);
    expect([finalisiert.bezahlt, finalisiert.restbetrag]).toEqual([true, 0]);
    expect(
      await fehler(await zahlen(who, { zahlungsDatum: heute(), betrag: 1, belegSet: [{ id: bar.id }] })),
    ).toEqual([{ field: "belegSet.0.id", code: "notPayable" }]);
  });
});

describe("skonto (payment term steps)", () => {
  it("a payment within a step equal to the reduced amount settles it; skonto split per VAT rate exactly", async () => {
    const who = await tenant();
    // 20 %: 100.00 + 20.00; 10 %: 33.33 + 3.33 → gross 156.66; 3 % → 151.96 (151.9602), skonto 4.70
    const beleg = await rechnung(
      who,
      [
        [1, 100, 20],
        [1, 33.33, 10],
      ],
      { zahlungsziel: true, belegDatum: vor(3) },
    );
    expect(beleg.summeBrutto).toBe(156.66);
    const offen = await posten(who, beleg.id);
    expect(offen.skontoStufen).toEqual([
      { datum: addDays(vor(3), 7), prozent: 3, zahlbetrag: 151.96, skonto: 4.7 },
      { datum: addDays(vor(3), 14), prozent: 2, zahlbetrag: 153.53, skonto: 3.13 },
    ]);
    expect(offen.faelligAm).toBe(addDays(vor(3), 30));

    const zahlung = await ok<TZahlung>(
      zahlen(who, { zahlungsDatum: heute(), betrag: 151.96, belegSet: [{ id: beleg.id }] }),
    );
    const [zuordnung] = zahlung.belegSet;
    expect(zuordnung).toMatchObject({ betrag: 151.96, skonto: 4.7, skontoProzent: 3 });
    // Gross per rate 120.00 and 36.66 of 156.66: 3.6006… → 3.60 and 1.0993… → 1.10 (the left-over cent)
    expect(zuordnung!.skontoMwst).toEqual([
      { satz: 20, kategorie: "S", brutto: 3.6, netto: 3, mwst: 0.6 },
      { satz: 10, kategorie: "S", brutto: 1.1, netto: 1, mwst: 0.1 },
    ]);
    const bezahlt = await belegLesen(who, beleg.id);
    expect([bezahlt.bezahlt, bezahlt.restbetrag]).toEqual([true, 0]);
    expect(bezahlt.zahlungList).toMatchObject([{ betrag: 151.96, skonto: 4.7 }]);
  });

  it("after the steps the reduced amount is a partial payment; the second step within the first counts", async () => {
    const who = await tenant();
    const spaet = await rechnung(who, [[1, 1000, 20]], { zahlungsziel: true, belegDatum: vor(20) });
    expect((await posten(who, spaet.id)).skontoStufen).toEqual([]);
    await ok(zahlen(who, { zahlungsDatum: heute(), betrag: 1164, belegSet: [{ id: spaet.id }] }));
    expect(await posten(who, spaet.id)).toMatchObject({ restbetrag: 36, skonto: 0, bezahlt: false });

    const frueh = await rechnung(who, [[1, 1000, 20]], { zahlungsziel: true, belegDatum: vor(1) });
    const zahlung = await ok<TZahlung>(
      zahlen(who, { zahlungsDatum: heute(), betrag: 1176, belegSet: [{ id: frueh.id, betrag: 1176 }] }),
    );
    expect(zahlung.belegSet[0]).toMatchObject({ skonto: 24, skontoProzent: 2 });
    expect(await posten(who, frueh.id)).toMatchObject({ restbetrag: 0, bezahlt: true });
  });

  it("skonto on the rest after a part payment within the step", async () => {
    const who = await tenant();
    const beleg = await rechnung(who, [[1, 1000, 20]], { zahlungsziel: true, belegDatum: vor(2) });
    await ok(zahlen(who, { zahlungsDatum: vor(1), betrag: 600, belegSet: [{ id: beleg.id }] }));
    // 1200 × 0.97 = 1164 − 600 = 564 settles it, skonto 36
    expect((await posten(who, beleg.id)).skontoStufen[0]).toMatchObject({ zahlbetrag: 564, skonto: 36 });
    await ok(zahlen(who, { zahlungsDatum: heute(), betrag: 564, belegSet: [{ id: beleg.id }] }));
    expect(await posten(who, beleg.id)).toMatchObject({ restbetrag: 0, skonto: 36, bezahltBetrag: 1164 });
  });
});

describe("one payment, several documents; overpayment", () => {
  it("settles several documents of one customer in order, the last one partly", async () => {
    const who = await tenant();
    const a = await rechnung(who, [[1, 100, 20]]);
    const b = await rechnung(who, [[1, 50, 20]]);
    const zahlung = await ok<TZahlung>(
      zahlen(who, { zahlungsDatum: heute(), betrag: 150, belegSet: [{ id: a.id }, { id: b.id }] }),
    );
    expect(zahlung.belegSet.map((z) => [z.beleg.id, z.betrag])).toEqual([
      [a.id, 120],
      [b.id, 30],
    ]);
    expect((await posten(who, b.id)).restbetrag).toBe(30);
    const liste = await ok<TZahlungZeile[]>(send(who, "GET", `zahlung?belegId=${b.id}`));
    expect(liste.map((z) => z.belege.map((x) => x.id))).toEqual([[a.id, b.id]]);
  });

  it("refuses documents of several customers and an amount beyond the open ones — unless kept as credit", async () => {
    const who = await tenant();
    const andererKunde = await createKunde(t, who, { bezeichnung: "Andere AG" });
    const a = await rechnung(who, [[1, 100, 20]]);
    const b = await rechnung(who, [[1, 100, 20]], { kundeId: andererKunde.id });
    expect(
      await fehler(
        await zahlen(who, { zahlungsDatum: heute(), betrag: 240, belegSet: [{ id: a.id }, { id: b.id }] }),
      ),
    ).toEqual([{ field: "belegSet.1.id", code: "notEqual" }]);
    expect(
      await fehler(await zahlen(who, { zahlungsDatum: heute(), betrag: 150, belegSet: [{ id: a.id }] })),
    ).toEqual([{ field: "betrag", code: "overpayment", max: 120 }]);
    expect(
      await fehler(
        await zahlen(who, {
          zahlungsDatum: heute(),
          betrag: 150,
          belegSet: [{ id: a.id, betrag: 130 }],
          ueberzahlung: true,
        }),
      ),
    ).toEqual([{ field: "belegSet.0.betrag", code: "overpayment", max: 120 }]);
    const zahlung = await ok<TZahlung>(
      zahlen(who, { zahlungsDatum: heute(), betrag: 150, belegSet: [{ id: a.id }], ueberzahlung: true }),
    );
    expect([zahlung.ueberzahlung, zahlung.belegSet[0]?.betrag]).toEqual([30, 120]);
    expect(await saldo(who, `?kundenId=${who.kunde.id}`)).toEqual({
      openBalance: 0,
      anzahl: 0,
      guthaben: 30,
    });
  });

  it("two payments for the whole amount at once: one is taken, the other refused (rows locked)", async () => {
    const who = await tenant();
    const beleg = await rechnung(who, [[1, 100, 20]]);
    const antworten = await Promise.all(
      [1, 2].map(() => zahlen(who, { zahlungsDatum: heute(), betrag: 120, belegSet: [{ id: beleg.id }] })),
    );
    expect(antworten.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await posten(who, beleg.id)).toMatchObject({ restbetrag: 0, bezahltBetrag: 120 });
  });
});

describe("the customer's credit from overpayments pays later invoices", () => {
  it("pays from credit up to the credit; no money counted as received; removal gives the credit back", async () => {
    const who = await tenant();
    const kunde = `?kundenId=${who.kunde.id}`;
    const a = await rechnung(who, [[1, 100, 20]]); // 120
    const ueber = await ok<TZahlung>(
      zahlen(who, { zahlungsDatum: heute(), betrag: 150, belegSet: [{ id: a.id }], ueberzahlung: true }),
    );
    const b = await rechnung(who, [[1, 100, 20]]); // 120
    const ausGuthaben = { zahlungsDatum: heute(), zahlungsart: "guthaben", belegSet: [{ id: b.id }] };
    expect(await fehler(await zahlen(who, { ...ausGuthaben, betrag: 40 }))).toEqual([
      { field: "betrag", code: "guthaben", max: 30 },
    ]);
    // Credit pays documents only: an amount beyond them is not kept as credit again.
    const c = await rechnung(who, [[1, 10, 20]]); // 12
    expect(
      await fehler(
        await zahlen(who, { ...ausGuthaben, belegSet: [{ id: c.id }], betrag: 20, ueberzahlung: true }),
      ),
    ).toEqual([{ field: "betrag", code: "overpayment", max: 12 }]);

    const verrechnet = await ok<TZahlung>(zahlen(who, { ...ausGuthaben, betrag: 30 }));
    expect([verrechnet.zahlungsart, verrechnet.ueberzahlung]).toEqual(["guthaben", -30]);
    expect(await posten(who, b.id)).toMatchObject({ restbetrag: 90, bezahltBetrag: 30 });
    expect(await saldo(who, kunde)).toMatchObject({ openBalance: 102, guthaben: 0 });
    // The report counts the money once: 150 received, credit 30 kept.
    const report = await ok<{ erhalten: number; ueberzahlung: number }>(
      send(who, "GET", `zahlung/report?kundeId=${who.kunde.id}`),
    );
    expect([report.erhalten, report.ueberzahlung]).toEqual([150, 30]);
    // The same credit once more (a partial payment on the row): refused.
    const teil = await send(who, "PUT", "unpaidbelege", {
      id: b.id,
      zahlungsDatum: heute(),
      betrag: 1,
      zahlungsart: "guthaben",
    });
    expect(await fehler(teil)).toEqual([{ field: "betrag", code: "guthaben", max: 0 }]);

    // The overpayment's credit is in use: its payment cannot go.
    const weg = await send(who, "DELETE", `zahlung/${ueber.id}`);
    expect([weg.statusCode, (weg.json() as { code: string }).code]).toEqual([409, "error.guthabenVerwendet"]);
    // Taking the credit off the invoice: the payment from credit goes, the credit is back.
    expect((await send(who, "DELETE", `zahlung/${verrechnet.id}/beleg/${b.id}`)).statusCode).toBe(204);
    expect((await send(who, "GET", `zahlung/${verrechnet.id}`)).statusCode).toBe(404);
    expect(await saldo(who, kunde)).toMatchObject({ openBalance: 132, guthaben: 30 });
    expect((await send(who, "DELETE", `zahlung/${ueber.id}`)).statusCode).toBe(204);
    expect(await saldo(who, kunde)).toMatchObject({ openBalance: 252, guthaben: 0 });
  });

  it("credit of one payment from credit over two invoices: taken off one, the rest stays used", async () => {
    const who = await tenant();
    const a = await rechnung(who, [[1, 100, 20]]);
    await ok(
      zahlen(who, { zahlungsDatum: heute(), betrag: 220, belegSet: [{ id: a.id }], ueberzahlung: true }),
    );
    const b = await rechnung(who, [[1, 25, 20]]); // 30
    const c = await rechnung(who, [[1, 50, 20]]); // 60
    const verrechnet = await ok<TZahlung>(
      zahlen(who, {
        zahlungsDatum: heute(),
        zahlungsart: "guthaben",
        betrag: 90,
        belegSet: [{ id: b.id }, { id: c.id }],
      }),
    );
    expect((await saldo(who, `?kundenId=${who.kunde.id}`)).guthaben).toBe(10);
    expect((await send(who, "DELETE", `zahlung/${verrechnet.id}/beleg/${b.id}`)).statusCode).toBe(204);
    expect(await ok<TZahlung>(send(who, "GET", `zahlung/${verrechnet.id}`))).toMatchObject({
      betrag: 60,
      ueberzahlung: -60,
    });
    expect((await saldo(who, `?kundenId=${who.kunde.id}`)).guthaben).toBe(40);
  });

  it("two payments from the same credit at once: one is taken, the other refused", async () => {
    const who = await tenant();
    const a = await rechnung(who, [[1, 100, 20]]);
    await ok(
      zahlen(who, { zahlungsDatum: heute(), betrag: 150, belegSet: [{ id: a.id }], ueberzahlung: true }),
    );
    const b = await rechnung(who, [[1, 100, 20]]);
    const c = await rechnung(who, [[1, 100, 20]]);
    const antworten = await Promise.all(
      [b, c].map((beleg) =>
        zahlen(who, {
          zahlungsDatum: heute(),
          zahlungsart: "guthaben",
          betrag: 30,
          belegSet: [{ id: beleg.id }],
        }),
      ),
    );
    expect(antworten.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await saldo(who, `?kundenId=${who.kunde.id}`)).guthaben).toBe(0);
  });
});

describe("credit notes, cancellations, write-off", () => {
  it("a credit note referring to the invoice reduces its open amount", async () => {
    const who = await tenant();
    const beleg = await rechnung(who, [[2, 50, 20]]);
    const gutschrift = await ok<TBeleg & { id: number }>(
      send(who, "POST", `beleg/${beleg.id}/umwandeln`, { belegsTyp: "gutschrift" }),
    );
    // The draft counts for nothing yet.
    expect((await posten(who, beleg.id)).restbetrag).toBe(120);
    // A credit note states what it credits as a positive amount (issue 33).
    const body = {
      ...gutschrift,
      belegspositionSet: [
        {
          positionsBeschreibung: "Rabatt nachträglich",
          positionsMenge: 1,
          positionsPreis: 25,
          positionsMwst: 20,
        },
      ],
    };
    for (const feld of [
      "mandant",
      "belegNummer",
      "summeNetto",
      "summeBrutto",
      "belegMwstSet",
      "zahlungList",
    ] as const)
      delete (body as Record<string, unknown>)[feld];
    await ok(send(who, "PUT", "beleg", body));
    await ok(send(who, "POST", `beleg/${gutschrift.id}/freigabe`));
    expect(await posten(who, beleg.id)).toMatchObject({ gutschriften: 30, restbetrag: 90, bezahlt: false });
    await ok(zahlen(who, { zahlungsDatum: heute(), betrag: 90, belegSet: [{ id: beleg.id }] }));
    expect((await belegLesen(who, beleg.id)).bezahlt).toBe(true);
  });

  it("a cancelled invoice is not open; what was paid on it becomes the customer's credit", async () => {
    const who = await tenant();
    const offen = await rechnung(who, [[1, 100, 20]]);
    await ok(send(who, "POST", `beleg/${offen.id}/storno`, {}));
    expect(await posten(who, offen.id)).toMatchObject({ restbetrag: 0, storniert: true });
    expect(
      await fehler(await zahlen(who, { zahlungsDatum: heute(), betrag: 1, belegSet: [{ id: offen.id }] })),
    ).toEqual([{ field: "belegSet.0.id", code: "cancelled" }]);

    const teils = await rechnung(who, [[1, 100, 20]]);
    await ok(zahlen(who, { zahlungsDatum: heute(), betrag: 40, belegSet: [{ id: teils.id }] }));
    await ok(send(who, "POST", `beleg/${teils.id}/storno`, {}));
    expect((await posten(who, teils.id)).restbetrag).toBe(-40);
    const liste = await ok<TOffenerPosten[]>(send(who, "GET", `unpaidbelege?kundeId=${who.kunde.id}`));
    expect(liste.map((p) => [p.id, p.restbetrag])).toEqual([[teils.id, -40]]);
    expect((await saldo(who)).openBalance).toBe(-40);
  });

  it("marked paid: a write-off with a reason, audited; undone, the invoice is open again", async () => {
    const who = await tenant();
    const beleg = await rechnung(who, [[1, 100, 20]]);
    await ok(zahlen(who, { zahlungsDatum: heute(), betrag: 119.5, belegSet: [{ id: beleg.id }] }));
    expect(
      await fehler(await send(who, "POST", `unpaidbelege/${beleg.id}/abschreibung`, { grund: " " })),
    ).toEqual([{ field: "grund", code: "required" }]);
    const row = await ok<TOffenerPosten>(
      send(who, "POST", `unpaidbelege/${beleg.id}/abschreibung`, { grund: "Rundungsdifferenz" }),
    );
    expect(row).toMatchObject({ abgeschrieben: 0.5, restbetrag: 0, bezahlt: true });
    expect((await belegLesen(who, beleg.id)).abschreibung).toMatchObject({
      betrag: 0.5,
      grund: "Rundungsdifferenz",
    });
    expect(
      await fehler(await send(who, "POST", `unpaidbelege/${beleg.id}/abschreibung`, { grund: "nochmal" })),
    ).toEqual([{ field: "id", code: "notOpen" }]);
    const historie = await ok<{ action: string; detail: Record<string, unknown> }[]>(
      send(who, "GET", `beleg/${beleg.id}/historie`),
    );
    expect(historie.map((h) => h.action)).toEqual(["create", "finalize", "zahlung", "abschreibung"]);
    expect(historie[3]?.detail).toEqual({ betrag: 0.5, grund: "Rundungsdifferenz" });

    expect((await send(who, "DELETE", `unpaidbelege/${beleg.id}/abschreibung`)).statusCode).toBe(204);
    expect(await posten(who, beleg.id)).toMatchObject({ restbetrag: 0.5, bezahlt: false, abgeschrieben: 0 });
    expect((await send(who, "DELETE", `unpaidbelege/${beleg.id}/abschreibung`)).statusCode).toBe(404);
  });
});

describe("removing payments", () => {
  it("a removed payment opens its documents again; taking it off one document shrinks it", async () => {
    const who = await tenant();
    const a = await rechnung(who, [[1, 100, 20]]);
    const b = await rechnung(who, [[1, 50, 20]]);
    const zahlung = await ok<TZahlung>(
      zahlen(who, { zahlungsDatum: heute(), betrag: 180, belegSet: [{ id: a.id }, { id: b.id }] }),
    );
    expect((await send(who, "DELETE", `zahlung/${zahlung.id}/beleg/${b.id}`)).statusCode).toBe(204);
    expect(await posten(who, b.id)).toMatchObject({ restbetrag: 60, bezahlt: false });
    expect(await ok<TZahlung>(send(who, "GET", `zahlung/${zahlung.id}`))).toMatchObject({
      betrag: 120,
      belegSet: [{ beleg: { id: a.id } }],
    });
    expect((await send(who, "DELETE", `zahlung/${zahlung.id}/beleg/${b.id}`)).statusCode).toBe(404);
    // The last allocation: the payment goes.
    expect((await send(who, "DELETE", `zahlung/${zahlung.id}/beleg/${a.id}`)).statusCode).toBe(204);
    expect((await send(who, "GET", `zahlung/${zahlung.id}`)).statusCode).toBe(404);
    expect((await posten(who, a.id)).restbetrag).toBe(120);

    const wieder = await ok<TZahlung>(
      zahlen(who, { zahlungsDatum: heute(), betrag: 120, belegSet: [{ id: a.id }] }),
    );
    expect((await belegLesen(who, a.id)).bezahlt).toBe(true);
    expect((await send(who, "DELETE", `zahlung/${wieder.id}`)).statusCode).toBe(204);
    expect(await belegLesen(who, a.id)).toMatchObject({ bezahlt: false, restbetrag: 120, zahlungList: [] });
    expect((await send(who, "DELETE", `zahlung/${wieder.id}`)).statusCode).toBe(404);
  });
});

describe("open items and the open balance", () => {
  it("lists, pages, sorts and filters; the balance is the sum of the open amounts", async () => {
    const who = await tenant();
    const zweiter = await createKunde(t, who, { bezeichnung: "Zweiter Kunde" });
    const alt = await rechnung(who, [[1, 10, 20]], { belegDatum: vor(40) }); // due at once: overdue 40 days
    const mitZiel = await rechnung(who, [[1, 20, 20]], { belegDatum: vor(40), zahlungsziel: true }); // 10 days
    const neu = await rechnung(who, [[1, 30, 20]], { belegDatum: vor(1), zahlungsziel: true }); // not yet due
    const anderer = await rechnung(who, [[1, 40, 20]], { belegDatum: vor(5), kundeId: zweiter.id });
    await rechnung(who, [[1, 50, 20]], { entwurf: true }); // a draft: no open item
    const bezahlt = await rechnung(who, [[1, 60, 20]], { belegDatum: vor(3) });
    await ok(zahlen(who, { zahlungsDatum: heute(), betrag: 72, belegSet: [{ id: bezahlt.id }] }));

    const alle = await send(who, "GET", "unpaidbelege");
    expect(alle.headers["x-total-count"]).toBe("4");
    const rows = alle.json() as TOffenerPosten[];
    expect(rows.map((r) => r.id)).toEqual([alt.id, mitZiel.id, anderer.id, neu.id]);
    expect(rows.map((r) => [r.restbetrag, r.ueberfaelligTage])).toEqual([
      [12, 40],
      [24, 10],
      [48, 5],
      [36, 0],
    ]);
    expect(rows[0]).toMatchObject({
      kunde: { anzeigename: "Muster GmbH" },
      projektBezeichnungen: [],
      faelligAm: vor(40),
    });

    const seite = await send(who, "GET", "unpaidbelege?page=1&size=3&sort=restbetrag,desc");
    expect(seite.headers["x-total-count"]).toBe("4");
    expect((seite.json() as TOffenerPosten[]).map((r) => r.id)).toEqual([alt.id]);
    const sortiert = await ok<TOffenerPosten[]>(send(who, "GET", "unpaidbelege?sort=faelligAm,desc"));
    expect(sortiert.map((r) => r.id)).toEqual([neu.id, anderer.id, mitZiel.id, alt.id]);

    const ueberfaellig = await send(who, "GET", "unpaidbelege?ueberfaellig=true");
    expect((ueberfaellig.json() as TOffenerPosten[]).map((r) => r.id)).toEqual([
      alt.id,
      mitZiel.id,
      anderer.id,
    ]);
    const kunde = await ok<TOffenerPosten[]>(
      send(who, "GET", `unpaidbelege?kundeId=${who.kunde.id}&von=${vor(10)}`),
    );
    expect(kunde.map((r) => r.id)).toEqual([neu.id]);

    expect(await saldo(who)).toEqual({ openBalance: 120, anzahl: 4, guthaben: 0 });
    // The counts the trigger keeps (beleg_offen_stand) are those of the documents themselves.
    const [stand] = await queryRows<{ n: number; summe: string }>(
      t.db,
      sql`SELECT count(*)::int AS n, sum(offen)::text AS summe FROM beleg WHERE mandant_id = ${who.mandantId} AND offen <> 0`,
    );
    expect([stand?.n, Number(stand?.summe)]).toEqual([4, 120]);
    expect(await saldo(who, `?kundenId=${who.kunde.id}`)).toEqual({
      openBalance: 72,
      anzahl: 3,
      guthaben: 0,
    });
    expect((await send(who, "GET", "unpaidbelegesum/1")).statusCode).toBe(404);
    expect((await send(who, "GET", "unpaidbelegesum/abc")).statusCode).toBe(404);
  });

  it("the open items' counts per customer and tenant follow every change (payments, write-off, storno, credit)", async () => {
    const who = await tenant();
    const a = await rechnung(who, [[1, 100, 20]]);
    const b = await rechnung(who, [[2, 10.01, 10]]);
    const zahlung = await ok<TZahlung>(
      zahlen(who, { zahlungsDatum: heute(), betrag: 20.5, belegSet: [{ id: a.id }] }),
    );
    await ok(send(who, "POST", `unpaidbelege/${b.id}/abschreibung`, { grund: "Kulanz" }));
    await ok(send(who, "POST", `beleg/${a.id}/storno`, {}));
    await send(who, "DELETE", `unpaidbelege/${b.id}/abschreibung`);
    await send(who, "DELETE", `zahlung/${zahlung.id}`);
    const wahr = await queryRows<{ kunde_id: string; n: number; summe: string }>(
      t.db,
      sql`SELECT coalesce(kunde_id, 0)::text AS kunde_id, count(*)::int AS n, sum(offen)::text AS summe FROM beleg
           WHERE mandant_id = ${who.mandantId} AND offen <> 0 GROUP BY ROLLUP (kunde_id) ORDER BY 1`,
    );
    const stand = await queryRows<{ kunde_id: string; n: number; summe: string }>(
      t.db,
      sql`SELECT kunde_id::text, anzahl::int AS n, summe::text FROM beleg_offen_stand
           WHERE mandant_id = ${who.mandantId} AND anzahl <> 0 ORDER BY 1`,
    );
    expect(stand.map((r) => [r.kunde_id, r.n, Number(r.summe)])).toEqual(
      wahr.map((r) => [r.kunde_id === "0" ? "0" : r.kunde_id, r.n, Number(r.summe)]).sort(),
    );
    // b open again (22.02), a cancelled without payments (0): one open item.
    expect(await saldo(who)).toEqual({ openBalance: 22.02, anzahl: 1, guthaben: 0 });
  });

  it("pages and sorts the payment list", async () => {
    const who = await tenant();
    const beleg = await rechnung(who, [[1, 100, 20]]);
    for (const [tag, betrag] of [
      [3, 10],
      [1, 30],
      [2, 20],
    ] as const)
      await ok(zahlen(who, { zahlungsDatum: vor(tag), betrag, belegSet: [{ id: beleg.id }] }));
    const standard = await send(who, "GET", "zahlung?size=2");
    expect(standard.headers["x-total-count"]).toBe("3");
    expect((standard.json() as TZahlungZeile[]).map((z) => z.betrag)).toEqual([30, 20]);
    const aufsteigend = await ok<TZahlungZeile[]>(send(who, "GET", "zahlung?sort=betrag,asc&page=1&size=2"));
    expect(aufsteigend.map((z) => z.betrag)).toEqual([30]);
    const gefiltert = await ok<TZahlungZeile[]>(send(who, "GET", `zahlung?von=${vor(2)}&bis=${vor(2)}`));
    expect(gefiltert.map((z) => z.betrag)).toEqual([20]);
  });
});

describe("payment report (/zahlung_report/)", () => {
  it("received, skonto and the open amount on any day, consistent with the open balance", async () => {
    const who = await tenant();
    const a = await rechnung(who, [[1, 100, 20]], { belegDatum: vor(40) }); // 120
    const b = await rechnung(who, [[1, 1000, 20]], { belegDatum: vor(3), zahlungsziel: true }); // 1 200
    await ok(zahlen(who, { zahlungsDatum: vor(20), betrag: 50, belegSet: [{ id: a.id }] }));
    await ok(zahlen(who, { zahlungsDatum: vor(1), betrag: 1164, belegSet: [{ id: b.id }] })); // 3 % skonto
    type Report = { erhalten: number; skonto: number; offenAmStichtag: number; monate: { offen: number }[] };
    const report = (query: string) => ok<Report>(send(who, "GET", `zahlung/report?${query}`));
    const jetzt = await report(`von=${vor(60)}&bis=${heute()}`);
    expect([jetzt.erhalten, jetzt.skonto, jetzt.offenAmStichtag]).toEqual([1214, 36, 70]);
    expect(jetzt.monate.at(-1)?.offen).toBe(70);
    expect((await saldo(who)).openBalance).toBe(70);
    expect((await report(`von=${vor(60)}&bis=${vor(41)}`)).offenAmStichtag).toBe(0);
    expect((await report(`von=${vor(60)}&bis=${vor(30)}`)).offenAmStichtag).toBe(120);
    expect((await report(`von=${vor(60)}&bis=${vor(2)}`)).offenAmStichtag).toBe(1270);
    // A cancellation after the part payment: what was paid is owed back.
    await ok(send(who, "POST", `beleg/${a.id}/storno`, {}));
    expect((await report(`bis=${heute()}`)).offenAmStichtag).toBe(-50);
    expect((await saldo(who)).openBalance).toBe(-50);
    // Default: the last 12 months.
    expect((await report("")).monate).toHaveLength(12);

    expect(await fehler(await send(who, "GET", `zahlung/report?von=${heute()}&bis=${vor(1)}`))).toEqual([
      { field: "bis", code: "min" },
    ]);
    expect(await fehler(await send(who, "GET", "zahlung/report?von=2020-01-01&bis=2026-01-01"))).toEqual([
      { field: "von", code: "max", max: 36 },
    ]);
    const b2 = await tenant();
    expect((await send(who, "GET", `zahlung/report?kundeId=${b2.kunde.id}`)).statusCode).toBe(404);
  });

  it("exports the report as CSV and Excel in the chosen language", async () => {
    const who = await tenant();
    const a = await rechnung(who, [[1, 1000, 20]], { belegDatum: vor(3) }); // 1 200
    await ok(zahlen(who, { zahlungsDatum: heute(), betrag: 1000.5, belegSet: [{ id: a.id }] }));
    const von = `${vor(3).slice(0, 8)}01`;
    const filter = `von=${von}&bis=${heute()}&kundeId=${who.kunde.id}`;

    const csv = await send(who, "GET", `zahlung/report/export?format=csv&${filter}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["x-filename"]).toBe(`Zahlungsauswertung ${von} bis ${heute()}.csv`);
    const zeilen = csv.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(zeilen[0]).toBe("Monat;Erhalten;Skonto gewährt;Offen am Monatsende");
    expect(zeilen.at(-1)).toBe(`${heute().slice(0, 7)};1000,50;0,00;199,50`);
    const en = await send(who, "GET", `zahlung/report/export?format=csv&lang=en&${filter}`);
    expect(en.body.split("\r\n")[0]).toBe("\uFEFFMonth;Received;Discount granted;Open at month end");
    expect(en.body.trimEnd().split("\r\n").at(-1)).toBe(`${heute().slice(0, 7)};1000.50;0.00;199.50`);

    const xlsx = await call(t, {
      method: "GET",
      url: api(`zahlung/report/export?format=xlsx&${filter}`),
      ...who,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-type"]).toBe(XLSX);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const werte = (zeile: number) => (sheet.getRow(zeile).values as unknown[]).slice(1);
    expect(werte(1)).toEqual(["Zahlungsauswertung"]);
    expect(werte(3)).toEqual(["Kunde", "Muster GmbH"]);
    expect(werte(6)).toEqual(["Erhalten", 1000.5]);
    expect(werte(8)).toEqual([`Offen am ${heute().split("-").reverse().join(".")}`, 199.5]);
    const letzte = werte(sheet.rowCount);
    expect(letzte.slice(1)).toEqual([1000.5, 0, 199.5]);
    expect((letzte[0] as Date).toISOString().slice(0, 7)).toBe(heute().slice(0, 7));

    expect(await fehler(await send(who, "GET", `zahlung/report/export?format=pdf`))).toEqual([
      { field: "format", code: "enum" },
    ]);
    expect(
      await fehler(await send(who, "GET", `zahlung/report/export?format=csv&von=${heute()}&bis=${vor(1)}`)),
    ).toEqual([{ field: "bis", code: "min" }]);
    const b = await tenant();
    expect(
      (await send(who, "GET", `zahlung/report/export?format=csv&kundeId=${b.kunde.id}`)).statusCode,
    ).toBe(404);
  });
});

describe("validation (400 with field codes), 401, 403, another tenant's ids", () => {
  it("refuses bad payment bodies at their fields", async () => {
    const who = await tenant();
    const beleg = await rechnung(who, [[1, 100, 20]]);
    const entwurf = await rechnung(who, [[1, 100, 20]], { entwurf: true });
    const gut = { zahlungsDatum: heute(), betrag: 10, belegSet: [{ id: beleg.id }] };
    const cases: [object, { field: string; code: string }][] = [
      [
        { ...gut, betrag: 0 },
        { field: "betrag", code: "min" },
      ],
      [
        { ...gut, betrag: -5 },
        { field: "betrag", code: "min" },
      ],
      [
        { ...gut, betrag: 1.005 },
        { field: "betrag", code: "invalid" },
      ],
      [
        { ...gut, zahlungsDatum: addDays(heute(), 1) },
        { field: "zahlungsDatum", code: "future" },
      ],
      [
        { ...gut, zahlungsDatum: "2026-02-30" },
        { field: "zahlungsDatum", code: "pattern" },
      ],
      [
        { ...gut, zahlungsart: "scheck" },
        { field: "zahlungsart", code: "enum" },
      ],
      [
        { ...gut, belegSet: [] },
        { field: "belegSet", code: "required" },
      ],
      [
        { ...gut, belegSet: [{ id: beleg.id }, { id: beleg.id }] },
        { field: "belegSet.1.id", code: "unique" },
      ],
      [
        { ...gut, belegSet: [{ id: entwurf.id }] },
        { field: "belegSet.0.id", code: "notFinalized" },
      ],
      [
        { ...gut, belegSet: [{ id: 999_999_999 }] },
        { field: "belegSet.0.id", code: "notFound" },
      ],
      [
        { ...gut, kommentar: "x".repeat(501) },
        { field: "kommentar", code: "maxLength" },
      ],
      [
        { ...gut, extra: 1 },
        { field: "extra", code: "unknownField" },
      ],
    ];
    for (const [body, erwartet] of cases) {
      const felder = await fehler(await zahlen(who, body));
      expect(felder, JSON.stringify(body)).toContainEqual(expect.objectContaining(erwartet));
    }
    expect(await posten(who, beleg.id)).toMatchObject({ restbetrag: 120, zahlungList: [] });
    for (const query of [
      "page=-1",
      "size=0",
      "sort=kunde,asc",
      "ueberfaellig=ja",
      "kundeId=x",
      "von=2026-13-01",
    ])
      expect((await send(who, "GET", `unpaidbelege?${query}`)).statusCode, query).toBe(400);
    expect((await send(who, "GET", "zahlung?sort=kommentar")).statusCode).toBe(400);
  });

  it("401 without a token; 403 without the module or the role", async () => {
    const who = await tenant();
    const ohneModul = await tenant(["rechnungslegung"]);
    const rolle = await createTenantUser(t, {
      authorities: ["ROLE_KASSABUCH"],
      modules: ["rechnungslegung", "zahlung"],
    });
    const ohneRolle = { token: await login(t, rolle), mandantId: rolle.mandantId };
    const routen: [string, string, object?][] = [
      ["POST", "zahlung", { zahlungsDatum: heute(), betrag: 1, belegSet: [{ id: 1 }] }],
      ["GET", "zahlung"],
      ["GET", "zahlung/report"],
      ["GET", "zahlung/report/export?format=csv"],
      ["GET", "zahlung/1"],
      ["DELETE", "zahlung/1"],
      ["DELETE", "zahlung/1/beleg/1"],
      ["GET", "unpaidbelege"],
      ["GET", "unpaidbelege/1"],
      ["PUT", "unpaidbelege", { id: 1, zahlungsDatum: heute(), betrag: 1 }],
      ["POST", "unpaidbelege/1/abschreibung", { grund: "x" }],
      ["DELETE", "unpaidbelege/1/abschreibung"],
      ["GET", `unpaidbelegesum/${who.mandantId}`],
    ];
    for (const [method, path, body] of routen) {
      const m = method as "GET";
      const ohne = await send({ mandantId: who.mandantId }, m, path, body);
      expect([path, ohne.statusCode]).toEqual([path, 401]);
      const modul = await send(
        ohneModul,
        m,
        path.replace(String(who.mandantId), String(ohneModul.mandantId)),
        body,
      );
      expect([path, modul.statusCode, modul.json().code]).toEqual([path, 403, "error.moduleMissing"]);
      const verboten = await send(ohneRolle, m, path, body);
      expect([path, verboten.statusCode, verboten.json().code]).toEqual([path, 403, "error.forbidden"]);
    }
  });

  it("another tenant's payments and documents are not found; its open items never listed", async () => {
    const a = await tenant();
    const b = await tenant();
    const belegB = await rechnung(b, [[1, 100, 20]]);
    const zahlungB = await ok<TZahlung>(
      zahlen(b, { zahlungsDatum: heute(), betrag: 20, belegSet: [{ id: belegB.id }] }),
    );
    expect((await send(a, "GET", `zahlung/${zahlungB.id}`)).statusCode).toBe(404);
    expect((await send(a, "DELETE", `zahlung/${zahlungB.id}`)).statusCode).toBe(404);
    expect((await send(a, "DELETE", `zahlung/${zahlungB.id}/beleg/${belegB.id}`)).statusCode).toBe(404);
    expect((await send(a, "GET", `unpaidbelege/${belegB.id}`)).statusCode).toBe(404);
    expect((await send(a, "POST", `unpaidbelege/${belegB.id}/abschreibung`, { grund: "x" })).statusCode).toBe(
      404,
    );
    expect((await send(a, "DELETE", `unpaidbelege/${belegB.id}/abschreibung`)).statusCode).toBe(404);
    expect(
      (await send(a, "PUT", "unpaidbelege", { id: belegB.id, zahlungsDatum: heute(), betrag: 1 })).statusCode,
    ).toBe(404);
    expect(
      await fehler(await zahlen(a, { zahlungsDatum: heute(), betrag: 1, belegSet: [{ id: belegB.id }] })),
    ).toEqual([{ field: "belegSet.0.id", code: "notFound" }]);
    expect((await send(a, "GET", `unpaidbelegesum/${b.mandantId}`)).statusCode).toBe(404);
    expect(await ok<TOffenerPosten[]>(send(a, "GET", `unpaidbelege?kundeId=${b.kunde.id}`))).toEqual([]);
    expect(await ok<TZahlungZeile[]>(send(a, "GET", "zahlung"))).toEqual([]);
    // B's records unchanged.
    expect(await posten(b, belegB.id)).toMatchObject({ restbetrag: 100, bezahltBetrag: 20 });
  });
});
