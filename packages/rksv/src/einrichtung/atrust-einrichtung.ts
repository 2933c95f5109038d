import { type KeyObject, verify, X509Certificate } from "node:crypto";
import { RksvFehler } from "../fehler.ts";
import { jwsSignaturEingabe, zerlegeJws } from "../jws.ts";
import type { SignaturEinrichtung } from "./signatur-einrichtung.ts";

/**
 * A-Trust "a.sign RK Online" (REST, v2): the signing key sits in A-Trust's HSM, the cash box sends each receipt's
 * code and gets back the JWS. The calls, relative to the base URL:
 *
 * | call | request | answer |
 * |---|---|---|
 * | `GET  {benutzer}/ZDA` | | `{"zdaid":"AT1"}` |
 * | `GET  {benutzer}/Certificate` | | `{"Signaturzertifikat", "Zertifizierungsstellen":[…], "Zertifikatsseriennummer", "ZertifikatsseriennummerHex", "alg":"ES256"}` (base64 DER) |
 * | `PUT  Session/{benutzer}` (login) | `{"password"}` | `{"sessionid","sessionkey"}` |
 * | `POST Session/{sessionid}/Sign/JWS` | `{"sessionkey","jws_payload":<code>}` | `{"result":<JWS compact>}` |
 * | `DELETE Session/{sessionid}` (logout) | | |
 *
 * The answer's JWS must sign exactly our header and payload, and its signature must verify with the certificate;
 * anything else — a timeout, an HTTP error, a wrong answer — is a failure (`EINRICHTUNG`), which the engine turns
 * into a receipt with "Sicherheitseinrichtung ausgefallen". A session that the service no longer knows (401, 403,
 * 404) is renewed once.
 */
export const ATRUST_TESTSYSTEM = "https://hs-abnahme.a-trust.at/asignrkonline/v2";
export const ATRUST_PRODUKTION = "https://www.a-trust.at/asignrkonline/v2";

export interface ATrustZugang {
  basisUrl: string;
  benutzer: string;
  passwort: string;
  /** Per HTTP call; default 5 s. */
  zeitlimitMs?: number;
}

interface Sitzung {
  sessionid: string;
  sessionkey: string;
}

interface ZertifikatAntwort {
  Signaturzertifikat?: string;
  Zertifizierungsstellen?: string[];
  ZertifikatsseriennummerHex?: string;
  alg?: string;
}

const SITZUNG_UNBEKANNT = new Set([401, 403, 404]);

class HttpFehler extends RksvFehler {
  constructor(
    readonly status: number,
    pfad: string,
  ) {
    super("EINRICHTUNG", `A-Trust ${pfad}: HTTP ${status}`);
  }
}

export class ATrustEinrichtung implements SignaturEinrichtung {
  private sitzung: Promise<Sitzung> | undefined;
  private readonly schluessel: KeyObject;

  private constructor(
    private readonly zugang: ATrustZugang,
    readonly zda: string,
    readonly zertifikatSeriennummer: string,
    private readonly zertifikatDer: Buffer,
    private readonly stellen: Buffer[],
  ) {
    this.schluessel = new X509Certificate(zertifikatDer).publicKey;
  }

  /** Reads the ZDA and the certificate; throws `EINRICHTUNG` when the service cannot be reached. */
  static async verbinde(zugang: ATrustZugang): Promise<ATrustEinrichtung> {
    const benutzer = encodeURIComponent(zugang.benutzer);
    const { zdaid } = await anfrage<{ zdaid?: string }>(zugang, "GET", `${benutzer}/ZDA`);
    const antwort = await anfrage<ZertifikatAntwort>(zugang, "GET", `${benutzer}/Certificate`);
    if (!zdaid || !antwort.Signaturzertifikat)
      throw new RksvFehler("EINRICHTUNG", "A-Trust: ZDA oder Signaturzertifikat fehlt in der Antwort");
    if (antwort.alg !== undefined && antwort.alg !== "ES256")
      throw new RksvFehler("EINRICHTUNG", `A-Trust: Algorithmus ${antwort.alg} statt ES256`);
    const zertifikat = Buffer.from(antwort.Signaturzertifikat, "base64");
    try {
      const seriennummer = antwort.ZertifikatsseriennummerHex || new X509Certificate(zertifikat).serialNumber;
      return new ATrustEinrichtung(
        zugang,
        zdaid,
        seriennummer,
        zertifikat,
        (antwort.Zertifizierungsstellen ?? []).map((z) => Buffer.from(z, "base64")),
      );
    } catch (fehler) {
      throw new RksvFehler("EINRICHTUNG", "A-Trust: das Signaturzertifikat ist kein X.509-Zertifikat", {
        cause: fehler,
      });
    }
  }

  async zertifikat(): Promise<Buffer> {
    return Buffer.from(this.zertifikatDer);
  }

  async zertifizierungsstellen(): Promise<Buffer[]> {
    return this.stellen.map((z) => Buffer.from(z));
  }

  async signiere(maschinenlesbarerCode: string): Promise<Buffer> {
    const alteSitzung = this.sitzung !== undefined;
    let jws: string;
    try {
      jws = await this.signiereInSitzung(maschinenlesbarerCode);
    } catch (fehler) {
      // Only a session from an earlier call may have expired; a fresh login that fails is not tried twice.
      if (!(alteSitzung && fehler instanceof HttpFehler && SITZUNG_UNBEKANNT.has(fehler.status)))
        throw fehler;
      this.sitzung = undefined;
      jws = await this.signiereInSitzung(maschinenlesbarerCode);
    }
    const teile = zerlegeJws(jws);
    if (!teile?.signatur || teile.signaturEingabe !== jwsSignaturEingabe(maschinenlesbarerCode))
      throw new RksvFehler("EINRICHTUNG", "A-Trust: die Antwort ist keine Signatur dieses Belegs");
    const eingabe = Buffer.from(teile.signaturEingabe, "utf8");
    if (!verify("sha256", eingabe, { key: this.schluessel, dsaEncoding: "ieee-p1363" }, teile.signatur))
      throw new RksvFehler("EINRICHTUNG", "A-Trust: die Signatur passt nicht zum Zertifikat");
    return teile.signatur;
  }

  /** Ends the session, if there is one. */
  async abmelden(): Promise<void> {
    const sitzung = this.sitzung;
    this.sitzung = undefined;
    if (!sitzung) return;
    const { sessionid } = await sitzung;
    await anfrage(this.zugang, "DELETE", `Session/${encodeURIComponent(sessionid)}`);
  }

  private async signiereInSitzung(maschinenlesbarerCode: string): Promise<string> {
    this.sitzung ??= anfrage<Sitzung>(
      this.zugang,
      "PUT",
      `Session/${encodeURIComponent(this.zugang.benutzer)}`,
      {
        password: this.zugang.passwort,
      },
    );
    let sitzung: Sitzung;
    try {
      sitzung = await this.sitzung;
    } catch (fehler) {
      this.sitzung = undefined;
      throw fehler;
    }
    const { result } = await anfrage<{ result?: string }>(
      this.zugang,
      "POST",
      `Session/${encodeURIComponent(sitzung.sessionid)}/Sign/JWS`,
      { sessionkey: sitzung.sessionkey, jws_payload: maschinenlesbarerCode },
    );
    if (typeof result !== "string") throw new RksvFehler("EINRICHTUNG", "A-Trust: Sign/JWS ohne result");
    return result;
  }
}

async function anfrage<T>(zugang: ATrustZugang, methode: string, pfad: string, inhalt?: unknown): Promise<T> {
  // Messages name the call, never a session id.
  const aufruf = `${methode} ${pfad.replace(/^Session\/[^/]+/, "Session/…")}`;
  let antwort: Response;
  try {
    antwort = await fetch(`${zugang.basisUrl.replace(/\/+$/, "")}/${pfad}`, {
      method: methode,
      headers: {
        accept: "application/json",
        ...(inhalt !== undefined && { "content-type": "application/json" }),
      },
      ...(inhalt !== undefined && { body: JSON.stringify(inhalt) }),
      signal: AbortSignal.timeout(zugang.zeitlimitMs ?? 5000),
    });
  } catch (fehler) {
    throw new RksvFehler("EINRICHTUNG", `A-Trust ${aufruf}: nicht erreichbar`, { cause: fehler });
  }
  if (!antwort.ok) {
    await antwort.body?.cancel();
    throw new HttpFehler(antwort.status, aufruf);
  }
  const text = await antwort.text().catch((fehler: unknown) => {
    throw new RksvFehler("EINRICHTUNG", `A-Trust ${aufruf}: Antwort abgebrochen`, { cause: fehler });
  });
  if (methode === "DELETE") return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (fehler) {
    throw new RksvFehler("EINRICHTUNG", `A-Trust ${aufruf}: kein JSON`, { cause: fehler });
  }
}
