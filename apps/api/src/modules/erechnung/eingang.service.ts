import { createHash } from "node:crypto";
import {
  EINGANG_MAX_BYTES,
  EINGANG_MAX_SEITEN,
  type TEingangLesefehler,
} from "@kontor/domain/erechnung/eingang.codes";
import type {
  TEingangImport,
  TEingangImportErgebnis,
  TEingangListQuery,
  TEingangStatusSetzen,
  TEingangsrechnung,
} from "@kontor/domain/erechnung/eingang.schema";
import type { TRechnung } from "@kontor/domain/erechnung/rechnung.schema";
import { ADRESSE_MAX, KONTAKT_EMAIL_PATTERN, neuerKunde } from "@kontor/domain/kunde/kunde.rules";
import { type TKunde, ZKunde } from "@kontor/domain/kunde/kunde.schema";
import { compare, dec } from "@kontor/domain/money/decimal";
import { sniffContentType } from "@kontor/domain/rechnungsvorlage/rechnungsvorlage.rules";
import { checkUid, normalizeUid } from "@kontor/domain/uid/uid.rules";
import type { ErechnungLesefehler } from "@kontor/erechnung/lesen";
import type { Partei, Rechnung } from "@kontor/erechnung/modell";
import type { Tx } from "../../db/client.ts";
import { pgError } from "../../db/errors.ts";
import type { Audit, TenantScope } from "../../db/tenant.ts";
import { notFound, ProblemError } from "../../http/problem.ts";
import { lazy } from "../../lazy.ts";
import { dekodiere } from "../anhang/pdfAnhang.ts";
import { hochgeladenesPdfPruefen, PDF_MAX_ENTPACKT } from "../belegausgabe/pdfPool.ts";
import type { PdfAblehnung } from "../belegausgabe/pdfPruefung.ts";
import { saveKunde } from "../kunde/kunde.repository.ts";
import {
  deleteEingang,
  findDatei,
  findEingang,
  idNachNummer,
  idNachSha256,
  importSperren,
  insertEingang,
  lieferantNachName,
  lieferantNachUid,
  listEingang,
  statusGesperrt,
  statusSetzen,
} from "./eingang.repository.ts";
import { eingebettetesXml, PdfLesefehler, type PdfLesefehlerCode } from "./facturx.ts";

/**
 * Incoming e-invoices as use cases (issue 19). An incoming invoice is not recomputed with the product's totals
 * rules — a supplier's amounts are the supplier's: it is stored as the reader gave it, with the original file
 * unchanged, as a draft of the supplier's record (found by VAT id, else by name, else created). Every change goes
 * through `scope.change` (audited).
 */

const ENTITY = "eingangsrechnung";

/** The contract's model (packages/domain) and the reader's (packages/erechnung) are one type: checked here. */
type Gleich<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const MODELL_GLEICH: Gleich<TRechnung, Rechnung> = true;
void MODELL_GLEICH;

/** 400 error.erechnungUnlesbar with `detail` "<code>" or "<code>: <facts>" (eingang.codes.ts); never file content. */
const unlesbar = (code: TEingangLesefehler, fakten?: string) =>
  new ProblemError(400, "error.erechnungUnlesbar", fakten ? `${code}: ${fakten.slice(0, 300)}` : code);

const PDF_FEHLER: Record<PdfLesefehlerCode, TEingangLesefehler> = {
  KEIN_PDF: "pdfBeschaedigt", // the content said "%PDF-": a reader that disagrees finds it damaged
  BESCHAEDIGT: "pdfBeschaedigt",
  VERSCHLUESSELT: "pdfVerschluesselt",
  ZU_GROSS: "pdfZuGross",
  NICHT_UNTERSTUETZT: "pdfNichtUnterstuetzt",
};

/** A refusal of the PDF worker's check (belegausgabe/pdfPool.ts) in the import's words. */
const PDF_ABLEHNUNG: Record<PdfAblehnung, TEingangLesefehler> = {
  pdfInvalid: "pdfBeschaedigt",
  pdfEncrypted: "pdfVerschluesselt",
  maxPages: "pdfZuGross",
  pdfTooComplex: "pdfZuGross",
};

/** The reader's refusal as the problem's detail: its code and, where they help, the facts it names. */
function lesefehler(fehler: ErechnungLesefehler): ProblemError {
  const d = fehler.details;
  switch (fehler.code) {
    case "unbekanntesFormat":
      // What was found: a recognised format's name, else the root element's local name (an XML name, cut short).
      return unlesbar(fehler.code, d.erkannt ?? d.wurzel?.slice(0, 60));
    case "unvollstaendig":
      return unlesbar(fehler.code, d.fehlend?.join(", "));
    case "ungueltig":
      return unlesbar(fehler.code, d.ungueltig?.join(", "));
    case "nichtUnterstuetzt":
      return unlesbar(
        fehler.code,
        [d.nichtUnterstuetzt?.join(", "), d.artCode && `BT-3 ${d.artCode}`].filter(Boolean).join("; "),
      );
    default:
      return unlesbar(fehler.code);
  }
}

/** The e-invoice reader (with its XML parser), loaded with the first import (apps/api/src/lazy.ts). */
const leser = lazy(() => import("@kontor/erechnung/lesen"));

async function lesen(xml: string | Uint8Array) {
  const { ErechnungLesefehler, rechnungLesen } = await leser();
  try {
    return rechnungLesen(xml);
  } catch (fehler) {
    if (fehler instanceof ErechnungLesefehler) throw lesefehler(fehler);
    throw fehler;
  }
}

/** What the file came as: BT-24 (specification identifier) and the container. */
export function formatName(spezifikation: string | undefined, syntax: "ubl" | "cii", pdf: boolean): string {
  if (pdf) return "Factur-X / ZUGFeRD (PDF)";
  const s = spezifikation ?? "";
  const art = syntax === "ubl" ? "UBL" : "CII";
  const xrechnung = /xrechnung_(\d+(?:\.\d+)*)/i.exec(s);
  if (xrechnung) return `XRechnung ${xrechnung[1]} (${art})`;
  if (/urn:fdc:peppol\.eu:2017:poacc:billing:3\.0/i.test(s)) return "Peppol BIS 3.0";
  if (/factur-x|zugferd/i.test(s)) return `Factur-X / ZUGFeRD (${art})`;
  if (s.startsWith("urn:cen.eu:en16931:2017")) return `EN 16931 (${art})`;
  return syntax === "ubl" ? "UBL 2.1" : "UN/CEFACT CII";
}

/** An invoice read from a file: its business terms, syntax, the file's type (by content) and format. */
export interface EingangGelesen {
  syntax: "ubl" | "cii";
  rechnung: Rechnung;
  contentType: "application/xml" | "application/pdf";
  format: string;
}

/**
 * Reads an incoming file, decided by its content: "%PDF-" is a ZUGFeRD / Factur-X PDF (its embedded invoice XML is
 * read), anything else goes to the XML reader. Refusals are 400 error.erechnungUnlesbar with the reason's code.
 */
export async function dateiLesen(bytes: Uint8Array): Promise<EingangGelesen> {
  if (sniffContentType(bytes) === "application/pdf") {
    let eingebettet: ReturnType<typeof eingebettetesXml>;
    try {
      eingebettet = eingebettetesXml(bytes);
    } catch (fehler) {
      if (fehler instanceof PdfLesefehler) throw unlesbar(PDF_FEHLER[fehler.code]);
      throw fehler;
    }
    if (!eingebettet) throw unlesbar("keinXmlImPdf");
    // The PDF itself opened like every uploaded PDF (issue 33), in the PDF worker: the clerk downloads it.
    const befund = await hochgeladenesPdfPruefen(bytes, {
      maxSeiten: EINGANG_MAX_SEITEN,
      maxEntpackt: PDF_MAX_ENTPACKT,
    });
    if (!befund.ok) throw unlesbar(PDF_ABLEHNUNG[befund.code]);
    const { syntax, rechnung } = await lesen(eingebettet.xml);
    return { syntax, rechnung, contentType: "application/pdf", format: formatName(undefined, syntax, true) };
  }
  const { syntax, rechnung } = await lesen(bytes);
  return {
    syntax,
    rechnung,
    contentType: "application/xml",
    format: formatName(rechnung.spezifikation, syntax, false),
  };
}

/** numeric(14,2) holds less than 10^12: larger amounts (which the reader allows) cannot be listed. */
const GRENZE = dec("1000000000000");
function betragPasst(wert: string): boolean {
  return compare(dec(wert), GRENZE) < 0 && compare(dec(wert), dec("-1000000000000")) > 0;
}

const kurz = (text: string | undefined, max: number): string | null => {
  const t = text?.trim();
  return t ? t.slice(0, max).trim() : null;
};

/**
 * The supplier a new invoice's seller becomes: a company named as the seller, marked supplier, its VAT id when it
 * passes the domain's check (else none), an e-mail address from the contact or the electronic address when it is
 * one, phone, the account of the payment data, and the seller's address as billing address.
 */
export function neuerLieferant(rechnung: Rechnung): TKunde {
  const v = rechnung.verkaeufer;
  const uid = v.uid ? checkUid(v.uid) : undefined;
  const email = [
    v.kontakt?.email,
    v.elektronischeAdresse?.schema === "EM" ? v.elektronischeAdresse.wert : undefined,
  ]
    .map((wert) => wert?.trim())
    .find((wert): wert is string => !!wert && wert.length <= 100 && KONTAKT_EMAIL_PATTERN.test(wert));
  const basis = neuerKunde({ lieferant: true, land: v.adresse.land });
  const adresse = basis.adresseLists[0]!;
  return ZKunde.parse({
    ...basis,
    bezeichnung: kurz(v.name, 200),
    uid: uid?.ok ? uid.normalized : null,
    email: email ?? null,
    telnr: kurz(v.kontakt?.telefon, 50),
    kontonummer: kurz(rechnung.zahlung?.konto?.iban, 50),
    adresseLists: [
      {
        ...adresse,
        strasse: kurz(v.adresse.zeile1, ADRESSE_MAX.strasse),
        adressZusatz: kurz(v.adresse.zeile2, ADRESSE_MAX.adressZusatz),
        plz: kurz(v.adresse.plz, ADRESSE_MAX.plz),
        ort: kurz(v.adresse.ort, ADRESSE_MAX.ort),
        land: v.adresse.land,
      },
    ],
  });
}

/** The seller's supplier record: by normalized VAT id, else by company name (case-insensitive); undefined: none. */
async function lieferantFinden(tx: Tx, v: Partei): Promise<number | undefined> {
  const uid = v.uid ? normalizeUid(v.uid) : "";
  if (uid !== "") {
    const id = await lieferantNachUid(tx, uid);
    if (id !== undefined) return id;
  }
  const name = v.name.trim();
  return name === "" ? undefined : lieferantNachName(tx, name);
}

const duplikat = (art: "gleicheDatei" | "gleicheNummer", id: number) =>
  new ProblemError(409, "error.conflict", `${art}: ${id}`);

async function eines(tx: Tx, id: number): Promise<TEingangsrechnung> {
  const gefunden = await findEingang(tx, id);
  if (!gefunden) throw notFound();
  return gefunden as TEingangsrechnung;
}

async function importieren(
  tx: Tx,
  audit: Audit,
  scope: TenantScope,
  datei: { dateiname: string; bytes: Buffer },
  gelesen: EingangGelesen,
  sha256: string,
): Promise<TEingangImportErgebnis> {
  const r = gelesen.rechnung;
  await importSperren(tx);
  const gleicheDatei = await idNachSha256(tx, sha256);
  if (gleicheDatei !== undefined) throw duplikat("gleicheDatei", gleicheDatei);
  let lieferantId = await lieferantFinden(tx, r.verkaeufer);
  const lieferantAngelegt = lieferantId === undefined;
  if (lieferantId === undefined) {
    lieferantId = await saveKunde(tx, { userId: scope.userId, modules: scope.modules }, neuerLieferant(r));
    if (lieferantId === undefined) throw new Error("the supplier was not created");
    audit({ entity: "kunde", entityId: lieferantId, action: "create", detail: { quelle: ENTITY } });
  } else {
    const gleicheNummer = await idNachNummer(tx, lieferantId, r.nummer);
    if (gleicheNummer !== undefined) throw duplikat("gleicheNummer", gleicheNummer);
  }
  const id = await insertEingang(tx, {
    lieferantId,
    syntax: gelesen.syntax,
    format: gelesen.format,
    art: r.art,
    nummer: r.nummer,
    datum: r.datum,
    faelligAm: r.zahlung?.faelligAm ?? null,
    brutto: Number(r.summen.brutto),
    zahlbar: Number(r.summen.zahlbar),
    waehrung: r.waehrung,
    rechnung: r,
    datei: datei.bytes,
    dateiname: datei.dateiname,
    contentType: gelesen.contentType,
    sha256,
    createdBy: scope.userId,
    createdLogin: scope.login,
  });
  audit({
    entity: ENTITY,
    entityId: id,
    action: "import",
    detail: { nummer: r.nummer, lieferantId, format: gelesen.format, sha256, lieferantAngelegt },
  });
  return { ...(await eines(tx, id)), lieferantAngelegt };
}

export const eingangService = {
  /**
   * POST eingangsrechnung/import: the file decoded (at most EINGANG_MAX_BYTES), read by its content, and stored
   * with its supplier; the same file twice or a second invoice of the supplier with the same number is 409.
   */
  async importieren(scope: TenantScope, upload: TEingangImport): Promise<TEingangImportErgebnis> {
    const datei = dekodiere(upload, EINGANG_MAX_BYTES);
    const gelesen = await dateiLesen(datei.bytes);
    const { summen } = gelesen.rechnung;
    if (!betragPasst(summen.brutto) || !betragPasst(summen.zahlbar))
      throw unlesbar("nichtUnterstuetzt", betragPasst(summen.brutto) ? "BT-115" : "BT-112");
    const sha256 = createHash("sha256").update(datei.bytes).digest("hex");
    try {
      return await scope.change((tx, audit) => importieren(tx, audit, scope, datei, gelesen, sha256));
    } catch (fehler) {
      // A unique index caught what the checks under the lock did not (cannot happen while the lock holds).
      if (pgError(fehler)?.code !== "23505") throw fehler;
      const id = await scope.run((tx) => idNachSha256(tx, sha256));
      throw new ProblemError(409, "error.conflict", id === undefined ? undefined : `gleicheDatei: ${id}`);
    }
  },

  list: (scope: TenantScope, query: TEingangListQuery) => scope.run((tx) => listEingang(tx, query)),

  get: (scope: TenantScope, id: number): Promise<TEingangsrechnung> => scope.run((tx) => eines(tx, id)),

  async datei(scope: TenantScope, id: number) {
    const datei = await scope.run((tx) => findDatei(tx, id));
    if (!datei) throw notFound();
    return datei;
  },

  /** PUT eingangsrechnung/{id}/status: a clerk marks it checked (or back to draft); audited with both states. */
  status: (scope: TenantScope, id: number, eingabe: TEingangStatusSetzen): Promise<TEingangsrechnung> =>
    scope.change(async (tx, audit) => {
      const stand = await statusGesperrt(tx, id);
      if (!stand) throw notFound();
      if (stand.status !== eingabe.status) {
        await statusSetzen(tx, id, eingabe.status, scope.login);
        audit({
          entity: ENTITY,
          entityId: id,
          action: "status",
          detail: { von: stand.status, nach: eingabe.status, nummer: stand.nummer },
        });
      }
      return eines(tx, id);
    }),

  /** DELETE eingangsrechnung/{id}: only a draft (409 error.conflict once checked); audited. */
  remove: (scope: TenantScope, id: number): Promise<void> =>
    scope.change(async (tx, audit) => {
      const stand = await statusGesperrt(tx, id);
      if (!stand) throw notFound();
      if (stand.status !== "entwurf") throw new ProblemError(409, "error.conflict", "geprueft");
      await deleteEingang(tx, id);
      audit({
        entity: ENTITY,
        entityId: id,
        action: "delete",
        detail: { nummer: stand.nummer, lieferantId: stand.lieferantId },
      });
    }),
};
