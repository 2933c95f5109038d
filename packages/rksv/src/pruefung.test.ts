import { describe, expect, it } from "vitest";
import { type Betraege, KEINE_BETRAEGE } from "./betrag.ts";
import { baueCode } from "./code.ts";
import {
  type DepExport,
  einrichtungsZertifikat,
  exportiereDep,
  type KryptoMaterialContainer,
  kryptoMaterialContainer,
} from "./dep.ts";
import { SoftwareEinrichtung } from "./einrichtung/software-einrichtung.ts";
import { baueAusfallJws, baueJws, verkettungswert } from "./jws.ts";
import { pruefeDep } from "./pruefung.ts";
import { ladeJson } from "./rksv.testing.ts";
import { STORNO_MARKER, TRAINING_MARKER, verschluesseleUmsatzzaehler } from "./umsatzzaehler.ts";

const SCHLUESSEL = "WQRtiiya3hYh/Uz44Bv3x8ETl1nrH6nCdErn69g5/lU=";

describe("pruefeDep on the Prüftool's own examples", () => {
  const container = ladeJson<KryptoMaterialContainer>(
    "pruefetool/examples/cryptographicMaterialContainer.json",
  );

  it("passes the verified example DEP with its final counter of 4270 cents", () => {
    expect(pruefeDep(ladeJson("pruefetool/examples/dep-export.json"), container)).toEqual({
      ok: true,
      belegAnzahl: 5,
      umsatzzaehlerCent: 4270,
    });
  });

  it("finds the changed amount of the tampered example", () => {
    expect(pruefeDep(ladeJson("pruefetool/examples/dep-export-tampered.json"), container)).toMatchObject({
      ok: false,
      index: 2,
      belegNummer: "3",
      code: "SIGNATUR",
    });
  });

  it("needs the key under the exact serial of the receipts", () => {
    const map = Object.fromEntries(
      Object.entries(container.certificateOrPublicKeyMap).map(([id, e]) => [id.toLowerCase(), e]),
    );
    const dep = ladeJson<DepExport>("pruefetool/examples/dep-export.json");
    const ohneGruppenZertifikat = {
      "Belege-Gruppe": dep["Belege-Gruppe"].map((g) => ({ ...g, Signaturzertifikat: "" })),
    };
    expect(pruefeDep(ohneGruppenZertifikat, { ...container, certificateOrPublicKeyMap: map })).toMatchObject({
      index: 0,
      code: "SCHLUESSEL_UNBEKANNT",
    });
    // The DEP group's certificate stands in for a missing container entry when its serial is the receipts'.
    expect(pruefeDep(dep, { ...container, certificateOrPublicKeyMap: map })).toMatchObject({ ok: true });
  });

  it("refuses what is no DEP", () => {
    for (const dep of [null, {}, { "Belege-Gruppe": [] }, { "Belege-Gruppe": [{ "Belege-kompakt": [1] }] }])
      expect(pruefeDep(dep, container)).toMatchObject({ ok: false, index: null, code: "DEP_FORMAT" });
  });
});

/** Receipts put together by hand, to break one rule while keeping every other (signatures included). */
interface Roh {
  nummer: string;
  zeit?: string;
  betraege?: Partial<Betraege>;
  feld?: "STO" | "TRA" | { zaehler: number };
  ausgefallen?: boolean;
  kasse?: string;
  verkettung?: string;
}

async function handKette(belege: Roh[]) {
  const einrichtung = SoftwareEinrichtung.erzeuge({ ordnungsbegriff: "U:ATU12345678" });
  const jwsListe: string[] = [];
  let zaehler = 0;
  for (const [i, roh] of belege.entries()) {
    const betraege = { ...KEINE_BETRAEGE, ...roh.betraege };
    if (roh.feld !== "TRA") zaehler += Object.values(betraege).reduce((s, c) => s + c, 0);
    const kassenId = roh.kasse ?? "K1";
    const feld =
      roh.feld === "STO"
        ? STORNO_MARKER
        : roh.feld === "TRA"
          ? TRAINING_MARKER
          : verschluesseleUmsatzzaehler(roh.feld?.zaehler ?? zaehler, kassenId, roh.nummer, SCHLUESSEL);
    const code = baueCode({
      zda: "AT0",
      kassenId,
      belegNummer: roh.nummer,
      zeitpunkt: roh.zeit ?? `2024-05-01T10:00:${String(i).padStart(2, "0")}`,
      betraege,
      umsatzzaehlerFeld: feld,
      zertifikatSeriennummer: einrichtung.zertifikatSeriennummer,
      verkettungswert: roh.verkettung ?? verkettungswert(jwsListe.at(-1), kassenId),
    });
    jwsListe.push(roh.ausgefallen ? baueAusfallJws(code) : baueJws(code, await einrichtung.signiere(code)));
  }
  const zertifikate = [await einrichtungsZertifikat(einrichtung)];
  return pruefeDep(exportiereDep(jwsListe, zertifikate), kryptoMaterialContainer(SCHLUESSEL, zertifikate));
}

describe("pruefeDep names the first broken rule", () => {
  const start: Roh = { nummer: "1" };

  it("passes a register with every kind of receipt", async () => {
    expect(
      await handKette([
        start,
        { nummer: "2", betraege: { satzNormal: 1000, satzNull: 5 } },
        { nummer: "3", betraege: { satzNormal: 777 }, feld: "TRA" },
        { nummer: "4", betraege: { satzNormal: -1000 }, feld: "STO" },
        { nummer: "5", betraege: { satzErmaessigt1: 300 }, ausgefallen: true },
        { nummer: "6" },
        { nummer: "7", betraege: { satzBesonders: 1 } },
      ]),
    ).toEqual({ ok: true, belegAnzahl: 7, umsatzzaehlerCent: 306 });
  });

  it.each<[string, Roh[], object]>([
    [
      "a first receipt with an amount",
      [{ nummer: "1", betraege: { satzNormal: 1 } }],
      { index: 0, code: "STARTBELEG" },
    ],
    [
      "a first receipt without signature",
      [{ nummer: "1", ausgefallen: true }],
      { index: 0, code: "STARTBELEG" },
    ],
    [
      "a first receipt not chained to the cash box",
      [{ nummer: "1", verkettung: "AAAAAAAAAAA=" }],
      { index: 0, code: "STARTBELEG" },
    ],
    ["a second cash box", [start, { nummer: "2", kasse: "K2" }], { index: 1, code: "KASSEN_ID" }],
    ["a receipt number twice", [start, { nummer: "2" }, { nummer: "2" }], { index: 2, code: "BELEGNUMMER" }],
    [
      "a broken chain",
      [start, { nummer: "2", verkettung: "AAAAAAAAAAA=" }],
      { index: 1, code: "VERKETTUNG" },
    ],
    [
      "a receipt earlier than the one before",
      [start, { nummer: "2", zeit: "2024-04-30T23:59:59" }],
      { index: 1, belegNummer: "2", code: "ZEITFOLGE" },
    ],
    [
      "a counter that does not add up",
      [start, { nummer: "2", betraege: { satzNormal: 100 }, feld: { zaehler: 99 } }],
      { index: 1, code: "UMSATZZAEHLER" },
    ],
    [
      "a signed standard receipt right after a failed one",
      [start, { nummer: "2", ausgefallen: true }, { nummer: "3", betraege: { satzNormal: 1 } }],
      { index: 2, code: "SAMMELBELEG_FEHLT" },
    ],
    [
      "a signed storno right after a failed one",
      [start, { nummer: "2", ausgefallen: true }, { nummer: "3", feld: "STO" }],
      { index: 2, code: "SAMMELBELEG_FEHLT" },
    ],
  ])("%s", async (_fall, belege, verstoss) => {
    expect(await handKette(belege)).toMatchObject({ ok: false, ...verstoss });
  });
});
