import { type Betraege, formatiereBetrag, parseBetrag, SATZ_REIHENFOLGE } from "./betrag.ts";
import { RksvFehler } from "./fehler.ts";
import { istZeitpunkt } from "./zeitpunkt.ts";

/**
 * The machine-readable code of a receipt, suite R1 (Detailspezifikation Abs. 4 and 5):
 * `_R1-<ZDA>_<Kassen-ID>_<Belegnummer>_<Beleg-Datum-Uhrzeit>_<Betrag-Satz-Normal>_<…-Ermaessigt-1>_<…-Ermaessigt-2>
 * _<…-Null>_<…-Besonders>_<Stand-Umsatz-Zaehler-AES256-ICM>_<Zertifikat-Seriennummer>_<Sig-Voriger-Beleg>`.
 * It is the JWS payload; with `_` and the signature in base64 it is the QR code.
 */
export interface BelegCode {
  /** The trust service provider of the signing certificate: `AT0` for a closed system, `AT1`, … */
  zda: string;
  kassenId: string;
  belegNummer: string;
  zeitpunkt: string;
  betraege: Betraege;
  /** The encrypted turnover counter, or the storno / training marker. */
  umsatzzaehlerFeld: string;
  zertifikatSeriennummer: string;
  /** Sig-Voriger-Beleg: the chaining value, base64. */
  verkettungswert: string;
}

const ZDA = /^AT\d+$/;

export function pruefeCodeFeld(name: string, wert: string): void {
  if (wert.length === 0 || wert.includes("_"))
    throw new RksvFehler("UNGUELTIGE_EINGABE", `${name} "${wert}": nicht leer und ohne "_"`);
}

export function baueCode(beleg: BelegCode): string {
  if (!ZDA.test(beleg.zda))
    throw new RksvFehler("UNGUELTIGE_EINGABE", `ZDA "${beleg.zda}": erwartet AT0, AT1, …`);
  pruefeCodeFeld("Kassen-ID", beleg.kassenId);
  pruefeCodeFeld("Belegnummer", beleg.belegNummer);
  pruefeCodeFeld("Zertifikat-Seriennummer", beleg.zertifikatSeriennummer);
  if (!istZeitpunkt(beleg.zeitpunkt))
    throw new RksvFehler(
      "UNGUELTIGE_EINGABE",
      `Zeitpunkt "${beleg.zeitpunkt}": erwartet yyyy-MM-ddTHH:mm:ss`,
    );
  return [
    "",
    `R1-${beleg.zda}`,
    beleg.kassenId,
    beleg.belegNummer,
    beleg.zeitpunkt,
    ...SATZ_REIHENFOLGE.map((satz) => formatiereBetrag(beleg.betraege[satz])),
    beleg.umsatzzaehlerFeld,
    beleg.zertifikatSeriennummer,
    beleg.verkettungswert,
  ].join("_");
}

/** The fields of a code, or null when it is not a well-formed R1 code. */
export function zerlegeCode(code: string): BelegCode | null {
  const teile = code.split("_");
  if (teile.length !== 13 || teile[0] !== "") return null;
  const [, suite = "", kassenId, belegNummer, zeitpunkt, ...rest] = teile;
  const betraege = rest.slice(0, 5).map(parseBetrag);
  const [umsatzzaehlerFeld, zertifikatSeriennummer, verkettungswert] = rest.slice(5);
  const zda = suite.startsWith("R1-") ? suite.slice(3) : "";
  if (!ZDA.test(zda) || !kassenId || !belegNummer || !zeitpunkt || !istZeitpunkt(zeitpunkt)) return null;
  if (!umsatzzaehlerFeld || !zertifikatSeriennummer || !verkettungswert) return null;
  if (betraege.includes(null)) return null;
  const [satzNormal, satzErmaessigt1, satzErmaessigt2, satzNull, satzBesonders] = betraege as number[];
  return {
    zda,
    kassenId,
    belegNummer,
    zeitpunkt,
    betraege: {
      satzNormal: satzNormal!,
      satzErmaessigt1: satzErmaessigt1!,
      satzErmaessigt2: satzErmaessigt2!,
      satzNull: satzNull!,
      satzBesonders: satzBesonders!,
    },
    umsatzzaehlerFeld,
    zertifikatSeriennummer,
    verkettungswert,
  };
}
