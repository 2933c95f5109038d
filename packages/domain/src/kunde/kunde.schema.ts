import { z } from "zod";
import { ZLangKey } from "../auth/auth.schema.ts";
import { ZIsoDate, ZIsoDateTime } from "../date/date.schema.ts";
import {
  ZElektronischeAdresse,
  ZErechnungFormat,
  ZErechnungKanal,
  ZKaeuferReferenz,
} from "../erechnung/erechnung.schema.ts";
import { optionalText as text, reference as verweis } from "../http/fields.schema.ts";
import { speicherGruendeMelden } from "../http/speicherRegeln.ts";
import { ZLaenderKuerzel } from "../land/land.schema.ts";
import { ZProzent } from "../money/percent.schema.ts";
import { ZFirmaTyp, ZGeschlechtTyp } from "../typen/typen.ts";
import { ZUid } from "../uid/uid.rules.ts";
import {
  ADRESSE_MAX,
  KONTAKT_EMAIL_PATTERN,
  KUNDE_DEFAULTS,
  lieferadresseAktiv,
  lieferadresseFehlt,
  speichernBlockiert,
} from "./kunde.rules.ts";

/** SPEC §5 contact e-mail: umlauts allowed in the local part, empty is valid (null); field code "email". */
const ZKontaktEmail = z
  .string()
  .trim()
  .max(100)
  .meta({ format: "email" }) // the pipe below checks it; the OpenAPI document shows the input side
  .nullish()
  .transform((v) => v || null)
  .pipe(z.email({ pattern: KONTAKT_EMAIL_PATTERN }).nullable());

/** Run the save rules whenever there is an object to read, even if some of its fields are invalid. */
const istObjekt = (payload: { value: unknown }) =>
  typeof payload.value === "object" && payload.value !== null;

/** What an address is for; inside a customer the position decides (adresseLists[0] billing, [1..] delivery). */
export const ADRESSEN_TYPEN = ["rechnungsadresse", "lieferadresse"] as const;
export const ZAdressenTyp = z.enum(ADRESSEN_TYPEN);
export type TAdressenTyp = z.infer<typeof ZAdressenTyp>;

const adresseShape = {
  id: z.number().int().optional(),
  adressZusatz: text(ADRESSE_MAX.adressZusatz),
  plz: text(ADRESSE_MAX.plz),
  ort: text(ADRESSE_MAX.ort),
  strasse: text(ADRESSE_MAX.strasse),
  hausNummer: text(ADRESSE_MAX.hausNummer),
  stiege: text(ADRESSE_MAX.stiege),
  tuer: text(ADRESSE_MAX.tuer),
  land: ZLaenderKuerzel.describe("ISO 3166-1 alpha-2 country code; required (SPEC §5)"),
  adressenTyp: ZAdressenTyp.default("rechnungsadresse").describe(
    "Inside a customer set by position: [0] rechnungsadresse, [1..] lieferadresse",
  ),
  aktiv: z
    .boolean()
    .default(true)
    .describe("A deactivated delivery address is kept but neither used nor checked"),
  bezeichnung: text(200).describe("Name of the address, e.g. a branch or site"),
  firmenName: text(200).describe("Company name printed on the address, if it differs"),
  zuHanden: z.boolean().default(false).describe('Print "to the attention of" with this address'),
};

/**
 * An address (SPEC §3 Address) of a customer. Only the country is required here; which other fields a customer
 * needs to be saved is ZKundeSpeichern's rule (SPEC §5). Maximum lengths: SPEC §9.
 */
export const ZAdresse = z.object(adresseShape);
export type TAdresse = z.infer<typeof ZAdresse>;
export type TAdresseInput = z.input<typeof ZAdresse>;

/**
 * A delivery address created on its own (SPEC §5 delivery-address quick create, POST adresses): strasse,
 * hausNummer, plz, ort and land required (field code "required").
 */
export const ZLieferadresse = z
  .object({ ...adresseShape, adressenTyp: ZAdressenTyp.default("lieferadresse") })
  .superRefine(
    (adresse, ctx) => {
      const gemeldet = new Set(ctx.issues.map((issue) => (issue.path ?? []).map(String).join(".")));
      for (const { field, code } of lieferadresseFehlt(adresse)) {
        if (gemeldet.has(field)) continue;
        ctx.addIssue({ code: "custom", path: [field], params: { code }, message: `${field} is required` });
      }
    },
    { when: istObjekt },
  );
export type TLieferadresse = z.infer<typeof ZLieferadresse>;

/** A contact person of a customer (SPEC §3 Contact person). Decision: a contact needs at least a last name. */
export const ZKundeKontakt = z.object({
  id: z.number().int().optional(),
  geschlecht: ZGeschlechtTyp.nullish().transform((v) => v ?? null),
  vorname: text(100),
  nachname: z.string().trim().min(1).max(100),
  email: ZKontaktEmail,
  telnr: text(50),
});
export type TKundeKontakt = z.infer<typeof ZKundeKontakt>;

/** A vehicle of a customer (SPEC §3 Vehicle), e.g. for workshop documents. */
export const ZFahrzeug = z.object({
  id: z.number().int().optional(),
  kennzeichen: z.string().trim().min(1).max(20).describe("Licence plate"),
  marke: text(100),
  typ: text(100),
  fahrgestellNummer: text(30).describe("Vehicle identification number (VIN)"),
  erstZulassung: ZIsoDate.nullish()
    .transform((v) => v ?? null)
    .describe("First registration (YYYY-MM-DD)"),
  motorNummer: text(50),
  leistung: text(50).describe('Power as written, e.g. "110 kW"'),
  hubraum: text(50).describe('Displacement as written, e.g. "1968 cm³"'),
  nationalCode: text(50).describe("Austrian Nationaler Code of the type approval"),
  kilometerstand: z
    .number()
    .int()
    .min(0)
    .max(99_999_999)
    .nullish()
    .transform((v) => v ?? null),
  treibstoff: text(50).describe("Fuel"),
  saveonpdf: z.boolean().default(false).describe("Print the vehicle on the customer's documents"),
});
export type TFahrzeug = z.infer<typeof ZFahrzeug>;

/**
 * The value of a customer field definition for this customer (SPEC §3 kundeFelder). Whether the value fits the
 * definition's type needs the definition: the API checks it with felddefinition's valueFitsType.
 */
export const ZKundeFeld = z.object({
  felddefinitionId: z.number().int().positive(),
  value: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || null),
});
export type TKundeFeld = z.infer<typeof ZKundeFeld>;

/** A CRM entry of a customer: a dated note of who did what (SPEC §3 kundeCrms; like Note: text, datum, user). */
export const ZKundeCrm = z.object({
  id: z.number().int().optional(),
  text: z.string().trim().min(1).max(10_000),
  datum: ZIsoDateTime.optional().describe("When (ISO 8601 date-time); the server sets now when missing"),
  user: z
    .object({ id: z.number().int(), login: z.string() })
    .nullish()
    .describe("Read-only: who wrote the entry (set by the server)"),
});
export type TKundeCrm = z.infer<typeof ZKundeCrm>;

/** A PDF attached to a customer (SPEC §3 kundePdfs): metadata only; the upload and download go elsewhere. */
export const ZKundePdf = z
  .object({
    id: z.number().int(),
    dateiname: z.string(),
    contentType: z.string(),
    groesse: z.number().int().min(0).describe("Size in bytes"),
    hochgeladenAm: z.string().describe("Upload time (ISO 8601)"),
  })
  .describe("Read-only: metadata of an attached PDF");
export type TKundePdf = z.infer<typeof ZKundePdf>;

/** Sets each address's type by its position: [0] billing, every later one delivery (SPEC §3). */
function typNachPosition<T extends { adressenTyp: TAdressenTyp }>(adressen: T[]): T[] {
  return adressen.map((adresse, index) => ({
    ...adresse,
    adressenTyp: index === 0 ? "rechnungsadresse" : "lieferadresse",
  }));
}

/**
 * A customer or supplier (SPEC §3 kunde) with every field. The save rules of SPEC §5 are not part of this shape
 * (a stored customer may predate them): validate writes with ZKundeSpeichern, clear with beimSpeichern (SPEC §4).
 */
export const ZKunde = z.object({
  id: z.number().int().optional(),
  kundenNummer: text(50).describe("Customer number; assigned by the server (nextkundennumber) when empty"),
  bezeichnung: text(200).describe("Company name (firma); cleared for a privatperson on save"),
  vorname: text(100).describe("First name (privatperson); cleared for a firma on save"),
  nachname: text(100).describe("Last name (privatperson); cleared for a firma on save"),
  geschlecht: ZGeschlechtTyp.nullish()
    .transform((v) => v ?? null)
    .describe("Salutation (privatperson); cleared for a firma on save"),
  adresseLists: z
    .array(ZAdresse)
    .max(100)
    .default([])
    .transform(typNachPosition)
    .describe("[0] billing address, [1] delivery address (optional), later ones further delivery addresses"),
  email: ZKontaktEmail,
  telnr: text(50),
  uid: ZUid,
  innergemeinschaftlich: z.boolean().default(false).describe("Intra-community supply (reverse charge)"),
  export: z.boolean().default(false).describe("Export outside the EU"),
  preisschiene: verweis().describe("Price tier of the customer"),
  rabattVorschlag: ZProzent.default(KUNDE_DEFAULTS.rabattVorschlag).describe(
    "Discount in percent suggested on the customer's documents",
  ),
  zahlungsziel: verweis().describe("Payment term"),
  lieferbedingung: verweis().describe("Delivery terms"),
  zahlungsbedingung: verweis().describe("Payment condition"),
  belegVorlageVerwenden: z
    .boolean()
    .default(KUNDE_DEFAULTS.belegVorlageVerwenden)
    .describe("Documents use the document template"),
  belegLangKey: ZLangKey.default(KUNDE_DEFAULTS.belegLangKey).describe(
    "Language of the customer's documents",
  ),
  firma: ZFirmaTyp.default("firma"),
  user: z
    .object({ id: z.number().int().positive(), login: z.string().optional().describe("Read-only") })
    .nullish()
    .transform((v) => v ?? null)
    .describe("The user in charge of the customer (chosen via usersearch)"),
  zuHandenAktiv: z.boolean().default(false).describe('Documents print "to the attention of"'),
  lieferant: z.boolean().default(false).describe("A supplier rather than a customer"),
  kundeFelder: z.array(ZKundeFeld).max(500).default([]),
  fahrzeuge: z.array(ZFahrzeug).max(500).default([]),
  kundePdfs: z
    .array(ZKundePdf)
    .default([])
    .describe("Read-only: the attached PDFs (ignored on PUT; uploaded separately)"),
  kundeCrms: z.array(ZKundeCrm).max(10_000).default([]),
  kontonummer: text(50).describe("Account number (e.g. IBAN or the bookkeeping account)"),
  kaeuferReferenz: ZKaeuferReferenz.describe(
    "E-invoices: the buyer reference new documents carry (BT-10), e.g. the Leitweg-ID of a German public buyer",
  ),
  lieferantenNummer: text(50).describe("E-invoices: our supplier number at the customer (BT-29)"),
  eRechnungAdresse: ZElektronischeAdresse,
  eRechnungFormat: ZErechnungFormat.nullish()
    .transform((v) => v ?? null)
    .describe("E-invoices: the format the customer receives (null: PDF only)"),
  eRechnungKanal: ZErechnungKanal.default("pdf").describe(
    "E-invoices: pdf (the PDF only), mail (the e-invoice attached to the document mail) or download",
  ),
  kundeBeschreibung: text(10_000).describe("Free description"),
  kundeKontakte: z.array(ZKundeKontakt).max(500).default([]),
  firmengruppen: z
    .array(z.object({ id: z.number().int().positive() }))
    .max(100)
    .default([])
    .describe("The firm groups the customer belongs to"),
  webshopId: z.number().int().nullish().describe("Read-only: the customer's id in the webshop"),
  aktiv: z.boolean().default(true).describe("Deactivated customers are left out of lists and searches"),
  anzeigename: z.string().optional().describe("Read-only: the display name, derived (anzeigename())"),
});
export type TKunde = z.infer<typeof ZKunde>;
export type TKundeInput = z.input<typeof ZKunde>;

/**
 * ZKunde plus the SPEC §5 save rules (speichernBlockiert), so API (400 fieldErrors) and web (form errors) share
 * one rule: each missing field is an issue with params.code "required" at its path (`adresseLists.0.plz`). The
 * delivery address counts as switched on when adresseLists[1] is there and not deactivated. The rules run even
 * when other fields are invalid, so one answer names every missing field; a path already reported is skipped.
 */
export const ZKundeSpeichern = ZKunde.superRefine(
  (kunde, ctx) =>
    speicherGruendeMelden(speichernBlockiert(kunde, { lieferadresseAktiv: lieferadresseAktiv(kunde) }), ctx),
  { when: istObjekt },
);
