import { verify, X509Certificate } from "node:crypto";
import { describe, expect, it } from "vitest";
import { RksvFehler } from "../fehler.ts";
import { jwsSignaturEingabe } from "../jws.ts";
import { SoftwareEinrichtung } from "./software-einrichtung.ts";

const CODE =
  "_R1-AT0_KASSE-1_1_2024-05-01T08:00:00_0,00_0,00_0,00_0,00_0,00_AAAAAAAAAAA=_U:ATU12345678-K1_cg8hNU5ihto=";

function pruefeSignatur(zertifikat: Buffer, signatur: Buffer): boolean {
  const eingabe = Buffer.from(jwsSignaturEingabe(CODE));
  return verify(
    "sha256",
    eingabe,
    { key: new X509Certificate(zertifikat).publicKey, dsaEncoding: "ieee-p1363" },
    signatur,
  );
}

describe("SoftwareEinrichtung", () => {
  it("is a closed system by default, its key id the certificate's serial", async () => {
    const einrichtung = SoftwareEinrichtung.erzeuge({ ordnungsbegriff: "U:ATU12345678" });
    const zertifikat = new X509Certificate(await einrichtung.zertifikat());
    expect(einrichtung.zda).toBe("AT0");
    expect(zertifikat.serialNumber).toMatch(/^[1-7][0-9A-F]{15}$/);
    expect(einrichtung.zertifikatSeriennummer).toBe(`U:ATU12345678-${zertifikat.serialNumber}`);
    expect(await einrichtung.zertifizierungsstellen()).toEqual([]);
  });

  it("writes a self-signed P-256 certificate that verifies", async () => {
    const einrichtung = SoftwareEinrichtung.erzeuge({
      zda: "AT100",
      name: "Kasse 1",
      organisation: "Test GmbH",
      gueltigAb: new Date("2016-01-01T00:00:00Z"),
      gueltigBis: new Date("2060-01-01T00:00:00Z"),
    });
    const zertifikat = new X509Certificate(await einrichtung.zertifikat());
    expect(einrichtung.zertifikatSeriennummer).toBe(zertifikat.serialNumber);
    expect(zertifikat.verify(zertifikat.publicKey)).toBe(true);
    expect(zertifikat.subject).toBe("O=Test GmbH\nCN=Kasse 1");
    expect(zertifikat.issuer).toBe(zertifikat.subject);
    expect(zertifikat.publicKey.asymmetricKeyDetails?.namedCurve).toBe("prime256v1");
    expect(new Date(zertifikat.validFrom).toISOString()).toBe("2016-01-01T00:00:00.000Z");
    expect(new Date(zertifikat.validTo).toISOString()).toBe("2060-01-01T00:00:00.000Z");
    expect(zertifikat.ca).toBe(false);
  });

  it("signs R ‖ S over the JWS signing input", async () => {
    const einrichtung = SoftwareEinrichtung.erzeuge({ ordnungsbegriff: "S:123456789" });
    const signatur = await einrichtung.signiere(CODE);
    expect(signatur).toHaveLength(64);
    expect(pruefeSignatur(await einrichtung.zertifikat(), signatur)).toBe(true);
  });

  it("exports its key as PKCS#8 and signs the same after loading", async () => {
    const einrichtung = SoftwareEinrichtung.erzeuge({ ordnungsbegriff: "G:1234567890123" });
    const daten = einrichtung.exportiere();
    expect(daten.privaterSchluessel.subarray(0, 2).toString("hex")).toBe("3081");
    const geladen = SoftwareEinrichtung.lade(structuredClone(daten));
    expect(geladen.zertifikatSeriennummer).toBe(einrichtung.zertifikatSeriennummer);
    expect(pruefeSignatur(await einrichtung.zertifikat(), await geladen.signiere(CODE))).toBe(true);
  });

  it("refuses a closed system without a valid Ordnungsbegriff", () => {
    expect(() => SoftwareEinrichtung.erzeuge()).toThrow(RksvFehler);
    expect(() => SoftwareEinrichtung.erzeuge({ ordnungsbegriff: "ATU12345678" })).toThrow(/Ordnungsbegriff/);
  });

  it("refuses a key that does not belong to the certificate", () => {
    const a = SoftwareEinrichtung.erzeuge({ zda: "AT1" }).exportiere();
    const b = SoftwareEinrichtung.erzeuge({ zda: "AT1" }).exportiere();
    expect(() => SoftwareEinrichtung.lade({ ...a, zertifikat: b.zertifikat })).toThrow(
      /gehören nicht zusammen/,
    );
  });
});
