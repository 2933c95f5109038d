/**
 * E-invoice speed (issue 19), no database — what the budgets name is the engine (@kontor/erechnung):
 * - export: a --positions position invoice (default 10) mapped (belegAbbilden) and written as XRechnung UBL with
 *   the product's own check (pruefenUndSchreiben: the format's rules, serialization, the XML read back and
 *   compared), one after the other for --seconds (default 5) on one core: exports per second, median / p95 of one
 *   (budget ≥ 50 per second per core). The other formats are measured alike, for the record;
 * - import: a --big position invoice (default 100) as XRechnung UBL and CII read (rechnungLesen: DTD check, strict
 *   decoding, well-formedness, parse, business terms) --runs times (default 50): median and p95 (budget < 200 ms).
 *
 *   npm run bench:erechnung     # = node --import tsx bench/erechnung/erechnung.ts
 *   node --import tsx bench/erechnung/erechnung.ts [--positions 10] [--seconds 5] [--big 100] [--runs 50] [--out f.json]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ERECHNUNG_FORMATE, type TErechnungFormat } from "@kontor/domain/erechnung/erechnung.codes";
import { type BelegQuelle, belegAbbilden } from "@kontor/erechnung/abbilden";
import { mitKennung, pruefenUndSchreiben, schreiben } from "@kontor/erechnung/ausgabe";
import { rechnungLesen } from "@kontor/erechnung/lesen";
import { fmt, msSince, out, summarize, table } from "../lib/stats.ts";

const { values } = parseArgs({
  options: {
    positions: { type: "string", default: "10" },
    seconds: { type: "string", default: "5" },
    big: { type: "string", default: "100" },
    runs: { type: "string", default: "50" },
    out: { type: "string" },
  },
});
const POSITIONEN = Number(values.positions);
const SEKUNDEN = Number(values.seconds);
const GROSS = Number(values.big);
const RUNDEN = Number(values.runs);
const BUDGET_EXPORT = 50;
const BUDGET_IMPORT_MS = 200;

/** An invoice to a German public buyer with `n` positions at two rates, discounts and skonto. */
function quelle(n: number): BelegQuelle {
  return {
    beleg: {
      belegsTyp: "rechnung",
      belegNummer: "2026-00042",
      belegDatum: "2026-11-20",
      leistungsDatum: "2026-11-18",
      kaeuferReferenz: "04011000-12345-03",
      bestellBelegnummer: "B-4711",
      belegRabatt: 3,
      kategorie: "S",
      faelligAm: "2026-12-20",
      positionen: Array.from({ length: n }, (_, i) => ({
        positionsBeschreibung: `Position ${i + 1}: Material und Arbeit`,
        positionsMenge: (i % 5) + 1.5,
        positionsPreis: 12.5 * ((i % 9) + 1) + 0.99,
        positionsMwst: i % 3 === 0 ? 10 : 20,
        rabatt: i % 4 === 0 ? 5 : 0,
        einheit: i % 2 ? "HUR" : "C62",
        artikelNummer: `A-${i + 1}`,
        artikel: { id: i + 1, rabattierFaehig: i % 7 !== 0 },
      })),
    },
    verkaeufer: {
      name: "Installateur Huber GmbH",
      uid: "ATU13585627",
      email: "rechnung@huber.at",
      telefon: "+43 1 234 56 78",
      kontaktName: "Maria Huber",
      adresse: { strasse: "Ring", hausNummer: "1", plz: "1010", ort: "Wien", land: "AT" },
      iban: "AT611904300234573201",
      bic: "BKAUATWW",
    },
    kaeufer: {
      name: "Stadt Musterstadt",
      kundenNummer: "K-1",
      uid: "DE136695976",
      email: "erechnung@musterstadt.de",
      adresse: { strasse: "Rathausplatz", hausNummer: "1", plz: "12345", ort: "Musterstadt", land: "DE" },
    },
    zahlungsziel: { nettoTage: 30, skontoList: [{ tage: 14, prozent: 2 }] },
    zahlungstext: "Zahlbar bis 20.12.2026 ohne Abzug.",
  };
}

/** Exports of `format` for `sekunden`: per second and the times of one. */
function exportieren(format: TErechnungFormat, sekunden: number) {
  const q = quelle(POSITIONEN);
  for (let i = 0; i < 50; i++) pruefenUndSchreiben(belegAbbilden(q), format); // warm-up
  const zeiten: number[] = [];
  const ende = Date.now() + sekunden * 1000;
  const beginn = process.hrtime.bigint();
  while (Date.now() < ende) {
    const t0 = process.hrtime.bigint();
    pruefenUndSchreiben(belegAbbilden(q), format);
    zeiten.push(msSince(t0));
  }
  return { proSekunde: zeiten.length / (msSince(beginn) / 1000), ...summarize(zeiten) };
}

out(
  `E-invoices on ${os.cpus().length} cores (one used), Node ${process.version}, load ${os.loadavg()[0]!.toFixed(2)}`,
);
const exporte = ERECHNUNG_FORMATE.filter((f) => f !== "zugferd").map((format) => ({
  format,
  ...exportieren(format, format === "xrechnung-ubl" ? SEKUNDEN : Math.max(1, SEKUNDEN / 2)),
}));
out(`\nexport of a ${POSITIONEN}-position invoice incl. the product's check (XML; ZUGFeRD adds the PDF)`);
out(
  table(
    ["format", "exports/s", "median ms", "p95 ms"],
    exporte.map((e) => [e.format, e.proSekunde.toFixed(0), fmt(e.median), fmt(e.p95)]),
  ),
);
const xrechnung = exporte.find((e) => e.format === "xrechnung-ubl")!;
const exportOk = xrechnung.proSekunde >= BUDGET_EXPORT;
out(
  `XRechnung UBL: ${xrechnung.proSekunde.toFixed(0)}/s — ${exportOk ? "PASS" : "FAIL"} (budget ≥ ${BUDGET_EXPORT}/s per core)`,
);

const gross = belegAbbilden(quelle(GROSS));
const importe = (["xrechnung-ubl", "xrechnung-cii"] as const).map((format) => {
  const xml = schreiben(mitKennung(gross, format), format);
  for (let i = 0; i < 5; i++) rechnungLesen(xml);
  const zeiten: number[] = [];
  for (let i = 0; i < RUNDEN; i++) {
    const t0 = process.hrtime.bigint();
    const gelesen = rechnungLesen(xml);
    zeiten.push(msSince(t0));
    if (gelesen.rechnung.positionen.length !== GROSS) throw new Error("lines lost");
  }
  return { format, bytes: Buffer.byteLength(xml), ...summarize(zeiten) };
});
out(`\nimport (read) of a ${GROSS}-position invoice, ${RUNDEN} runs`);
out(
  table(
    ["format", "KB", "median ms", "p95 ms", "max ms"],
    importe.map((i) => [i.format, (i.bytes / 1024).toFixed(0), fmt(i.median), fmt(i.p95), fmt(i.max)]),
  ),
);
const importOk = importe.every((i) => i.p95 < BUDGET_IMPORT_MS);
out(`import p95 — ${importOk ? "PASS" : "FAIL"} (budget < ${BUDGET_IMPORT_MS} ms)`);

if (values.out) {
  mkdirSync(path.dirname(values.out), { recursive: true });
  writeFileSync(
    values.out,
    `${JSON.stringify(
      {
        bench: "erechnung",
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        loadavg: os.loadavg(),
        positions: POSITIONEN,
        exporte,
        importe,
        pass: exportOk && importOk,
      },
      null,
      2,
    )}\n`,
  );
  out(`JSON: ${values.out}`);
}
if (!exportOk || !importOk) process.exitCode = 1;
