import { X509Certificate } from "node:crypto";
import { zerlegeCode } from "./code.ts";
import type { SignaturEinrichtung } from "./einrichtung/signatur-einrichtung.ts";
import { zerlegeJws } from "./jws.ts";

/**
 * The DEP export (Datenerfassungsprotokoll, RKSV § 7 and Detailspezifikation Abs. 3, "DEP7"): the receipts' JWS in
 * order, in groups of one signing certificate each — a new group whenever the certificate changes. The group of a
 * receipt is the certificate its code names (Zertifikat-Seriennummer), so a receipt made while a device had failed
 * goes with that device's certificate.
 */
export interface DepExport {
  "Belege-Gruppe": DepGruppe[];
}

export interface DepGruppe {
  /** The signing certificate, base64 DER; empty when there is none (a closed system's bare key). */
  Signaturzertifikat: string;
  Zertifizierungsstellen: string[];
  "Belege-kompakt": string[];
}

/** What the DEP and the container need to know of a signature device. */
export interface EinrichtungsZertifikat {
  zda: string;
  zertifikatSeriennummer: string;
  /** X.509 DER. */
  zertifikat: Buffer;
  zertifizierungsstellen: Buffer[];
}

export async function einrichtungsZertifikat(
  einrichtung: SignaturEinrichtung,
): Promise<EinrichtungsZertifikat> {
  return {
    zda: einrichtung.zda,
    zertifikatSeriennummer: einrichtung.zertifikatSeriennummer,
    zertifikat: await einrichtung.zertifikat(),
    zertifizierungsstellen: await einrichtung.zertifizierungsstellen(),
  };
}

/** A closed system (AT0) registers a bare public key with FinanzOnline, not a certificate. */
const geschlossen = (z: EinrichtungsZertifikat) => z.zda === "AT0";

function seriennummerImCode(jws: string): string | undefined {
  const teile = zerlegeJws(jws);
  return teile ? zerlegeCode(teile.maschinenlesbarerCode)?.zertifikatSeriennummer : undefined;
}

export function exportiereDep(
  jwsListe: readonly string[],
  zertifikate: readonly EinrichtungsZertifikat[],
): DepExport {
  const nachSeriennummer = new Map(zertifikate.map((z) => [z.zertifikatSeriennummer, z]));
  const gruppen: DepGruppe[] = [];
  let letzteSeriennummer: string | undefined;
  for (const jws of jwsListe) {
    const seriennummer = seriennummerImCode(jws);
    const gruppe = gruppen.at(-1);
    if (gruppe && seriennummer === letzteSeriennummer) {
      gruppe["Belege-kompakt"].push(jws);
      continue;
    }
    const angaben = seriennummer === undefined ? undefined : nachSeriennummer.get(seriennummer);
    const offen = angaben && !geschlossen(angaben);
    gruppen.push({
      Signaturzertifikat: offen ? angaben.zertifikat.toString("base64") : "",
      Zertifizierungsstellen: offen ? angaben.zertifizierungsstellen.map((z) => z.toString("base64")) : [],
      "Belege-kompakt": [jws],
    });
    letzteSeriennummer = seriennummer;
  }
  return { "Belege-Gruppe": gruppen };
}

/**
 * The cryptographic material container the BMF verification tools read beside a DEP (not part of the RKSV): the
 * AES key and, per Zertifikat-Seriennummer exactly as the receipts write it, the certificate — or for a closed
 * system the public key (the Prüftool fails every signature of an AT0 receipt given as CERTIFICATE).
 */
export interface KryptoMaterialContainer {
  base64AESKey: string;
  certificateOrPublicKeyMap: Record<string, SignaturschluesselEintrag>;
}

export interface SignaturschluesselEintrag {
  id: string;
  signatureDeviceType: "CERTIFICATE" | "PUBLIC_KEY";
  /** base64 DER: the certificate, or the SubjectPublicKeyInfo. */
  signatureCertificateOrPublicKey: string;
}

export function kryptoMaterialContainer(
  aesSchluessel: string,
  zertifikate: readonly EinrichtungsZertifikat[],
): KryptoMaterialContainer {
  const certificateOrPublicKeyMap: Record<string, SignaturschluesselEintrag> = {};
  for (const z of zertifikate) {
    const id = z.zertifikatSeriennummer;
    certificateOrPublicKeyMap[id] = geschlossen(z)
      ? {
          id,
          signatureDeviceType: "PUBLIC_KEY",
          signatureCertificateOrPublicKey: new X509Certificate(z.zertifikat).publicKey
            .export({ type: "spki", format: "der" })
            .toString("base64"),
        }
      : {
          id,
          signatureDeviceType: "CERTIFICATE",
          signatureCertificateOrPublicKey: z.zertifikat.toString("base64"),
        };
  }
  return { base64AESKey: aesSchluessel, certificateOrPublicKeyMap };
}
