import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Beleg, type BelegEingabe, erstelleBeleg, type Kasse } from "./beleg.ts";
import {
  type EinrichtungsZertifikat,
  einrichtungsZertifikat,
  exportiereDep,
  type KryptoMaterialContainer,
  kryptoMaterialContainer,
} from "./dep.ts";
import { SoftwareEinrichtung } from "./einrichtung/software-einrichtung.ts";
import { aufraeumen, javaVorhanden, pruefeMitPruefetool, pruefeQrCodes } from "./pruefetool.testing.ts";
import { pruefeDep } from "./pruefung.ts";
import { ladeSzenario, spieleSzenario } from "./rksv.testing.ts";

const BESTANDEN = { verificationState: "PASS", fehler: [] };

beforeAll(javaVorhanden);
afterAll(aufraeumen);

describe("a hand-made register: start, 3 standard, storno, training, null", () => {
  const aesSchluessel = "WQRtiiya3hYh/Uz44Bv3x8ETl1nrH6nCdErn69g5/lU=";
  const einrichtung = SoftwareEinrichtung.erzeuge({ ordnungsbegriff: "U:ATU12345678" });
  const belege: Beleg[] = [];
  let zertifikate: EinrichtungsZertifikat[];
  let container: KryptoMaterialContainer;

  beforeAll(async () => {
    let kasse: Kasse = { kassenId: "KONTOR-KASSE-1", aesSchluessel, umsatzzaehlerCent: 0 };
    const eingaben: Omit<BelegEingabe, "belegNummer" | "zeitpunkt">[] = [
      { typ: "START" },
      { typ: "STANDARD", betraege: { satzNormal: 1200, satzErmaessigt1: 550 } },
      { typ: "STANDARD", betraege: { satzNormal: 2490, satzErmaessigt2: 1300 } },
      { typ: "STANDARD", betraege: { satzErmaessigt1: 330, satzNull: 150, satzBesonders: 99 } },
      { typ: "STORNO", betraege: { satzNormal: -1200, satzErmaessigt1: -550 } },
      { typ: "TRAINING", betraege: { satzNormal: 4200 } },
      { typ: "NULL", zweck: "MONATSBELEG" },
    ];
    for (const [i, eingabe] of eingaben.entries()) {
      const beleg = await erstelleBeleg(
        kasse,
        { ...eingabe, belegNummer: `2024-${i + 1}`, zeitpunkt: `2024-05-31T1${i}:00:00` },
        einrichtung,
      );
      belege.push(beleg);
      kasse = beleg.kasse;
    }
    zertifikate = [await einrichtungsZertifikat(einrichtung)];
    container = kryptoMaterialContainer(aesSchluessel, zertifikate);
  });

  const dep = () =>
    exportiereDep(
      belege.map((b) => b.jws),
      zertifikate,
    );

  it("passes the DEP check, and so does our verifier", async () => {
    expect(belege.at(-1)!.umsatzzaehlerCent).toBe(4369);
    expect(pruefeDep(dep(), container)).toEqual({ ok: true, belegAnzahl: 7, umsatzzaehlerCent: 4369 });
    expect(await pruefeMitPruefetool(dep(), container)).toEqual(BESTANDEN);
  });

  it("passes the single-receipt check of every QR code", async () => {
    expect(
      await pruefeQrCodes(
        belege.map((b) => b.qr),
        container,
      ),
    ).toEqual(belege.map(() => BESTANDEN));
  });

  it("fails where our verifier fails when an amount is changed (the harness is not blind)", async () => {
    const jws = belege.map((b) => b.jws);
    const [header, payload, signatur] = jws[2]!.split(".");
    const code = Buffer.from(payload!, "base64url").toString().replace("_24,90_", "_25,90_");
    jws[2] = [header, Buffer.from(code).toString("base64url"), signatur].join(".");
    const veraendert = exportiereDep(jws, zertifikate);
    expect(pruefeDep(veraendert, container)).toMatchObject({ ok: false, index: 2, code: "SIGNATUR" });
    const ergebnis = await pruefeMitPruefetool(veraendert, container);
    expect(ergebnis.verificationState).toBe("FAIL");
    expect(ergebnis.fehler).toEqual(
      expect.arrayContaining(["0002 CRYPTO_SIGNATURE", "0002 DEP_TURNOVER_COMPARE"]),
    );
  });
});

describe("the eight Mustercode scenarios replayed as a closed system (AT0, public keys)", () => {
  it.each([
    1, 2, 3, 4, 5, 6, 7, 8,
  ])("TESTSUITE_TEST_SZENARIO_%i passes, failed devices included", async (nummer) => {
    const szenario = ladeSzenario(nummer);
    const gespielt = await spieleSzenario(szenario);
    const dep = exportiereDep(
      gespielt.belege.map((b) => b.jws),
      gespielt.zertifikate,
    );
    const container = kryptoMaterialContainer(szenario.base64AesKey, gespielt.zertifikate);
    expect(await pruefeMitPruefetool(dep, container)).toEqual(BESTANDEN);
  });
});

describe("TESTSUITE_TEST_SZENARIO_1 as an open system (certificates, ZDA AT100)", () => {
  it("passes the DEP check and the single-receipt check of every QR code", async () => {
    const szenario = ladeSzenario(1);
    const gespielt = await spieleSzenario(szenario, "AT100");
    const container = kryptoMaterialContainer(szenario.base64AesKey, gespielt.zertifikate);
    expect(Object.values(container.certificateOrPublicKeyMap).map((e) => e.signatureDeviceType)).toEqual([
      "CERTIFICATE",
      "CERTIFICATE",
      "CERTIFICATE",
    ]);
    const dep = exportiereDep(
      gespielt.belege.map((b) => b.jws),
      gespielt.zertifikate,
    );
    expect(dep["Belege-Gruppe"].every((g) => g.Signaturzertifikat !== "")).toBe(true);
    expect(await pruefeMitPruefetool(dep, container)).toEqual(BESTANDEN);
    expect(
      await pruefeQrCodes(
        gespielt.belege.map((b) => b.qr),
        container,
      ),
    ).toEqual(gespielt.belege.map(() => BESTANDEN));
  });
});
