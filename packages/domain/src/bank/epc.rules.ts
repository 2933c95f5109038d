import { compare, dec, round, toFixedString } from "../money/decimal.ts";
import { BIC_PATTERN, checkIban } from "./iban.rules.ts";

/*
 * The EPC QR code ("GiroCode") of a credit transfer, European Payments Council EPC069-12 (Quick Response Code:
 * guidelines to enable data capture for the initiation of a SEPA credit transfer), version 002: lines separated by
 * LF, in this order — service tag BCD, version 002, character set 1 (UTF-8), identification SCT, BIC (optional in
 * version 002), beneficiary name (≤ 70), IBAN, amount "EUR" + at most two decimals (0.01 … 999 999 999.99), purpose
 * (empty), structured reference (empty: we send the text instead), unstructured remittance text (≤ 140); nothing
 * after the last filled element, at most 331 bytes in all.
 */

/** The largest amount the scheme allows in one code. */
export const EPC_MAX_BETRAG = "999999999.99";
const MAX_BYTES = 331;

export interface EpcUeberweisung {
  /** The payee: the tenant's name. */
  name: string;
  iban: string;
  bic?: string | null | undefined;
  /** The amount to pay in euro (the open amount of the invoice). */
  betrag: number | string;
  /** Remittance text, e.g. "Rechnung 2026-00042". */
  verwendungszweck: string;
}

/** The UTF-8 length of a text (the domain runs without DOM or Node types, so no TextEncoder). */
export function utf8Bytes(text: string): number {
  let n = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    n += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return n;
}

/** Cuts a text to `max` characters (code points, so no emoji or umlaut is split). */
const kuerzen = (text: string, max: number) => [...text.trim().replace(/\s+/g, " ")].slice(0, max).join("");

/**
 * The text of the EPC QR code for a transfer, or null when there is nothing to pay by it: an amount of 0 or less
 * or above the scheme's maximum, an IBAN that fails its check, a name that is empty. A BIC that is not one is left
 * out (optional in version 002). The remittance text is shortened until the whole fits the 331 bytes.
 */
export function epcQrText(ueberweisung: EpcUeberweisung): string | null {
  const betrag = round(dec(ueberweisung.betrag), 2);
  if (compare(betrag, dec("0.01")) < 0 || compare(betrag, dec(EPC_MAX_BETRAG)) > 0) return null;
  const iban = checkIban(ueberweisung.iban);
  if (!iban.ok) return null;
  const name = kuerzen(ueberweisung.name, 70);
  if (name === "") return null;
  const bic = (ueberweisung.bic ?? "").toUpperCase().replace(/\s/g, "");
  const kopf = [
    "BCD",
    "002",
    "1",
    "SCT",
    BIC_PATTERN.test(bic) ? bic : "",
    name,
    iban.normalized,
    `EUR${toFixedString(betrag, 2)}`,
    "",
    "",
  ].join("\n");
  let text = kuerzen(ueberweisung.verwendungszweck, 140);
  while (text !== "" && utf8Bytes(`${kopf}\n${text}`) > MAX_BYTES) text = [...text].slice(0, -1).join("");
  return text === "" ? kopf.replace(/\n+$/, "") : `${kopf}\n${text}`;
}
