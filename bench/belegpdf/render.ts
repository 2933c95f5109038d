/**
 * Document PDF speed (issue 16): the layout and rendering of apps/api/src/modules/belegausgabe on the data of
 * belegDruck.testing.ts (no database: what the budget names is the drawing; the read is one statement per part).
 * - throughput: invoices with --positions positions (default 10) rendered one after the other for --seconds
 *   (default 10) on one core: PDFs per second, and the median / p95 time of one PDF (budget ≥ 20 per second);
 * - a --big position invoice (default 300) rendered --runs times (default 10): median and max (budget < 1 s);
 * - memory: --memory PDFs (default 1000) in a row, the RSS and heap after every 100 (budget: flat);
 * - --samples <dir>: writes sample PDFs (de, en, many positions, draft, credit note) to look at (pdftoppm);
 * - --worker: renders as the server does since issue 33 — in the PDF worker pool (belegausgabe/pdfPool.ts), the
 *   document handed over and the PDF handed back by postMessage — one PDF at a time, so still one core drawing;
 *   without it, in this thread (pdfErzeugen(belegLayout(…)), the server's way before).
 *
 *   node --import tsx bench/belegpdf/render.ts [--positions 10] [--seconds 10] [--big 300] [--runs 10]
 *                                              [--memory 1000] [--samples dir] [--worker] [--out file.json]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { beispielDruck } from "../../apps/api/src/modules/belegausgabe/belegDruck.testing.ts";
import { belegLayout, type LayoutOptionen } from "../../apps/api/src/modules/belegausgabe/belegPdf.layout.ts";
import { pdfErzeugen } from "../../apps/api/src/modules/belegausgabe/pdf.ts";
import { belegRendern, pdfPool } from "../../apps/api/src/modules/belegausgabe/pdfPool.ts";
import { fmt, msSince, out, summarize } from "../lib/stats.ts";

const { values } = parseArgs({
  options: {
    positions: { type: "string", default: "10" },
    seconds: { type: "string", default: "10" },
    big: { type: "string", default: "300" },
    runs: { type: "string", default: "10" },
    memory: { type: "string", default: "1000" },
    samples: { type: "string" },
    worker: { type: "boolean", default: false },
    out: { type: "string" },
  },
});

const optionen: LayoutOptionen = {
  layout: "standard",
  fensterkuvert: "B",
  fusszeile: null,
  logo: null,
  mitVorlage: false,
};
const render = async (druck: ReturnType<typeof beispielDruck>, o: Partial<LayoutOptionen> = {}) => {
  const { layout, fensterkuvert, fusszeile, logo } = { ...optionen, ...o };
  if (values.worker)
    return (await belegRendern({ druck, ausgabe: { layout, fensterkuvert, fusszeile, logo } })).bytes;
  return pdfErzeugen(belegLayout(druck, { ...optionen, ...o }));
};

if (values.samples) {
  mkdirSync(values.samples, { recursive: true });
  const samples: [string, ReturnType<typeof beispielDruck>, Partial<LayoutOptionen>][] = [
    ["rechnung-de", beispielDruck({ positionen: 10 }), {}],
    ["rechnung-en", beispielDruck({ positionen: 10, sprache: "en" }), {}],
    ["rechnung-60-de", beispielDruck({ positionen: 60 }), {}],
    ["entwurf-de", beispielDruck({ positionen: 3, entwurf: true }), { fensterkuvert: "A" }],
    [
      "gutschrift-en-modern",
      beispielDruck({ positionen: 4, sprache: "en", belegsTyp: "gutschrift" }),
      { layout: "modern" },
    ],
    ["angebot-de-kompakt", beispielDruck({ positionen: 25, belegsTyp: "angebot" }), { layout: "kompakt" }],
    [
      "rechnung-de-logo-A-modern",
      beispielDruck({ positionen: 6 }),
      {
        layout: "modern",
        fensterkuvert: "A",
        fusszeile: "Geschäftsführer: Max Huber · Firmenbuchgericht: Handelsgericht Wien",
        logo: await sharp({ create: { width: 480, height: 160, channels: 4, background: "#0b5d6b" } })
          .png()
          .toBuffer(),
      },
    ],
  ];
  for (const [name, druck, o] of samples)
    writeFileSync(path.join(values.samples, `${name}.pdf`), await render(druck, o));
  out(`samples written to ${values.samples}`);
}

// Warm-up: fonts parsed, code optimized.
for (let i = 0; i < 20; i++) await render(beispielDruck({ positionen: Number(values.positions) }));

const normal = beispielDruck({ positionen: Number(values.positions) });
const zeiten: number[] = [];
const ende = performance.now() + Number(values.seconds) * 1000;
let bytes = 0;
while (performance.now() < ende) {
  const start = process.hrtime.bigint();
  bytes = (await render(normal)).byteLength;
  zeiten.push(msSince(start));
}
const einzeln = summarize(zeiten);
const proSekunde = zeiten.length / (zeiten.reduce((a, b) => a + b, 0) / 1000);
out(
  `${values.worker ? "[worker] " : ""}invoice with ${values.positions} positions (${(bytes / 1024).toFixed(0)} KB): ${proSekunde.toFixed(1)} PDFs/s on one core (budget ≥ 20); one PDF median ${fmt(einzeln.median)} ms, p95 ${fmt(einzeln.p95)} ms`,
);

const gross = beispielDruck({ positionen: Number(values.big) });
const grossZeiten: number[] = [];
let seiten = 0;
for (let i = 0; i < Number(values.runs); i++) {
  const start = process.hrtime.bigint();
  const pdf = await render(gross);
  grossZeiten.push(msSince(start));
  seiten = (
    Buffer.from(pdf)
      .toString("latin1")
      .match(/\/Type \/Page\b/g) ?? []
  ).length;
}
const big = summarize(grossZeiten);
out(
  `invoice with ${values.big} positions (${seiten} pages): median ${fmt(big.median)} ms, max ${fmt(big.max)} ms (budget < 1000)`,
);

const speicher: { pdfs: number; rssMb: number; heapMb: number }[] = [];
const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
for (let i = 1; i <= Number(values.memory); i++) {
  await render(normal);
  if (i % 100 === 0) {
    global.gc?.();
    const m = process.memoryUsage();
    speicher.push({ pdfs: i, rssMb: mb(m.rss), heapMb: mb(m.heapUsed) });
  }
}
out(
  `memory over ${values.memory} PDFs (every 100${global.gc ? ", after gc" : "; run with --expose-gc for heap after gc"}):`,
);
for (const s of speicher) out(`  ${String(s.pdfs).padStart(5)}  rss ${s.rssMb} MB  heap ${s.heapMb} MB`);

if (values.worker) await pdfPool().close();

if (values.out) {
  mkdirSync(path.dirname(values.out), { recursive: true });
  writeFileSync(
    values.out,
    `${JSON.stringify({ date: new Date().toISOString(), worker: values.worker, positions: Number(values.positions), perSecond: proSekunde, one: einzeln, big: { positions: Number(values.big), pages: seiten, ...big }, memory: speicher }, null, 2)}\n`,
  );
}
