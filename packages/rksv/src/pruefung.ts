import { createPublicKey, type KeyObject, verify, X509Certificate } from "node:crypto";
import { sindNull, summeCent } from "./betrag.ts";
import { type BelegCode, zerlegeCode } from "./code.ts";
import type { KryptoMaterialContainer } from "./dep.ts";
import { verkettungswert, zerlegeJws } from "./jws.ts";
import { entschluesseleUmsatzzaehler, STORNO_MARKER, TRAINING_MARKER } from "./umsatzzaehler.ts";

/**
 * Checks a DEP export as the BMF Prüftool does, with the AES key and the signing keys of the cryptographic
 * material container, and names the first violation. Receipt by receipt in DEP order:
 *
 * 1. `JWS_FORMAT` / `CODE_FORMAT`: a JWS of suite R1 whose payload is a well-formed code.
 * 2. `KASSEN_ID`: one cash box throughout. `BELEGNUMMER`: no receipt number twice.
 * 3. `STARTBELEG`: the first receipt is a signed start receipt: chained to the cash box id, amounts 0 (its
 *    counter, 0, is checked in 8).
 * 4. `VERKETTUNG`: Sig-Voriger-Beleg is the hash of the previous receipt's JWS.
 * 5. `ZEITFOLGE`: no receipt earlier than the one before.
 * 6. `SCHLUESSEL_UNBEKANNT` / `SIGNATUR`: the signature verifies with the key the container (or the DEP group's
 *    certificate) has for the code's Zertifikat-Seriennummer; a failed device's receipt has nothing to verify.
 * 7. `SAMMELBELEG_FEHLT`: the first signed receipt after failed ones is a null receipt (RKSV § 17 (4)). The
 *    Prüftool 1.1.0 does not check this; the engine guarantees it, so the verifier does.
 * 8. `UMSATZZAEHLER`: the decrypted counter is the previous counter plus the amounts of every receipt since,
 *    storno receipts included and training receipts left out.
 */
export type VerstossCode =
  | "DEP_FORMAT"
  | "JWS_FORMAT"
  | "CODE_FORMAT"
  | "STARTBELEG"
  | "KASSEN_ID"
  | "BELEGNUMMER"
  | "VERKETTUNG"
  | "ZEITFOLGE"
  | "SCHLUESSEL_UNBEKANNT"
  | "SIGNATUR"
  | "SAMMELBELEG_FEHLT"
  | "UMSATZZAEHLER";

export interface Verstoss {
  ok: false;
  /** Position of the receipt in the DEP, counted over all groups from 0; null for the DEP as a whole. */
  index: number | null;
  belegNummer: string | null;
  code: VerstossCode;
  message: string;
}

export interface PruefungBestanden {
  ok: true;
  belegAnzahl: number;
  /** The turnover counter after the last receipt. */
  umsatzzaehlerCent: number;
}

export type PruefErgebnis = PruefungBestanden | Verstoss;

interface DepBeleg {
  jws: string;
  gruppenZertifikat: string;
}

function depBelege(dep: unknown): DepBeleg[] | null {
  const gruppen = (dep as { "Belege-Gruppe"?: unknown } | null)?.["Belege-Gruppe"];
  if (!Array.isArray(gruppen)) return null;
  const belege: DepBeleg[] = [];
  for (const gruppe of gruppen) {
    const kompakt = gruppe?.["Belege-kompakt"];
    const zertifikat = gruppe?.Signaturzertifikat ?? "";
    if (!Array.isArray(kompakt) || typeof zertifikat !== "string") return null;
    for (const jws of kompakt) {
      if (typeof jws !== "string") return null;
      belege.push({ jws, gruppenZertifikat: zertifikat });
    }
  }
  return belege;
}

/** The keys by Zertifikat-Seriennummer: the container's entries (exact names, as the Prüftool matches them). */
function schluesselAusContainer(container: KryptoMaterialContainer): Map<string, KeyObject> {
  const schluessel = new Map<string, KeyObject>();
  for (const [name, eintrag] of Object.entries(container.certificateOrPublicKeyMap ?? {})) {
    const der = Buffer.from(eintrag.signatureCertificateOrPublicKey, "base64");
    schluessel.set(
      name,
      eintrag.signatureDeviceType === "CERTIFICATE"
        ? new X509Certificate(der).publicKey
        : createPublicKey({ key: der, format: "der", type: "spki" }),
    );
  }
  return schluessel;
}

/** A DEP group's certificate stands for the serial it carries, in the hex the receipts of open systems write. */
function schluesselAusGruppe(base64Zertifikat: string, seriennummer: string): KeyObject | undefined {
  if (!base64Zertifikat) return undefined;
  let zertifikat: X509Certificate;
  try {
    zertifikat = new X509Certificate(Buffer.from(base64Zertifikat, "base64"));
  } catch {
    return undefined;
  }
  const ohneNullen = (hex: string) => hex.toUpperCase().replace(/^0+/, "");
  return ohneNullen(zertifikat.serialNumber) === ohneNullen(seriennummer) ? zertifikat.publicKey : undefined;
}

export function pruefeDep(dep: unknown, container: KryptoMaterialContainer): PruefErgebnis {
  const belege = depBelege(dep);
  if (!belege || belege.length === 0)
    return verstoss(null, null, "DEP_FORMAT", "Kein DEP7: Belege-Gruppe mit Belege-kompakt erwartet");
  const schluessel = schluesselAusContainer(container);
  const aesSchluessel = container.base64AESKey;

  let erster: BelegCode | undefined;
  let vorigerJws: string | undefined;
  let vorigerZeitpunkt = "";
  let vorigerAusgefallen = false;
  let umsatzzaehlerCent = 0;
  const belegNummern = new Set<string>();

  for (const [index, { jws, gruppenZertifikat }] of belege.entries()) {
    const teile = zerlegeJws(jws);
    if (!teile) return verstoss(index, null, "JWS_FORMAT", "Kein JWS der Suite R1 (ES256)");
    const code = zerlegeCode(teile.maschinenlesbarerCode);
    if (!code)
      return verstoss(
        index,
        null,
        "CODE_FORMAT",
        `Kein maschinenlesbarer Code: ${teile.maschinenlesbarerCode}`,
      );
    const { belegNummer } = code;
    const fehler = (c: VerstossCode, message: string) => verstoss(index, belegNummer, c, message);

    const kassenId = erster?.kassenId ?? code.kassenId;
    if (code.kassenId !== kassenId)
      return fehler("KASSEN_ID", `Kassen-ID ${code.kassenId} statt ${kassenId}`);
    if (belegNummern.has(belegNummer)) return fehler("BELEGNUMMER", `Belegnummer ${belegNummer} ist doppelt`);
    belegNummern.add(belegNummer);
    if (code.verkettungswert !== verkettungswert(vorigerJws, kassenId))
      return index === 0
        ? fehler("STARTBELEG", "Der erste Beleg ist nicht mit der Kassen-ID verkettet: kein Startbeleg")
        : fehler("VERKETTUNG", "Sig-Voriger-Beleg passt nicht zum vorigen Beleg");
    if (code.zeitpunkt < vorigerZeitpunkt)
      return fehler("ZEITFOLGE", `${code.zeitpunkt} liegt vor dem vorigen Beleg (${vorigerZeitpunkt})`);

    const ausgefallen = teile.signatur === null;
    if (teile.signatur) {
      const name = code.zertifikatSeriennummer;
      const oeffentlich = schluessel.get(name) ?? schluesselAusGruppe(gruppenZertifikat, name);
      if (!oeffentlich) return fehler("SCHLUESSEL_UNBEKANNT", `Kein Zertifikat oder Schlüssel für ${name}`);
      const gueltig = verify(
        "sha256",
        Buffer.from(teile.signaturEingabe, "utf8"),
        { key: oeffentlich, dsaEncoding: "ieee-p1363" },
        teile.signatur,
      );
      if (!gueltig) return fehler("SIGNATUR", `Die Signatur passt nicht zum Schlüssel von ${name}`);
    }

    const feld = code.umsatzzaehlerFeld;
    const markiert = feld === STORNO_MARKER || feld === TRAINING_MARKER;
    if (index === 0 && (ausgefallen || markiert || !sindNull(code.betraege)))
      return fehler("STARTBELEG", "Der erste Beleg ist kein signierter Startbeleg mit Betrag 0");
    if (vorigerAusgefallen && !ausgefallen && (markiert || !sindNull(code.betraege)))
      return fehler(
        "SAMMELBELEG_FEHLT",
        "Nach dem Ausfall muss der erste signierte Beleg ein Nullbeleg sein",
      );

    if (feld !== TRAINING_MARKER) umsatzzaehlerCent += summeCent(code.betraege);
    if (!markiert) {
      const entschluesselt = entschluesseleUmsatzzaehler(feld, kassenId, belegNummer, aesSchluessel);
      if (entschluesselt !== umsatzzaehlerCent)
        return fehler(
          "UMSATZZAEHLER",
          entschluesselt === null
            ? "Der Umsatzzähler lässt sich nicht entschlüsseln"
            : `Umsatzzähler ${entschluesselt} statt ${umsatzzaehlerCent} Cent`,
        );
    }

    erster ??= code;
    vorigerJws = jws;
    vorigerZeitpunkt = code.zeitpunkt;
    vorigerAusgefallen = ausgefallen;
  }
  return { ok: true, belegAnzahl: belege.length, umsatzzaehlerCent };
}

function verstoss(
  index: number | null,
  belegNummer: string | null,
  code: VerstossCode,
  message: string,
): Verstoss {
  return { ok: false, index, belegNummer, code, message };
}
