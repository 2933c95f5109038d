import { once } from "node:events";
import { PassThrough } from "node:stream";
import { todayIso } from "@kontor/domain/date/calendar";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type ExcelJS from "exceljs";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { artikel, mehrwertssteuer, untergruppe, warengruppe } from "../../db/schema/index.ts";
import type { TenantScope } from "../../db/tenant.ts";
import type { Deps } from "../../deps.ts";
import { attachment, XLSX } from "../../http/attachment.ts";
import { errorLogOf, fileResponse, responses } from "../../http/problem.ts";
import { loadExcelJs } from "../../lazy.ts";

/** Articles read per statement (keyset by id): memory stays flat however many the tenant has. */
export const EXCEL_BATCH = 1000;
/** The file buffered for the client: beyond it the writer waits (at most one more batch is buffered). */
const HIGH_WATER = 1024 * 1024;
/** Euro amounts: numbers with two decimals and the euro sign (Excel shows the reader's separators). */
const EURO = '#,##0.00 "€"';

/** The columns of the sheet, German headers (SPEC §3 field order of the list). */
const SPALTEN: Partial<ExcelJS.Column>[] = [
  { header: "Artikelnummer", key: "artikelNummer", width: 16 },
  { header: "Bezeichnung", key: "artikelBezeichnung", width: 40 },
  { header: "Beschreibung", key: "artikelBeschreibung", width: 50 },
  { header: "Untergruppe", key: "untergruppe", width: 24 },
  { header: "Warengruppe", key: "warengruppe", width: 24 },
  { header: "MwSt. %", key: "mwst", width: 9, style: { numFmt: "0.0" } },
  { header: "Einkaufspreis", key: "einkaufsPreis", width: 14, style: { numFmt: EURO } },
  { header: "Verkaufspreis", key: "verkaufsPreis", width: 14, style: { numFmt: EURO } },
  { header: "Lagerstand", key: "lagerstand", width: 12, style: { numFmt: "#,##0.###" } },
  { header: "Hersteller", key: "hersteller", width: 24 },
  { header: "Verleihbar", key: "verleihbar", width: 11 },
];

const zahl = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * One batch of not-deleted articles after `nachId`, by id, with what the sheet shows: subgroup and goods group
 * names, the VAT rate and the base price valid on `tag` (SPEC §3: the latest entry without a tier on or before the
 * day; the same rule as gueltigerPreis, here in SQL so no article's price list is loaded).
 */
function leseBatch(scope: TenantScope, nachId: number, tag: string) {
  return scope.run((tx) =>
    tx
      .select({
        id: artikel.id,
        artikelNummer: artikel.artikelNummer,
        artikelBezeichnung: artikel.artikelBezeichnung,
        artikelBeschreibung: artikel.artikelBeschreibung,
        untergruppe: untergruppe.bezeichnung,
        warengruppe: warengruppe.bezeichnung,
        mwst: mehrwertssteuer.mwst,
        einkaufsPreis: artikel.einkaufsPreis,
        verkaufsPreis: sql<string | null>`(
          SELECT p.preis FROM artikel_preis p
           WHERE p.mandant_id = ${artikel.mandantId} AND p.artikel_id = ${artikel.id}
             AND p.preisschiene_id IS NULL AND p.von_datum <= ${tag}::date
           ORDER BY p.von_datum DESC LIMIT 1)`,
        lagerstand: artikel.lagerstand,
        hersteller: artikel.hersteller,
        verleihbar: artikel.verleihbar,
      })
      .from(artikel)
      .innerJoin(
        mehrwertssteuer,
        and(
          eq(mehrwertssteuer.mandantId, artikel.mandantId),
          eq(mehrwertssteuer.id, artikel.mehrwertssteuerId),
        ),
      )
      .leftJoin(
        untergruppe,
        and(eq(untergruppe.mandantId, artikel.mandantId), eq(untergruppe.id, artikel.untergruppeId)),
      )
      .leftJoin(
        warengruppe,
        and(eq(warengruppe.mandantId, untergruppe.mandantId), eq(warengruppe.id, untergruppe.warengruppeId)),
      )
      .where(and(eq(artikel.geloescht, false), gt(artikel.id, nachId)))
      .orderBy(asc(artikel.id))
      .limit(EXCEL_BATCH),
  );
}

/**
 * Writes the workbook into `out` while it is read: rows in batches of EXCEL_BATCH, each batch read in its own short
 * tenant transaction (keyset by id), waiting for the client whenever HIGH_WATER bytes are pending.
 */
async function schreibeArbeitsmappe(
  excel: Awaited<ReturnType<typeof loadExcelJs>>,
  scope: TenantScope,
  tag: string,
  out: PassThrough,
  ersterBatch: Awaited<ReturnType<typeof leseBatch>>,
) {
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet("Artikel", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = SPALTEN;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let rows = ersterBatch;
  for (;;) {
    for (const row of rows) {
      sheet
        .addRow({
          ...row,
          verkaufsPreis: zahl(row.verkaufsPreis),
          verleihbar: row.verleihbar ? "ja" : "nein",
        })
        .commit();
    }
    if (rows.length < EXCEL_BATCH) break;
    // The zip is piped into `out`: while the client lags, wait, so rows do not pile up in the writer's buffers.
    if (out.writableNeedDrain) await Promise.race([once(out, "drain"), once(out, "close")]);
    if (out.destroyed) return; // the client went away
    rows = await leseBatch(scope, rows[rows.length - 1]!.id, tag);
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * GET artikel/excel (SPEC §7): every not-deleted article of the tenant as an .xlsx, streamed (a streaming workbook
 * writer fed batch by batch, so 100 000 articles do not exhaust memory). The file name (Artikel_<today>.xlsx) is
 * in x-filename and Content-Disposition.
 */
export const artikelExcelRoutes: FastifyPluginAsyncZod<Deps> = async (app) => {
  app.get(
    "/artikel/excel",
    {
      config: { auth: { level: "tenant", access: "artikel" } },
      schema: {
        tags: ["Artikel"],
        summary:
          "Articles: every not-deleted article as an Excel file (.xlsx, streamed; the name in x-filename): number, name, description, subgroup, goods group, VAT %, purchase price, today's base price, stock, manufacturer, lendable",
        response: responses({ 200: fileResponse("The workbook (.xlsx)", XLSX) }, 401, 403),
      },
    },
    async (request, reply) => {
      const tag = todayIso();
      const dateiname = `Artikel_${tag}.xlsx`;
      const mandant = request.mandant!;
      // exceljs (loaded on first use) and the first batch before the answer: a failure is still a 500 problem, not
      // a broken file.
      const [excel, erster] = await Promise.all([loadExcelJs(), leseBatch(mandant, 0, tag)]);
      const out = new PassThrough({ highWaterMark: HIGH_WATER });
      schreibeArbeitsmappe(excel, mandant, tag, out, erster).catch((error: unknown) => {
        request.log.error(errorLogOf(request, error), "article excel export failed");
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header("content-type", XLSX)
        .header("content-disposition", attachment(dateiname))
        .header("x-filename", dateiname)
        .header("cache-control", "no-store")
        .send(out as never); // a stream: Fastify does not serialize it (the 200 schema documents the file)
    },
  );
};
