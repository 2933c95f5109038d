import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { jwsSignaturEingabe } from "../jws.ts";
import { SoftwareEinrichtung } from "./software-einrichtung.ts";

/**
 * A stand-in for a.sign RK Online (tests only): the REST calls of the real service (see atrust-einrichtung.ts),
 * signing with a software key in an open-system certificate (ZDA AT1). Switches make it slow, broken, forgetful or
 * dishonest, and `beimSignieren` lets a test act at the moment a Sign request arrives (before it is answered).
 *
 *   const attrappe = new ATrustAttrappe();
 *   const basisUrl = await attrappe.starte(); // http://127.0.0.1:<port>/asignrkonline/v2/
 *   … { basisUrl, benutzer: attrappe.benutzer, passwort: attrappe.passwort } …
 *   await attrappe.stoppe();
 */
export class ATrustAttrappe {
  /** The key and certificate it signs with; a test may put in a new one (a renewed certificate). */
  hsm = SoftwareEinrichtung.erzeuge({ zda: "AT1" });
  readonly benutzer = "u123456789";
  readonly passwort = "geheim";
  /** Open sessions: session id → session key. */
  sitzungen = new Map<string, string>();
  /** Every call as `METHOD path` (session ids as `<id>`). */
  aufrufe: string[] = [];
  /** Every call waits this long before it is answered. */
  verzoegerungMs = 0;
  /** Not 0: every call is answered with this HTTP status. */
  fehlerStatus = 0;
  /** Signs something else than the code it was sent. */
  falscheSignatur = false;
  /**
   * Called (and awaited) when a Sign request arrives, before the switches above and before it is answered: e.g. to
   * kill the caller in the middle of a receipt, or to switch the stand-in off for this very request.
   */
  beimSignieren: (() => Promise<void> | void) | undefined = undefined;
  private server: Server = createServer((req, res) => void this.beantworte(req, res));

  async starte(): Promise<string> {
    await new Promise<void>((fertig) => this.server.listen(0, "127.0.0.1", fertig));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/asignrkonline/v2/`;
  }

  async stoppe(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((fertig) => this.server.close(fertig));
  }

  /** Every switch off and the call log empty (the sessions stay). */
  zuruecksetzen(): void {
    this.aufrufe = [];
    this.verzoegerungMs = 0;
    this.fehlerStatus = 0;
    this.falscheSignatur = false;
    this.beimSignieren = undefined;
  }

  private async beantworte(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const teile: Buffer[] = [];
    for await (const teil of req) teile.push(teil as Buffer);
    const inhalt = teile.length ? JSON.parse(Buffer.concat(teile).toString()) : {};
    const pfad = (req.url ?? "").replace("/asignrkonline/v2/", "");
    this.aufrufe.push(`${req.method} ${pfad.replace(/^Session\/[0-9a-f-]{36}/, "Session/<id>")}`);
    const antworte = (status: number, json?: unknown) => {
      if (res.destroyed) return;
      res.writeHead(status, { "content-type": "application/json" });
      res.end(json === undefined ? "" : JSON.stringify(json));
    };
    const signieren = /^Session\/([^/]+)\/Sign\/JWS$/.exec(pfad);
    if (req.method === "POST" && signieren && this.beimSignieren) await this.beimSignieren();
    if (this.verzoegerungMs) await new Promise((r) => setTimeout(r, this.verzoegerungMs));
    if (this.fehlerStatus) return antworte(this.fehlerStatus, { error: "kaputt" });

    if (req.method === "GET" && pfad === `${this.benutzer}/ZDA`) return antworte(200, { zdaid: "AT1" });
    if (req.method === "GET" && pfad === `${this.benutzer}/Certificate`)
      return antworte(200, {
        Signaturzertifikat: (await this.hsm.zertifikat()).toString("base64"),
        Zertifizierungsstellen: [],
        Zertifikatsseriennummer: BigInt(`0x${this.hsm.zertifikatSeriennummer}`).toString(),
        ZertifikatsseriennummerHex: this.hsm.zertifikatSeriennummer,
        alg: "ES256",
      });
    if (req.method === "PUT" && pfad === `Session/${this.benutzer}`) {
      if (inhalt.password !== this.passwort) return antworte(401, { error: "Passwort" });
      const sessionid = randomUUID();
      const sessionkey = randomUUID();
      this.sitzungen.set(sessionid, sessionkey);
      return antworte(200, { sessionid, sessionkey });
    }
    if (req.method === "POST" && signieren) {
      if (this.sitzungen.get(signieren[1]!) !== inhalt.sessionkey) return antworte(401, { error: "Sitzung" });
      const code = String(inhalt.jws_payload);
      const signatur = await this.hsm.signiere(this.falscheSignatur ? `${code}x` : code);
      return antworte(200, { result: `${jwsSignaturEingabe(code)}.${signatur.toString("base64url")}` });
    }
    const abmelden = /^Session\/([^/]+)$/.exec(pfad);
    if (req.method === "DELETE" && abmelden) {
      this.sitzungen.delete(abmelden[1]!);
      return antworte(200);
    }
    antworte(404, { error: "unbekannt" });
  }
}
