import { beforeAll, describe, expect, it } from "vitest";
import { formatiereBetrag } from "./betrag.ts";
import { zerlegeCode } from "./code.ts";
import {
  type DepExport,
  exportiereDep,
  type KryptoMaterialContainer,
  kryptoMaterialContainer,
} from "./dep.ts";
import { zerlegeJws } from "./jws.ts";
import { pruefeDep } from "./pruefung.ts";
import { type GespielteKasse, ladeSzenario, spieleSzenario } from "./rksv.testing.ts";

// The final turnover counters of shared/testdata/README.md.
const ENDSTAENDE = [1324168, 1245862, 1290613, 1215680, 1295788, 1166078, 1102864, 1300692];

const dep = (g: GespielteKasse) =>
  exportiereDep(
    g.belege.map((b) => b.jws),
    g.zertifikate,
  );
const container = (g: GespielteKasse, aesSchluessel: string) =>
  kryptoMaterialContainer(aesSchluessel, g.zertifikate);

describe.each(
  ENDSTAENDE.map((endstand, i) => [i + 1, endstand] as const),
)("TESTSUITE_TEST_SZENARIO_%i", (nummer, endstand) => {
  const szenario = ladeSzenario(nummer);
  let gespielt: GespielteKasse;
  beforeAll(async () => {
    gespielt = await spieleSzenario(szenario);
  });

  it(`ends with the turnover counter ${endstand}`, () => {
    expect(gespielt.belege).toHaveLength(szenario.cashBoxInstructionList.length);
    expect(gespielt.kasse.umsatzzaehlerCent).toBe(endstand);
  });

  it("makes a failed receipt exactly where a device is damaged", () => {
    expect(gespielt.belege.map((b) => b.ausgefallen)).toEqual(
      szenario.cashBoxInstructionList.map((a) => a.signatureDeviceDamaged),
    );
  });

  it("exports a DEP that verifies, also after a JSON round trip", () => {
    const exportiert = dep(gespielt);
    const material = container(gespielt, szenario.base64AesKey);
    const erwartet = { ok: true, belegAnzahl: gespielt.belege.length, umsatzzaehlerCent: endstand };
    expect(pruefeDep(exportiert, material)).toEqual(erwartet);
    const text = JSON.stringify(exportiert);
    expect(pruefeDep(JSON.parse(text), JSON.parse(JSON.stringify(material)))).toEqual(erwartet);
  });

  it("starts a new DEP group whenever the certificate named by the receipts changes", () => {
    const gruppen = dep(gespielt)["Belege-Gruppe"];
    for (const gruppe of gruppen) {
      const seriennummern = new Set(
        gruppe["Belege-kompakt"].map(
          (j) => zerlegeCode(zerlegeJws(j)!.maschinenlesbarerCode)!.zertifikatSeriennummer,
        ),
      );
      expect(seriennummern.size).toBe(1);
      // Closed system: the key is registered with FinanzOnline, the group carries no certificate.
      expect(gruppe).toMatchObject({ Signaturzertifikat: "", Zertifizierungsstellen: [] });
    }
    expect(gruppen.flatMap((g) => g["Belege-kompakt"])).toEqual(gespielt.belege.map((b) => b.jws));
  });
});

describe("tampering with a replayed DEP", () => {
  const szenario = ladeSzenario(1);
  let gespielt: GespielteKasse;
  let material: KryptoMaterialContainer;
  let jws: string[];
  beforeAll(async () => {
    gespielt = await spieleSzenario(szenario);
    material = container(gespielt, szenario.base64AesKey);
    jws = gespielt.belege.map((b) => b.jws);
  });

  const pruefe = (liste: string[]) =>
    pruefeDep(JSON.parse(JSON.stringify(exportiereDep(liste, gespielt.zertifikate))) as DepExport, material);
  const index = (bedingung: (b: GespielteKasse["belege"][number]) => boolean) =>
    gespielt.belege.findIndex(bedingung);

  /** The same JWS with Betrag-Satz-Normal raised by one euro; header and signature kept. */
  function mehrBetrag(jwsText: string): string {
    const [header, payload, signatur] = jwsText.split(".");
    const felder = Buffer.from(payload!, "base64url").toString().split("_");
    felder[5] = formatiereBetrag(Number(felder[5]!.replace(",", "")) + 100);
    return [header, Buffer.from(felder.join("_")).toString("base64url"), signatur].join(".");
  }

  it("finds a changed amount on a signed receipt by its signature", () => {
    const k = index((b) => b.typ === "STANDARD" && !b.ausgefallen);
    const liste = jws.with(k, mehrBetrag(jws[k]!));
    expect(pruefe(liste)).toMatchObject({
      ok: false,
      index: k,
      belegNummer: gespielt.belege[k]!.belegNummer,
      code: "SIGNATUR",
    });
  });

  it("finds a changed amount on a failed receipt by its turnover counter", () => {
    const k = index((b) => b.typ === "STANDARD" && b.ausgefallen);
    expect(pruefe(jws.with(k, mehrBetrag(jws[k]!)))).toMatchObject({
      ok: false,
      index: k,
      code: "UMSATZZAEHLER",
    });
  });

  it("finds a dropped receipt by the chain of the next one", () => {
    const k = 40;
    expect(pruefe(jws.toSpliced(k, 1))).toMatchObject({
      ok: false,
      index: k,
      belegNummer: gespielt.belege[k + 1]!.belegNummer,
      code: "VERKETTUNG",
    });
  });

  it("finds two swapped receipts by the chain", () => {
    const k = 30;
    const liste = jws.with(k, jws[k + 1]!).with(k + 1, jws[k]!);
    expect(pruefe(liste)).toMatchObject({
      ok: false,
      index: k,
      belegNummer: gespielt.belege[k + 1]!.belegNummer,
      code: "VERKETTUNG",
    });
  });

  it("finds a missing start receipt", () => {
    expect(pruefe(jws.slice(1))).toMatchObject({ ok: false, index: 0, code: "STARTBELEG" });
  });
});
