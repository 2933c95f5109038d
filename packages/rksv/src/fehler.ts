/**
 * Why the engine refuses a receipt or a signature device gives up. The codes are stable; the caller decides what
 * to show (DESIGN §5: codes, never parsed text).
 *
 * - `UNGUELTIGE_EINGABE`: a value the code cannot carry (amount, time, an `_` in an id, a key of the wrong length).
 * - `STARTBELEG_FEHLT` / `STARTBELEG_VORHANDEN`: a receipt before the start receipt, or a second start receipt.
 * - `STARTBELEG_NICHT_SIGNIERT`: the start receipt needs a working signature device.
 * - `ZEIT_VOR_LETZTEM_BELEG`: the receipt is dated before the cash box's last receipt.
 * - `SAMMELBELEG_ERFORDERLICH`: the device works again after a failure; the next receipt must be the collective
 *   null receipt (RKSV § 17 (4)) before any other.
 * - `EINRICHTUNG`: the signature device failed (timeout, HTTP error, a wrong answer); the engine turns this into
 *   a receipt with "Sicherheitseinrichtung ausgefallen".
 */
export type RksvFehlerCode =
  | "UNGUELTIGE_EINGABE"
  | "STARTBELEG_FEHLT"
  | "STARTBELEG_VORHANDEN"
  | "STARTBELEG_NICHT_SIGNIERT"
  | "ZEIT_VOR_LETZTEM_BELEG"
  | "SAMMELBELEG_ERFORDERLICH"
  | "EINRICHTUNG";

export class RksvFehler extends Error {
  override readonly name = "RksvFehler";

  constructor(
    readonly code: RksvFehlerCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
