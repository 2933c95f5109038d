import { createCipheriv, createHash, randomBytes } from "node:crypto";
import { RksvFehler } from "./fehler.ts";

/**
 * The turnover counter field of the machine-readable code (Detailspezifikation Abs. 8): the counter in cents as a
 * big-endian two's complement of 5 to 8 bytes, encrypted with AES-256 in counter mode (ICM), the initial counter
 * block being the first 16 bytes of SHA-256(cash box id ‖ receipt number); only as many cipher bytes as the
 * counter has are kept, base64 with padding. Storno and training receipts carry a marker instead.
 */

/** base64("STO"): a storno receipt's counter field. */
export const STORNO_MARKER = "U1RP";
/** base64("TRA"): a training receipt's counter field. */
export const TRAINING_MARKER = "VFJB";

export const UMSATZZAEHLER_LAENGE_STANDARD = 8;

/** A new AES-256 key as base64, the form in which it is registered with FinanzOnline. */
export function erzeugeAesSchluessel(): string {
  return randomBytes(32).toString("base64");
}

/** The 32 key bytes of a base64 AES key; refuses any other length. */
export function aesSchluesselBytes(base64Schluessel: string): Buffer {
  const bytes = Buffer.from(base64Schluessel, "base64");
  if (bytes.length !== 32 || bytes.toString("base64") !== base64Schluessel.trim())
    throw new RksvFehler("UNGUELTIGE_EINGABE", "Der AES-Schlüssel muss 32 Bytes in base64 sein");
  return bytes;
}

/**
 * The key's check value for the FinanzOnline registration: the first 3 bytes of SHA-256 over the base64 key text,
 * base64 without '='.
 */
export function aesSchluesselPruefwert(base64Schluessel: string): string {
  return createHash("sha256")
    .update(base64Schluessel, "utf8")
    .digest()
    .subarray(0, 3)
    .toString("base64")
    .replace(/=+$/, "");
}

export function umsatzzaehlerIv(kassenId: string, belegNummer: string): Buffer {
  return createHash("sha256")
    .update(kassenId + belegNummer, "utf8")
    .digest()
    .subarray(0, 16);
}

function pruefeLaenge(laenge: number): void {
  if (!Number.isInteger(laenge) || laenge < 5 || laenge > 8)
    throw new RksvFehler("UNGUELTIGE_EINGABE", `Umsatzzähler-Länge ${laenge}: erlaubt sind 5 bis 8 Bytes`);
}

function aesCtr(schluessel: Buffer, iv: Buffer, daten: Buffer): Buffer {
  const cipher = createCipheriv("aes-256-ctr", schluessel, iv);
  return Buffer.concat([cipher.update(daten), cipher.final()]);
}

export function verschluesseleUmsatzzaehler(
  cent: number,
  kassenId: string,
  belegNummer: string,
  base64Schluessel: string,
  laenge = UMSATZZAEHLER_LAENGE_STANDARD,
): string {
  pruefeLaenge(laenge);
  if (!Number.isSafeInteger(cent))
    throw new RksvFehler("UNGUELTIGE_EINGABE", `Umsatzzähler ${cent} ist kein Centbetrag`);
  const grenze = 1n << BigInt(8 * laenge - 1);
  const wert = BigInt(cent);
  if (wert >= grenze || wert < -grenze)
    throw new RksvFehler("UNGUELTIGE_EINGABE", `Umsatzzähler ${cent} passt nicht in ${laenge} Bytes`);
  const klartext = Buffer.alloc(8);
  klartext.writeBigInt64BE(wert);
  // The 8-byte two's complement truncated from the left is the shorter one (the value fits, checked above).
  const zaehler = klartext.subarray(8 - laenge);
  return aesCtr(
    aesSchluesselBytes(base64Schluessel),
    umsatzzaehlerIv(kassenId, belegNummer),
    zaehler,
  ).toString("base64");
}

/** The counter in cents, or null when the field is a marker or not 5 to 8 bytes of base64. */
export function entschluesseleUmsatzzaehler(
  feld: string,
  kassenId: string,
  belegNummer: string,
  base64Schluessel: string,
): number | null {
  if (feld === STORNO_MARKER || feld === TRAINING_MARKER) return null;
  const verschluesselt = Buffer.from(feld, "base64");
  if (verschluesselt.length < 5 || verschluesselt.length > 8 || verschluesselt.toString("base64") !== feld)
    return null;
  const zaehler = aesCtr(
    aesSchluesselBytes(base64Schluessel),
    umsatzzaehlerIv(kassenId, belegNummer),
    verschluesselt,
  );
  const erweitert = Buffer.alloc(8, zaehler[0]! & 0x80 ? 0xff : 0x00);
  zaehler.copy(erweitert, 8 - zaehler.length);
  const wert = erweitert.readBigInt64BE();
  return wert > BigInt(Number.MAX_SAFE_INTEGER) || wert < BigInt(Number.MIN_SAFE_INTEGER)
    ? null
    : Number(wert);
}
