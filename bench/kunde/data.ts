import { sortnameOf } from "../../apps/api/src/modules/kunde/kunde.repository.ts";
import type { Rng } from "../lib/prng.ts";
import {
  BRANCHEN,
  FELD_BETREUER,
  FELD_BRANCHE,
  MAIL_PROVIDER,
  NACHNAME_GEWICHTE,
  ORTE,
  RECHTSFORMEN,
  STRASSEN,
  VORNAMEN_M,
  VORNAMEN_W,
} from "./names.ts";

/** One generated customer with its addresses and custom field values, as the bulk insert takes it. */
export interface GenKunde {
  kundenNummer: string;
  firma: "firma" | "privatperson";
  bezeichnung: string | null;
  vorname: string | null;
  nachname: string | null;
  geschlecht: string | null;
  email: string | null;
  telnr: string | null;
  uid: string | null;
  innergemeinschaftlich: boolean;
  lieferant: boolean;
  aktiv: boolean;
  /** As the app writes it (kunde.repository.ts sortnameOf). */
  sortname: string;
  adressen: GenAdresse[];
  branche: string | null;
  betreuer: string | null;
}

export interface GenAdresse {
  position: number;
  adressenTyp: "rechnungsadresse" | "lieferadresse";
  bezeichnung: string | null;
  strasse: string;
  hausNummer: string;
  plz: string;
  ort: string;
  land: string;
}

/** For e-mail addresses: ASCII, lower case, umlauts transliterated. */
const slug = (text: string) =>
  text
    .toLowerCase()
    .replaceAll("ä", "ae")
    .replaceAll("ö", "oe")
    .replaceAll("ü", "ue")
    .replaceAll("ß", "ss")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function hausNummer(rng: Rng): string {
  const n = String(rng.int(1, 180));
  if (rng.chance(0.08)) return `${n}${rng.pick(["a", "b", "c"])}`;
  if (rng.chance(0.1)) return `${n}/${rng.int(1, 12)}`;
  return n;
}

function adresse(rng: Rng, position: number, nahe?: GenAdresse): GenAdresse {
  const [plz, ort, land] = nahe && rng.chance(0.6) ? [nahe.plz, nahe.ort, nahe.land] : rng.weighted(ORTE);
  return {
    position,
    adressenTyp: position === 0 ? "rechnungsadresse" : "lieferadresse",
    bezeichnung:
      position === 0 ? null : rng.pick(["Lager", "Baustelle", "Filiale", "Werkstatt", "Zustellung"]),
    strasse: rng.pick(STRASSEN),
    hausNummer: hausNummer(rng),
    plz,
    ort,
    land,
  };
}

const telnr = (rng: Rng, land: string) =>
  land === "DE" ? `+49 ${rng.int(30, 999)} ${rng.digits(7)}` : `+43 ${rng.int(1, 699)} ${rng.digits(6)}`;

function firmenname(rng: Rng, ort: string): string {
  const nachname = rng.weighted(NACHNAME_GEWICHTE);
  const branche = rng.pick(BRANCHEN);
  const rechtsform = rng.weighted(RECHTSFORMEN);
  const mit = (name: string) => (rechtsform ? `${name} ${rechtsform}` : name);
  const art = rng.next();
  if (art < 0.35) return mit(`${nachname} ${branche}`);
  if (art < 0.55) return `${branche} ${rng.pick(rng.chance(0.6) ? VORNAMEN_M : VORNAMEN_W)}`;
  if (art < 0.7) return `${branche} ${nachname}`;
  if (art < 0.8) return `${nachname} & ${rng.weighted(NACHNAME_GEWICHTE)} ${rng.pick(["OG", "KG"])}`;
  if (art < 0.9) return mit(`${ort} ${branche}`);
  return `${rng.pick(rng.chance(0.6) ? VORNAMEN_M : VORNAMEN_W)} ${nachname} ${branche}`;
}

/** The customer with number `nummer`: ~70 % companies, 10 % suppliers, 3 % deactivated, 20 % delivery address. */
export function generateKunde(rng: Rng, nummer: number): GenKunde {
  const rechnung = adresse(rng, 0);
  const adressen = [rechnung];
  if (rng.chance(0.2)) adressen.push(adresse(rng, 1, rechnung));
  if (rng.chance(0.03)) adressen.push(adresse(rng, 2, rechnung));
  const istFirma = rng.chance(0.7);
  const lieferant = rng.chance(0.1);
  const aktiv = !rng.chance(0.03);
  const base = {
    kundenNummer: String(nummer),
    telnr: rng.chance(0.7) ? telnr(rng, rechnung.land) : null,
    lieferant,
    aktiv,
    adressen,
    betreuer: rng.chance(0.5) ? rng.pick(FELD_BETREUER) : null,
  };
  if (istFirma) {
    const bezeichnung = firmenname(rng, rechnung.ort);
    const tld = rechnung.land === "DE" ? "de" : "at";
    const mitUid = rng.chance(0.45);
    return {
      ...base,
      firma: "firma",
      bezeichnung,
      vorname: null,
      nachname: null,
      geschlecht: null,
      email: rng.chance(0.8)
        ? `${rng.pick(["office", "info", "buero", "kontakt"])}@${slug(bezeichnung).slice(0, 30)}.${tld}`
        : null,
      uid: mitUid ? (rechnung.land === "DE" ? `DE${rng.digits(9)}` : `ATU${rng.digits(8)}`) : null,
      innergemeinschaftlich: mitUid && rechnung.land === "DE",
      sortname: sortnameOf({ firma: "firma", bezeichnung, vorname: null, nachname: null }),
      branche: rng.chance(0.6) ? rng.weighted(FELD_BRANCHE) : null,
    };
  }
  const frau = rng.chance(0.5);
  const vorname = rng.pick(frau ? VORNAMEN_W : VORNAMEN_M);
  const nachname = rng.weighted(NACHNAME_GEWICHTE);
  return {
    ...base,
    firma: "privatperson",
    bezeichnung: null,
    vorname,
    nachname,
    geschlecht: rng.chance(0.05) ? "familie" : frau ? "frau" : "herr",
    email: rng.chance(0.6)
      ? `${slug(vorname)}.${slug(nachname)}${rng.chance(0.4) ? rng.int(1, 99) : ""}@${rng.pick(MAIL_PROVIDER)}`
      : null,
    uid: null,
    innergemeinschaftlich: false,
    sortname: sortnameOf({ firma: "privatperson", bezeichnung: null, vorname, nachname }),
    branche: null,
  };
}
