/*
 * IBAN (ISO 13616) and BIC (ISO 9362) of the tenant's bank account, printed on documents and put into the EPC QR
 * code (epc.rules.ts). An IBAN is the country code, two check digits and the country's account number (BBAN); its
 * length is fixed per country and the whole number mod 97 is 1. The lengths are those of the SWIFT IBAN registry
 * for the SEPA countries (where EPC credit transfers go) plus the neighbours our users bill most.
 */
// biome-ignore format: a table
const IBAN_LAENGE: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27, GB: 22,
  GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18,
  NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22, AL: 28, BA: 20, ME: 22, MK: 19, RS: 22,
  TR: 26, UA: 29,
};

/** Why an IBAN is refused: its characters, its country, its length for that country, or its check digits. */
export type IbanErrorCode = "format" | "country" | "length" | "checksum";

export type IbanCheck = { ok: true; land: string; normalized: string } | { ok: false; code: IbanErrorCode };

/** An IBAN as typed ("at61 1904 3002 3457 3201") as it is stored: upper case, no spaces. */
export function normalizeIban(input: string): string {
  return input.toUpperCase().replace(/\s/g, "");
}

/** The IBAN mod 97 (ISO 7064): the first four characters moved to the end, letters as 10–35, digit by digit. */
function mod97(iban: string): number {
  let rest = 0;
  for (const char of iban.slice(4) + iban.slice(0, 4)) {
    const value = Number.parseInt(char, 36);
    rest = value < 10 ? (rest * 10 + value) % 97 : (rest * 100 + value) % 97;
  }
  return rest;
}

/** Checks an IBAN (normalized first): characters, country, its length there, check digits. */
export function checkIban(input: string): IbanCheck {
  const normalized = normalizeIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(normalized)) return { ok: false, code: "format" };
  const land = normalized.slice(0, 2);
  const laenge = IBAN_LAENGE[land];
  if (laenge === undefined) return { ok: false, code: "country" };
  if (normalized.length !== laenge) return { ok: false, code: "length" };
  if (mod97(normalized) !== 1) return { ok: false, code: "checksum" };
  return { ok: true, land, normalized };
}

/** The IBAN as printed: groups of four ("AT61 1904 3002 3457 3201"). */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
}

/** A BIC: bank (4 letters), country (2), location (2), optionally a branch (3). */
export const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
