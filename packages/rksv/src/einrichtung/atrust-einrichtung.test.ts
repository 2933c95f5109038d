import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { erstelleBeleg, type Kasse } from "../beleg.ts";
import { einrichtungsZertifikat, exportiereDep, kryptoMaterialContainer } from "../dep.ts";
import { RksvFehler } from "../fehler.ts";
import { pruefeDep } from "../pruefung.ts";
import { ATrustAttrappe } from "./atrust.testing.ts";
import { ATrustEinrichtung, type ATrustZugang } from "./atrust-einrichtung.ts";

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
beforeEach(() => attrappe.zuruecksetzen());

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

  it("the stand-in lets a test act when a Sign request arrives, before it is answered", async () => {
    const einrichtung = await ATrustEinrichtung.verbinde(zugang);
    const gesehen: string[] = [];
    attrappe.beimSignieren = () => {
      gesehen.push(attrappe.aufrufe.at(-1)!);
      attrappe.fehlerStatus = 503;
    };
    await expect(einrichtung.signiere(CODE)).rejects.toMatchObject({
      message: expect.stringMatching(/HTTP 503/),
    });
    expect(gesehen).toEqual(["POST Session/<id>/Sign/JWS"]);
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
