/**
 * The worst uploads a document template ACCEPTS (issue 33), and the document PDF printed with each: how long the
 * upload's check and normalisation take (apps/api/src/modules/rechnungsvorlage/vorlageDatei.ts: sharp for images,
 * the PDF worker for PDFs) and printing an invoice with the stored result (belegausgabe/pdfPool.ts), how much the
 * process grows meanwhile (peak RSS over the RSS before, sampled every 5 ms — the worker threads are in it), and the
 * longest gap between the ticks of a 1 ms timer on this thread (what every other request would wait: the work runs
 * elsewhere).
 * No database: the budget is the decoding, not the storage.
 *
 * The cases, each at a limit: an image of exactly 25 million pixels (RGBA zeros, 99 KB), a JPEG of 25 million
 * pixels of noise (just under 5 MB), PNGs of noise of 4.8 MB (stored as a JPEG) and just under 2 MB (stored as a
 * PNG of that size, the most pdfkit copies into every PDF through a JavaScript array), a 5-page PDF whose object stream inflates to 30 MB (the 64 MB budget counts the decoders'
 * buffers, which double: ~32 MB of content pass), a one-page PDF with a 4.9 MB image (copied into every PDF), a 5 MB
 * PDF of tiny objects (what pdf-lib parses slowest). Then, for comparison, what it refuses: the 10 000 × 10 000 PNG of zeros (389 KB).
 * `--vorher` also prints that PNG the way the server did before issue 33 (in this thread: 21 s, GBs).
 *
 *   node --expose-gc --import tsx bench/belegpdf/upload-worst.ts [--runs 5] [--vorher] [--out file.json]
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { beispielDruck } from "../../apps/api/src/modules/belegausgabe/belegDruck.testing.ts";
import { belegLayout } from "../../apps/api/src/modules/belegausgabe/belegPdf.layout.ts";
import { pdfErzeugen } from "../../apps/api/src/modules/belegausgabe/pdf.ts";
import { belegRendern, pdfPool } from "../../apps/api/src/modules/belegausgabe/pdfPool.ts";
import { vorlageDateiPruefen } from "../../apps/api/src/modules/rechnungsvorlage/vorlageDatei.ts";
import { zeroPng } from "../../apps/api/src/test/files.ts";
import { fmt, out, summarize } from "../lib/stats.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    vorher: { type: "boolean", default: false },
    out: { type: "string" },
  },
});
const MB = 1024 * 1024;
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

interface Messung {
  ms: number;
  rssPlusMb: number;
  loopMaxMs: number;
}

/** Runs `arbeit` once: wall time, peak RSS growth, longest event-loop stall of this thread. */
async function messen<T>(arbeit: () => Promise<T>): Promise<{ ergebnis: T } & Messung> {
  global.gc?.();
  const vorher = process.memoryUsage.rss();
  let spitze = vorher;
  const abtasten = setInterval(() => {
    spitze = Math.max(spitze, process.memoryUsage.rss());
  }, 5);
  // The longest gap between ticks of a 1 ms timer: how long this thread could not answer anything.
  let letzter = performance.now();
  let luecke = 0;
  const ticken = setInterval(() => {
    const jetzt = performance.now();
    luecke = Math.max(luecke, jetzt - letzter);
    letzter = jetzt;
  }, 1);
  const start = performance.now();
  try {
    const ergebnis = await arbeit();
    const ms = performance.now() - start;
    spitze = Math.max(spitze, process.memoryUsage.rss());
    luecke = Math.max(luecke, performance.now() - letzter);
    return { ergebnis, ms, rssPlusMb: mb(spitze - vorher), loopMaxMs: luecke };
  } finally {
    clearInterval(abtasten);
    clearInterval(ticken);
  }
}

/** Noise: `bytes` random-ish bytes (xorshift, reproducible). */
function rauschen(bytes: number): Buffer {
  const daten = Buffer.alloc(bytes);
  let x = 2463534242;
  for (let i = 0; i < bytes; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    daten[i] = x & 0xff;
  }
  return daten;
}

/** A JPEG of `breite` × `hoehe` noise, at the best quality that stays under `maxBytes`. */
async function rauschJpeg(breite: number, hoehe: number, maxBytes: number): Promise<Buffer> {
  const roh = sharp(rauschen(breite * hoehe * 3), { raw: { width: breite, height: hoehe, channels: 3 } });
  for (let qualitaet = 60; qualitaet >= 5; qualitaet -= 5) {
    const jpeg = await roh.clone().jpeg({ quality: qualitaet }).toBuffer();
    if (jpeg.length <= maxBytes) return jpeg;
  }
  throw new Error("no JPEG under the limit");
}

/** An uncompressed PNG of `breite` × `hoehe` RGB noise. */
const rauschPng = (breite: number, hoehe: number) =>
  sharp(rauschen(breite * hoehe * 3), { raw: { width: breite, height: hoehe, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

/** A one-page-per-`seiten` PDF whose object stream inflates to `entpackt` bytes (spaces). */
function pdfMitObjektstrom(seiten: number, entpackt: number): Buffer {
  const kids = Array.from({ length: seiten }, (_, i) => `${4 + i} 0 R`).join(" ");
  let text = `%PDF-1.5\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[${kids}]/Count ${seiten}>>endobj\n`;
  text += "3 0 obj<</Length 22>>stream\n50 50 m 545 50 l 1 w S\nendstream\nendobj\n";
  for (let i = 0; i < seiten; i++)
    text += `${4 + i} 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 3 0 R>>endobj\n`;
  const gepackt = deflateSync(Buffer.concat([Buffer.from("99 0 "), Buffer.alloc(entpackt - 5, 0x20)]), {
    level: 9,
  });
  return Buffer.concat([
    Buffer.from(
      `${text}${4 + seiten} 0 obj<</Type/ObjStm/N 1/First 5/Filter/FlateDecode/Length ${gepackt.length}>>stream\n`,
      "latin1",
    ),
    gepackt,
    Buffer.from("\nendstream\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n", "latin1"),
  ]);
}

/** A one-page PDF whose page draws a `breite` × `hoehe` RGB image of noise (Flate, barely compressible). */
function pdfMitBild(breite: number, hoehe: number): Buffer {
  const bild = deflateSync(rauschen(breite * hoehe * 3), { level: 1 });
  const inhalt = `q 595 0 0 842 0 0 cm /Bild Do Q`;
  return Buffer.concat([
    Buffer.from(
      "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
        "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R/Resources<</XObject<</Bild 5 0 R>>>>>>endobj\n" +
        `4 0 obj<</Length ${inhalt.length}>>stream\n${inhalt}\nendstream\nendobj\n` +
        `5 0 obj<</Type/XObject/Subtype/Image/Width ${breite}/Height ${hoehe}/ColorSpace/DeviceRGB/BitsPerComponent 8/Filter/FlateDecode/Length ${bild.length}>>stream\n`,
      "latin1",
    ),
    bild,
    Buffer.from("\nendstream\nendobj\ntrailer<</Root 1 0 R>>\n%%EOF\n", "latin1"),
  ]);
}

/** A one-page PDF padded with tiny objects up to `bytes`: the most objects pdf-lib parses in 5 MB. */
function pdfVieleObjekte(bytes: number): Buffer {
  const kopf =
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R>>endobj\n" +
    "4 0 obj<</Length 22>>stream\n50 50 m 545 50 l 1 w S\nendstream\nendobj\n";
  const teile = [kopf];
  let laenge = kopf.length + 40;
  for (let n = 5; ; n++) {
    const objekt = `${n} 0 obj[${n}]endobj\n`;
    if (laenge + objekt.length > bytes) break;
    teile.push(objekt);
    laenge += objekt.length;
  }
  teile.push("trailer<</Root 1 0 R>>\n%%EOF\n");
  return Buffer.from(teile.join(""), "latin1");
}

const druck = beispielDruck({ positionen: 10 });
const ausgabe = { layout: "standard", fensterkuvert: "B", fusszeile: null, logo: null } as const;
const runs = Number(values.runs);

// Warm-up: the worker started, pdfmake and pdf-lib loaded there, sharp here.
for (let i = 0; i < 5; i++) await belegRendern({ druck, ausgabe });
await vorlageDateiPruefen(await zeroPng(100, 100), "warm.png");

const faelle: [string, Buffer][] = [
  ["PNG 5000 × 5000 RGBA zeros (25 Mpx)", await zeroPng(5000, 5000)],
  ["JPEG 5000 × 5000 noise (25 Mpx)", await rauschJpeg(5000, 5000, 5 * MB)],
  ["PNG 1290 × 1290 RGB noise (4.8 MB: stored as JPEG)", await rauschPng(1290, 1290)],
  ["PNG 815 × 815 RGB noise (1.9 MB: stays PNG)", await rauschPng(815, 815)],
  ["PDF 5 pages, object stream → 30 MB", pdfMitObjektstrom(5, 30 * MB)],
  ["PDF 1 page, 4.9 MB image of noise", pdfMitBild(1280, 1280)],
  ["PDF 5 MB of tiny objects", pdfVieleObjekte(5 * MB - 1024)],
];

const ergebnisse: Record<string, unknown>[] = [];
out(
  `worst accepted template uploads (median of ${runs}; RSS: peak growth; loop: longest stall of this thread)`,
);
for (const [name, bytes] of faelle) {
  const hochladen: Messung[] = [];
  let gespeichert: Uint8Array | undefined;
  let abgelehnt: string | undefined;
  for (let i = 0; i < runs; i++) {
    try {
      const m = await messen(() => vorlageDateiPruefen(bytes, "vorlage"));
      gespeichert = m.ergebnis.bytes;
      hochladen.push(m);
    } catch (error) {
      abgelehnt = JSON.stringify((error as { fieldErrors?: unknown }).fieldErrors ?? String(error));
      break;
    }
  }
  if (!gespeichert || abgelehnt) {
    out(`  ${name} (${mb(bytes.length)} MB): REFUSED ${abgelehnt}`);
    ergebnisse.push({ name, bytes: bytes.length, abgelehnt });
    continue;
  }
  const contentType =
    gespeichert[0] === 0x25 ? "application/pdf" : gespeichert[0] === 0x89 ? "image/png" : "image/jpeg";
  const drucken: Messung[] = [];
  for (let i = 0; i < runs; i++)
    drucken.push(
      await messen(() =>
        belegRendern({ druck: { ...druck, vorlage: { bytes: gespeichert!, contentType } }, ausgabe }),
      ),
    );
  const median = (liste: Messung[], feld: keyof Messung) => summarize(liste.map((m) => m[feld])).median;
  const zeile = {
    name,
    bytes: bytes.length,
    gespeichert: { bytes: gespeichert.length, contentType },
    upload: {
      ms: median(hochladen, "ms"),
      rssPlusMb: median(hochladen, "rssPlusMb"),
      loopMaxMs: median(hochladen, "loopMaxMs"),
    },
    pdf: {
      ms: median(drucken, "ms"),
      rssPlusMb: median(drucken, "rssPlusMb"),
      loopMaxMs: median(drucken, "loopMaxMs"),
    },
  };
  ergebnisse.push(zeile);
  out(
    `  ${name} (${mb(bytes.length)} MB → ${contentType} ${mb(gespeichert.length)} MB): upload ${fmt(zeile.upload.ms)} ms, +${zeile.upload.rssPlusMb} MB, loop ${fmt(zeile.upload.loopMaxMs)} ms; PDF ${fmt(zeile.pdf.ms)} ms, +${zeile.pdf.rssPlusMb} MB, loop ${fmt(zeile.pdf.loopMaxMs)} ms`,
  );
}

const bombe = await zeroPng(10_000, 10_000);
const verweigert = await messen(() => vorlageDateiPruefen(bombe, "bombe.png").catch((e) => e.fieldErrors));
out(
  `refused: PNG 10 000 × 10 000 zeros (${Math.round(bombe.length / 1024)} KB): ${JSON.stringify(verweigert.ergebnis)} in ${fmt(verweigert.ms)} ms, +${verweigert.rssPlusMb} MB`,
);
ergebnisse.push({
  name: "PNG 10000 x 10000 zeros",
  bytes: bombe.length,
  abgelehnt: verweigert.ergebnis,
  ms: verweigert.ms,
});

if (values.vorher) {
  // Before issue 33: stored as uploaded, printed on this thread — pdfkit decodes the PNG to split its alpha channel.
  const alt = await messen(() =>
    pdfErzeugen(
      belegLayout(druck, {
        ...ausgabe,
        mitVorlage: true,
        briefpapierBild: { bytes: bombe, contentType: "image/png" },
      }),
    ),
  );
  out(
    `before issue 33, that PNG printed on the request thread: ${fmt(alt.ms)} ms, +${alt.rssPlusMb} MB, loop ${fmt(alt.loopMaxMs)} ms`,
  );
  ergebnisse.push({ name: "before: 10000 x 10000 printed in-thread", ...alt, ergebnis: undefined });
}

await pdfPool().close();
if (values.out)
  writeFileSync(
    values.out,
    `${JSON.stringify({ date: new Date().toISOString(), runs, ergebnisse }, null, 2)}\n`,
  );
