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
 * UN/CEFACT Cross Industry Invoice D16B in the EN 16931 binding: XRechnung 3.0 (CII) and the factur-x.xml of
 * ZUGFeRD 2 / Factur-X in the EN 16931 profile (BT-24 urn:cen.eu:en16931:2017). Written by hand from the model, in
 * the schema's element order.
 */

const NS = {
  "xmlns:rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  "xmlns:ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
  "xmlns:qdt": "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
  "xmlns:udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
};

/** A date as CII writes it: format 102 (YYYYMMDD). */
function datum(name: string, iso: string | undefined, typ: "udt" | "qdt" = "udt"): string {
  return iso ? e(name, t(`${typ}:DateTimeString`, iso.replaceAll("-", ""), { format: "102" })) : "";
}

function adresse(a: Adresse | undefined): string {
  if (!a) return "";
  return e(
    "ram:PostalTradeAddress",
    t("ram:PostcodeCode", a.plz),
    t("ram:LineOne", a.zeile1),
    t("ram:LineTwo", a.zeile2),
    t("ram:CityName", a.ort),
    t("ram:CountryID", a.land),
  );
}

function partei(name: string, p: Partei): string {
  return e(
    name,
    t("ram:ID", p.kennung),
    t("ram:Name", p.name),
    e(
      "ram:SpecifiedLegalOrganization",
      t("ram:ID", p.registernummer),
      t("ram:TradingBusinessName", p.handelsname),
    ),
    e(
      "ram:DefinedTradeContact",
      t("ram:PersonName", p.kontakt?.name),
      e("ram:TelephoneUniversalCommunication", t("ram:CompleteNumber", p.kontakt?.telefon)),
      e("ram:EmailURIUniversalCommunication", t("ram:URIID", p.kontakt?.email)),
    ),
    adresse(p.adresse),
    p.elektronischeAdresse
      ? e(
          "ram:URIUniversalCommunication",
          t("ram:URIID", p.elektronischeAdresse.wert, { schemeID: p.elektronischeAdresse.schema }),
        )
      : "",
    e("ram:SpecifiedTaxRegistration", t("ram:ID", p.uid, { schemeID: "VA" })),
    e("ram:SpecifiedTaxRegistration", t("ram:ID", p.steuernummer, { schemeID: "FC" })),
  );
}

function steuer(kategorie: string, satz: string): string[] {
  return [
    t("ram:TypeCode", "VAT"),
    t("ram:CategoryCode", kategorie),
    kategorie === "O" ? "" : t("ram:RateApplicablePercent", satz),
  ];
}

function abschlag(a: Abschlag): string {
  return e(
    "ram:SpecifiedTradeAllowanceCharge",
    e("ram:ChargeIndicator", t("udt:Indicator", "false")),
    a.basis ? t("ram:CalculationPercent", a.prozent) : "",
    a.prozent ? t("ram:BasisAmount", a.basis) : "",
    t("ram:ActualAmount", a.betrag),
    t("ram:ReasonCode", a.grundCode),
    t("ram:Reason", a.grund),
    e("ram:CategoryTradeTax", steuer(a.kategorie, a.satz)),
  );
}

function steuerzeile(s: Steuerzeile): string {
  return e(
    "ram:ApplicableTradeTax",
    t("ram:CalculatedAmount", s.betrag),
    t("ram:TypeCode", "VAT"),
    t("ram:ExemptionReason", s.befreiungsGrund),
    t("ram:BasisAmount", s.basis),
    t("ram:CategoryCode", s.kategorie),
    t("ram:ExemptionReasonCode", s.befreiungsCode),
    s.kategorie === "O" ? "" : t("ram:RateApplicablePercent", s.satz),
  );
}

function zeile(p: Position): string {
  return e(
    "ram:IncludedSupplyChainTradeLineItem",
    e(
      "ram:AssociatedDocumentLineDocument",
      t("ram:LineID", p.id),
      e("ram:IncludedNote", t("ram:Content", p.notiz)),
    ),
    e(
      "ram:SpecifiedTradeProduct",
      t("ram:SellerAssignedID", p.artikelNummer),
      t("ram:Name", p.name),
      t("ram:Description", p.beschreibung),
    ),
    e(
      "ram:SpecifiedLineTradeAgreement",
      e(
        "ram:NetPriceProductTradePrice",
        t("ram:ChargeAmount", p.preis),
        t("ram:BasisQuantity", p.preisBasisMenge, { unitCode: p.einheit }),
      ),
    ),
    e("ram:SpecifiedLineTradeDelivery", t("ram:BilledQuantity", p.menge, { unitCode: p.einheit })),
    e(
      "ram:SpecifiedLineTradeSettlement",
      e("ram:ApplicableTradeTax", steuer(p.kategorie, p.satz)),
      p.abschlag
        ? e(
            "ram:SpecifiedTradeAllowanceCharge",
            e("ram:ChargeIndicator", t("udt:Indicator", "false")),
            p.abschlag.basis ? t("ram:CalculationPercent", p.abschlag.prozent) : "",
            p.abschlag.prozent ? t("ram:BasisAmount", p.abschlag.basis) : "",
            t("ram:ActualAmount", p.abschlag.betrag),
            t("ram:ReasonCode", "95"),
            t("ram:Reason", p.abschlag.grund ?? "Rabatt"),
          )
        : "",
      e("ram:SpecifiedTradeSettlementLineMonetarySummation", t("ram:LineTotalAmount", p.netto)),
    ),
  );
}

/** The invoice as CII D16B XML, with the specification (BT-24) and process (BT-23) it carries (ausgabe.ts mitKennung). */
export function ciiSchreiben(r: Rechnung): string {
  const z = r.zahlung;
  const s = r.summen;
  const lieferung =
    e(
      "ram:ApplicableHeaderTradeDelivery",
      r.lieferung?.adresse || r.lieferung?.name
        ? e("ram:ShipToTradeParty", t("ram:Name", r.lieferung.name), adresse(r.lieferung.adresse))
        : "",
      r.lieferung?.datum
        ? e("ram:ActualDeliverySupplyChainEvent", datum("ram:OccurrenceDateTime", r.lieferung.datum))
        : "",
    ) || "<ram:ApplicableHeaderTradeDelivery/>"; // mandatory in CII, even when empty
  return (
    XML_KOPF +
    ea(
      "rsm:CrossIndustryInvoice",
      NS,
      e(
        "rsm:ExchangedDocumentContext",
        e("ram:BusinessProcessSpecifiedDocumentContextParameter", t("ram:ID", r.prozess)),
        e(
          "ram:GuidelineSpecifiedDocumentContextParameter",
          t("ram:ID", r.spezifikation ?? SPEZIFIKATION.en16931),
        ),
      ),
      e(
        "rsm:ExchangedDocument",
        t("ram:ID", r.nummer),
        t("ram:TypeCode", r.art),
        datum("ram:IssueDateTime", r.datum),
        r.notizen.map((notiz) => e("ram:IncludedNote", t("ram:Content", notiz))),
      ),
      e(
        "rsm:SupplyChainTradeTransaction",
        r.positionen.map(zeile),
        e(
          "ram:ApplicableHeaderTradeAgreement",
          t("ram:BuyerReference", r.kaeuferReferenz),
          partei("ram:SellerTradeParty", r.verkaeufer),
          partei("ram:BuyerTradeParty", r.kaeufer),
          e("ram:BuyerOrderReferencedDocument", t("ram:IssuerAssignedID", r.bestellReferenz)),
        ),
        lieferung,
        e(
          "ram:ApplicableHeaderTradeSettlement",
          t("ram:PaymentReference", z?.verwendungszweck),
          t("ram:InvoiceCurrencyCode", r.waehrung),
          z
            ? e(
                "ram:SpecifiedTradeSettlementPaymentMeans",
                t("ram:TypeCode", z.artCode),
                z.konto
                  ? e(
                      "ram:PayeePartyCreditorFinancialAccount",
                      t("ram:IBANID", z.konto.iban),
                      t("ram:AccountName", z.konto.inhaber),
                    )
                  : "",
                z.konto
                  ? e("ram:PayeeSpecifiedCreditorFinancialInstitution", t("ram:BICID", z.konto.bic))
                  : "",
              )
            : "",
          r.steuern.map(steuerzeile),
          r.zeitraum
            ? e(
                "ram:BillingSpecifiedPeriod",
                datum("ram:StartDateTime", r.zeitraum.von),
                datum("ram:EndDateTime", r.zeitraum.bis),
              )
            : "",
          r.abschlaege.map(abschlag),
          e(
            "ram:SpecifiedTradePaymentTerms",
            t("ram:Description", z?.bedingungen),
            datum("ram:DueDateDateTime", z?.faelligAm),
          ),
          e(
            "ram:SpecifiedTradeSettlementHeaderMonetarySummation",
            t("ram:LineTotalAmount", s.positionen),
            t("ram:AllowanceTotalAmount", s.abschlaege),
            t("ram:TaxBasisTotalAmount", s.netto),
            t("ram:TaxTotalAmount", s.steuer, { currencyID: r.waehrung }),
            t("ram:RoundingAmount", s.rundung),
            t("ram:GrandTotalAmount", s.brutto),
            t("ram:TotalPrepaidAmount", s.vorausbezahlt),
            t("ram:DuePayableAmount", s.zahlbar),
          ),
          r.vorgaenger
            ? e(
                "ram:InvoiceReferencedDocument",
                t("ram:IssuerAssignedID", r.vorgaenger.nummer),
                datum("ram:FormattedIssueDateTime", r.vorgaenger.datum, "qdt"),
              )
            : "",
        ),
      ),
    )
  );
}
