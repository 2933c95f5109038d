import { readFileSync } from "node:fs";
import path from "node:path";
import { type Beleg, type Belegtyp, erstelleBeleg, type Kasse } from "./beleg.ts";
import { centAusEuro } from "./betrag.ts";
import { type EinrichtungsZertifikat, einrichtungsZertifikat } from "./dep.ts";
import { alsAusgefallen } from "./einrichtung/signatur-einrichtung.ts";
import { SoftwareEinrichtung } from "./einrichtung/software-einrichtung.ts";

/** The reference data beside the checkout (`../shared/testdata/rksv` from the repository root). */
export const TESTDATEN = path.resolve(import.meta.dirname, "../../../../shared/testdata/rksv");
export const PRUEFTOOL = path.join(TESTDATEN, "pruefetool");

export function ladeJson<T>(datei: string): T {
  return JSON.parse(readFileSync(path.join(TESTDATEN, datei), "utf8")) as T;
}

/** A TESTSUITE_TEST_SZENARIO file of the BMF Mustercode. */
export interface Szenario {
  cashBoxId: string;
  base64AesKey: string;
  companyID: string;
  simulationRunLabel: string;
  numberOfSignatureDevices: number;
  cashBoxInstructionList: {
    signatureDeviceDamaged: boolean;
    receiptIdentifier: string;
    dateToUse: string;
    usedSignatureDevice: number;
    simplifiedReceipt: Record<
      "taxSetNormal" | "taxSetErmaessigt1" | "taxSetErmaessigt2" | "taxSetNull" | "taxSetBesonders",
      number
    >;
    typeOfReceipt: "START_BELEG" | "STANDARD_BELEG" | "STORNO_BELEG" | "TRAINING_BELEG" | "NULL_BELEG";
  }[];
}

export const ladeSzenario = (nummer: number) => ladeJson<Szenario>(`TESTSUITE_TEST_SZENARIO_${nummer}.json`);

const TYP: Record<Szenario["cashBoxInstructionList"][number]["typeOfReceipt"], Belegtyp> = {
  START_BELEG: "START",
  STANDARD_BELEG: "STANDARD",
  STORNO_BELEG: "STORNO",
  TRAINING_BELEG: "TRAINING",
  NULL_BELEG: "NULL",
};

export interface GespielteKasse {
  belege: Beleg[];
  kasse: Kasse;
  zertifikate: EinrichtungsZertifikat[];
}

/**
 * Replays a scenario as the Mustercode's DemoCashBox does: one software device per index, a damaged device's
 * receipt made as a failed one. `zda` AT0 is a closed system (the scenario's company id names the keys).
 */
export async function spieleSzenario(szenario: Szenario, zda = "AT0"): Promise<GespielteKasse> {
  const einrichtungen = Array.from({ length: szenario.numberOfSignatureDevices }, () =>
    SoftwareEinrichtung.erzeuge({ zda, ordnungsbegriff: szenario.companyID }),
  );
  let kasse: Kasse = {
    kassenId: szenario.cashBoxId,
    aesSchluessel: szenario.base64AesKey,
    umsatzzaehlerCent: 0,
  };
  const belege: Beleg[] = [];
  for (const anweisung of szenario.cashBoxInstructionList) {
    const typ = TYP[anweisung.typeOfReceipt];
    const einrichtung = einrichtungen[anweisung.usedSignatureDevice]!;
    const r = anweisung.simplifiedReceipt;
    const beleg = await erstelleBeleg(
      kasse,
      {
        belegNummer: anweisung.receiptIdentifier,
        zeitpunkt: anweisung.dateToUse,
        typ,
        // The scenarios give START and NULL receipts amounts of 0.0; the Mustercode writes 0 whatever they say.
        ...(typ !== "START" &&
          typ !== "NULL" && {
            betraege: {
              satzNormal: centAusEuro(r.taxSetNormal),
              satzErmaessigt1: centAusEuro(r.taxSetErmaessigt1),
              satzErmaessigt2: centAusEuro(r.taxSetErmaessigt2),
              satzNull: centAusEuro(r.taxSetNull),
              satzBesonders: centAusEuro(r.taxSetBesonders),
            },
          }),
      },
      anweisung.signatureDeviceDamaged ? alsAusgefallen(einrichtung) : einrichtung,
    );
    belege.push(beleg);
    kasse = beleg.kasse;
  }
  return { belege, kasse, zertifikate: await Promise.all(einrichtungen.map(einrichtungsZertifikat)) };
}
