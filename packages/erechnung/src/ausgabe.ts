import { peppolAdresse, type TErechnungFormat } from "@kontor/domain/erechnung/erechnung.codes";
import { ciiSchreiben } from "./cii.ts";
import { ebInterfaceSchreiben } from "./ebinterface.ts";
import { rechnungLesen } from "./lesen.ts";
import { type Partei, PEPPOL_PROZESS, type Rechnung, SPEZIFIKATION } from "./modell.ts";
import {
  istWarnung,
  regelnPruefen,
  type TPruefProfil,
  type TPruefSyntax,
  type Verstoss,
} from "./pruefung.ts";
import { ublSchreiben } from "./ubl.ts";

/**
 * One export, checked (issue 19: "validation inside the product on every export"): nothing is written that fails
 *  1. the product's rules on the business terms (pruefung.ts: EN 16931 mandatory, calculation and category rules,
 *     plus XRechnung's or Peppol's where the format is theirs; warnings of the official files do not refuse), and
 *  2. the read-back: the XML written is read by the importer (UBL, CII) and must give exactly the business terms it
 *     was written from — no term lost, mangled or misplaced by the serializer. ebInterface has no reader; its
 *     serializer is proven against the official XSD in the tests.
 * The official XML Schemas and Schematron rules are reference data the tests run (see docs/ARCHITECTURE.md).
 */

/** The product's own check: the written XML does not read back to the business terms it was written from. */
export const RUECKLESEN = "KONTOR-RUECKLESEN";

/** Every id a refused export can name (each has a text in both languages, namespace erechnung, key regel.<id>). */
export { PRUEF_REGELN } from "./pruefung.ts";

/** The rule profile a format is checked under. */
export const PROFIL: Readonly<Record<TErechnungFormat, TPruefProfil>> = {
  "xrechnung-ubl": "xrechnung",
  "xrechnung-cii": "xrechnung",
  zugferd: "en16931",
  peppol: "peppol",
  ebinterface: "ebinterface",
};

/** The syntax a format is written in (ebInterface: its own; the check reads it as UBL where lists differ). */
const SYNTAX: Readonly<Record<TErechnungFormat, TPruefSyntax>> = {
  "xrechnung-ubl": "ubl",
  "xrechnung-cii": "cii",
  zugferd: "cii",
  peppol: "ubl",
  ebinterface: "ubl",
};

/**
 * The party addressed as Peppol accepts it: Peppol has no e-mail scheme (PEPPOL-EN16931-CL008), so a party known
 * only by e-mail is addressed by its VAT id (EAS 9914, 9930, …); without one its e-mail address stays and the check
 * refuses the export, naming what to enter (a Peppol id in the customer's terms or the tenant's settings).
 */
function peppolPartei(p: Partei): Partei {
  const adresse = peppolAdresse(p.elektronischeAdresse, p.uid);
  return adresse ? { ...p, elektronischeAdresse: adresse } : p;
}

/**
 * The business terms as the format carries them: with its identifiers — specification (BT-24) and process
 * (BT-23) — and, for Peppol, the parties' Peppol addresses.
 */
export function mitKennung(r: Rechnung, format: TErechnungFormat): Rechnung {
  const { spezifikation: _s, prozess: _p, ...rest } = r;
  const profil = PROFIL[format];
  return {
    ...rest,
    ...(profil === "peppol"
      ? { verkaeufer: peppolPartei(r.verkaeufer), kaeufer: peppolPartei(r.kaeufer) }
      : {}),
    spezifikation:
      profil === "en16931" || profil === "ebinterface" ? SPEZIFIKATION.en16931 : SPEZIFIKATION[profil],
    ...(profil === "en16931" || profil === "ebinterface" ? {} : { prozess: PEPPOL_PROZESS }),
  };
}

/** The format's XML (ZUGFeRD: the factur-x.xml the PDF carries) of business terms as the format carries them. */
export function schreiben(r: Rechnung, format: TErechnungFormat): string {
  if (format === "ebinterface") return ebInterfaceSchreiben(r);
  return format === "xrechnung-cii" || format === "zugferd" ? ciiSchreiben(r) : ublSchreiben(r);
}

/** An export the checks refused: the broken rules. */
export class ErechnungUngueltig extends Error {
  constructor(readonly verstoesse: Verstoss[]) {
    super(`The e-invoice breaks ${verstoesse.map((v) => v.regel).join(", ")}`);
  }
}

/** The value with its keys sorted at every level and absent terms dropped (a comparable JSON form). */
function ordnen(wert: unknown): unknown {
  if (Array.isArray(wert)) return wert.map(ordnen);
  if (wert && typeof wert === "object")
    return Object.fromEntries(
      Object.entries(wert)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, ordnen(v)]),
    );
  return wert;
}

/** The business terms in a comparable form. */
function begriffe(r: Rechnung): string {
  return JSON.stringify(ordnen(r));
}

/** The business terms checked and written in `format`; throws ErechnungUngueltig with the broken rules. */
export function pruefenUndSchreiben(rechnung: Rechnung, format: TErechnungFormat): string {
  const profil = PROFIL[format];
  const r = mitKennung(rechnung, format);
  const verstoesse = regelnPruefen(r, profil, SYNTAX[format]).filter((v) => !istWarnung(v.regel, profil));
  if (verstoesse.length > 0) throw new ErechnungUngueltig(verstoesse);
  const xml = schreiben(r, format);
  if (format !== "ebinterface" && begriffe(rechnungLesen(xml).rechnung) !== begriffe(r))
    throw new ErechnungUngueltig([{ regel: RUECKLESEN }]);
  return xml;
}
