import { epcQrText } from "@kontor/domain/bank/epc.rules";
import { formatIban } from "@kontor/domain/bank/iban.rules";
import { bearbeitbar, zahlungszielGedruckt } from "@kontor/domain/beleg/beleg.codes";
import type { TBeleg } from "@kontor/domain/beleg/beleg.schema";
import { hinweisFeld, kategorieAusMwst, mwstEinordnung } from "@kontor/domain/beleg/beleg.totals";
import { datumText } from "@kontor/domain/date/calendar";
import { anzeigename } from "@kontor/domain/kunde/kunde.rules";
import { compare, dec, sub, toFixedString } from "@kontor/domain/money/decimal";
import type { DruckSprache } from "@kontor/domain/money/format";
import { belegZahlungstext } from "@kontor/domain/zahlungsziel/zahlungsziel.rules";
import { resources } from "@kontor/i18n";
import { and, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import {
  beleg,
  fahrzeug,
  felddefinition,
  lieferbedingung,
  rechnungsvorlage,
  zahlungsbedingung,
  zahlungsziel,
} from "../../db/schema/index.ts";
import { findBeleg, parteien, type VerkaeuferKopie } from "../beleg/beleg.repository.ts";
import { adressenWahl } from "../beleg/beleg.service.ts";

/**
 * Everything a document's PDF shows, read in one tenant transaction and put into the document's language
 * (the customer's belegLangKey): the layout (belegPdf.layout.ts) only arranges it.
 */
export interface BelegDruck {
  sprache: DruckSprache;
  beleg: TBeleg;
  /** A draft prints with a watermark and without a number. */
  entwurf: boolean;
  verkaeufer: {
    name: string;
    /** Street, postcode and town, country. */
    adresse: string[];
    uid: string | null;
    fn: string | null;
    email: string | null;
    bank: { iban: string; bic: string | null; bankName: string | null } | null;
  };
  /** The lines of the window envelope's address field (name first). */
  empfaenger: string[];
  /** The delivery address when it differs from the billing address. */
  lieferadresse: string[] | null;
  kundenNummer: string | null;
  kundeUid: string | null;
  /** Payment terms with the skonto dates and amounts (or the document's own payment text). */
  zahlungstext: string | null;
  lieferbedingung: string | null;
  zahlungsbedingung: string | null;
  /** The VAT notice the category requires (small business, reverse charge, export, intra-community). */
  hinweis: string | null;
  /** The vehicle when it is to be printed: label and value. */
  fahrzeug: [string, string][];
  /** Printable custom fields: label and value. */
  felder: [string, string][];
  /** The EPC QR code's text, when there is an amount to transfer. */
  epc: string | null;
  /** An invoice with an amount to pay, but the tenant has no IBAN: no bank details, no payment code. */
  zahlbarOhneBank: boolean;
  /** The uploaded letterhead (the first active document template), when the customer uses it. */
  vorlage: { bytes: Uint8Array; contentType: string } | null;
}

type Adresse = {
  firmenName?: string | null;
  adressZusatz?: string | null;
  strasse?: string | null;
  hausNummer?: string | null;
  stiege?: string | null;
  tuer?: string | null;
  plz?: string | null;
  ort?: string | null;
  land?: string | null;
};

const landName = (land: string, sprache: DruckSprache) => {
  try {
    return new Intl.DisplayNames([sprache], { type: "region" }).of(land) ?? land;
  } catch {
    return land;
  }
};

/**
 * The lines of an address as a letter prints them: addition, "Street 1/2/3" (Austrian staircase and door), postcode
 * and town, and the country in capitals (DIN 5008) when it is not the sender's.
 */
export function adresszeilen(
  a: Adresse | null | undefined,
  sprache: DruckSprache,
  heimatland?: string | null,
) {
  if (!a) return [];
  const strasse = [a.strasse, [a.hausNummer, a.stiege, a.tuer].filter(Boolean).join("/")]
    .filter(Boolean)
    .join(" ");
  const ort = [a.plz, a.ort].filter(Boolean).join(" ");
  const land = a.land && a.land !== (heimatland ?? a.land) ? landName(a.land, sprache).toUpperCase() : "";
  return [a.adressZusatz, strasse, ort, land]
    .map((zeile) => zeile?.trim() ?? "")
    .filter((zeile) => zeile !== "");
}

const OFFENE_TYPEN = new Set(["rechnung", "proformarechnung"]);

/** The PDF data of document `id`, or undefined when the tenant has none with this id. */
export async function belegDruckLesen(tx: Tx, id: number): Promise<BelegDruck | undefined> {
  const b = await findBeleg(tx, id);
  if (!b) return undefined;
  const [extra] = await tx
    .select({
      rechnungsAdresse: beleg.rechnungsAdresse,
      lieferAdresse: beleg.lieferAdresse,
      verkaeufer: beleg.verkaeufer,
    })
    .from(beleg)
    .where(eq(beleg.id, id));
  const { mandant: m, kunde: k } = await parteien(tx, b.kunde?.id ?? null);
  const sprache: DruckSprache = k?.belegLangKey === "en" ? "en" : "de";
  const texte = resources[sprache].beleg.druck;
  const entwurf = bearbeitbar(b);

  // The seller as finalization copied it (name, VAT id, address, register number, e-mail, bank — see
  // beleg.service.ts freigabe): a re-print of a finalized document names the seller as issued. A draft, and a
  // document finalized before a field was copied, use today's tenant.
  const kopie = (entwurf ? null : extra?.verkaeufer) as VerkaeuferKopie | null | undefined;
  const verkaeufer = (feld: Exclude<keyof VerkaeuferKopie, "adresse">) =>
    (kopie && feld in kopie ? kopie[feld] : m?.[feld]) ?? null;
  const sitz = (kopie?.adresse ?? m?.adresseLists[0] ?? null) as Adresse | null;
  const iban = verkaeufer("iban") as string | null;
  const bic = verkaeufer("bic") as string | null;
  const verkaeuferName = (verkaeufer("bezeichnung") as string | null) ?? "";
  const heimatland = sitz?.land ?? "AT";

  const gewaehlt = k ? adressenWahl(k.adresseLists, b.adresse?.id ?? null) : null;
  const rechnung = (entwurf ? gewaehlt?.rechnungsAdresse : extra?.rechnungsAdresse) as
    | Adresse
    | null
    | undefined;
  const liefer = (entwurf ? gewaehlt?.lieferAdresse : extra?.lieferAdresse) as Adresse | null | undefined;
  const name = rechnung?.firmenName?.trim() || (k ? anzeigename(k, sprache) : "");
  const zuHanden = b.zuHanden?.trim() ? texte.zuHanden.replace("{{name}}", b.zuHanden.trim()) : null;
  const empfaenger = [
    name,
    ...(zuHanden ? [zuHanden] : []),
    ...adresszeilen(rechnung, sprache, heimatland),
  ].filter((zeile) => zeile !== "");
  const lieferadresse = liefer
    ? [liefer.firmenName?.trim() || name, ...adresszeilen(liefer, sprache, heimatland)].filter(Boolean)
    : null;

  const [ziel] = b.zahlungsziel
    ? await tx.select().from(zahlungsziel).where(eq(zahlungsziel.id, b.zahlungsziel.id))
    : [];
  const [liefBed] = b.lieferbedingung
    ? await tx.select().from(lieferbedingung).where(eq(lieferbedingung.id, b.lieferbedingung.id))
    : [];
  const [zahlBed] = b.zahlungsbedingung
    ? await tx.select().from(zahlungsbedingung).where(eq(zahlungsbedingung.id, b.zahlungsbedingung.id))
    : [];
  const [fz] = b.fahrzeug
    ? await tx
        .select()
        .from(fahrzeug)
        .where(and(eq(fahrzeug.id, b.fahrzeug.id), eq(fahrzeug.saveonpdf, true)))
    : [];
  const definitionen =
    b.belegFelder.length === 0
      ? []
      : await tx
          .select()
          .from(felddefinition)
          .where(
            and(
              inArray(
                felddefinition.id,
                b.belegFelder.map((f) => f.felddefinitionId),
              ),
              eq(felddefinition.printable, true),
            ),
          );
  const [vorlage] =
    k?.belegVorlageVerwenden === false
      ? []
      : await tx
          .select({ bytes: rechnungsvorlage.vorlage, contentType: rechnungsvorlage.vorlageContentType })
          .from(rechnungsvorlage)
          .where(eq(rechnungsvorlage.active, true))
          .orderBy(rechnungsvorlage.id)
          .limit(1);

  const istZahlbar = OFFENE_TYPEN.has(b.belegsTyp);
  // The user's own payment text, else the term's sentence with the amounts of the totals as they are now (a stored
  // sentence of the term is made again: it may date from before the positions were in).
  const zahlungstext = belegZahlungstext(
    {
      eigenerText: b.belegstext2,
      belegDatum: b.belegDatum,
      brutto: b.summeBrutto,
      mitZiel: zahlungszielGedruckt(b.belegsTyp),
    },
    ziel,
    sprache,
  );

  const einordnung = mwstEinordnung(kategorieAusMwst(b.belegMwstSet));
  const feld = einordnung.hinweis ? hinweisFeld(einordnung.hinweis, sprache) : null;
  const hinweis =
    einordnung.hinweis === "reverseCharge"
      ? texte.reverseCharge
      : feld && m
        ? (m[feld]?.trim() ?? null) || null
        : null;

  const offen = b.zahlungList.reduce((rest, z) => sub(rest, dec(z.betrag)), dec(b.summeBrutto));
  const bank = iban
    ? { iban: formatIban(iban), bic, bankName: verkaeufer("bankName") as string | null }
    : null;
  const titel = texte.titel[b.belegsTyp];
  const zuZahlen = istZahlbar && !b.bezahlt && !b.storniert && compare(offen, dec(0)) > 0;
  const epc =
    !entwurf && zuZahlen && iban
      ? epcQrText({
          name: verkaeuferName,
          iban,
          bic,
          betrag: toFixedString(offen, 2),
          verwendungszweck: `${titel} ${b.belegNummer ?? ""}`.trim(),
        })
      : null;

  const wert = (value: string | null | undefined) => value?.trim() ?? "";
  const fahrzeugZeilen: [string, string][] = fz
    ? (
        [
          [texte.kennzeichen, wert(fz.kennzeichen)],
          [texte.marke, [fz.marke, fz.typ].filter(Boolean).join(" ")],
          [texte.fahrgestellNummer, wert(fz.fahrgestellNummer)],
          [texte.erstZulassung, fz.erstZulassung ? datumText(fz.erstZulassung, sprache) : ""],
          [
            texte.kilometerstand,
            fz.kilometerstand === null
              ? ""
              : `${fz.kilometerstand.toLocaleString(sprache === "de" ? "de-AT" : "en-GB")} km`,
          ],
        ] as [string, string][]
      ).filter(([, value]) => value !== "")
    : [];
  const felder: [string, string][] = definitionen
    .sort((a, c) => a.sortOrder - c.sortOrder)
    .map((d) => {
      const value = b.belegFelder.find((f) => f.felddefinitionId === d.id)?.value ?? "";
      const label = sprache === "en" && d.bezeichnungEn ? d.bezeichnungEn : d.bezeichnung;
      const text =
        d.type === "BOOLEAN"
          ? value === "true"
            ? texte.ja
            : texte.nein
          : d.type === "DATE" && /^\d{4}-\d{2}-\d{2}$/.test(value)
            ? datumText(value, sprache)
            : value;
      return [label, text] as [string, string];
    })
    .filter(([, value]) => value.trim() !== "");

  return {
    sprache,
    beleg: b,
    entwurf,
    verkaeufer: {
      name: verkaeuferName,
      adresse: adresszeilen(sitz, sprache, null),
      uid: verkaeufer("uid") as string | null,
      fn: verkaeufer("fn") as string | null,
      email: verkaeufer("email") as string | null,
      bank,
    },
    empfaenger,
    lieferadresse,
    kundenNummer: k?.kundenNummer ?? null,
    kundeUid: k?.uid?.trim() || null,
    zahlungstext,
    lieferbedingung: liefBed?.name ?? null,
    zahlungsbedingung: zahlBed?.name ?? null,
    hinweis,
    fahrzeug: fahrzeugZeilen,
    felder,
    epc,
    zahlbarOhneBank: zuZahlen && !iban,
    vorlage:
      vorlage?.bytes && vorlage.contentType
        ? { bytes: vorlage.bytes, contentType: vorlage.contentType }
        : null,
  };
}
