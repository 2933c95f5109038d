import { addDays } from "@kontor/domain/date/calendar";
import { add, compare, dec, div, isZero, mul, round, sub, toFixedString } from "@kontor/domain/money/decimal";
import { afterSkonto } from "@kontor/domain/zahlungsziel/zahlungsziel.rules";
import type {
  Abschlag,
  Adresse,
  ElektronischeAdresse,
  Partei,
  Position,
  Rechnung,
  TKategorie,
  Zahlung,
} from "./modell.ts";
import { e, ea, t, XML_KOPF } from "./xml.ts";

/**
 * ebInterface 6.1 (the Austrian e-invoice standard, https://www.ebinterface.at) written from the EN 16931 model.
 * The element order follows the official XSD; the meaning of the elements follows the official documentation
 * "ebInterface 6.1" (AUSTRIAPRO, 2022/2023) and, where it is silent, the official UBL → ebInterface mapping of
 * AUSTRIAPRO (ebinterface-ubl-mapping) and its EN 16931 business-term table. Decisions that are not obvious:
 *
 * - Document type. 380 → Invoice, 381 → CreditMemo with the model's positive amounts (ebInterface 6.1 §6.1: a
 *   positive PayableAmount in a CreditMemo is a credit). 384 is the product's storno, which negates the document
 *   it cancels: ebInterface has no "corrected invoice", its way to say "this document cancels that one" is
 *   CancelledOriginalDocument. A storno of an invoice (negative total) becomes a CreditMemo with every amount and
 *   quantity negated, so it carries positive amounts like any credit memo (an Invoice with negative amounts is
 *   allowed too, but receivers book credits from CreditMemo); a storno of a credit note (positive total) is a
 *   charge and stays an Invoice. CancelledOriginalDocument needs the original's date (BT-26); without it the
 *   reference is a RelatedDocument. A 380/381 refers to its BT-25 by RelatedDocument (it does not cancel it).
 * - VAT ids. ebInterface requires one for Biller and InvoiceRecipient; a party without one — a small business
 *   (Kleinunternehmer) or a private buyer — is written with "00000000", the convention the official 6.1 sample shows
 *   (AUSTRIAPRO's UBL mapping writes "ATU00000000" instead). This is ebInterface's answer to EN 16931 BR-CO-26, so
 *   its check leaves that rule out (pruefung.ts NICHT_IN_EBINTERFACE); a tax number goes to FASTNR.
 * - References. BT-13 (order) → InvoiceRecipient/OrderReference/OrderID, as the official mapping does; this is
 *   the "Auftragsreferenz" the Austrian federal government requires. BT-10 (buyer reference) is mapped there too
 *   by AUSTRIAPRO's business-term table, so it is the OrderID when there is no order reference; with both, it goes
 *   to SubOrganizationID ("further internal reference at the recipient", the routing BT-10 means).
 * - Party ids. BT-29 (the seller's number at the buyer, Lieferantennummer) → Biller/InvoiceRecipientsBillerID;
 *   BT-46 (the buyer's customer number) → InvoiceRecipient/BillersInvoiceRecipientID; BT-30 → FurtherIdentification
 *   "FN" (Firmenbuchnummer, Austrian parties) or "FR" (register number, others); BT-32 → "FASTNR"; BT-34/BT-49 →
 *   AddressIdentifier with the EAS scheme as its type. ebInterface's Name is the name in use and TradingName the
 *   registered one (the inverse of BT-27/BT-28), so a trading name becomes Name and the legal name TradingName.
 * - Addresses. Town and ZIP are required by the XSD; a model address without them writes them empty rather than
 *   dropping the party's name. Country is free text: the German name (ICU) with the ISO code as CountryCode.
 *   A contact without a name (ContactType requires one) gives its phone and e-mail to the address.
 * - VAT categories. TaxCategoryCode is the EN 16931 code (S for every positive rate, as the official mapping
 *   passes it through), not ebInterface's recommended "AA" for reduced rates: the rate is in TaxPercent and a
 *   reader maps it back unchanged. An exemption (E for the small business, AE, K, G, O) is stated as the official
 *   sample does: TaxPercent 0 with its category and the reason (BT-120, else the BT-121 code) as the Comment of the
 *   Tax summary's item and of every exempt line's item.
 *   A line's TaxAmount is its own net × rate (informational); the invoice's VAT is the Tax summary's.
 * - Delivery needs a date or a period (XSD choice): BG-14 wins over BT-72 when both exist (as the official mapping
 *   does); without either there is no Delivery, so a delivery address alone cannot be written, nor the delivery
 *   party's name without its address.
 * - Payment. 30/31/42/58 → UniversalBankTransaction (BG-17 account, BT-83 as PaymentReference when it fits its
 *   35 characters, else as Comment); 49/59 → SEPADirectDebit (empty: the model has no mandate); anything else →
 *   OtherPayment. When the recipient pays nothing (a CreditMemo, or an Invoice whose PayableAmount is not
 *   positive) it is NoPayment, whatever BT-81 says. Skonto lines of BT-20 ("#SKONTO#TAGE=14#PROZENT=2.00#…")
 *   become Discount elements: PaymentDate = invoice date + days, Percentage, BaseAmount = BASISBETRAG or the
 *   amount due (BT-115), Amount = BaseAmount − the amount after skonto as the product computes it everywhere
 *   (afterSkonto: the amount to pay rounded to cents, so the discount leaves exactly the amount the payment text,
 *   the PDF and the payment rules name); the other lines stay text in PaymentConditions/Comment.
 * - Lines. Item name, description and line note are the Description lines; PositionNumber (a positive integer in
 *   ebInterface) only when BT-126 is one; the article number is the biller's. BT-22 notes are the root Comment.
 * - Not carried: BT-23/BT-24 (ebInterface has no specification id) and Language (the model has none).
 */

export const EBINTERFACE_NAMESPACE = "http://www.ebinterface.at/schema/6p1/";

/** The VATIdentificationNumber of a party without a VAT id (the official ebInterface 6.1 sample's convention). */
export const OHNE_UID = "00000000";

type Dokumentart = "Invoice" | "CreditMemo";

/** The complete ebInterface 6.1 document of the invoice. */
export function ebInterfaceSchreiben(rechnung: Rechnung): string {
  const { r, art, storniert } = alsEbInterfaceDokument(rechnung);
  return (
    XML_KOPF +
    ea(
      "Invoice",
      {
        xmlns: EBINTERFACE_NAMESPACE,
        GeneratingSystem: "Kontor",
        DocumentType: art,
        InvoiceCurrency: r.waehrung,
      },
      t("InvoiceNumber", r.nummer),
      t("InvoiceDate", r.datum),
      vorgaengerBezug(r, storniert),
      lieferung(r),
      rechnungssteller(r.verkaeufer),
      rechnungsempfaenger(r),
      e(
        "Details",
        e(
          "ItemList",
          r.positionen.map((p) => positionsZeile(p, befreiung(r, p))),
        ),
      ),
      abschlaegeAufBelegebene(r),
      e(
        "Tax",
        r.steuern.map((s) =>
          steuerPosten(s.basis, s.kategorie, s.satz, s.betrag, s.befreiungsGrund ?? s.befreiungsCode),
        ),
      ) || "<Tax/>",
      t("TotalGrossAmount", betrag(r.summen.brutto)),
      t("PrepaidAmount", r.summen.vorausbezahlt && betrag(r.summen.vorausbezahlt)),
      t("RoundingAmount", r.summen.rundung && betrag(r.summen.rundung)),
      t("PayableAmount", betrag(r.summen.zahlbar)),
      zahlungsweg(r, art),
      zahlungsbedingungen(r),
      t("Comment", r.notizen.join("\n")),
    )
  );
}

/** The document type, and for a storno the type of what it cancels; a cancelled invoice's storno turned positive. */
function alsEbInterfaceDokument(r: Rechnung): { r: Rechnung; art: Dokumentart; storniert?: Dokumentart } {
  if (r.art === "380") return { r, art: "Invoice" };
  if (r.art === "381") return { r, art: "CreditMemo" };
  if (compare(dec(r.summen.brutto), dec(0)) < 0)
    return { r: negiert(r), art: "CreditMemo", storniert: "Invoice" };
  return { r, art: "Invoice", storniert: "CreditMemo" };
}

function vorgaengerBezug(r: Rechnung, storniert: Dokumentart | undefined): string {
  const v = r.vorgaenger;
  if (!v) return "";
  if (storniert && v.datum)
    return e(
      "CancelledOriginalDocument",
      t("InvoiceNumber", v.nummer),
      t("InvoiceDate", v.datum),
      t("DocumentType", storniert),
    );
  return e("RelatedDocument", t("InvoiceNumber", v.nummer), t("InvoiceDate", v.datum));
}

function lieferung(r: Rechnung): string {
  const zeitpunkt = r.zeitraum
    ? e("Period", t("FromDate", r.zeitraum.von), t("ToDate", r.zeitraum.bis))
    : t("Date", r.lieferung?.datum);
  if (!zeitpunkt) return "";
  const ort = r.lieferung?.adresse;
  return e("Delivery", zeitpunkt, ort && adresse(ort, r.lieferung?.name ?? r.kaeufer.name));
}

/** VATIdentificationNumber and FurtherIdentification, the start of every party. */
function parteiKennungen(p: Partei): string[] {
  return [
    t("VATIdentificationNumber", p.uid?.trim() || OHNE_UID),
    t("FurtherIdentification", p.registernummer, {
      IdentificationType: p.adresse.land === "AT" ? "FN" : "FR",
    }),
    t("FurtherIdentification", p.steuernummer, { IdentificationType: "FASTNR" }),
  ];
}

/** Address and Contact of a party. */
function parteiAnschrift(p: Partei): string[] {
  const k = p.kontakt;
  const kontaktMitName = k?.name !== undefined && k.name.trim() !== "";
  return [
    adresse(p.adresse, p.handelsname ?? p.name, {
      registrierterName: p.handelsname ? p.name : undefined,
      kennung: p.elektronischeAdresse,
      telefon: kontaktMitName ? undefined : k?.telefon,
      email: kontaktMitName ? undefined : k?.email,
    }),
    kontaktMitName ? e("Contact", t("Name", k.name), t("Phone", k.telefon), t("Email", k.email)) : "",
  ];
}

function rechnungssteller(v: Partei): string {
  return e("Biller", parteiKennungen(v), parteiAnschrift(v), t("InvoiceRecipientsBillerID", v.kennung));
}

function rechnungsempfaenger(r: Rechnung): string {
  const k = r.kaeufer;
  const bestellung = r.bestellReferenz ?? r.kaeuferReferenz;
  return e(
    "InvoiceRecipient",
    parteiKennungen(k),
    e("OrderReference", t("OrderID", bestellung)),
    parteiAnschrift(k),
    t("BillersInvoiceRecipientID", k.kennung),
    t("SubOrganizationID", r.bestellReferenz !== undefined ? r.kaeuferReferenz : undefined),
  );
}

function adresse(
  a: Adresse,
  name: string,
  zusatz: {
    registrierterName?: string;
    kennung?: ElektronischeAdresse;
    telefon?: string;
    email?: string;
  } = {},
): string {
  return e(
    "Address",
    t("AddressIdentifier", zusatz.kennung?.wert, { AddressIdentifierType: zusatz.kennung?.schema }),
    t("Name", name),
    t("TradingName", zusatz.registrierterName),
    t("Street", a.zeile1),
    pflicht("Town", a.ort),
    pflicht("ZIP", a.plz),
    t("Country", landName(a.land), { CountryCode: a.land }),
    t("Phone", zusatz.telefon),
    t("Email", zusatz.email),
    t("AdditionalInformation", a.zeile2),
  );
}

const LAENDER = new Intl.DisplayNames(["de"], { type: "region" });

function landName(code: string): string {
  try {
    return LAENDER.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A leaf the XSD requires: empty when the model has no value. */
function pflicht(name: string, wert: string | undefined): string {
  return t(name, wert) || `<${name}/>`;
}

/** The exemption reason of an exempt line: its category's in the VAT breakdown (BT-120, else BT-121). */
function befreiung(r: Rechnung, p: Position): string | undefined {
  const zeile = r.steuern.find((s) => s.kategorie === p.kategorie && (s.befreiungsGrund ?? s.befreiungsCode));
  return zeile?.befreiungsGrund ?? zeile?.befreiungsCode;
}

function positionsZeile(p: Position, befreiungsGrund: string | undefined): string {
  const abschlag = p.abschlag;
  return e(
    "ListLineItem",
    t("PositionNumber", /^[1-9][0-9]*$/.test(p.id) ? p.id : undefined),
    t("Description", p.name),
    t("Description", p.beschreibung),
    t("Description", p.notiz),
    t("ArticleNumber", p.artikelNummer, { ArticleNumberType: "BillersArticleNumber" }),
    t("Quantity", vierStellen(p.menge), { Unit: p.einheit }),
    t("UnitPrice", vierStellen(p.preis), {
      BaseQuantity: p.preisBasisMenge && vierStellen(p.preisBasisMenge),
    }),
    abschlag &&
      e(
        "ReductionAndSurchargeListLineItemDetails",
        e(
          "ReductionListLineItem",
          t("BaseAmount", betrag(abschlag.basis ?? zeilenBasis(p))),
          t("Percentage", abschlag.prozent && prozent(abschlag.prozent)),
          t("Amount", betrag(abschlag.betrag)),
          t("Comment", abschlag.grund),
        ),
      ),
    steuerPosten(
      p.netto,
      p.kategorie,
      p.satz,
      toFixedString(prozentVon(p.netto, p.satz), 2),
      befreiungsGrund,
    ),
    t("LineItemAmount", betrag(p.netto)),
  );
}

/** Quantity × price / base quantity, the amount a line allowance is taken from (when the model has no BT-137). */
function zeilenBasis(p: Position): string {
  const menge = mul(dec(p.menge), dec(p.preis));
  const basis = p.preisBasisMenge ? dec(p.preisBasisMenge) : undefined;
  return toFixedString(basis && !isZero(basis) ? div(menge, basis, 2) : round(menge, 2), 2);
}

function steuerPosten(
  basis: string,
  kategorie: TKategorie,
  satz: string,
  steuer?: string,
  kommentar?: string,
): string {
  return e(
    "TaxItem",
    t("TaxableAmount", betrag(basis)),
    t("TaxPercent", prozent(satz), { TaxCategoryCode: kategorie }),
    t("TaxAmount", steuer && betrag(steuer)),
    t("Comment", kommentar),
  );
}

function abschlaegeAufBelegebene(r: Rechnung): string {
  return e(
    "ReductionAndSurchargeDetails",
    r.abschlaege.map((a) =>
      e(
        "Reduction",
        t("BaseAmount", betrag(a.basis ?? gruppenSumme(r, a))),
        t("Percentage", a.prozent && prozent(a.prozent)),
        t("Amount", betrag(a.betrag)),
        t("Comment", a.grund),
        t("Classification", a.grundCode, { ClassificationSchema: "UNTDID 5189" }),
        steuerPosten(a.betrag, a.kategorie, a.satz),
      ),
    ),
  );
}

/** The line net amounts of the allowance's VAT category and rate (what a document discount is taken from). */
function gruppenSumme(r: Rechnung, a: Abschlag): string {
  const satz = dec(a.satz);
  const summe = r.positionen
    .filter((p) => p.kategorie === a.kategorie && compare(dec(p.satz), satz) === 0)
    .reduce((s, p) => add(s, dec(p.netto)), dec(0));
  return toFixedString(summe, 2);
}

const UEBERWEISUNG = new Set(["30", "31", "42", "58"]);
const LASTSCHRIFT = new Set(["49", "59"]);
const ZAHLUNGSREFERENZ_LAENGE = 35;

function zahlungsweg(r: Rechnung, art: Dokumentart): string {
  const zahlbar = compare(dec(r.summen.zahlbar), dec(0));
  if (art === "CreditMemo" || zahlbar <= 0) return e("PaymentMethod", "<NoPayment/>");
  const z = r.zahlung;
  if (!z) return "";
  if (LASTSCHRIFT.has(z.artCode)) return e("PaymentMethod", "<SEPADirectDebit/>");
  if (!UEBERWEISUNG.has(z.artCode)) return e("PaymentMethod", "<OtherPayment/>");
  const referenz = z.verwendungszweck;
  const passt = referenz !== undefined && referenz.length <= ZAHLUNGSREFERENZ_LAENGE;
  return e(
    "PaymentMethod",
    t("Comment", passt ? undefined : referenz),
    e(
      "UniversalBankTransaction",
      empfaengerKonto(z, r.verkaeufer.name),
      t("PaymentReference", passt ? referenz : undefined),
    ) || "<UniversalBankTransaction/>",
  );
}

function empfaengerKonto(z: Zahlung, verkaeufer: string): string {
  const k = z.konto;
  if (!k) return "";
  const bic = k.bic?.replace(/\s+/g, "");
  return e(
    "BeneficiaryAccount",
    t("BIC", bic && /^[0-9A-Za-z]{8}([0-9A-Za-z]{3})?$/.test(bic) ? bic : undefined),
    t("IBAN", k.iban.replace(/\s+/g, "")),
    t("BankAccountOwner", (k.inhaber ?? verkaeufer).slice(0, 70)),
  );
}

/** "#SKONTO#TAGE=14#PROZENT=2.00#" with an optional "BASISBETRAG=…#" (XRechnung's form for BT-20). */
const SKONTO =
  /^#SKONTO#TAGE=([0-9]{1,4})#PROZENT=([0-9]+(?:\.[0-9]{1,2})?)#(?:BASISBETRAG=(-?[0-9]+(?:\.[0-9]{1,2})?)#)?$/;

function zahlungsbedingungen(r: Rechnung): string {
  const z = r.zahlung;
  if (!z) return "";
  const skonti: string[] = [];
  const text: string[] = [];
  for (const zeile of (z.bedingungen ?? "").split(/\r?\n/)) {
    const skonto = SKONTO.exec(zeile.trim());
    if (!skonto) {
      if (zeile.trim() !== "") text.push(zeile.trimEnd());
      continue;
    }
    const [, tage, satz, basisbetrag] = skonto as unknown as [string, string, string, string | undefined];
    const basis = basisbetrag ?? r.summen.zahlbar;
    skonti.push(
      e(
        "Discount",
        t("PaymentDate", addDays(r.datum, Number(tage))),
        t("BaseAmount", betrag(basis)),
        t("Percentage", prozent(satz)),
        // The discount leaves exactly the amount after skonto the term names everywhere (afterSkonto: the amount
        // to pay rounded, not the discount): 2 % of 1 049,75 is 20,99, leaving 1 028,76 (issue 33).
        t("Amount", toFixedString(sub(dec(basis), afterSkonto(dec(basis), Number(satz))), 2)),
      ),
    );
  }
  return e("PaymentConditions", t("DueDate", z.faelligAm), skonti, t("Comment", text.join("\n")));
}

/** A document whose amounts and quantities are all negated (a storno read as the credit it is). */
function negiert(r: Rechnung): Rechnung {
  const s = r.summen;
  return {
    ...r,
    positionen: r.positionen.map((p) => ({
      ...p,
      menge: minus(p.menge),
      netto: minus(p.netto),
      abschlag: p.abschlag && {
        ...p.abschlag,
        betrag: minus(p.abschlag.betrag),
        basis: p.abschlag.basis && minus(p.abschlag.basis),
      },
    })),
    abschlaege: r.abschlaege.map((a) => ({
      ...a,
      betrag: minus(a.betrag),
      basis: a.basis && minus(a.basis),
    })),
    steuern: r.steuern.map((st) => ({ ...st, basis: minus(st.basis), betrag: minus(st.betrag) })),
    summen: {
      positionen: minus(s.positionen),
      abschlaege: s.abschlaege && minus(s.abschlaege),
      netto: minus(s.netto),
      steuer: minus(s.steuer),
      brutto: minus(s.brutto),
      vorausbezahlt: s.vorausbezahlt && minus(s.vorausbezahlt),
      rundung: s.rundung && minus(s.rundung),
      zahlbar: minus(s.zahlbar),
    },
  };
}

function minus(wert: string): string {
  const d = dec(wert);
  return toFixedString(sub(dec(0), d), d.scale);
}

const HUNDERTSTEL = dec("0.01");

/** basis × satz / 100, exact (round it where it is written). */
function prozentVon(basis: string, satz: string) {
  return mul(mul(dec(basis), dec(satz)), HUNDERTSTEL);
}

/** Money: exactly two decimals (Decimal2Type). */
function betrag(wert: string): string {
  return toFixedString(dec(wert), 2);
}

/** A percentage (Decimal2Type). */
function prozent(wert: string): string {
  return toFixedString(dec(wert), 2);
}

/** A quantity or price (Decimal4Type): its own decimals, at least two, at most four. */
function vierStellen(wert: string): string {
  const d = dec(wert);
  return toFixedString(d, Math.min(Math.max(d.scale, 2), 4));
}
