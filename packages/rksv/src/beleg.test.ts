import { describe, expect, it } from "vitest";
import {
  type Beleg,
  type BelegEingabe,
  erstelleBeleg,
  type Kasse,
  letzterBelegAusgefallen,
  letzterZeitpunkt,
} from "./beleg.ts";
import { zerlegeCode } from "./code.ts";
import { alsAusgefallen, type SignaturEinrichtung } from "./einrichtung/signatur-einrichtung.ts";
import { SoftwareEinrichtung } from "./einrichtung/software-einrichtung.ts";
import { RksvFehler } from "./fehler.ts";
import { AUSFALL_SIGNATUR, verkettungswert, zerlegeJws } from "./jws.ts";
import { entschluesseleUmsatzzaehler, STORNO_MARKER, TRAINING_MARKER } from "./umsatzzaehler.ts";

const SCHLUESSEL = "WQRtiiya3hYh/Uz44Bv3x8ETl1nrH6nCdErn69g5/lU=";
const einrichtung = SoftwareEinrichtung.erzeuge({ ordnungsbegriff: "U:ATU12345678" });
const neueKasse = (umsatzzaehlerLaenge?: number): Kasse => ({
  kassenId: "KASSE-1",
  aesSchluessel: SCHLUESSEL,
  umsatzzaehlerCent: 0,
  ...(umsatzzaehlerLaenge && { umsatzzaehlerLaenge }),
});

let nummer = 0;
const eingabe = (typ: BelegEingabe["typ"], betraege?: BelegEingabe["betraege"]): BelegEingabe => ({
  belegNummer: `R-${++nummer}`,
  zeitpunkt: `2024-05-01T10:${String(Math.floor(nummer / 60)).padStart(2, "0")}:${String(nummer % 60).padStart(2, "0")}`,
  typ,
  ...(betraege && { betraege }),
});

async function gestartet(): Promise<Kasse> {
  return (await erstelleBeleg(neueKasse(), eingabe("START"), einrichtung)).kasse;
}

const felder = (beleg: Beleg) => zerlegeCode(beleg.maschinenlesbarerCode)!;
const zaehler = (beleg: Beleg) =>
  entschluesseleUmsatzzaehler(felder(beleg).umsatzzaehlerFeld, "KASSE-1", beleg.belegNummer, SCHLUESSEL);

/** A device that cannot sign (an unreachable service). */
const kaputt: SignaturEinrichtung = {
  zda: einrichtung.zda,
  zertifikatSeriennummer: einrichtung.zertifikatSeriennummer,
  zertifikat: () => einrichtung.zertifikat(),
  zertifizierungsstellen: async () => [],
  signiere: async () => {
    throw new RksvFehler("EINRICHTUNG", "Zeitüberschreitung");
  },
};

describe("erstelleBeleg", () => {
  it("starts with a start receipt chained to the cash box id, counter 0", async () => {
    const start = await erstelleBeleg(neueKasse(), eingabe("START"), einrichtung);
    expect(felder(start)).toMatchObject({
      zda: "AT0",
      kassenId: "KASSE-1",
      zertifikatSeriennummer: einrichtung.zertifikatSeriennummer,
      verkettungswert: verkettungswert(undefined, "KASSE-1"),
    });
    expect(start.maschinenlesbarerCode).toMatch(
      /^_R1-AT0_KASSE-1_R-\d+_2024-05-01T10:\d\d:\d\d_0,00_0,00_0,00_0,00_0,00_/,
    );
    expect(zaehler(start)).toBe(0);
    expect(start.ausgefallen).toBe(false);
    expect(start.kasse).toEqual({ ...neueKasse(), letzterJws: start.jws, umsatzzaehlerCent: 0 });
    expect(start.qr).toBe(
      `${start.maschinenlesbarerCode}_${zerlegeJws(start.jws)!.signatur!.toString("base64")}`,
    );
  });

  it("refuses a receipt before the start receipt, and a second start receipt", async () => {
    await expect(erstelleBeleg(neueKasse(), eingabe("STANDARD"), einrichtung)).rejects.toMatchObject({
      code: "STARTBELEG_FEHLT",
    });
    await expect(erstelleBeleg(await gestartet(), eingabe("START"), einrichtung)).rejects.toMatchObject({
      code: "STARTBELEG_VORHANDEN",
    });
  });

  it("refuses amounts on start and null receipts", async () => {
    await expect(
      erstelleBeleg(neueKasse(), eingabe("START", { satzNormal: 1 }), einrichtung),
    ).rejects.toMatchObject({
      code: "UNGUELTIGE_EINGABE",
    });
    await expect(
      erstelleBeleg(await gestartet(), eingabe("NULL", { satzNull: -1 }), einrichtung),
    ).rejects.toMatchObject({ code: "UNGUELTIGE_EINGABE" });
  });

  it("adds standard and storno amounts to the counter, but not training amounts", async () => {
    let kasse = await gestartet();
    const standard = await erstelleBeleg(
      kasse,
      eingabe("STANDARD", { satzNormal: 1200, satzErmaessigt1: 550 }),
      einrichtung,
    );
    expect(felder(standard).betraege).toEqual({
      satzNormal: 1200,
      satzErmaessigt1: 550,
      satzErmaessigt2: 0,
      satzNull: 0,
      satzBesonders: 0,
    });
    expect(zaehler(standard)).toBe(1750);
    kasse = standard.kasse;

    const training = await erstelleBeleg(kasse, eingabe("TRAINING", { satzNormal: 9999 }), einrichtung);
    expect(felder(training).umsatzzaehlerFeld).toBe(TRAINING_MARKER);
    expect(training.umsatzzaehlerCent).toBe(1750);
    kasse = training.kasse;

    const storno = await erstelleBeleg(kasse, eingabe("STORNO", { satzNormal: -1200 }), einrichtung);
    expect(felder(storno).umsatzzaehlerFeld).toBe(STORNO_MARKER);
    expect(storno.umsatzzaehlerCent).toBe(550);
    kasse = storno.kasse;

    const nullbeleg = await erstelleBeleg(kasse, { ...eingabe("NULL"), zweck: "MONATSBELEG" }, einrichtung);
    expect(zaehler(nullbeleg)).toBe(550);
    expect(nullbeleg.zweck).toBe("MONATSBELEG");
    expect(felder(nullbeleg).verkettungswert).toBe(verkettungswert(storno.jws, "KASSE-1"));
  });

  it("writes a 5-byte counter when the cash box says so", async () => {
    const start = await erstelleBeleg(neueKasse(5), eingabe("START"), einrichtung);
    const beleg = await erstelleBeleg(start.kasse, eingabe("STANDARD", { satzBesonders: -500 }), einrichtung);
    expect(Buffer.from(felder(beleg).umsatzzaehlerFeld, "base64")).toHaveLength(5);
    expect(zaehler(beleg)).toBe(-500);
  });

  it("refuses a receipt dated before the last one, and takes the same second", async () => {
    const kasse = await gestartet();
    const vorher = { ...eingabe("STANDARD"), zeitpunkt: "2024-05-01T09:59:59" };
    await expect(erstelleBeleg(kasse, vorher, einrichtung)).rejects.toMatchObject({
      code: "ZEIT_VOR_LETZTEM_BELEG",
    });
    const gleich = { ...eingabe("STANDARD"), zeitpunkt: letzterZeitpunkt(kasse)! };
    expect((await erstelleBeleg(kasse, gleich, einrichtung)).ausgefallen).toBe(false);
  });

  it("refuses a purpose on anything but a null receipt", async () => {
    await expect(
      erstelleBeleg(await gestartet(), { ...eingabe("STANDARD"), zweck: "JAHRESBELEG" }, einrichtung),
    ).rejects.toMatchObject({ code: "UNGUELTIGE_EINGABE" });
  });
});

describe("failed signature device (RKSV § 17 (4))", () => {
  it("makes the receipt without a signature when the device throws, and counts on", async () => {
    const kasse = await gestartet();
    const beleg = await erstelleBeleg(kasse, eingabe("STANDARD", { satzNormal: 1000 }), kaputt);
    expect(beleg.ausgefallen).toBe(true);
    expect(beleg.ausfallGrund).toBe("Zeitüberschreitung");
    expect(beleg.jws.split(".")[2]).toBe(AUSFALL_SIGNATUR);
    expect(felder(beleg).zertifikatSeriennummer).toBe(einrichtung.zertifikatSeriennummer);
    expect(zaehler(beleg)).toBe(1000);
    expect(letzterBelegAusgefallen(beleg.kasse)).toBe(true);
  });

  it("takes a device that answers with no 64-byte signature for a failed one", async () => {
    const kurz = { ...kaputt, signiere: async () => Buffer.alloc(63) };
    const beleg = await erstelleBeleg(await gestartet(), eingabe("STANDARD"), kurz);
    expect(beleg.ausgefallen).toBe(true);
    expect(beleg.ausfallGrund).toMatch(/63 statt 64/);
  });

  it("wants the collective null receipt first once the device works again", async () => {
    let kasse = (await erstelleBeleg(await gestartet(), eingabe("STANDARD", { satzNormal: 1 }), kaputt))
      .kasse;
    kasse = (await erstelleBeleg(kasse, eingabe("STORNO", { satzNormal: -1 }), alsAusgefallen(einrichtung)))
      .kasse;

    const vorher = structuredClone(kasse);
    for (const typ of ["STANDARD", "STORNO", "TRAINING"] as const)
      await expect(erstelleBeleg(kasse, eingabe(typ), einrichtung)).rejects.toMatchObject({
        code: "SAMMELBELEG_ERFORDERLICH",
      });
    expect(kasse).toEqual(vorher);

    const sammelbeleg = await erstelleBeleg(kasse, eingabe("NULL"), einrichtung);
    expect(sammelbeleg).toMatchObject({ ausgefallen: false, zweck: "SAMMELBELEG", umsatzzaehlerCent: 0 });
    const danach = await erstelleBeleg(
      sammelbeleg.kasse,
      eingabe("STANDARD", { satzNormal: 5 }),
      einrichtung,
    );
    expect(danach.umsatzzaehlerCent).toBe(5);
  });

  it("needs a working device for the start receipt", async () => {
    await expect(erstelleBeleg(neueKasse(), eingabe("START"), kaputt)).rejects.toMatchObject({
      code: "STARTBELEG_NICHT_SIGNIERT",
    });
  });

  it("names a null receipt made while the device is still out a control receipt", async () => {
    const kasse = (await erstelleBeleg(await gestartet(), eingabe("STANDARD"), kaputt)).kasse;
    const nullbeleg = await erstelleBeleg(kasse, eingabe("NULL"), kaputt);
    expect(nullbeleg).toMatchObject({ ausgefallen: true, zweck: "KONTROLLBELEG" });
  });
});
