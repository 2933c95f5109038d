import {
  mailAnrede,
  mailEmpfaenger,
  mailVorlage,
  platzhalterFuellen,
} from "@kontor/domain/beleg/belegMail.rules";
import type { TBelegMailEntwurf, TBelegMailSenden } from "@kontor/domain/beleg/belegMail.schema";
import { datumText } from "@kontor/domain/date/calendar";
import { ERECHNUNG_TYPEN, type TErechnungFormat } from "@kontor/domain/erechnung/erechnung.codes";
import type { TFieldError } from "@kontor/domain/http/problem.schema";
import { dec } from "@kontor/domain/money/decimal";
import { euroText, prozentText } from "@kontor/domain/money/format";
import type { TBelegsTyp } from "@kontor/domain/typen/typen";
import { afterSkonto, dueDates } from "@kontor/domain/zahlungsziel/zahlungsziel.rules";
import { resources } from "@kontor/i18n";
import { asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { beleg, currentMandant, kunde, kundeKontakt, mandant, zahlungsziel } from "../../db/schema/index.ts";
import type { TenantScope } from "../../db/tenant.ts";
import { notFound, ProblemError } from "../../http/problem.ts";
import { sanitizeRichText } from "../../http/richText.ts";
import { type Mailer, MailSendError } from "../../mail/mailer.ts";
import { htmlZuText, textZuHtml } from "../../mail/mailText.ts";
import { createAttemptCounter } from "../../security/attempts.ts";
import { findAccount } from "../account/account.repository.ts";
import { erechnungErzeugen } from "../erechnung/erechnung.service.ts";
import { belegPdf } from "./belegPdf.service.ts";

/**
 * Sending a document by mail (issue 16, SPEC §4): the draft in the document's language (the customer's
 * belegLangKey) and the send with the PDF attached. The mail goes out outside any database transaction (no
 * connection is held while the mail server talks); only a mail that went out is recorded — in the document's
 * audit history (action "mail": who, when, to whom). A failure records nothing and keeps nothing half-done, so the
 * same request can simply be sent again.
 */

const ENTITY = "beleg";
type Sprache = "de" | "en";

/**
 * Recipients per hour at most — per user and per tenant —, so an account cannot turn the tenant's mail server into
 * a spam relay (the counters of security/attempts.ts, in the database: they hold across processes). Every address
 * a mail goes to counts — To, Cc and the Bcc copy, each address once (issue 33: counting mails, one mail to 41
 * recipients used 1 of the limit).
 */
export const BELEG_MAIL_EMPFAENGER_PRO_STUNDE = { user: 100, mandant: 500 };
const mailLimits = (scope: TenantScope) => [
  { key: `belegmail:user:${scope.userId}`, max: BELEG_MAIL_EMPFAENGER_PRO_STUNDE.user },
  { key: `belegmail:mandant:${scope.id}`, max: BELEG_MAIL_EMPFAENGER_PRO_STUNDE.mandant },
];

/** How many recipients a mail counts against the limit: each address of To, Cc and Bcc once, whatever its case. */
export function empfaengerAnzahl(...listen: readonly (readonly string[])[]): number {
  return new Set(listen.flat().map((adresse) => adresse.toLowerCase())).size;
}

/** 429 error.mailLimit (with Retry-After) when `empfaenger` more recipients would pass a limit of the hour. */
async function imLimit(
  counter: ReturnType<typeof createAttemptCounter>,
  scope: TenantScope,
  empfaenger: number,
) {
  try {
    await counter.assertAllowed(mailLimits(scope), empfaenger);
  } catch (error) {
    if (error instanceof ProblemError && error.status === 429)
      throw new ProblemError(429, "error.mailLimit", undefined, undefined, error.headers);
    throw error;
  }
}

/** The account's mail data; 403 error.mailDisabled unless the account may send documents (enablemailtransfer). */
async function absender(db: Db, userId: number) {
  const konto = await findAccount(db, userId);
  if (!konto?.enablemailtransfer) throw new ProblemError(403, "error.mailDisabled");
  const name = [konto.firstName, konto.lastName].filter((teil) => teil?.trim()).join(" ") || konto.login;
  const signaturHtml = konto.signature?.trim() ? await sanitizeRichText(konto.signature) : "";
  const signaturText = signaturHtml ? htmlZuText(signaturHtml) : "";
  return {
    email: konto.email,
    name,
    // A signature that is only markup (an empty paragraph) counts as none.
    signatur: signaturText === "" ? null : { html: signaturHtml, text: signaturText },
  };
}
type Absender = Awaited<ReturnType<typeof absender>>;

/** What the mail says about the document: read in one tenant transaction; 404 none, 409 not finalized. */
async function belegDaten(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      belegNummer: beleg.belegNummer,
      belegDatum: beleg.belegDatum,
      belegsTyp: beleg.belegsTyp,
      freigabe: beleg.freigabe,
      bezahlt: beleg.bezahlt,
      summeBrutto: beleg.summeBrutto,
      kundeId: beleg.kundeId,
      zahlungszielId: beleg.zahlungszielId,
    })
    .from(beleg)
    .where(eq(beleg.id, id));
  if (!row) throw notFound();
  if (!row.freigabe)
    throw new ProblemError(409, "error.belegNotFinalized", "Only a finalized document can be sent.");
  const [k] =
    row.kundeId === null
      ? []
      : await tx
          .select({
            firma: kunde.firma,
            bezeichnung: kunde.bezeichnung,
            vorname: kunde.vorname,
            nachname: kunde.nachname,
            geschlecht: kunde.geschlecht,
            email: kunde.email,
            belegLangKey: kunde.belegLangKey,
            eRechnungFormat: kunde.eRechnungFormat,
            eRechnungKanal: kunde.eRechnungKanal,
          })
          .from(kunde)
          .where(eq(kunde.id, row.kundeId));
  const kontakte =
    row.kundeId === null
      ? []
      : await tx
          .select({
            vorname: kundeKontakt.vorname,
            nachname: kundeKontakt.nachname,
            email: kundeKontakt.email,
          })
          .from(kundeKontakt)
          .where(eq(kundeKontakt.kundeId, row.kundeId))
          .orderBy(asc(kundeKontakt.position), asc(kundeKontakt.id));
  const [ziel] =
    row.zahlungszielId === null
      ? []
      : await tx
          .select({ nettoTage: zahlungsziel.nettoTage, skontoList: zahlungsziel.skontoList })
          .from(zahlungsziel)
          .where(eq(zahlungsziel.id, row.zahlungszielId));
  const [m] = await tx
    .select({ bezeichnung: mandant.bezeichnung })
    .from(mandant)
    .where(eq(mandant.id, currentMandant));
  return {
    ...row,
    belegsTyp: row.belegsTyp as TBelegsTyp,
    kunde: k,
    kontakte,
    ziel,
    firma: m?.bezeichnung ?? "",
  };
}
type BelegDaten = Awaited<ReturnType<typeof belegDaten>>;

/**
 * Subject and text of the document type's template in the document's language with the placeholders filled:
 * {{nummer}}, {{betrag}} (1.234,56 € / €1,234.56), {{faelligAm}} (the net due date of the document's payment term,
 * the document date without one), {{datum}}, {{typ}}, {{firma}} (the tenant). An invoice to pay names each skonto
 * step of its term after that: day, percentage and the amount to transfer — the same amount its PDF and e-invoice
 * name (afterSkonto of the gross). The text ends with the closing; the user's name and the tenant follow when the
 * account has no signature (which the send appends).
 */
export function mailVorlageText(
  daten: BelegDaten,
  sprache: Sprache,
  von: Pick<Absender, "name" | "signatur">,
) {
  const texte = resources[sprache].mail.belegVersand;
  const typ = resources[sprache].nummernkreis.belegsTyp[daten.belegsTyp];
  const faellig = daten.ziel ? dueDates(daten.ziel, daten.belegDatum).netto : daten.belegDatum;
  const werte = {
    nummer: daten.belegNummer ?? "",
    betrag: euroText(daten.summeBrutto, sprache),
    faelligAm: datumText(faellig, sprache),
    datum: datumText(daten.belegDatum, sprache),
    typ,
    typImSatz: sprache === "en" ? typ.toLowerCase() : typ,
    firma: daten.firma,
  };
  const { anrede, nachname } = mailAnrede(daten.kunde);
  const vorlage = mailVorlage(daten.belegsTyp, daten.bezahlt);
  const skonto =
    vorlage === "rechnung" && daten.ziel
      ? dueDates(daten.ziel, daten.belegDatum).skonto.map((stufe) =>
          platzhalterFuellen(texte.skonto, {
            datum: datumText(stufe.datum, sprache),
            prozent: prozentText(stufe.prozent, sprache),
            betrag: euroText(afterSkonto(dec(daten.summeBrutto), stufe.prozent), sprache),
          }),
        )
      : [];
  const text = [
    platzhalterFuellen(texte.anrede[anrede], { nachname }),
    "",
    [platzhalterFuellen(texte.text[vorlage], werte), ...skonto].join("\n"),
    "",
    texte.gruss,
    ...(von.signatur ? [] : [von.name, daten.firma].filter((zeile) => zeile !== "")),
  ].join("\n");
  return { betreff: platzhalterFuellen(texte.betreff, werte), text };
}

/** The PDF to attach (the renderer of belegausgabe); 404 when the document is gone. */
async function anhang(scope: TenantScope, id: number) {
  const pdf = await belegPdf(scope.run, id);
  if (!pdf) throw notFound();
  return pdf;
}

/** Whether documents of the type exist as e-invoices. */
const erechnungFaehig = (typ: string) => (ERECHNUNG_TYPEN as readonly string[]).includes(typ);

/**
 * The files the mail carries: the PDF, and with an e-invoice format its file — the XML beside the PDF, or for
 * ZUGFeRD the PDF/A-3 with factur-x.xml instead of the plain PDF. The e-invoice is made (and checked) before
 * anything is sent: a refused one (422) sends nothing.
 */
async function anhaengeMitErechnung(scope: TenantScope, id: number, format: TErechnungFormat | null) {
  const erechnung = format ? await erechnungErzeugen(scope.run, id, format) : undefined;
  if (format && !erechnung) throw notFound();
  if (erechnung?.contentType === "application/pdf") return [erechnung];
  const pdf = await anhang(scope, id);
  const pdfDatei = { dateiname: pdf.dateiname, bytes: pdf.bytes, contentType: "application/pdf" };
  return erechnung ? [pdfDatei, erechnung] : [pdfDatei];
}

/** The fields of the request that name a refused address, for the dialog to mark (field code "rejected"). */
function abgelehnteFelder(
  body: TBelegMailSenden,
  rejected: readonly string[],
  eigene: string,
): TFieldError[] {
  const abgelehnt = new Set(rejected.map((adresse) => adresse.toLowerCase()));
  const felder: TFieldError[] = [];
  for (const liste of ["to", "cc"] as const)
    body[liste].forEach((adresse, index) => {
      if (abgelehnt.has(adresse.toLowerCase())) felder.push({ field: `${liste}.${index}`, code: "rejected" });
    });
  if (body.kopieAnMich && abgelehnt.has(eigene.toLowerCase()))
    felder.push({ field: "kopieAnMich", code: "rejected" });
  return felder;
}

/** Each address once over To and Cc (compared without case; To wins). */
function einmal(to: readonly string[], cc: readonly string[]) {
  const gesehen = new Set<string>();
  const nimm = (liste: readonly string[]) =>
    liste.filter((adresse) => {
      const key = adresse.toLowerCase();
      if (gesehen.has(key)) return false;
      gesehen.add(key);
      return true;
    });
  return { to: nimm(to), cc: nimm(cc) };
}

export const belegMailService = {
  /** GET beleg/{id}/mail: recipients, subject and text prefilled, the signature and the attachment's name. */
  async entwurf(deps: { db: Db }, scope: TenantScope, id: number): Promise<TBelegMailEntwurf> {
    const von = await absender(deps.db, scope.userId);
    const daten = await scope.run((tx) => belegDaten(tx, id));
    const pdf = await anhang(scope, id);
    const sprache: Sprache = daten.kunde?.belegLangKey === "en" ? "en" : "de";
    const { to, vorschlaege } = mailEmpfaenger(daten.kunde, daten.kontakte, sprache);
    return {
      to,
      cc: [],
      vorschlaege,
      ...mailVorlageText(daten, sprache, von),
      signatur: von.signatur?.text ?? null,
      absender: von.email,
      anhang: { dateiname: pdf.dateiname, bytes: pdf.bytes.byteLength },
      erechnung:
        daten.kunde?.eRechnungKanal === "mail" &&
        daten.kunde.eRechnungFormat &&
        erechnungFaehig(daten.belegsTyp)
          ? (daten.kunde.eRechnungFormat as TErechnungFormat)
          : null,
      sprache,
    };
  },

  /**
   * POST beleg/{id}/mail: sends the mail with the PDF attached (the signature appended; a copy to the sender as
   * Bcc on request; replies go to the sender), then records it on the document. Refused recipients while others
   * got it: recorded with them, then 502 error.mailPartlySent naming their fields, so the dialog can send to those
   * once corrected. Nothing sent: the MailSendError's problem, nothing recorded.
   */
  async senden(
    deps: { db: Db; mailer: Mailer },
    scope: TenantScope,
    id: number,
    body: TBelegMailSenden,
  ): Promise<void> {
    const von = await absender(deps.db, scope.userId);
    const daten = await scope.run((tx) => belegDaten(tx, id));
    const counter = createAttemptCounter(deps.db, 60 * 60);
    const { to, cc } = einmal(body.to, body.cc);
    const bcc = body.kopieAnMich ? [von.email] : [];
    const empfaenger = empfaengerAnzahl(to, cc, bcc);
    await imLimit(counter, scope, empfaenger);
    const anhaenge = await anhaengeMitErechnung(scope, id, body.erechnung);
    const text = von.signatur ? `${body.text}\n\n-- \n${von.signatur.text}` : body.text;
    const html = von.signatur
      ? `<!doctype html><html><body>${textZuHtml(body.text)}\n<p>-- </p>\n<div>${von.signatur.html}</div></body></html>`
      : undefined;
    let rejected: string[];
    try {
      ({ rejected } = await deps.mailer.sendMessage({
        kind: "beleg",
        fromName: daten.firma || undefined,
        to,
        cc,
        bcc,
        replyTo: von.email,
        subject: body.betreff,
        text,
        ...(html ? { html } : {}),
        attachments: anhaenge.map((datei) => ({
          filename: datei.dateiname,
          content: datei.bytes,
          contentType: datei.contentType,
        })),
      }));
    } catch (error) {
      if (error instanceof MailSendError && error.rejected.length > 0) {
        const felder = abgelehnteFelder(body, error.rejected, von.email);
        throw new ProblemError(error.status, error.code, undefined, felder.length > 0 ? felder : undefined);
      }
      throw error;
    }
    // Every address handed to the server counts, also one it refused while others got the mail.
    await counter.record(
      mailLimits(scope).map((limit) => limit.key),
      empfaenger,
    );
    const abgelehnt = new Set(rejected.map((adresse) => adresse.toLowerCase()));
    const erreicht = (liste: string[]) => liste.filter((adresse) => !abgelehnt.has(adresse.toLowerCase()));
    await scope.change(async (_tx, audit) =>
      audit({
        entity: ENTITY,
        entityId: id,
        action: "mail",
        detail: {
          to: erreicht(to),
          cc: erreicht(cc),
          anhang: anhaenge.map((datei) => datei.dateiname).join(", "),
          ...(rejected.length > 0 ? { abgelehnt: rejected } : {}),
        },
      }),
    );
    if (rejected.length > 0)
      throw new ProblemError(
        502,
        "error.mailPartlySent",
        "Sent to the other recipients; the mail server refused some.",
        abgelehnteFelder(body, rejected, von.email),
      );
  },
};
