import { epcQrText } from "@kontor/domain/bank/epc.rules";
import type { TBeleg, TBelegPosition } from "@kontor/domain/beleg/beleg.schema";
import { belegSummen, summenFelder } from "@kontor/domain/beleg/beleg.totals";
import type { TBelegsTyp } from "@kontor/domain/typen/typen";
import type { BelegDruck } from "./belegDruck.ts";

/**
 * A document as the PDF reads it, without a database: for the layout's tests, the look at rendered pages and the
 * benchmark (bench/belegpdf). Positions alternate between 20 % and 10 %, with a discount now and then.
 */
export function beispielDruck(
  optionen: { positionen?: number; sprache?: "de" | "en"; belegsTyp?: TBelegsTyp; entwurf?: boolean } = {},
): BelegDruck {
  const { positionen = 10, sprache = "de", belegsTyp = "rechnung", entwurf = false } = optionen;
  const set: TBelegPosition[] = Array.from({ length: positionen }, (_, index) => ({
    id: index + 1,
    artikel:
      index % 3 === 0
        ? {
            id: index + 1,
            artikelNummer: `A-${1000 + index}`,
            artikelBezeichnung: "Artikel",
            rabattierFaehig: true,
          }
        : null,
    artikelRabatt: 0,
    positionsBeschreibung:
      index % 4 === 0
        ? `Nr. ${index + 1} Montage Badezimmer – Fliesen verlegen inkl. Material (${index + 1} m², Fugen weiß, Silikon)`
        : `Leistung Nr. ${index + 1} – Äpfel, Öfen & Süßes`,
    positionsBeschreibungZusatz: index % 5 === 0 ? "Ausführung laut Angebot vom 12.02.2026" : null,
    positionsMenge: (index % 7) + 1,
    positionsMwst: index % 2 === 0 ? 20 : 10,
    positionsNummer: index + 1,
    positionsPreis: 12.5 * ((index % 9) + 1) + 0.99,
    positionsSumme: null,
    positionsVersandMenge: null,
    stillOpenAmount: null,
    teilversandFinalize: false,
    rabatt: index % 6 === 5 ? 10 : 0,
    zeiteintraege: [],
    belegspositionLieferant: null,
  }));
  const summen = summenFelder(belegSummen({ belegspositionSet: set, belegRabatt: 0 }));
  const beleg: TBeleg = {
    id: 1,
    belegNummer: entwurf ? null : "2026-00042",
    belegDatum: "2026-11-25",
    belegsTyp,
    kunde: { id: 1 } as TBeleg["kunde"],
    adresse: null,
    zuHanden: "Frau Mag. Eva Muster",
    leistungsDatum: "2026-11-20",
    leistungsZeitraumVon: null,
    leistungsZeitraumBis: null,
    belegspositionSet: set.map((p, index) => ({
      ...p,
      positionsSumme: summen.positionsSummen[index] ?? null,
    })),
    rabatt: null,
    belegRabatt: 0,
    reverseCharge: false,
    bankomat: false,
    rechnungsText:
      sprache === "de"
        ? "<p>Sehr geehrte Frau Muster,</p><p>wir danken für Ihren Auftrag und verrechnen wie folgt:</p>"
        : "<p>Dear Ms Muster,</p><p>thank you for your order. We invoice as follows:</p>",
    belegstext2: null,
    belegstext3: null,
    belegFelder: [],
    projektList: [],
    zahlungsziel: null,
    lieferbedingung: null,
    zahlungsbedingung: null,
    fahrzeug: null,
    bestellBelegnummer: "PO-7781",
    kaeuferReferenz: null,
    mandant: { id: 1 },
    summeNetto: summen.summeNetto,
    summeBrutto: summen.summeBrutto,
    belegMwstSet: summen.belegMwstSet,
    freigabe: !entwurf,
    bezahlt: false,
    storniert: false,
    stornoRechnungsnummer: null,
    ursprungsBeleg: null,
    rksvBarcode: null,
    docPath: null,
    zahlungList: [],
  } as TBeleg;
  const iban = "AT611904300234573201";
  return {
    sprache,
    beleg,
    entwurf,
    verkaeufer: {
      name: "Installateur Huber GmbH",
      adresse: ["Mariahilfer Straße 12/3", "1060 Wien"],
      uid: "ATU13585627",
      fn: "FN 123456a",
      email: "office@huber.example",
      bank: { iban: "AT61 1904 3002 3457 3201", bic: "BKAUATWW", bankName: "Bank Austria" },
    },
    empfaenger: ["Muster GmbH", "z. H. Frau Mag. Eva Muster", "Hauptstraße 1/2/5", "8010 Graz"],
    lieferadresse: null,
    kundenNummer: "10023",
    kundeUid: "ATU12345675",
    zahlungstext:
      sprache === "de"
        ? "Zahlbar bis 09.12.2026 ohne Abzug. Bei Zahlung bis 02.12.2026 2 % Skonto."
        : "Payable by 09/12/2026 without deduction. If paid by 02/12/2026, 2% discount.",
    lieferbedingung: null,
    zahlungsbedingung: null,
    hinweis: null,
    fahrzeug: [],
    felder: [],
    epc: entwurf
      ? null
      : epcQrText({
          name: "Installateur Huber GmbH",
          iban,
          bic: "BKAUATWW",
          betrag: summen.summeBrutto,
          verwendungszweck: "Rechnung 2026-00042",
        }),
    zahlbarOhneBank: false,
    vorlage: null,
  };
}
