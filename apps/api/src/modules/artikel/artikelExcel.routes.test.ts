import { todayIso } from "@kontor/domain/date/calendar";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artikel, preisschiene, untergruppe, warengruppe } from "../../db/schema/index.ts";
import { withTenant } from "../../db/tenant.ts";
import { XLSX } from "../../http/attachment.ts";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../../test/helpers.ts";
import { insertArtikel, mwstId } from "./artikelDatei.fixture.ts";
import { EXCEL_BATCH } from "./artikelExcel.routes.ts";

type Who = { token: string; mandantId: number };
let t: TestApp;
let who: Who;
let other: Who;
let noRole: Who;

beforeAll(async () => {
  t = await createTestApp();
  const users = await Promise.all([
    createTenantUser(t, { authorities: ["ROLE_USER"], modules: [] }),
    createTenantUser(t, { authorities: ["ROLE_USER"], modules: [] }),
    createTenantUser(t, { authorities: ["ROLE_KASSABUCH"], modules: [] }),
  ]);
  const callers = await Promise.all(
    users.map(async (user) => ({ token: await login(t, user), mandantId: user.mandantId })),
  );
  [who, other, noRole] = callers as [Who, Who, Who];
});
afterAll(() => t?.close());

const isoDay = (offsetDays: number) => {
  const day = new Date(`${todayIso()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + offsetDays);
  return day.toISOString().slice(0, 10);
};

const exportieren = (as: Partial<Who> = who) =>
  call(t, { method: "GET", url: "/app/api/artikel/excel", ...as });

/** The first sheet of a downloaded workbook as rows of cell values (row 1: headers). */
async function lesen(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as never);
  const sheet = workbook.worksheets[0]!;
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => rows.push(row));
  return { sheet, rows, values: rows.map((row) => (row.values as unknown[]).slice(1)) };
}

describe("article Excel export", () => {
  it("downloads an .xlsx named in x-filename with German headers, today's base price and money as euro numbers", async () => {
    const { mandantId } = who;
    const [ug, tier] = await withTenant(t.db, mandantId, async (tx) => {
      const [wg] = await tx
        .insert(warengruppe)
        .values({ mandantId, warenGruppe: "10", bezeichnung: "Werkzeug" })
        .returning({ id: warengruppe.id });
      const [u] = await tx
        .insert(untergruppe)
        .values({ mandantId, warengruppeId: wg!.id, unterGruppe: "11", bezeichnung: "Sägen" })
        .returning({ id: untergruppe.id });
      const [p] = await tx
        .insert(preisschiene)
        .values({ mandantId, bezeichnung: "Händler" })
        .returning({ id: preisschiene.id });
      return [u!.id, p!.id];
    });
    const mwst10 = await mwstId(t, mandantId, 10);
    await insertArtikel(t, mandantId, {
      artikelNummer: "A-100",
      artikelBezeichnung: "Bügelsäge „Profi“",
      artikelBeschreibung: "Mit Ersatzblatt",
      untergruppeId: ug,
      mehrwertssteuerId: mwst10,
      einkaufsPreis: 12.5,
      lagerstand: 7.25,
      hersteller: "Bahco",
      verleihbar: true,
      preise: [
        { preis: 19.9, vonDatum: isoDay(-30) },
        { preis: 24.99, vonDatum: todayIso() }, // valid from today on: today's price
        { preis: 29.99, vonDatum: isoDay(1) }, // tomorrow: not yet
        { preis: 15, vonDatum: isoDay(-1), preisschieneId: tier }, // a tier price: not the base
      ],
    });
    await insertArtikel(t, mandantId, { artikelNummer: "A-200", artikelBezeichnung: "Ohne Preis" });
    await insertArtikel(t, mandantId, {
      artikelNummer: "A-300",
      artikelBezeichnung: "Gelöscht",
      geloescht: true,
    });
    await insertArtikel(t, other.mandantId, { artikelNummer: "A-999", artikelBezeichnung: "Fremd" });

    const response = await exportieren();
    expect(response.statusCode, response.body).toBe(200);
    const name = `Artikel_${todayIso()}.xlsx`;
    expect(response.headers["content-type"]).toBe(XLSX);
    expect(response.headers["x-filename"]).toBe(name);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="${name}"; filename*=UTF-8''${name}`,
    );

    const { sheet, rows, values } = await lesen(response.rawPayload);
    expect(values[0]).toEqual([
      "Artikelnummer",
      "Bezeichnung",
      "Beschreibung",
      "Untergruppe",
      "Warengruppe",
      "MwSt. %",
      "Einkaufspreis",
      "Verkaufspreis",
      "Lagerstand",
      "Hersteller",
      "Verleihbar",
    ]);
    expect(values.slice(1).map((row) => row[0])).toEqual(["A-100", "A-200"]); // not the deleted, not another tenant's
    expect(values[1]).toEqual([
      "A-100",
      "Bügelsäge „Profi“",
      "Mit Ersatzblatt",
      "Sägen",
      "Werkzeug",
      10,
      12.5,
      24.99,
      7.25,
      "Bahco",
      "ja",
    ]);
    expect(values[2]!.slice(0, 2)).toEqual(["A-200", "Ohne Preis"]);
    expect(values[2]![7]).toBeUndefined(); // no price: an empty cell, not 0
    expect(rows[1]!.getCell(8).numFmt).toContain("€");
    expect(rows[1]!.getCell(7).numFmt).toContain("€");
    expect(sheet.name).toBe("Artikel");
  });

  it(`reads in batches of ${EXCEL_BATCH}: every article once, in id order, across batch borders`, async () => {
    const many = await createTenantUser(t, { authorities: ["ROLE_USER"], modules: [] });
    const as = { token: await login(t, many), mandantId: many.mandantId };
    const mehrwertssteuerId = await mwstId(t, many.mandantId);
    const count = EXCEL_BATCH * 2 + 3;
    await withTenant(t.db, many.mandantId, (tx) =>
      tx.insert(artikel).values(
        Array.from({ length: count }, (_, i) => ({
          mandantId: many.mandantId,
          mehrwertssteuerId,
          artikelNummer: `N-${String(i).padStart(5, "0")}`,
          artikelBezeichnung: `Artikel ${i}`,
          geloescht: i === EXCEL_BATCH, // one gap right at a batch border
        })),
      ),
    );
    const response = await exportieren(as);
    expect(response.statusCode).toBe(200);
    const { values } = await lesen(response.rawPayload);
    const numbers = values.slice(1).map((row) => row[0]);
    expect(numbers).toHaveLength(count - 1);
    expect(new Set(numbers).size).toBe(count - 1);
    expect(numbers[0]).toBe("N-00000");
    expect(numbers.at(-1)).toBe(`N-${String(count - 1).padStart(5, "0")}`);
    expect(numbers).not.toContain(`N-${String(EXCEL_BATCH).padStart(5, "0")}`);
  });

  it("an empty tenant gets a sheet with the headers only", async () => {
    const empty = await createTenantUser(t, { authorities: ["ROLE_USER"], modules: [] });
    const response = await exportieren({ token: await login(t, empty), mandantId: empty.mandantId });
    expect(response.statusCode).toBe(200);
    expect((await lesen(response.rawPayload)).values).toHaveLength(1);
  });

  it("needs a sign-in (401) and the right to read articles (403 error.moduleMissing: the catalogue module would do)", async () => {
    expect((await exportieren({})).statusCode).toBe(401);
    const refused = await exportieren(noRole);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("error.moduleMissing");
  });
});
