import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  X509Certificate,
} from "node:crypto";
import { RksvFehler } from "../fehler.ts";
import { jwsSignaturEingabe } from "../jws.ts";
import type { SignaturEinrichtung } from "./signatur-einrichtung.ts";
import { neueSeriennummer, selbstsigniertesZertifikat } from "./zertifikat.ts";

/**
 * A signature device in software: an ECDSA P-256 key and a self-signed certificate (serial: 8 random bytes). The
 * key leaves only as PKCS#8 DER through `exportiere`; sealing it at rest is the caller's business.
 *
 * ZDA `AT0` (the default) is a closed system (Detailspezifikation Abs. 4): the code's Zertifikat-Seriennummer is
 * then the company's Ordnungsbegriff and a key id, `U:ATU12345678-<id>` — the Prüftool refuses anything else
 * there (FORMAT_CLOSED_SYSTEM_SERIAL). The key id is the certificate's serial in uppercase hex. Under any other ZDA
 * (an open system's certificate, for tests) the field is that serial alone.
 */
export interface SoftwareEinrichtungDaten {
  zda: string;
  /** AT0 only: `S:<Steuernummer>`, `U:<UID>` or `G:<GLN>`. */
  ordnungsbegriff?: string;
  /** PKCS#8 DER. */
  privaterSchluessel: Buffer;
  /** X.509 DER. */
  zertifikat: Buffer;
}

export interface NeueSoftwareEinrichtung {
  zda?: string;
  ordnungsbegriff?: string;
  name?: string;
  organisation?: string;
  gueltigAb?: Date;
  gueltigBis?: Date;
}

const JAHR_MS = 365.25 * 24 * 3600 * 1000;
const ORDNUNGSBEGRIFF = /^(S:\d{9}|U:[A-Z0-9]{5,14}|G:\d{13})$/;

export class SoftwareEinrichtung implements SignaturEinrichtung {
  readonly zertifikatSeriennummer: string;

  private constructor(
    readonly zda: string,
    private readonly ordnungsbegriff: string | undefined,
    private readonly schluessel: KeyObject,
    private readonly zertifikatDer: Buffer,
  ) {
    const zertifikat = new X509Certificate(zertifikatDer);
    if (!zertifikat.publicKey.equals(createPublicKey(schluessel)))
      throw new RksvFehler("UNGUELTIGE_EINGABE", "Schlüssel und Zertifikat gehören nicht zusammen");
    const seriennummer = zertifikat.serialNumber.toUpperCase();
    if (zda !== "AT0") {
      this.zertifikatSeriennummer = seriennummer;
    } else if (ordnungsbegriff !== undefined && ORDNUNGSBEGRIFF.test(ordnungsbegriff)) {
      this.zertifikatSeriennummer = `${ordnungsbegriff}-${seriennummer}`;
    } else {
      throw new RksvFehler(
        "UNGUELTIGE_EINGABE",
        `Geschlossenes System (AT0): Ordnungsbegriff S:<Steuernummer>, U:<UID> oder G:<GLN> fehlt (${ordnungsbegriff})`,
      );
    }
  }

  static erzeuge(angaben: NeueSoftwareEinrichtung = {}): SoftwareEinrichtung {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const gueltigAb = angaben.gueltigAb ?? new Date();
    const zertifikat = selbstsigniertesZertifikat(
      {
        seriennummer: neueSeriennummer(),
        name: angaben.name ?? "Kontor RKSV Signaturerstellungseinheit",
        organisation: angaben.organisation,
        gueltigAb,
        gueltigBis: angaben.gueltigBis ?? new Date(gueltigAb.getTime() + 30 * JAHR_MS),
      },
      privateKey,
      publicKey,
    );
    return new SoftwareEinrichtung(angaben.zda ?? "AT0", angaben.ordnungsbegriff, privateKey, zertifikat);
  }

  static lade(daten: SoftwareEinrichtungDaten): SoftwareEinrichtung {
    const schluessel = createPrivateKey({ key: daten.privaterSchluessel, format: "der", type: "pkcs8" });
    if (schluessel.asymmetricKeyType !== "ec" || schluessel.asymmetricKeyDetails?.namedCurve !== "prime256v1")
      throw new RksvFehler("UNGUELTIGE_EINGABE", "Erwartet ein ECDSA-P-256-Schlüssel");
    return new SoftwareEinrichtung(daten.zda, daten.ordnungsbegriff, schluessel, daten.zertifikat);
  }

  exportiere(): SoftwareEinrichtungDaten {
    return {
      zda: this.zda,
      ...(this.ordnungsbegriff !== undefined && { ordnungsbegriff: this.ordnungsbegriff }),
      privaterSchluessel: this.schluessel.export({ type: "pkcs8", format: "der" }),
      zertifikat: Buffer.from(this.zertifikatDer),
    };
  }

  async zertifikat(): Promise<Buffer> {
    return Buffer.from(this.zertifikatDer);
  }

  async zertifizierungsstellen(): Promise<Buffer[]> {
    return [];
  }

  async signiere(maschinenlesbarerCode: string): Promise<Buffer> {
    return sign("sha256", Buffer.from(jwsSignaturEingabe(maschinenlesbarerCode), "utf8"), {
      key: this.schluessel,
      dsaEncoding: "ieee-p1363",
    });
  }
}
