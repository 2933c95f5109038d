/**
 * RKSV receipt throughput (budget: ≥ 200 signed receipts per second) with the software signature device: the whole
 * engine per receipt — turnover counter encrypted (AES-256-ICM), code built, ES256 signature (P-256, R ‖ S), JWS,
 * QR text, chained to the receipt before — one receipt after the other on one cash box, as the engine must
 * (every receipt chains to the previous one). No database: what is measured is the engine and node:crypto.
 *
 * --runs rounds (default 5) of --n receipts (default 2000) after --warmup receipts (default 2000); per round
 * receipts per second (wall time); the median of the rounds is the figure held against the budget. The last
 * round's DEP is checked with the verifier, so the receipts measured are valid ones. Exit 1 below the budget.
 *
 *   npm run bench:rksv     # = node --import tsx bench/rksv/sign.ts
 *   node --import tsx bench/rksv/sign.ts [--runs 5] [--n 2000] [--warmup 2000] [--out file.json]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  type Beleg,
  einrichtungsZertifikat,
  erstelleBeleg,
  erzeugeAesSchluessel,
  exportiereDep,
  type Kasse,
  kryptoMaterialContainer,
  pruefeDep,
  SoftwareEinrichtung,
} from "@kontor/rksv";
import { out, table } from "../lib/stats.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    n: { type: "string", default: "2000" },
    warmup: { type: "string", default: "2000" },
    out: { type: "string" },
  },
});
const RUNS = Number(values.runs);
const N = Number(values.n);
const WARMUP = Number(values.warmup);
const BUDGET = 200;

const einrichtung = SoftwareEinrichtung.erzeuge({ ordnungsbegriff: "U:ATU12345678" });
const aesSchluessel = erzeugeAesSchluessel();

/** A fresh cash box with its start receipt, then `anzahl` standard receipts; the wall time of those. */
async function runde(anzahl: number): Promise<{ proSekunde: number; belege: Beleg[] }> {
  const start = await erstelleBeleg(
    { kassenId: "BENCH-1", aesSchluessel, umsatzzaehlerCent: 0 },
    { belegNummer: "0", zeitpunkt: "2026-01-01T00:00:00", typ: "START" },
    einrichtung,
  );
  let kasse: Kasse = start.kasse;
  const belege = [start];
  const beginn = process.hrtime.bigint();
  for (let i = 1; i <= anzahl; i++) {
    const beleg = await erstelleBeleg(
      kasse,
      {
        belegNummer: String(i),
        zeitpunkt: "2026-01-01T08:00:00",
        typ: "STANDARD",
        betraege: { satzNormal: 1000 + (i % 977), satzErmaessigt1: i % 13 },
      },
      einrichtung,
    );
    kasse = beleg.kasse;
    belege.push(beleg);
  }
  const sekunden = Number(process.hrtime.bigint() - beginn) / 1e9;
  return { proSekunde: anzahl / sekunden, belege };
}

await runde(WARMUP);
const raten: number[] = [];
let letzte: Beleg[] = [];
for (let r = 0; r < RUNS; r++) {
  const { proSekunde, belege } = await runde(N);
  raten.push(proSekunde);
  letzte = belege;
}

const zertifikate = [await einrichtungsZertifikat(einrichtung)];
const pruefung = pruefeDep(
  exportiereDep(
    letzte.map((b) => b.jws),
    zertifikate,
  ),
  kryptoMaterialContainer(aesSchluessel, zertifikate),
);
if (!pruefung.ok) throw new Error(`the measured receipts do not verify: ${JSON.stringify(pruefung)}`);

const median = [...raten].sort((a, b) => a - b)[Math.floor(raten.length / 2)]!;
const bestanden = median >= BUDGET;
out(
  `RKSV receipts, software device (ES256, P-256), ${N} receipts per round, ${RUNS} rounds, load ${os.loadavg()[0]!.toFixed(2)}`,
);
out(
  table(
    ["round", "receipts/s", "ms/receipt"],
    raten.map((r, i) => [i + 1, r.toFixed(0), (1000 / r).toFixed(3)]),
  ),
);
out(
  `median ${median.toFixed(0)} receipts/s — ${bestanden ? "PASS" : "FAIL"} (budget ≥ ${BUDGET}/s); DEP verified (${pruefung.belegAnzahl} receipts)`,
);

if (values.out) {
  mkdirSync(path.dirname(values.out), { recursive: true });
  const ergebnis = {
    bench: "rksv-sign",
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadavg: os.loadavg(),
    runs: RUNS,
    n: N,
    warmup: WARMUP,
    receiptsPerSecond: raten.map((r) => Math.round(r)),
    medianReceiptsPerSecond: Math.round(median),
    budget: BUDGET,
    pass: bestanden,
  };
  writeFileSync(values.out, `${JSON.stringify(ergebnis, null, 2)}\n`);
  out(`JSON: ${values.out}`);
}
if (!bestanden) process.exitCode = 1;
