import type { TBeleg } from "@kontor/domain/beleg/beleg.schema";
import { todayIso } from "@kontor/domain/date/calendar";
import type { TRksvBelegZeile, TRksvKasse, TRksvStartAntwort } from "@kontor/domain/rksv/rksv.schema";
import {
  aesSchluesselPruefwert,
  type DepExport,
  jwsAusQr,
  type KryptoMaterialContainer,
  pruefeDep,
  zeitpunktWien,
} from "@kontor/rksv";
import { ATrustAttrappe } from "@kontor/rksv/atrust.testing";
import { aufraeumen, javaVorhanden, pruefeMitPruefetool } from "@kontor/rksv/pruefetool.testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rechnungskreis } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { createSecretBox } from "../../security/secrets.ts";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../../test/helpers.ts";
import { createBeleg, rechnungsfaehig } from "../beleg/beleg.testing.ts";
import { pdfQrCode, pdfSeiten } from "../belegausgabe/pdfText.testing.ts";
import { type Caller, createKunde } from "../kunde/kunde.testing.ts";
import { betraegeVon, monatsbelegeErstellen } from "./rksv.service.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  aufraeumen();
});

const api = (path: string) => `/app/api/${path}`;
const send = (who: Partial<Caller>, method: "GET" | "POST" | "PUT", path: string, payload?: object) =>
  call(t, { method, url: api(path), ...who, ...(payload === undefined ? {} : { payload }) });
type Antwort = { statusCode: number; body: string; json: () => unknown };
const ok = async <T>(antwort: Antwort | PromiseLike<Antwort>, status = 200) => {
  const response = await antwort;
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
};
const code = (response: Antwort) => (response.json() as { code: string }).code;

/**
 * A tenant with RKSV: modules rechnungslegung and rksv, a tenant admin (who may start the register), able to issue
 * invoices, its invoice circle with rksv on (`ohneRksv`: barRechnungOhneRksv), a customer.
 */
async function rksvMandant(extra: { ohneRksv?: boolean; modules?: ("rechnungslegung" | "rksv")[] } = {}) {
  const user = await createTenantUser(t, {
    authorities: ["ROLE_USER", "ROLE_ADMIN_MANDANT"],
    modules: extra.modules ?? ["rechnungslegung", "rksv"],
  });
  await rechnungsfaehig(t, user.mandantId);
  const who = { token: await login(t, user), mandantId: user.mandantId };
  await withTenant(t.db, user.mandantId, async (tx) => {
    const flags = { rksv: true, barRechnungOhneRksv: extra.ohneRksv ?? false };
    const geaendert = await tx.update(rechnungskreis).set(flags).returning({ id: rechnungskreis.id });
    if (geaendert.length === 0)
      await tx
        .insert(rechnungskreis)
        .values({ rechnungskreisName: "Kasse", rechnungsnummernPattern: "BR-{YYYY}-{NNNNN}", ...flags });
  });
  const kunde = await createKunde(t, who, { bezeichnung: "Laufkunde" });
  return { ...who, kunde, user };
}
type Mandant = Awaited<ReturnType<typeof rksvMandant>>;

const starten = (who: Caller, kassenId = "KASSE-1") => send(who, "POST", "rksv/startbeleg", { kassenId });

/** A cash invoice, finalized: positions [quantity, price, VAT]. Answers the finalize response. */
async function barrechnung(who: Mandant, positionen: [number, number, number][]) {
  const draft = await createBeleg(t, who, {
    belegsTyp: "barrechnung",
    belegDatum: todayIso(),
    leistungsDatum: todayIso(),
    kunde: { id: who.kunde.id },
    belegspositionSet: positionen.map(([menge, preis, mwst], i) => ({
      positionsBeschreibung: `Ware ${i + 1}`,
      positionsMenge: menge,
      positionsPreis: preis,
      positionsMwst: mwst,
    })),
  });
  return { draft, antwort: await send(who, "POST", `beleg/${draft.id}/freigabe`) };
}

async function depUndContainer(who: Caller, kasseId: number) {
  const dep = await ok<DepExport>(send(who, "GET", "rksv/dep"));
  const container = await ok<KryptoMaterialContainer>(send(who, "GET", `rksv/kasse/${kasseId}/container`));
  return { dep, container };
}

describe("the receipt amounts of a document", () => {
  it("sums gross per VAT set in cents: 20, 10, 13, 0 and any other rate as special", () => {
    const zeile = (satz: number, basis: number, betrag: number) => ({
      satz,
      kategorie: "S" as const,
      basis,
      betrag,
      rabatt: 0,
    });
    expect(
      betraegeVon({
        belegMwstSet: [
          zeile(20, 100, 20),
          zeile(10, 10.1, 1.01),
          zeile(13, 1, 0.13),
          zeile(0, 5, 0),
          zeile(19, 0.1, 0.02),
        ],
      }),
    ).toEqual({
      satzNormal: 12000,
      satzErmaessigt1: 1111,
      satzErmaessigt2: 113,
      satzNull: 500,
      satzBesonders: 12,
    });
  });
});

describe("RKSV: start receipt, cash invoices, storno, DEP verified by the engine and the BMF Prüftool", () => {
  it("signs every cash invoice in the chain; the DEP passes the official Prüftool", async () => {
    javaVorhanden();
    const who = await rksvMandant();
    const start = await ok<TRksvStartAntwort>(starten(who));
    expect(start.kasse).toMatchObject({ kassenId: "KASSE-1", belegAnzahl: 1, umsatzzaehler: 0, zda: "AT0" });
    expect(start.kasse.letzterBeleg).toMatchObject({ nr: 1, typ: "START", ausgefallen: false });
    expect(start.registrierung.pruefwert).toBe(aesSchluesselPruefwert(start.registrierung.aesSchluessel));
    expect(start.registrierung.zertifikatSeriennummer).toMatch(/^U:ATU13585627-[0-9A-F]+$/);
    // Once per circle and per cash register id.
    expect(code(await starten(who))).toBe("error.rksvGestartet");

    const eins = await barrechnung(who, [
      [2, 10, 20],
      [1, 5, 10],
    ]); // 24,00 + 5,50
    const b1 = await ok<TBeleg>(eins.antwort);
    expect(b1.rksvBarcode).toMatch(
      new RegExp(`^_R1-AT0_KASSE-1_${b1.belegNummer}_.*_24,00_5,50_0,00_0,00_0,00_`),
    );
    // The PDF carries the receipt as QR code.
    const pdf = await call(t, { method: "GET", url: api(`beleg/${b1.id}/pdf`), ...who });
    expect(pdf.statusCode).toBe(200);
    expect((await pdfSeiten(pdf.rawPayload)).join(" ")).toContain("Signierter Beleg (RKSV)");
    expect(await pdfQrCode(pdf.rawPayload)).toBe(b1.rksvBarcode);
    const zwei = await ok<TBeleg>((await barrechnung(who, [[1, 100, 13]])).antwort); // 113,00
    const storno = await ok<TBeleg>(send(who, "POST", `beleg/${b1.id}/storno`, {}));
    expect(storno.rksvBarcode).toContain("_-24,00_-5,50_0,00_0,00_0,00_U1RP_");
    expect((await ok<TBeleg>(send(who, "GET", `beleg/${zwei.id}`))).rksvBarcode).toBe(zwei.rksvBarcode);

    const [kasse] = await ok<TRksvKasse[]>(send(who, "GET", "rksv/kasse"));
    expect(kasse).toMatchObject({ belegAnzahl: 4, umsatzzaehler: 113 });
    const { dep, container } = await depUndContainer(who, kasse!.id);
    const jws = dep["Belege-Gruppe"].flatMap((g) => g["Belege-kompakt"]);
    expect(jws).toHaveLength(4);
    expect(jws[1]).toBe(jwsAusQr(b1.rksvBarcode!));
    expect(pruefeDep(JSON.parse(JSON.stringify(dep)), container)).toMatchObject({
      ok: true,
      belegAnzahl: 4,
      umsatzzaehlerCent: 11300,
    });
    expect(await pruefeMitPruefetool(dep, container)).toEqual({ verificationState: "PASS", fehler: [] });

    // The journal: every receipt with its type, amounts and document.
    const journal = await ok<TRksvBelegZeile[]>(send(who, "GET", "rksv/sjournal"));
    expect(journal.map((z) => [z.nr, z.typ, z.summe, z.umsatzzaehler, z.beleg?.belegNummer ?? null])).toEqual(
      [
        [1, "START", 0, 0, null],
        [2, "STANDARD", 29.5, 29.5, b1.belegNummer],
        [3, "STANDARD", 113, 142.5, zwei.belegNummer],
        [4, "STORNO", -29.5, 113, storno.belegNummer],
      ],
    );
    const csv = await send(who, "GET", "rksv/sjournal?format=csv");
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const zeilen = csv.body.split("\r\n");
    expect(zeilen[0]).toBe(
      "\uFEFFKasse;Nr.;Belegnummer;Typ;Zeitpunkt;20 %;10 %;13 %;0 %;Besonders;Summe;Umsatzzähler;Ausgefallen;Beleg",
    );
    expect(zeilen[2]).toMatch(
      new RegExp(
        `^KASSE-1;2;${b1.belegNummer};Beleg;[0-9T:-]+;24,00;5,50;0,00;0,00;0,00;29,50;29,50;nein;${b1.belegNummer}$`,
      ),
    );
    const pdfJournal = await call(t, { method: "GET", url: api("rksv/sjournal?format=pdf&lang=en"), ...who });
    expect(pdfJournal.headers["content-type"]).toBe("application/pdf");
    const text = (await pdfSeiten(pdfJournal.rawPayload)).join(" ").replace(/\s+/g, " ");
    for (const erwartet of [
      "RKSV receipt journal",
      "Start receipt",
      "Cancellation",
      "€29.50",
      "€142.50",
      "Page 1 of 1",
    ])
      expect(text).toContain(erwartet);
    // From a day with no receipt: the SPEC's messages.
    expect(code(await send(who, "GET", "rksv/dep?from=2099-01-01"))).toBe("error.rksvKeinDep");
    expect(code(await send(who, "GET", "rksv/sjournal?from=2099-01-01"))).toBe("error.rksvKeinJournal");
  }, 60_000);

  it("a null receipt on request, chained like any other", async () => {
    const who = await rksvMandant();
    const { kasse } = await ok<TRksvStartAntwort>(starten(who, "K2"));
    const nach = await ok<TRksvKasse>(
      send(who, "POST", `rksv/kasse/${kasse.id}/nullbeleg`, { zweck: "KONTROLLBELEG" }),
    );
    expect(nach.letzterBeleg).toMatchObject({
      nr: 2,
      typ: "NULL",
      zweck: "KONTROLLBELEG",
      belegNummer: "N-2",
    });
    // A training receipt: its amounts in the code, the counter stays.
    const training = await ok<TRksvKasse>(
      send(who, "POST", `rksv/kasse/${kasse.id}/trainingsbeleg`, {
        betraege: { normal: 12.5, ermaessigt1: 3 },
      }),
    );
    expect([training.letzterBeleg?.typ, training.umsatzzaehler]).toEqual(["TRAINING", 0]);
    const [zeile] = (await ok<TRksvBelegZeile[]>(send(who, "GET", "rksv/sjournal"))).slice(-1);
    expect([zeile?.summe, zeile?.qr]).toEqual([
      15.5,
      expect.stringContaining("_12,50_3,00_0,00_0,00_0,00_VFJB_"),
    ]);
    expect(
      (await send(who, "POST", `rksv/kasse/${kasse.id}/trainingsbeleg`, { betraege: { normal: 1.234 } }))
        .statusCode,
    ).toBe(400);
    const { dep, container } = await depUndContainer(who, kasse.id);
    expect(pruefeDep(dep, container)).toMatchObject({ ok: true, belegAnzahl: 3 });
  });

  it("concurrent finalizations: every receipt chains to exactly one predecessor", async () => {
    const who = await rksvMandant();
    const { kasse } = await ok<TRksvStartAntwort>(starten(who, "K3"));
    const entwuerfe = await Promise.all(
      Array.from({ length: 8 }, () =>
        createBeleg(t, who, {
          belegsTyp: "barrechnung",
          belegDatum: todayIso(),
          leistungsDatum: todayIso(),
          kunde: { id: who.kunde.id },
          belegspositionSet: [
            { positionsBeschreibung: "x", positionsMenge: 1, positionsPreis: 1, positionsMwst: 20 },
          ],
        }),
      ),
    );
    const antworten = await Promise.all(entwuerfe.map((d) => send(who, "POST", `beleg/${d.id}/freigabe`)));
    expect(antworten.map((a) => a.statusCode)).toEqual(entwuerfe.map(() => 200));
    const { dep, container } = await depUndContainer(who, kasse.id);
    expect(pruefeDep(dep, container)).toMatchObject({ ok: true, belegAnzahl: 9, umsatzzaehlerCent: 960 });
  });
});

describe("monthly and yearly receipts", () => {
  it("the job makes the month's null receipt once (December's is the yearly receipt to check); a sale after it makes none", async () => {
    const who = await rksvMandant();
    const { kasse } = await ok<TRksvStartAntwort>(starten(who, "K7"));
    const box = createSecretBox(t.config.tokenSecret);
    const tag = 86_400_000;
    const zustand = async (wer: Caller) =>
      (await ok<TRksvKasse[]>(send(wer, "GET", "rksv/kasse"))).find((k) => k.id === kasse.id)!;
    const wien = (moment: Date) => zeitpunktWien(moment);
    try {
      // 40 days on: another month.
      const spaeter = new Date(Date.now() + 40 * tag);
      vi.useFakeTimers({ toFake: ["Date"], now: spaeter });
      const zweck =
        wien(new Date(Date.now() - 40 * tag)).slice(5, 7) === "12" ? "JAHRESBELEG" : "MONATSBELEG";
      await monatsbelegeErstellen(t.db, box);
      await monatsbelegeErstellen(t.db, box); // a second process or run: nothing more
      const wer = { ...who, token: await login(t, who.user) };
      expect((await zustand(wer)).letzterBeleg).toMatchObject({ nr: 2, typ: "NULL", zweck });
      await ok(barrechnung({ ...who, ...wer }, [[1, 10, 20]]).then((r) => r.antwort));
      expect((await zustand(wer)).letzterBeleg).toMatchObject({ nr: 3, typ: "STANDARD" });

      // A register whose secrets cannot be opened (another key) is reported, and the run goes on.
      const fehlgeschlagen: number[] = [];
      await monatsbelegeErstellen(t.db, createSecretBox("ein-anderer-schluessel-".repeat(2)), (k) =>
        fehlgeschlagen.push(k.id),
      );
      expect(fehlgeschlagen).toContain(kasse.id);

      // The next December, then January: the yearly receipt, flagged for the owner.
      const jahr = Number(wien(spaeter).slice(0, 4));
      vi.setSystemTime(new Date(`${jahr}-12-15T10:00:00Z`));
      await monatsbelegeErstellen(t.db, box);
      vi.setSystemTime(new Date(`${jahr + 1}-01-10T10:00:00Z`));
      await monatsbelegeErstellen(t.db, box);
      const wer2 = { ...who, token: await login(t, who.user) };
      const jetzt = await zustand(wer2);
      expect(jetzt.letzterBeleg).toMatchObject({ typ: "NULL", zweck: "JAHRESBELEG" });
      expect(jetzt.jahresbelegZuPruefen).toBe(true);
      const geprueft = await ok<TRksvKasse>(
        send(wer2, "POST", `rksv/kasse/${kasse.id}/jahresbeleg-geprueft`),
      );
      expect(geprueft.jahresbelegZuPruefen).toBe(false);
      const { dep, container } = await depUndContainer(wer2, kasse.id);
      expect(pruefeDep(dep, container)).toMatchObject({ ok: true, umsatzzaehlerCent: 1200 });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("RKSV refusals and circles without RKSV", () => {
  it("a cash invoice before the start receipt is refused and stays a draft", async () => {
    const who = await rksvMandant();
    const { draft, antwort } = await barrechnung(who, [[1, 10, 20]]);
    expect([antwort.statusCode, code(antwort)]).toEqual([409, "error.rksvNichtGestartet"]);
    expect((await ok<TBeleg>(send(who, "GET", `beleg/${draft.id}`))).freigabe).toBe(false);
  });

  it("barRechnungOhneRksv and tenants without the module sign nothing; no register can start there", async () => {
    const ohne = await rksvMandant({ ohneRksv: true });
    expect((await ok<TBeleg>((await barrechnung(ohne, [[1, 10, 20]])).antwort)).rksvBarcode).toBeNull();
    const start = await starten(ohne);
    expect([start.statusCode, start.json()]).toMatchObject([
      400,
      { fieldErrors: [{ field: "rechnungskreisId" }] },
    ]);
    const modul = await rksvMandant({ modules: ["rechnungslegung"] });
    expect((await ok<TBeleg>((await barrechnung(modul, [[1, 10, 20]])).antwort)).rksvBarcode).toBeNull();
    // A normal invoice never gets a receipt.
    const mit = await rksvMandant();
    await ok(starten(mit, "K4"));
    const rechnung = await createBeleg(t, mit, {
      belegsTyp: "rechnung",
      belegDatum: todayIso(),
      leistungsDatum: todayIso(),
      kunde: { id: mit.kunde.id },
      belegspositionSet: [
        { positionsBeschreibung: "x", positionsMenge: 1, positionsPreis: 1, positionsMwst: 20 },
      ],
    });
    expect((await ok<TBeleg>(send(mit, "POST", `beleg/${rechnung.id}/freigabe`))).rksvBarcode).toBeNull();
  });

  it("bad input: cash register id, device; receipts are append-only for the application role", async () => {
    const who = await rksvMandant();
    for (const [body, feld] of [
      [{ kassenId: "" }, "kassenId"],
      [{ kassenId: "A_B" }, "kassenId"],
      [{ kassenId: "K", einrichtung: { art: "hsm" } }, "einrichtung.art"],
      [
        { kassenId: "K", einrichtung: { art: "atrust", basisUrl: "kein-url", benutzer: "u", passwort: "p" } },
        "einrichtung.basisUrl",
      ],
      // The server would call it: only the A-Trust hosts it is configured for, never one in its own network.
      [
        {
          kassenId: "K",
          einrichtung: { art: "atrust", basisUrl: "http://10.0.0.1/intern", benutzer: "u", passwort: "p" },
        },
        "einrichtung.basisUrl",
      ],
    ] as const) {
      const response = await send(who, "POST", "rksv/startbeleg", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect((response.json() as { fieldErrors: { field: string }[] }).fieldErrors[0]?.field).toBe(feld);
    }
    await ok(starten(who, "K5"));
    await expect(
      withTenant(t.db, who.mandantId, (tx) => tx.execute(sql`UPDATE rksv_beleg SET qr = 'x'`)),
    ).rejects.toThrow();
    await expect(
      withTenant(t.db, who.mandantId, (tx) => tx.execute(sql`DELETE FROM rksv_beleg`)),
    ).rejects.toThrow();
  });

  it("401 without a token; 403 without the module or the role; another tenant's register is not found", async () => {
    const who = await rksvMandant();
    const { kasse } = await ok<TRksvStartAntwort>(starten(who, "K6"));
    const ohneModul = await rksvMandant({ modules: ["rechnungslegung"] });
    const benutzer = await createTenantUser(t, {
      authorities: ["ROLE_USER"],
      modules: ["rechnungslegung", "rksv"],
    });
    const nurUser = { token: await login(t, benutzer), mandantId: benutzer.mandantId };
    const routen: [string, string, boolean, object?][] = [
      ["POST", "rksv/startbeleg", true, { kassenId: "X" }],
      ["GET", "rksv/kasse", false],
      ["GET", `rksv/kasse/${kasse.id}/registrierung`, true],
      ["POST", `rksv/kasse/${kasse.id}/nullbeleg`, true, {}],
      ["GET", `rksv/kasse/${kasse.id}/container`, true],
      ["POST", `rksv/kasse/${kasse.id}/trainingsbeleg`, true, { betraege: {} }],
      ["POST", `rksv/kasse/${kasse.id}/jahresbeleg-geprueft`, true],
      ["GET", "rksv/dep", false],
      ["GET", "rksv/sjournal", false],
    ];
    for (const [method, path, nurAdmin, body] of routen) {
      const m = method as "GET";
      expect([path, (await send({ mandantId: who.mandantId }, m, path, body)).statusCode]).toEqual([
        path,
        401,
      ]);
      const modul = await send(ohneModul, m, path, body);
      expect([path, modul.statusCode, code(modul)]).toEqual([path, 403, "error.moduleMissing"]);
      if (nurAdmin) {
        const rolle = await send(nurUser, m, path, body);
        expect([path, rolle.statusCode, code(rolle)]).toEqual([path, 403, "error.forbidden"]);
      }
    }
    const fremd = await rksvMandant();
    for (const path of [`rksv/kasse/${kasse.id}/registrierung`, `rksv/kasse/${kasse.id}/container`])
      expect((await send(fremd, "GET", path)).statusCode).toBe(404);
    expect(
      (await send(fremd, "POST", `rksv/kasse/${kasse.id}/trainingsbeleg`, { betraege: {} })).statusCode,
    ).toBe(404);
    expect((await send(fremd, "POST", `rksv/kasse/${kasse.id}/jahresbeleg-geprueft`)).statusCode).toBe(404);
    expect((await send(fremd, "POST", `rksv/kasse/${kasse.id}/nullbeleg`, {})).statusCode).toBe(404);
    expect((await send(fremd, "GET", `rksv/dep?kasseId=${kasse.id}`)).statusCode).toBe(404);
    expect(await ok<TRksvKasse[]>(send(fremd, "GET", "rksv/kasse"))).toEqual([]);
  });
});

/**
 * Issue 33: the allow-list named hosts only, so `http://www.a-trust.at/` (the signing credentials in clear text) or
 * `https://www.a-trust.at:8443/` were accepted. Now the address must name an allowed origin exactly: scheme, host
 * and port (a host name in RKSV_ATRUST_HOSTS means https on 443).
 */
describe("RKSV: the A-Trust address must be an allowed origin (scheme, host and port)", () => {
  const geraet = (basisUrl: string) => ({
    art: "atrust",
    basisUrl,
    benutzer: "u123456789",
    passwort: "geheim",
  });
  const refusedAt = async (response: Antwort) => {
    expect(response.statusCode, response.body).toBe(400);
    expect((response.json() as { fieldErrors: unknown[] }).fieldErrors).toEqual([
      { field: "einrichtung.basisUrl", code: "invalid" },
    ]);
  };

  it("the default list: plain http and another port of an A-Trust host are refused before anything is called", async () => {
    const who = await rksvMandant();
    for (const basisUrl of [
      "http://www.a-trust.at/asignrkonline/v2/",
      "https://www.a-trust.at:8443/asignrkonline/v2/",
      "http://hs-abnahme.a-trust.at:443/asignrkonline/v2/",
    ])
      await refusedAt(
        await send(who, "POST", "rksv/startbeleg", { kassenId: "K-ATRUST", einrichtung: geraet(basisUrl) }),
      );
    expect(await ok<TRksvKasse[]>(send(who, "GET", "rksv/kasse"))).toEqual([]);
  });

  it("an allowed origin is accepted exactly: the same host with another scheme or port is not", async () => {
    const attrappe = new ATrustAttrappe();
    const basisUrl = await attrappe.starte(); // http://127.0.0.1:<port>/asignrkonline/v2/
    const origin = new URL(basisUrl);
    const erlaubt = await createTestApp({ rksvAtrustOrigins: [origin.origin] });
    try {
      const user = await createTenantUser(erlaubt, {
        authorities: ["ROLE_USER", "ROLE_ADMIN_MANDANT"],
        modules: ["rechnungslegung", "rksv"],
      });
      await withTenant(erlaubt.db, user.mandantId, (tx) => tx.update(rechnungskreis).set({ rksv: true }));
      const who = { token: await login(erlaubt, user), mandantId: user.mandantId };
      const start = (url: string) =>
        call(erlaubt, {
          method: "POST",
          url: api("rksv/startbeleg"),
          ...who,
          payload: { kassenId: "K-STANDIN", einrichtung: { ...geraet(url), passwort: attrappe.passwort } },
        });
      const anderePort = `http://127.0.0.1:${Number(origin.port) + 1}/asignrkonline/v2/`;
      const andereArt = `https://127.0.0.1:${origin.port}/asignrkonline/v2/`;
      for (const url of [anderePort, andereArt]) await refusedAt(await start(url));
      expect(attrappe.aufrufe).toEqual([]);
      const gestartet = await start(basisUrl);
      expect(gestartet.statusCode, gestartet.body).toBe(200);
      expect(attrappe.aufrufe.length).toBeGreaterThan(0);
    } finally {
      await erlaubt.close();
      await attrappe.stoppe();
    }
  });
});
