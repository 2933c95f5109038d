import {
  type Abschlag,
  type Adresse,
  type Partei,
  type Position,
  type Rechnung,
  SPEZIFIKATION,
  type Steuerzeile,
} from "./modell.ts";
import { e, ea, t, XML_KOPF } from "./xml.ts";

/**
 * UBL 2.1 (OASIS) in the EN 16931 binding: an Invoice for BT-3 380/384, a CreditNote for 381. Written by hand
 * from the model, in the schema's element order: the same writer serves XRechnung 3.0 (UBL) and Peppol BIS Billing
 * 3.0, which differ only in BT-24 (CustomizationID), the process (ProfileID) and Peppol's addresses — all set on the
 * model (ausgabe.ts mitKennung). See docs/ARCHITECTURE.md on why
 * the serializers are our own.
 */

const NS = {
  Invoice: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  CreditNote: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
};

function betrag(name: string, wert: string | undefined, waehrung: string): string {
  return t(`cbc:${name}`, wert, { currencyID: waehrung });
}

function adresse(name: string, a: Adresse | undefined): string {
  if (!a) return "";
  return e(
    name,
    t("cbc:StreetName", a.zeile1),
    t("cbc:AdditionalStreetName", a.zeile2),
    t("cbc:CityName", a.ort),
    t("cbc:PostalZone", a.plz),
    e("cac:Country", t("cbc:IdentificationCode", a.land)),
  );
}

function steuerKategorie(
  name: string,
  kategorie: string,
  satz: string,
  grund?: { code?: string; text?: string },
) {
  return e(
    name,
    t("cbc:ID", kategorie),
    // BR-O-*: a category outside the scope of VAT carries no rate.
    kategorie === "O" ? "" : t("cbc:Percent", satz),
    t("cbc:TaxExemptionReasonCode", grund?.code),
    t("cbc:TaxExemptionReason", grund?.text),
    e("cac:TaxScheme", t("cbc:ID", "VAT")),
  );
}

function partei(p: Partei, verkaeufer: boolean): string {
  const ziel = p.elektronischeAdresse;
  return e(
    "cac:Party",
    ziel ? t("cbc:EndpointID", ziel.wert, { schemeID: ziel.schema }) : "",
    e("cac:PartyIdentification", t("cbc:ID", p.kennung)),
    e("cac:PartyName", t("cbc:Name", p.handelsname)),
    adresse("cac:PostalAddress", p.adresse),
    p.uid ? e("cac:PartyTaxScheme", t("cbc:CompanyID", p.uid), e("cac:TaxScheme", t("cbc:ID", "VAT"))) : "",
    verkaeufer && p.steuernummer
      ? e("cac:PartyTaxScheme", t("cbc:CompanyID", p.steuernummer), e("cac:TaxScheme", t("cbc:ID", "FC")))
      : "",
    e("cac:PartyLegalEntity", t("cbc:RegistrationName", p.name), t("cbc:CompanyID", p.registernummer)),
    e(
      "cac:Contact",
      t("cbc:Name", p.kontakt?.name),
      t("cbc:Telephone", p.kontakt?.telefon),
      t("cbc:ElectronicMail", p.kontakt?.email),
    ),
  );
}

function abschlag(a: Abschlag, waehrung: string): string {
  return e(
    "cac:AllowanceCharge",
    t("cbc:ChargeIndicator", "false"),
    t("cbc:AllowanceChargeReasonCode", a.grundCode),
    t("cbc:AllowanceChargeReason", a.grund),
    a.basis ? t("cbc:MultiplierFactorNumeric", a.prozent) : "",
    betrag("Amount", a.betrag, waehrung),
    a.prozent ? betrag("BaseAmount", a.basis, waehrung) : "",
    steuerKategorie("cac:TaxCategory", a.kategorie, a.satz),
  );
}

function steuerzeile(s: Steuerzeile, waehrung: string): string {
  return e(
    "cac:TaxSubtotal",
    betrag("TaxableAmount", s.basis, waehrung),
    betrag("TaxAmount", s.betrag, waehrung),
    steuerKategorie("cac:TaxCategory", s.kategorie, s.satz, {
      code: s.befreiungsCode,
      text: s.befreiungsGrund,
    }),
  );
}

function zeile(p: Position, gutschrift: boolean, waehrung: string): string {
  return e(
    gutschrift ? "cac:CreditNoteLine" : "cac:InvoiceLine",
    t("cbc:ID", p.id),
    t("cbc:Note", p.notiz),
    t(gutschrift ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity", p.menge, { unitCode: p.einheit }),
    betrag("LineExtensionAmount", p.netto, waehrung),
    p.abschlag
      ? e(
          "cac:AllowanceCharge",
          t("cbc:ChargeIndicator", "false"),
          t("cbc:AllowanceChargeReasonCode", "95"),
          t("cbc:AllowanceChargeReason", p.abschlag.grund ?? "Rabatt"),
          t("cbc:MultiplierFactorNumeric", p.abschlag.basis ? p.abschlag.prozent : undefined),
          betrag("Amount", p.abschlag.betrag, waehrung),
          p.abschlag.prozent ? betrag("BaseAmount", p.abschlag.basis, waehrung) : "",
        )
      : "",
    e(
      "cac:Item",
      t("cbc:Description", p.beschreibung),
      t("cbc:Name", p.name),
      e("cac:SellersItemIdentification", t("cbc:ID", p.artikelNummer)),
      steuerKategorie("cac:ClassifiedTaxCategory", p.kategorie, p.satz),
    ),
    e(
      "cac:Price",
      betrag("PriceAmount", p.preis, waehrung),
      p.preisBasisMenge ? t("cbc:BaseQuantity", p.preisBasisMenge, { unitCode: p.einheit }) : "",
    ),
  );
}

/** The invoice as UBL 2.1 XML, with the specification (BT-24) and process (BT-23) it carries (ausgabe.ts mitKennung). */
export function ublSchreiben(r: Rechnung): string {
  const gutschrift = r.art === "381";
  const wurzel = gutschrift ? "CreditNote" : "Invoice";
  const w = r.waehrung;
  const z = r.zahlung;
  const s = r.summen;
  return (
    XML_KOPF +
    ea(
      wurzel,
      { xmlns: NS[wurzel], "xmlns:cac": NS.cac, "xmlns:cbc": NS.cbc },
      t("cbc:CustomizationID", r.spezifikation ?? SPEZIFIKATION.en16931),
      t("cbc:ProfileID", r.prozess),
      t("cbc:ID", r.nummer),
      t("cbc:IssueDate", r.datum),
      gutschrift ? "" : t("cbc:DueDate", z?.faelligAm),
      t(gutschrift ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode", r.art),
      r.notizen.map((notiz) => t("cbc:Note", notiz)),
      t("cbc:DocumentCurrencyCode", w),
      t("cbc:BuyerReference", r.kaeuferReferenz),
      r.zeitraum
        ? e("cac:InvoicePeriod", t("cbc:StartDate", r.zeitraum.von), t("cbc:EndDate", r.zeitraum.bis))
        : "",
      e("cac:OrderReference", t("cbc:ID", r.bestellReferenz)),
      r.vorgaenger
        ? e(
            "cac:BillingReference",
            e(
              "cac:InvoiceDocumentReference",
              t("cbc:ID", r.vorgaenger.nummer),
              t("cbc:IssueDate", r.vorgaenger.datum),
            ),
          )
        : "",
      e("cac:AccountingSupplierParty", partei(r.verkaeufer, true)),
      e("cac:AccountingCustomerParty", partei(r.kaeufer, false)),
      r.lieferung
        ? e(
            "cac:Delivery",
            t("cbc:ActualDeliveryDate", r.lieferung.datum),
            e("cac:DeliveryLocation", adresse("cac:Address", r.lieferung.adresse)),
            e("cac:DeliveryParty", e("cac:PartyName", t("cbc:Name", r.lieferung.name))),
          )
        : "",
      z
        ? e(
            "cac:PaymentMeans",
            t("cbc:PaymentMeansCode", z.artCode),
            gutschrift ? t("cbc:PaymentDueDate", z.faelligAm) : "",
            t("cbc:PaymentID", z.verwendungszweck),
            z.konto
              ? e(
                  "cac:PayeeFinancialAccount",
                  t("cbc:ID", z.konto.iban),
                  t("cbc:Name", z.konto.inhaber),
                  e("cac:FinancialInstitutionBranch", t("cbc:ID", z.konto.bic)),
                )
              : "",
          )
        : "",
      e("cac:PaymentTerms", t("cbc:Note", z?.bedingungen)),
      r.abschlaege.map((a) => abschlag(a, w)),
      e(
        "cac:TaxTotal",
        betrag("TaxAmount", s.steuer, w),
        r.steuern.map((st) => steuerzeile(st, w)),
      ),
      e(
        "cac:LegalMonetaryTotal",
        betrag("LineExtensionAmount", s.positionen, w),
        betrag("TaxExclusiveAmount", s.netto, w),
        betrag("TaxInclusiveAmount", s.brutto, w),
        betrag("AllowanceTotalAmount", s.abschlaege, w),
        betrag("PrepaidAmount", s.vorausbezahlt, w),
        betrag("PayableRoundingAmount", s.rundung, w),
        betrag("PayableAmount", s.zahlbar, w),
      ),
      r.positionen.map((p) => zeile(p, gutschrift, w)),
    )
  );
}
