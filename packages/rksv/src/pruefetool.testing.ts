import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { DepExport, KryptoMaterialContainer } from "./dep.ts";
import { PRUEFTOOL } from "./rksv.testing.ts";

/**
 * The official BMF Prüftool 1.1.0 (Java 17; `.ci/run` installs it) on what the engine makes. Its exit code is always
 * 0: the verdict is read from the result files (shared/testdata/rksv/pruefetool/README.md). Failing checks are
 * listed, without the TYPE_OF_RECEIPT_* classifiers of which four of five always FAIL.
 */
const ausfuehren = promisify(execFile);
const arbeitsordner: string[] = [];

function neuerOrdner(): string {
  const ordner = mkdtempSync(path.join(os.tmpdir(), "rksv-pruefetool-"));
  arbeitsordner.push(ordner);
  return ordner;
}

function fehlschlaege(json: unknown): string[] {
  const ids: string[] = [];
  const besuche = (knoten: unknown): void => {
    if (!knoten || typeof knoten !== "object") return;
    const { verificationState, verificationId } = knoten as {
      verificationState?: string;
      verificationId?: string;
    };
    if (verificationState === "FAIL" && verificationId && !verificationId.startsWith("TYPE_OF_RECEIPT_"))
      ids.push(verificationId);
    for (const wert of Object.values(knoten)) besuche(wert);
  };
  besuche(json);
  return ids;
}

const lese = (datei: string) => JSON.parse(readFileSync(datei, "utf8")) as unknown;

/** Runs the DEP jar; the verdict of DEP-global.json and, per receipt file, its failing checks. */
export async function pruefeMitPruefetool(dep: DepExport, container: KryptoMaterialContainer) {
  const ordner = neuerOrdner();
  const aus = path.join(ordner, "aus");
  writeFileSync(path.join(ordner, "dep.json"), JSON.stringify(dep));
  writeFileSync(path.join(ordner, "container.json"), JSON.stringify(container));
  const jar = path.join(PRUEFTOOL, "regkassen-verification-depformat-1.1.0.jar");
  const args = [
    // Receipts carry Austrian wall time: in another zone a receipt of the last hour counts as future for the tool
    // (its -f does not reach DEP_STATE), and the start receipt of a register started just now fails.
    "-Duser.timezone=Europe/Vienna",
    "-jar",
    jar,
    "-v",
    "-f",
    "-i",
    path.join(ordner, "dep.json"),
    "-c",
    path.join(ordner, "container.json"),
  ];
  const { stdout } = await ausfuehren("java", [...args, "-o", aus], { maxBuffer: 256 * 1024 * 1024 });
  const global = path.join(aus, "DEP-global.json");
  if (!readdirSync(aus).includes("DEP-global.json"))
    throw new Error(`Prüftool: keine DEP-global.json\n${stdout.slice(-2000)}`);
  const dateien = readdirSync(aus)
    .filter((d) => /^\d{4}_(dep|cashbox_full)\.json$/.test(d))
    .sort();
  const fehler = dateien.flatMap((d) =>
    fehlschlaege(lese(path.join(aus, d))).map((id) => `${d.slice(0, 4)} ${id}`),
  );
  return { verificationState: (lese(global) as { verificationState: string }).verificationState, fehler };
}

/** Runs the single-receipt jar on QR codes; per code its verdict and failing checks. */
export async function pruefeQrCodes(qrCodes: string[], container: KryptoMaterialContainer) {
  const ordner = neuerOrdner();
  const aus = path.join(ordner, "aus");
  writeFileSync(path.join(ordner, "qr.json"), JSON.stringify(qrCodes));
  writeFileSync(path.join(ordner, "container.json"), JSON.stringify(container));
  const jar = path.join(PRUEFTOOL, "regkassen-verification-receipts-1.1.0.jar");
  await ausfuehren("java", [
    // Receipts carry Austrian wall time: in another zone a receipt of the last hour counts as future for the tool
    // (its -f does not reach DEP_STATE), and the start receipt of a register started just now fails.
    "-Duser.timezone=Europe/Vienna",
    "-jar",
    jar,
    "-i",
    path.join(ordner, "qr.json"),
    "-c",
    path.join(ordner, "container.json"),
    "-o",
    aus,
  ]);
  return qrCodes.map((_, i) => {
    const ergebnis = lese(path.join(aus, `${String(i).padStart(4, "0")}_cashbox_full.json`));
    return {
      verificationState: (ergebnis as { verificationState: string }).verificationState,
      fehler: fehlschlaege(ergebnis),
    };
  });
}

/** Throws a clear message when Java 17 is missing (the Prüftool needs it; `.ci/run` installs it). */
export function javaVorhanden(): void {
  try {
    execFileSync("java", ["-version"], { stdio: "ignore" });
  } catch {
    throw new Error(
      "Das Prüftool braucht Java 17: apt-get install openjdk-17-jre-headless (.ci/run tut das)",
    );
  }
}

/** Removes the work folders of the runs. */
export function aufraeumen(): void {
  for (const ordner of arbeitsordner.splice(0)) rmSync(ordner, { recursive: true, force: true });
}
