import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { erstelleBeleg, type Kasse } from "../beleg.ts";
import { einrichtungsZertifikat, exportiereDep, kryptoMaterialContainer } from "../dep.ts";
import { RksvFehler } from "../fehler.ts";
import { jwsSignaturEingabe } from "../jws.ts";
import { pruefeDep } from "../pruefung.ts";
import { ATrustEinrichtung, type ATrustZugang } from "./atrust-einrichtung.ts";
import { SoftwareEinrichtung } from "./software-einrichtung.ts";

/**
 * A stand-in for a.sign RK Online: the REST calls of the real service (see atrust-einrichtung.ts), signing with a
 * software key in an open-system certificate. Switches make it slow, broken, forgetful or dishonest.
 */
class ATrustAttrappe {
  readonly hsm = SoftwareEinrichtung.erzeuge({ zda: "AT1" });
  readonly benutzer = "u123456789";
  readonly passwort = "geheim";
  sitzungen = new Map<string, string>();
  aufrufe: string[] = [];
  verzoegerungMs = 0;
  fehlerStatus = 0;
  falscheSignatur = false;
  private server: Server = createServer((req, res) => void this.beantworte(req, res));

  async starte(): Promise<string> {
    await new Promise<void>((fertig) => this.server.listen(0, "127.0.0.1", fertig));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/asignrkonline/v2/`;
  }

  async stoppe(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((fertig) => this.server.close(fertig));
  }

  private async beantworte(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const teile: Buffer[] = [];
    for await (const teil of req) teile.push(teil as Buffer);
    const inhalt = teile.length ? JSON.parse(Buffer.concat(teile).toString()) : {};
    const pfad = (req.url ?? "").replace("/asignrkonline/v2/", "");
    this.aufrufe.push(`${req.method} ${pfad.replace(/^Session\/[0-9a-f-]{36}/, "Session/<id>")}`);
    const antworte = (status: number, json?: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(json === undefined ? "" : JSON.stringify(json));
    };
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
    const signieren = /^Session\/([^/]+)\/Sign\/JWS$/.exec(pfad);
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

const attrappe = new ATrustAttrappe();
let zugang: ATrustZugang;
const CODE = "_R1-AT1_K1_1_2024-05-01T08:00:00_0,00_0,00_0,00_0,00_0,00_AAAAAAAAAAA=_1A_cg8hNU5ihto=";

beforeAll(async () => {
  zugang = {
    basisUrl: await attrappe.starte(),
    benutzer: attrappe.benutzer,
    passwort: attrappe.passwort,
    zeitlimitMs: 500,
  };
});
afterAll(() => attrappe.stoppe());
beforeEach(() => {
  Object.assign(attrappe, { aufrufe: [], verzoegerungMs: 0, fehlerStatus: 0, falscheSignatur: false });
});

describe("ATrustEinrichtung against a stand-in of a.sign RK Online", () => {
  it("reads ZDA and certificate, logs in once and signs", async () => {
    const einrichtung = await ATrustEinrichtung.verbinde(zugang);
    expect(einrichtung.zda).toBe("AT1");
    expect(einrichtung.zertifikatSeriennummer).toBe(attrappe.hsm.zertifikatSeriennummer);
    expect(await einrichtung.zertifikat()).toEqual(await attrappe.hsm.zertifikat());
    expect(await einrichtung.signiere(CODE)).toHaveLength(64);
    expect(await einrichtung.signiere(CODE)).toHaveLength(64);
    await einrichtung.abmelden();
    expect(attrappe.aufrufe).toEqual([
      "GET u123456789/ZDA",
      "GET u123456789/Certificate",
      "PUT Session/u123456789",
      "POST Session/<id>/Sign/JWS",
      "POST Session/<id>/Sign/JWS",
      "DELETE Session/<id>",
    ]);
    expect(attrappe.sitzungen.size).toBe(0);
  });

  it("logs in again when the service has forgotten the session", async () => {
    const einrichtung = await ATrustEinrichtung.verbinde(zugang);
    await einrichtung.signiere(CODE);
    attrappe.sitzungen.clear();
    expect(await einrichtung.signiere(CODE)).toHaveLength(64);
    expect(attrappe.aufrufe.slice(2)).toEqual([
      "PUT Session/u123456789",
      "POST Session/<id>/Sign/JWS",
      "POST Session/<id>/Sign/JWS",
      "PUT Session/u123456789",
      "POST Session/<id>/Sign/JWS",
    ]);
  });

  type Schalter = Pick<ATrustAttrappe, "verzoegerungMs" | "fehlerStatus" | "falscheSignatur">;
  it.each<[string, { passwort?: string; schalter?: Partial<Schalter> }, RegExp]>([
    ["a wrong password", { passwort: "falsch" }, /HTTP 401/],
    ["a timeout", { schalter: { verzoegerungMs: 1500 } }, /nicht erreichbar/],
    ["a server error", { schalter: { fehlerStatus: 503 } }, /HTTP 503/],
    ["a signature of something else", { schalter: { falscheSignatur: true } }, /passt nicht zum Zertifikat/],
  ])("fails with EINRICHTUNG on %s", async (_fall, { passwort, schalter }, meldung) => {
    const einrichtung = await ATrustEinrichtung.verbinde({ ...zugang, ...(passwort && { passwort }) });
    Object.assign(attrappe, schalter);
    const fehler = await einrichtung.signiere(CODE).catch((e: unknown) => e);
    expect(fehler).toBeInstanceOf(RksvFehler);
    expect(fehler).toMatchObject({ code: "EINRICHTUNG", message: expect.stringMatching(meldung) });
    expect(attrappe.aufrufe.filter((a) => a.startsWith("PUT")).length).toBeLessThanOrEqual(1);
    // No session id in the message.
    expect((fehler as Error).message).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it("cannot connect to a service that is down", async () => {
    await expect(
      ATrustEinrichtung.verbinde({ ...zugang, basisUrl: "http://127.0.0.1:9/" }),
    ).rejects.toMatchObject({
      code: "EINRICHTUNG",
    });
  });

  it("keeps the cash box going through an outage: failed receipts, then the Sammelbeleg, and a DEP that verifies", async () => {
    const einrichtung = await ATrustEinrichtung.verbinde(zugang);
    const aesSchluessel = "WQRtiiya3hYh/Uz44Bv3x8ETl1nrH6nCdErn69g5/lU=";
    let kasse: Kasse = { kassenId: "KASSE-A", aesSchluessel, umsatzzaehlerCent: 0 };
    const jws: string[] = [];
    const beleg = async (typ: "START" | "STANDARD" | "NULL", satzNormal = 0) => {
      const b = await erstelleBeleg(
        kasse,
        {
          belegNummer: String(jws.length + 1),
          zeitpunkt: `2024-05-01T12:00:0${jws.length}`,
          typ,
          betraege: { satzNormal },
        },
        einrichtung,
      );
      kasse = b.kasse;
      jws.push(b.jws);
      return b;
    };
    expect((await beleg("START")).ausgefallen).toBe(false);
    attrappe.verzoegerungMs = 1500;
    expect(await beleg("STANDARD", 990)).toMatchObject({
      ausgefallen: true,
      ausfallGrund: expect.stringMatching(/nicht erreichbar/),
    });
    attrappe.verzoegerungMs = 0;
    await expect(beleg("STANDARD", 10)).rejects.toMatchObject({ code: "SAMMELBELEG_ERFORDERLICH" });
    expect(await beleg("NULL")).toMatchObject({ ausgefallen: false, zweck: "SAMMELBELEG" });
    expect(await beleg("STANDARD", 10)).toMatchObject({ ausgefallen: false, umsatzzaehlerCent: 1000 });

    const zertifikate = [await einrichtungsZertifikat(einrichtung)];
    const dep = exportiereDep(jws, zertifikate);
    expect(dep["Belege-Gruppe"]).toHaveLength(1);
    expect(dep["Belege-Gruppe"][0]!.Signaturzertifikat).toBe(
      (await einrichtung.zertifikat()).toString("base64"),
    );
    const material = kryptoMaterialContainer(aesSchluessel, zertifikate);
    expect(Object.values(material.certificateOrPublicKeyMap)[0]!.signatureDeviceType).toBe("CERTIFICATE");
    expect(pruefeDep(dep, material)).toEqual({ ok: true, belegAnzahl: 4, umsatzzaehlerCent: 1000 });
  });
});
