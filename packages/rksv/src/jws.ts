import { createHash } from "node:crypto";

/**
 * The signed receipt as JWS compact serialisation (suite R1: ES256): protected header `{"alg":"ES256"}`, payload =
 * base64url of the machine-readable code, signature = R ‖ S (2 × 32 bytes) base64url. A receipt made while the
 * signature device had failed carries base64url("Sicherheitseinrichtung ausgefallen") as its signature.
 */

/** base64url('{"alg":"ES256"}') — the one header of suite R1. */
export const JWS_HEADER = "eyJhbGciOiJFUzI1NiJ9";

export const AUSFALL_TEXT = "Sicherheitseinrichtung ausgefallen";
/** The signature segment of a receipt made without a working signature device. */
export const AUSFALL_SIGNATUR = Buffer.from(AUSFALL_TEXT, "utf8").toString("base64url");

export const SIGNATUR_LAENGE = 64;

/** What ES256 signs: header and payload, base64url, joined by a dot. */
export function jwsSignaturEingabe(maschinenlesbarerCode: string): string {
  return `${JWS_HEADER}.${Buffer.from(maschinenlesbarerCode, "utf8").toString("base64url")}`;
}

export function baueJws(maschinenlesbarerCode: string, signatur: Buffer): string {
  return `${jwsSignaturEingabe(maschinenlesbarerCode)}.${signatur.toString("base64url")}`;
}

export function baueAusfallJws(maschinenlesbarerCode: string): string {
  return `${jwsSignaturEingabe(maschinenlesbarerCode)}.${AUSFALL_SIGNATUR}`;
}

export interface ZerlegterJws {
  maschinenlesbarerCode: string;
  signaturEingabe: string;
  /** R ‖ S, or null for a receipt of a failed signature device. */
  signatur: Buffer | null;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The parts of a receipt JWS, or null when it is not one of suite R1. */
export function zerlegeJws(jws: string): ZerlegterJws | null {
  const teile = jws.split(".");
  if (teile.length !== 3) return null;
  const [header, payload, signatur] = teile as [string, string, string];
  if (header !== JWS_HEADER || !BASE64URL.test(payload) || !BASE64URL.test(signatur)) return null;
  const maschinenlesbarerCode = Buffer.from(payload, "base64url").toString("utf8");
  if (Buffer.from(maschinenlesbarerCode, "utf8").toString("base64url") !== payload) return null;
  const signaturEingabe = `${header}.${payload}`;
  if (signatur === AUSFALL_SIGNATUR) return { maschinenlesbarerCode, signaturEingabe, signatur: null };
  const bytes = Buffer.from(signatur, "base64url");
  if (bytes.length !== SIGNATUR_LAENGE || bytes.toString("base64url") !== signatur) return null;
  return { maschinenlesbarerCode, signaturEingabe, signatur: bytes };
}

/** The QR code's text: the code, `_`, the signature segment in standard base64 (Detailspezifikation Abs. 12). */
export function qrAusJws(jws: string): string {
  const [, payload = "", signatur = ""] = jws.split(".");
  return `${Buffer.from(payload, "base64url").toString("utf8")}_${Buffer.from(signatur, "base64url").toString("base64")}`;
}

export function jwsAusQr(qr: string): string {
  const trenner = qr.lastIndexOf("_");
  const signatur = Buffer.from(qr.slice(trenner + 1), "base64").toString("base64url");
  return `${jwsSignaturEingabe(qr.slice(0, trenner))}.${signatur}`;
}

/**
 * Sig-Voriger-Beleg: the first 8 bytes of SHA-256 over the previous receipt's whole JWS, base64 — for the start
 * receipt over the cash box id.
 */
export function verkettungswert(vorigerJws: string | undefined, kassenId: string): string {
  return createHash("sha256")
    .update(vorigerJws ?? kassenId, "utf8")
    .digest()
    .subarray(0, 8)
    .toString("base64");
}
