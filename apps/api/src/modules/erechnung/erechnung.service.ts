import { bearbeitbar, zahlungszielGedruckt } from "@kontor/domain/beleg/beleg.codes";
import { hinweisFeld, kategorieAusMwst, mwstEinordnung } from "@kontor/domain/beleg/beleg.totals";
import {
  ERECHNUNG_FORMATE,
  ERECHNUNG_TYPEN,
  erechnungDateiart,
  type TErechnungFormat,
} from "@kontor/domain/erechnung/erechnung.codes";
import type { TRegelVerstoss } from "@kontor/domain/http/problem.schema";
import { anzeigename } from "@kontor/domain/kunde/kunde.rules";
import { belegZahlungstext } from "@kontor/domain/zahlungsziel/zahlungsziel.rules";
import type { BelegQuelle, QuellAdresse } from "@kontor/erechnung/abbilden";
import { resources } from "@kontor/i18n";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { artikel, beleg, einheit, zahlungsziel } from "../../db/schema/index.ts";
import { ProblemError } from "../../http/problem.ts";
import { lazy } from "../../lazy.ts";
import { findBeleg, parteien, type VerkaeuferKopie } from "../beleg/beleg.repository.ts";
import { adressenWahl } from "../beleg/beleg.service.ts";
import { belegPdf, type TenantRun } from "../belegausgabe/belegPdf.service.ts";
import { facturxPdf } from "./facturx.ts";

/**
 * E-invoices of finalized documents (issue 19): the document is read in one tenant transaction into the mapping's
 * source (the parties as finalization copied them), mapped to the EN 16931 business terms, checked and written
 * in the format asked for (@kontor/erechnung: abbilden.ts, ausgabe.ts). Nothing leaves the server that failed the
 * checks: a refused export is 422 error.erechnungUngueltig with the broken rules.
 */

/** The document language's texts an e-invoice needs. */
const texte = (sprache: "de" | "en") => resources[sprache].erechnung;

/** Rich text (the document text) as plain lines for an invoice note. */
export function klartext(html: string | null | undefined): string | null {
  if (!html) return null;
  const text = html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  return text === "" ? null : text;
}

/** The exemption text (BT-120) of a VAT-free category when the tenant has none of its own. */
function standardBefreiung(sprache: "de" | "en", kategorie: string): string | null {
  const befreiung: Readonly<Record<string, string>> = texte(sprache).befreiung;
  return befreiung[kategorie] ?? null;
}

export interface ErechnungGelesen {
  quelle: BelegQuelle;
  sprache: "de" | "en";
  /** "Rechnung 2026-00017" / "Invoice 2026-00017": the file name's stem. */
  name: string;
}

/**
 * The source of document `id`'s e-invoice; undefined when the tenant has no such document. A draft, or a type
 * that is no invoice (offer, delivery note, …), is refused with 409.
 */
export async function erechnungQuelleLesen(tx: Tx, id: number): Promise<ErechnungGelesen | undefined> {
  const b = await findBeleg(tx, id);
  if (!b) return undefined;
  if (!(ERECHNUNG_TYPEN as readonly string[]).includes(b.belegsTyp))
    throw new ProblemError(409, "error.erechnungTyp", `A ${b.belegsTyp} is no invoice`);
  if (bearbeitbar(b) || !b.belegNummer)
    throw new ProblemError(409, "error.belegNotFinalized", "Only a finalized document is an e-invoice");
  const [extra] = await tx
    .select({
      rechnungsAdresse: beleg.rechnungsAdresse,
      lieferAdresse: beleg.lieferAdresse,
      verkaeufer: beleg.verkaeufer,
      faelligAm: beleg.faelligAm,
    })
    .from(beleg)
    .where(eq(beleg.id, id));
  const { mandant: m, kunde: k } = await parteien(tx, b.kunde?.id ?? null);
  const sprache: "de" | "en" = k?.belegLangKey === "en" ? "en" : "de";
  const druck = resources[sprache].beleg.druck;

  // The seller as finalization copied it; fields copied later than the document was finalized from today's tenant.
  const kopie = (extra?.verkaeufer ?? null) as (VerkaeuferKopie & Record<string, unknown>) | null;
  const verkaeufer = <F extends keyof NonNullable<typeof m>>(feld: F) =>
    ((kopie && feld in kopie ? kopie[feld as string] : m?.[feld]) ?? null) as string | null;

  const gewaehlt = k ? adressenWahl(k.adresseLists, b.adresse?.id ?? null) : null;
  const rechnung = (extra?.rechnungsAdresse ?? gewaehlt?.rechnungsAdresse ?? null) as QuellAdresse | null;
  const liefer = (extra?.lieferAdresse ?? null) as QuellAdresse | null;

  const [ziel] = b.zahlungsziel
    ? await tx.select().from(zahlungsziel).where(eq(zahlungsziel.id, b.zahlungsziel.id))
    : [];
  // Each line's unit: its article's, else the tenant's default unit (C62, one, without any).
  const [standardEinheit] = await tx
    .select({ code: einheit.code })
    .from(einheit)
    .where(eq(einheit.defaultEinheit, true))
    .orderBy(asc(einheit.id))
    .limit(1);
  const artikelIds = [...new Set(b.belegspositionSet.flatMap((p) => (p.artikel ? [p.artikel.id] : [])))];
  const artikelEinheit = new Map(
    artikelIds.length === 0
      ? []
      : (
          await tx
            .select({ id: artikel.id, code: einheit.code })
            .from(artikel)
            .innerJoin(
              einheit,
              and(eq(einheit.mandantId, artikel.mandantId), eq(einheit.id, artikel.einheitId)),
            )
            .where(inArray(artikel.id, artikelIds))
        ).map((zeile) => [zeile.id, zeile.code]),
  );
  const vorgaengerId = b.ursprungsBeleg?.id ?? null;
  const [vorgaenger] =
    (b.belegsTyp === "storno" || b.belegsTyp === "gutschrift") && vorgaengerId !== null
      ? await tx
          .select({ nummer: beleg.belegNummer, datum: beleg.belegDatum, typ: beleg.belegsTyp })
          .from(beleg)
          .where(eq(beleg.id, vorgaengerId))
      : [];

  const kategorie = kategorieAusMwst(b.belegMwstSet);
  const einordnung = mwstEinordnung(kategorie);
  const feld = einordnung.hinweis ? hinweisFeld(einordnung.hinweis, sprache) : null;
  const befreiungsText =
    einordnung.hinweis === "reverseCharge"
      ? druck.reverseCharge
      : (feld && m ? m[feld]?.trim() : null) || standardBefreiung(sprache, kategorie);

  const name = `${druck.titel[b.belegsTyp]} ${b.belegNummer}`;
  const quelle: BelegQuelle = {
    beleg: {
      belegsTyp: b.belegsTyp as BelegQuelle["beleg"]["belegsTyp"],
      belegNummer: b.belegNummer,
      belegDatum: b.belegDatum,
      leistungsDatum: b.leistungsDatum,
      leistungsZeitraumVon: b.leistungsZeitraumVon,
      leistungsZeitraumBis: b.leistungsZeitraumBis,
      kaeuferReferenz: b.kaeuferReferenz ?? k?.kaeuferReferenz ?? null,
      bestellBelegnummer: b.bestellBelegnummer,
      belegRabatt: b.belegRabatt,
      kategorie,
      bankomat: b.bankomat,
      faelligAm: extra?.faelligAm ?? null,
      text: klartext(b.rechnungsText),
      vorgaenger: vorgaenger?.nummer
        ? { nummer: vorgaenger.nummer, datum: vorgaenger.datum, typ: vorgaenger.typ }
        : null,
      positionen: b.belegspositionSet.map((p) => ({
        ...p,
        positionsBeschreibung: p.positionsBeschreibung ?? p.artikel?.artikelBezeichnung ?? null,
        artikelNummer: p.artikel?.artikelNummer ?? null,
        einheit: (p.artikel ? artikelEinheit.get(p.artikel.id) : undefined) ?? standardEinheit?.code ?? null,
      })),
    },
    verkaeufer: {
      name: verkaeufer("bezeichnung") ?? "",
      uid: verkaeufer("uid"),
      steuernummer: verkaeufer("steuernummer"),
      registernummer: verkaeufer("fn"),
      email: verkaeufer("email"),
      elektronischeAdresse: verkaeufer("eRechnungAdresse"),
      telefon: verkaeufer("telefon"),
      kontaktName: verkaeufer("kontaktName"),
      adresse: (kopie?.adresse ?? m?.adresseLists[0] ?? null) as QuellAdresse | null,
      iban: verkaeufer("iban"),
      bic: verkaeufer("bic"),
      kennungBeimKaeufer: k?.lieferantenNummer ?? null,
    },
    kaeufer: {
      name: k ? anzeigename(k, sprache) : "",
      kundenNummer: k?.kundenNummer ?? null,
      uid: k?.uid ?? null,
      email: k?.email ?? null,
      telefon: k?.telnr ?? null,
      elektronischeAdresse: k?.eRechnungAdresse ?? null,
      zuHanden: b.zuHanden,
      adresse: rechnung,
      lieferadresse: liefer,
    },
    zahlungsziel: ziel ? { nettoTage: ziel.nettoTage, skontoList: ziel.skontoList } : null,
    // The text the PDF prints (the amounts from the final totals; a stored term sentence is made again).
    zahlungstext: belegZahlungstext(
      {
        eigenerText: klartext(b.belegstext2),
        belegDatum: b.belegDatum,
        brutto: b.summeBrutto,
        mitZiel: zahlungszielGedruckt(b.belegsTyp),
      },
      ziel,
      sprache,
    ),
    befreiungsText,
    gutschriftText: texte(sprache).gutschrift,
    stornoGutschriftText: texte(sprache).stornoGutschrift.replace("{{nummer}}", vorgaenger?.nummer ?? ""),
  };
  return { quelle, sprache, name };
}

/** The mapping and the writers with their checks, loaded with the first e-invoice (apps/api/src/lazy.ts). */
const schreiber = lazy(async () => {
  const [{ belegAbbilden }, { ErechnungUngueltig, pruefenUndSchreiben }] = await Promise.all([
    import("@kontor/erechnung/abbilden"),
    import("@kontor/erechnung/ausgabe"),
  ]);
  return { belegAbbilden, ErechnungUngueltig, pruefenUndSchreiben };
});

/** The business terms checked and written, or 422 error.erechnungUngueltig with the broken rules. */
async function geprueft(quelle: BelegQuelle, format: TErechnungFormat): Promise<string> {
  const { belegAbbilden, ErechnungUngueltig, pruefenUndSchreiben } = await schreiber();
  try {
    return pruefenUndSchreiben(belegAbbilden(quelle), format);
  } catch (error) {
    if (!(error instanceof ErechnungUngueltig)) throw error;
    return ungueltig(error.verstoesse);
  }
}

function ungueltig(verstoesse: TRegelVerstoss[]): never {
  throw new ProblemError(
    422,
    "error.erechnungUngueltig",
    `The e-invoice breaks ${verstoesse.map((v) => v.regel).join(", ")}`,
    undefined,
    undefined,
    verstoesse,
  );
}

/**
 * The rules document `id` breaks in each format (empty: the export would pass); undefined when the tenant has no
 * such document.
 */
export async function erechnungPruefen(
  run: TenantRun,
  id: number,
): Promise<Record<TErechnungFormat, TRegelVerstoss[]> | undefined> {
  const gelesen = await run((tx) => erechnungQuelleLesen(tx, id));
  if (!gelesen) return undefined;
  const { belegAbbilden, ErechnungUngueltig, pruefenUndSchreiben } = await schreiber();
  const r = belegAbbilden(gelesen.quelle);
  const ergebnis = {} as Record<TErechnungFormat, TRegelVerstoss[]>;
  for (const format of ERECHNUNG_FORMATE) {
    try {
      pruefenUndSchreiben(r, format);
      ergebnis[format] = [];
    } catch (error) {
      if (!(error instanceof ErechnungUngueltig)) throw error;
      ergebnis[format] = error.verstoesse;
    }
  }
  return ergebnis;
}

/** An e-invoice file: its bytes, name and media type. */
export interface ErechnungDatei {
  bytes: Uint8Array;
  dateiname: string;
  contentType: "application/xml" | "application/pdf";
  sprache: "de" | "en";
}

/**
 * Document `id`'s e-invoice in `format`, or undefined when the tenant has no such document. ZUGFeRD / Factur-X is
 * the document's own PDF/A-3 with factur-x.xml embedded.
 */
export async function erechnungErzeugen(
  run: TenantRun,
  id: number,
  format: TErechnungFormat,
): Promise<ErechnungDatei | undefined> {
  const gelesen = await run((tx) => erechnungQuelleLesen(tx, id));
  if (!gelesen) return undefined;
  const xml = await geprueft(gelesen.quelle, format);
  const stamm = `${gelesen.name} ${texte(gelesen.sprache).dateiZusatz[format]}`.replace(
    /[\\/:*?"<>|]+/g,
    "-",
  );
  if (erechnungDateiart(format) === "xml")
    return {
      bytes: new TextEncoder().encode(xml),
      dateiname: `${stamm}.xml`,
      contentType: "application/xml",
      sprache: gelesen.sprache,
    };
  const pdf = await belegPdf(run, id);
  if (!pdf) return undefined;
  return {
    bytes: await facturxPdf(pdf.bytes, xml, {
      nummer: gelesen.quelle.beleg.belegNummer,
      datum: gelesen.quelle.beleg.belegDatum,
      titel: gelesen.name,
      verkaeufer: gelesen.quelle.verkaeufer.name,
    }),
    dateiname: `${stamm}.pdf`,
    contentType: "application/pdf",
    sprache: gelesen.sprache,
  };
}
