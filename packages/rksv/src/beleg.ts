import { type Betraege, sindNull, summeCent, vollstaendigeBetraege } from "./betrag.ts";
import { baueCode, pruefeCodeFeld, zerlegeCode } from "./code.ts";
import {
  type AusgefalleneEinrichtung,
  istAusgefallen,
  type SignaturEinrichtung,
} from "./einrichtung/signatur-einrichtung.ts";
import { RksvFehler } from "./fehler.ts";
import { baueAusfallJws, baueJws, qrAusJws, SIGNATUR_LAENGE, verkettungswert, zerlegeJws } from "./jws.ts";
import {
  aesSchluesselBytes,
  STORNO_MARKER,
  TRAINING_MARKER,
  UMSATZZAEHLER_LAENGE_STANDARD,
  verschluesseleUmsatzzaehler,
} from "./umsatzzaehler.ts";
import { pruefeZeitpunkt } from "./zeitpunkt.ts";

/**
 * The receipt engine: one cash box's next receipt from its state, the input and a signature device.
 *
 * What each type does to the code and the turnover counter (as the BMF Mustercode's DemoCashBox does):
 *
 * | typ | amounts | counter field | turnover counter |
 * |---|---|---|---|
 * | START | 0 | encrypted counter (0) | unchanged; chained to the cash box id |
 * | STANDARD | as given | encrypted counter | + sum of the amounts |
 * | STORNO | as given (usually negative) | `U1RP` ("STO") | + sum of the amounts |
 * | TRAINING | as given | `VFJB` ("TRA") | unchanged |
 * | NULL | 0 | encrypted counter | unchanged |
 *
 * Null receipts serve several purposes (`zweck`): the monthly and yearly receipt, the closing receipt, the
 * collective receipt after a failure (Sammelbeleg), and any other control receipt. The purpose is not part of the
 * code; the caller keeps it.
 *
 * Failure (RKSV § 17 (4)): when the device cannot sign, the receipt is made all the same, with the signature
 * segment "Sicherheitseinrichtung ausgefallen", and the counter goes on. The first receipt that a working device
 * signs after such receipts must be the Sammelbeleg, a null receipt: the engine refuses anything else with
 * `SAMMELBELEG_ERFORDERLICH` (the signature it got is thrown away, the state is unchanged).
 *
 * Receipts keep time order, as the Prüftool demands (DEP_TIME_SEQUENCE): a receipt dated before the last one is
 * refused with `ZEIT_VOR_LETZTEM_BELEG`. The night the clocks go back, Austrian wall time repeats an hour; the
 * caller then dates receipts with the later of the clock and `letzterZeitpunkt`.
 *
 * The engine is pure apart from the device: it changes nothing, and the caller stores the returned `kasse` (and
 * must serialise receipts per cash box, e.g. under a row lock, since each one chains to the one before).
 */
export type Belegtyp = "START" | "STANDARD" | "STORNO" | "TRAINING" | "NULL";

export type NullbelegZweck = "MONATSBELEG" | "JAHRESBELEG" | "SCHLUSSBELEG" | "SAMMELBELEG" | "KONTROLLBELEG";

/** The state of a cash box between two receipts. */
export interface Kasse {
  kassenId: string;
  /** The AES-256 key as registered with FinanzOnline, base64. */
  aesSchluessel: string;
  /** The previous receipt's JWS; absent before the start receipt. */
  letzterJws?: string;
  umsatzzaehlerCent: number;
  /** Bytes of the encrypted counter, 5 to 8 (default 8). */
  umsatzzaehlerLaenge?: number;
}

export interface BelegEingabe {
  belegNummer: string;
  /** Local time, `yyyy-MM-ddTHH:mm:ss` (zeitpunktWien turns a Date into it). */
  zeitpunkt: string;
  typ: Belegtyp;
  /** Cents per VAT set; missing sets are 0. START and NULL receipts must have none but 0. */
  betraege?: Partial<Betraege>;
  /** NULL receipts only; default KONTROLLBELEG, or SAMMELBELEG when it follows a failure. */
  zweck?: NullbelegZweck;
}

export interface VorbereiteterBeleg {
  maschinenlesbarerCode: string;
  umsatzzaehlerCent: number;
}

export interface Beleg extends VorbereiteterBeleg {
  typ: Belegtyp;
  /** NULL receipts only. */
  zweck?: NullbelegZweck;
  belegNummer: string;
  jws: string;
  /** The QR code's text (code, `_`, signature in base64). */
  qr: string;
  /** Made without a working signature device. */
  ausgefallen: boolean;
  /** Why the device failed, when it did on this receipt. */
  ausfallGrund?: string;
  /** The cash box after this receipt: store it. */
  kasse: Kasse;
}

/** Whether the last receipt of the cash box was made without a signature. */
export function letzterBelegAusgefallen(kasse: Kasse): boolean {
  return kasse.letzterJws !== undefined && zerlegeJws(kasse.letzterJws)?.signatur === null;
}

/** The time of the last receipt, if any: no receipt may be dated before it. */
export function letzterZeitpunkt(kasse: Kasse): string | undefined {
  const teile = kasse.letzterJws === undefined ? null : zerlegeJws(kasse.letzterJws);
  return teile ? zerlegeCode(teile.maschinenlesbarerCode)?.zeitpunkt : undefined;
}

/** The code and the new counter, without signing (pure). */
export function bereiteBelegVor(
  kasse: Kasse,
  eingabe: BelegEingabe,
  einrichtung: Pick<SignaturEinrichtung, "zda" | "zertifikatSeriennummer">,
): VorbereiteterBeleg {
  const { typ, belegNummer } = eingabe;
  pruefeCodeFeld("Kassen-ID", kasse.kassenId);
  pruefeCodeFeld("Belegnummer", belegNummer);
  pruefeZeitpunkt(eingabe.zeitpunkt);
  aesSchluesselBytes(kasse.aesSchluessel);
  if (typ === "START" && kasse.letzterJws !== undefined)
    throw new RksvFehler("STARTBELEG_VORHANDEN", `Kasse ${kasse.kassenId} hat schon einen Startbeleg`);
  if (typ !== "START" && kasse.letzterJws === undefined)
    throw new RksvFehler("STARTBELEG_FEHLT", `Kasse ${kasse.kassenId}: zuerst der Startbeleg`);
  const vorher = letzterZeitpunkt(kasse);
  if (vorher !== undefined && eingabe.zeitpunkt < vorher)
    throw new RksvFehler(
      "ZEIT_VOR_LETZTEM_BELEG",
      `${eingabe.zeitpunkt} liegt vor dem letzten Beleg (${vorher})`,
    );
  if (eingabe.zweck !== undefined && typ !== "NULL")
    throw new RksvFehler("UNGUELTIGE_EINGABE", "Nur ein Nullbeleg hat einen Zweck");

  const betraege = vollstaendigeBetraege(eingabe.betraege);
  if ((typ === "START" || typ === "NULL") && !sindNull(betraege))
    throw new RksvFehler(
      "UNGUELTIGE_EINGABE",
      `Ein ${typ === "START" ? "Startbeleg" : "Nullbeleg"} hat Betrag 0`,
    );
  const umsatzzaehlerCent =
    typ === "STANDARD" || typ === "STORNO"
      ? kasse.umsatzzaehlerCent + summeCent(betraege)
      : kasse.umsatzzaehlerCent;

  const umsatzzaehlerFeld =
    typ === "STORNO"
      ? STORNO_MARKER
      : typ === "TRAINING"
        ? TRAINING_MARKER
        : verschluesseleUmsatzzaehler(
            umsatzzaehlerCent,
            kasse.kassenId,
            belegNummer,
            kasse.aesSchluessel,
            kasse.umsatzzaehlerLaenge ?? UMSATZZAEHLER_LAENGE_STANDARD,
          );
  const maschinenlesbarerCode = baueCode({
    zda: einrichtung.zda,
    kassenId: kasse.kassenId,
    belegNummer,
    zeitpunkt: eingabe.zeitpunkt,
    betraege,
    umsatzzaehlerFeld,
    zertifikatSeriennummer: einrichtung.zertifikatSeriennummer,
    verkettungswert: verkettungswert(kasse.letzterJws, kasse.kassenId),
  });
  return { maschinenlesbarerCode, umsatzzaehlerCent };
}

/**
 * Makes, signs and chains the next receipt. A device that throws (or answers with something that is not a 64-byte
 * signature) gives a receipt of a failed device, with the reason in `ausfallGrund`.
 */
export async function erstelleBeleg(
  kasse: Kasse,
  eingabe: BelegEingabe,
  einrichtung: SignaturEinrichtung | AusgefalleneEinrichtung,
): Promise<Beleg> {
  const vorbereitet = bereiteBelegVor(kasse, eingabe, einrichtung);
  const { maschinenlesbarerCode } = vorbereitet;
  const nachAusfall = letzterBelegAusgefallen(kasse);
  let signatur: Buffer | null = null;
  let ausfallGrund: unknown;
  if (!istAusgefallen(einrichtung)) {
    try {
      signatur = await einrichtung.signiere(maschinenlesbarerCode);
      if (signatur.length !== SIGNATUR_LAENGE)
        throw new RksvFehler("EINRICHTUNG", `Signatur mit ${signatur.length} statt ${SIGNATUR_LAENGE} Bytes`);
    } catch (fehler) {
      signatur = null;
      ausfallGrund = fehler;
    }
  }
  if (eingabe.typ === "START" && signatur === null)
    throw new RksvFehler(
      "STARTBELEG_NICHT_SIGNIERT",
      "Der Startbeleg braucht eine arbeitende Signatureinrichtung",
      {
        cause: ausfallGrund,
      },
    );
  if (signatur !== null && nachAusfall && eingabe.typ !== "NULL")
    throw new RksvFehler(
      "SAMMELBELEG_ERFORDERLICH",
      "Die Signatureinrichtung arbeitet wieder: zuerst der Sammelbeleg (Nullbeleg)",
    );
  const jws = signatur ? baueJws(maschinenlesbarerCode, signatur) : baueAusfallJws(maschinenlesbarerCode);
  const zweck =
    eingabe.typ === "NULL"
      ? (eingabe.zweck ?? (signatur !== null && nachAusfall ? "SAMMELBELEG" : "KONTROLLBELEG"))
      : undefined;
  return {
    ...vorbereitet,
    typ: eingabe.typ,
    ...(zweck && { zweck }),
    belegNummer: eingabe.belegNummer,
    jws,
    qr: qrAusJws(jws),
    ausgefallen: signatur === null,
    ...(ausfallGrund !== undefined && {
      ausfallGrund: ausfallGrund instanceof Error ? ausfallGrund.message : String(ausfallGrund),
    }),
    kasse: { ...kasse, letzterJws: jws, umsatzzaehlerCent: vorbereitet.umsatzzaehlerCent },
  };
}
