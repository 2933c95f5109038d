import { X509Certificate } from "node:crypto";
import type { TBeleg } from "@kontor/domain/beleg/beleg.schema";
import { add, dec, mul, round, toNumber } from "@kontor/domain/money/decimal";
import type {
  TRksvBelegZeile,
  TRksvEinrichtung,
  TRksvExportQuery,
  TRksvKasse,
  TRksvStart,
  TRksvStartAntwort,
  TRksvTrainingsbeleg,
} from "@kontor/domain/rksv/rksv.schema";
import {
  ATrustEinrichtung,
  aesSchluesselPruefwert,
  alsAusgefallen,
  type Beleg,
  type Belegtyp,
  type Betraege,
  type DepExport,
  einrichtungsZertifikat,
  erstelleBeleg,
  erzeugeAesSchluessel,
  exportiereDep,
  type Kasse,
  KEINE_BETRAEGE,
  type KryptoMaterialContainer,
  kryptoMaterialContainer,
  letzterBelegAusgefallen,
  letzterZeitpunkt,
  type NullbelegZweck,
  RksvFehler,
  type SignaturEinrichtung,
  SoftwareEinrichtung,
  zeitpunktWien,
} from "@kontor/rksv";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { type Db, queryRows, type Tx } from "../../db/client.ts";
import {
  auditLog,
  beleg,
  mandant,
  rechnungskreis,
  rksvBeleg,
  rksvKasse,
  rksvZertifikat,
} from "../../db/schema/index.ts";
import { type Audit, type TenantScope, withTenant } from "../../db/tenant.ts";
import { notFound, ProblemError } from "../../http/problem.ts";
import { isAllowedAddress } from "../../security/allowedOrigins.ts";
import type { SecretBox } from "../../security/secrets.ts";
import { rechnungskreisDerRechnungen } from "../nummernkreis/nummernkreis.service.ts";

/**
 * RKSV (issue 18) as use cases: starting a register (key, device, start receipt), signing the receipt of a cash
 * invoice or its storno inside the finalization transaction, null receipts (monthly and yearly ones made by the
 * first receipt of a new month, control and closing receipts on request, the collective receipt after a failure),
 * and the exports (DEP7, the cryptographic material container, the journal).
 *
 * The register row is the chain's state and its lock: every receipt first takes `SELECT … FOR UPDATE` on it, signs,
 * inserts the receipt and writes the new state in the same transaction. A crash between signing and commit leaves
 * nothing behind — the chain continues from the last committed receipt.
 */

const ENTITY = "rksvKasse";
/** A device that answers no faster than this is taken as failed for the receipt (RKSV § 17 (4)). */
const ZEITLIMIT_MS = 5000;

type KasseRow = typeof rksvKasse.$inferSelect;

interface SoftwareGeheimnis {
  art: "software";
  zda: string;
  ordnungsbegriff?: string;
  privaterSchluessel: string;
  zertifikat: string;
}
type ATrustGeheimnis = Extract<TRksvEinrichtung, { art: "atrust" }>;

const gestartet = () =>
  new ProblemError(409, "error.rksvGestartet", "A register is already started for this circle or id");

/** The VAT set of a rate (Detailspezifikation: normal 20 %, reduced 10 % and 13 %, zero, special for any other). */
function satzVon(satz: number): keyof Betraege {
  if (satz === 20) return "satzNormal";
  if (satz === 10) return "satzErmaessigt1";
  if (satz === 13) return "satzErmaessigt2";
  if (satz === 0) return "satzNull";
  return "satzBesonders";
}

/** A document's gross amounts per VAT set, in cents (from its VAT lines: base after discount + VAT). */
export function betraegeVon(b: Pick<TBeleg, "belegMwstSet">): Betraege {
  const betraege: Betraege = { ...KEINE_BETRAEGE };
  for (const zeile of b.belegMwstSet) {
    const cent = toNumber(round(mul(add(dec(zeile.basis), dec(zeile.betrag)), dec(100)), 0));
    betraege[satzVon(zeile.satz)] += cent;
  }
  return betraege;
}

/** The receipt number of a null or start receipt (a document's receipt carries the document's number). */
const nullbelegNummer = (nr: number) => `N-${nr}`;

/**
 * Software devices already loaded, by their sealed secrets (which never change for a register): decrypting and
 * parsing the key and certificate took ~1 ms per receipt, inside the register's lock. Bounded, oldest out first.
 */
const softwareEinrichtungen = new Map<string, SoftwareEinrichtung>();
const SOFTWARE_EINRICHTUNGEN_MAX = 500;

async function einrichtungLaden(kasse: KasseRow, secrets: SecretBox): Promise<SignaturEinrichtung> {
  const bekannt = softwareEinrichtungen.get(kasse.einrichtung);
  if (bekannt) return bekannt;
  const geheimnis = JSON.parse(secrets.open(kasse.einrichtung)) as SoftwareGeheimnis | ATrustGeheimnis;
  if (geheimnis.art === "software") {
    const einrichtung = SoftwareEinrichtung.lade({
      zda: geheimnis.zda,
      ...(geheimnis.ordnungsbegriff && { ordnungsbegriff: geheimnis.ordnungsbegriff }),
      privaterSchluessel: Buffer.from(geheimnis.privaterSchluessel, "base64"),
      zertifikat: Buffer.from(geheimnis.zertifikat, "base64"),
    });
    if (softwareEinrichtungen.size >= SOFTWARE_EINRICHTUNGEN_MAX)
      softwareEinrichtungen.delete(softwareEinrichtungen.keys().next().value!);
    softwareEinrichtungen.set(kasse.einrichtung, einrichtung);
    return einrichtung;
  }
  const einrichtung = await ATrustEinrichtung.verbinde({ ...geheimnis, zeitlimitMs: ZEITLIMIT_MS });
  // Only the registered certificate may sign (a renewed one must be registered first): anything else is a failure.
  if (einrichtung.zda !== kasse.zda || einrichtung.zertifikatSeriennummer !== kasse.zertifikatSeriennummer)
    throw new RksvFehler(
      "EINRICHTUNG",
      `A-Trust: Zertifikat ${einrichtung.zertifikatSeriennummer} ist nicht das registrierte ${kasse.zertifikatSeriennummer}`,
    );
  return einrichtung;
}

/**
 * The device of the register for this receipt: a device that cannot even be reached counts as failed (the receipt
 * is made with the failure marker and names the registered certificate).
 */
async function einrichtungOderAusfall(
  kasse: KasseRow,
  secrets: SecretBox,
): Promise<SignaturEinrichtung | (ReturnType<typeof alsAusgefallen> & { grund: string })> {
  try {
    return await einrichtungLaden(kasse, secrets);
  } catch (fehler) {
    return { ...alsAusgefallen(kasse), grund: fehler instanceof Error ? fehler.message : String(fehler) };
  }
}

const kasseZustand = (row: KasseRow, secrets: SecretBox): Kasse => ({
  kassenId: row.kassenId,
  aesSchluessel: secrets.open(row.aesSchluessel),
  ...(row.letzterJws !== null && { letzterJws: row.letzterJws }),
  umsatzzaehlerCent: row.umsatzzaehlerCent,
});

/** The register row, locked for this transaction; undefined when there is none. */
async function kasseGesperrt(tx: Tx, where: { id: number } | { rechnungskreisId: number }) {
  const [row] = await tx
    .select()
    .from(rksvKasse)
    .where(
      "id" in where ? eq(rksvKasse.id, where.id) : eq(rksvKasse.rechnungskreisId, where.rechnungskreisId),
    )
    .for("update");
  return row;
}

/** Stores a receipt and the register's new state. */
async function speichern(tx: Tx, row: KasseRow, b: Beleg, betraege: Betraege, belegId: number | null) {
  const nr = row.belegAnzahl + 1;
  const zertifikatSeriennummer = row.zertifikatSeriennummer;
  await tx.insert(rksvBeleg).values({
    kasseId: row.id,
    nr,
    belegNummer: b.belegNummer,
    typ: b.typ,
    zweck: b.zweck ?? null,
    zeitpunkt: zerlegterZeitpunkt(b),
    betragNormal: betraege.satzNormal,
    betragErmaessigt1: betraege.satzErmaessigt1,
    betragErmaessigt2: betraege.satzErmaessigt2,
    betragNull: betraege.satzNull,
    betragBesonders: betraege.satzBesonders,
    umsatzzaehlerCent: b.umsatzzaehlerCent,
    zertifikatSeriennummer,
    jws: b.jws,
    qr: b.qr,
    ausgefallen: b.ausgefallen,
    ausfallGrund: b.ausfallGrund ?? null,
    belegId,
  });
  const ausgefallenSeit = b.ausgefallen ? (row.ausgefallenSeit ?? new Date()) : null;
  const jahresbeleg = row.jahresbelegZuPruefen || b.zweck === "JAHRESBELEG";
  await tx
    .update(rksvKasse)
    .set({
      letzterJws: b.jws,
      umsatzzaehlerCent: b.umsatzzaehlerCent,
      belegAnzahl: nr,
      ausgefallenSeit,
      jahresbelegZuPruefen: jahresbeleg,
    })
    .where(eq(rksvKasse.id, row.id));
  Object.assign(row, {
    letzterJws: b.jws,
    umsatzzaehlerCent: b.umsatzzaehlerCent,
    belegAnzahl: nr,
    ausgefallenSeit,
    jahresbelegZuPruefen: jahresbeleg,
  });
}

/** The local time written in the receipt's code (the 5th field). */
const zerlegterZeitpunkt = (b: Beleg) => b.maschinenlesbarerCode.split("_")[4]!;

/** Now in Austrian wall time, never before the register's last receipt (the night the clocks go back). */
function jetztFuer(kasse: Kasse): string {
  const jetzt = zeitpunktWien(new Date());
  const letzter = letzterZeitpunkt(kasse);
  return letzter !== undefined && letzter > jetzt ? letzter : jetzt;
}

/**
 * The null receipt the register owes before anything else this month: the monthly receipt when its last receipt is
 * of an earlier month — the yearly receipt when that month was December (RKSV § 8) —, else null.
 */
function monatsbelegFaellig(row: KasseRow, secrets: SecretBox): "MONATSBELEG" | "JAHRESBELEG" | null {
  const letzter = letzterZeitpunkt(kasseZustand(row, secrets));
  if (letzter === undefined || letzter.slice(0, 7) >= zeitpunktWien(new Date()).slice(0, 7)) return null;
  return letzter.slice(5, 7) === "12" ? "JAHRESBELEG" : "MONATSBELEG";
}

/**
 * Makes, signs and stores one receipt on a locked register — and first what must come before it: the monthly
 * (December: yearly) null receipt when the last receipt is of an earlier month, and the collective receipt when the
 * last receipt was made without a working device and the device works again.
 */
async function belegMachen(
  tx: Tx,
  row: KasseRow,
  secrets: SecretBox,
  eingabe: { typ: Belegtyp; belegNummer?: string; betraege?: Betraege; zweck?: NullbelegZweck },
  belegId: number | null,
): Promise<Beleg> {
  const einrichtung = await einrichtungOderAusfall(row, secrets);
  try {
    return await belegMachenMit(tx, row, secrets, eingabe, belegId, einrichtung);
  } finally {
    // One A-Trust session per receipt: end it (without waiting; a failed logout only leaves it to expire).
    if (einrichtung instanceof ATrustEinrichtung) void einrichtung.abmelden().catch(() => {});
  }
}

async function belegMachenMit(
  tx: Tx,
  row: KasseRow,
  secrets: SecretBox,
  eingabe: { typ: Belegtyp; belegNummer?: string; betraege?: Betraege; zweck?: NullbelegZweck },
  belegId: number | null,
  einrichtung: Awaited<ReturnType<typeof einrichtungOderAusfall>>,
): Promise<Beleg> {
  // Why the device failed when it could not even be reached (the engine knows only failures while signing).
  const ablegen = (b: Beleg, betraege: Betraege, zuBeleg: number | null) =>
    speichern(
      tx,
      row,
      b.ausgefallen && !b.ausfallGrund && "grund" in einrichtung
        ? { ...b, ausfallGrund: einrichtung.grund }
        : b,
      betraege,
      zuBeleg,
    );
  const naechster = async (
    typ: Belegtyp,
    betraege: Betraege,
    belegNummer: string | undefined,
    zweck?: NullbelegZweck,
  ) => {
    const kasse = kasseZustand(row, secrets);
    return erstelleBeleg(
      kasse,
      {
        typ,
        belegNummer: belegNummer ?? nullbelegNummer(row.belegAnzahl + 1),
        zeitpunkt: jetztFuer(kasse),
        betraege,
        ...(zweck && { zweck }),
      },
      einrichtung,
    );
  };

  if (eingabe.typ !== "START") {
    const faellig = monatsbelegFaellig(row, secrets);
    // A monthly or yearly receipt on request is that receipt itself (December's month: the yearly one).
    const selbst = eingabe.zweck === "MONATSBELEG" || eingabe.zweck === "JAHRESBELEG";
    if (selbst && faellig) eingabe = { ...eingabe, zweck: faellig };
    const zweck = selbst ? null : faellig;
    if (zweck) {
      const monatsbeleg = await naechster("NULL", KEINE_BETRAEGE, undefined, zweck);
      await ablegen(monatsbeleg, KEINE_BETRAEGE, null);
    }
    if (letzterBelegAusgefallen(kasseZustand(row, secrets)) && eingabe.typ !== "NULL") {
      // The device may work again: then the collective receipt comes first. Still failing: no extra receipt.
      const sammel = await naechster("NULL", KEINE_BETRAEGE, undefined, "SAMMELBELEG");
      if (!sammel.ausgefallen) await ablegen(sammel, KEINE_BETRAEGE, null);
    }
  }
  const betraege = eingabe.betraege ?? KEINE_BETRAEGE;
  const kasse = kasseZustand(row, secrets);
  const geraet = letzterBelegAusgefallen(kasse) && eingabe.typ !== "NULL" ? alsAusgefallen(row) : einrichtung;
  const b = await erstelleBeleg(
    kasse,
    {
      typ: eingabe.typ,
      belegNummer: eingabe.belegNummer ?? nullbelegNummer(row.belegAnzahl + 1),
      zeitpunkt: jetztFuer(kasse),
      betraege,
      ...(eingabe.zweck && { zweck: eingabe.zweck }),
    },
    geraet,
  );
  await ablegen(b, betraege, belegId);
  return b;
}

/**
 * Called by the document service in the finalization transaction of a cash invoice (barrechnung) or of the storno
 * of one: when the tenant has the module rksv and the invoice circle has rksv on (and not barRechnungOhneRksv), the
 * register of that circle signs the receipt — STANDARD for the invoice, STORNO for its storno — and the document
 * gets the QR code's text as rksvBarcode. No started register: 409 error.rksvNichtGestartet (nothing is saved).
 */
export async function barbelegSignieren(
  tx: Tx,
  wer: Pick<TenantScope, "modules">,
  secrets: SecretBox,
  audit: Audit,
  b: TBeleg,
  typ: "STANDARD" | "STORNO",
): Promise<void> {
  if (!wer.modules.has("rksv") || b.id === undefined || b.belegNummer === null || b.belegNummer === undefined)
    return;
  const [kreis] = await rechnungskreisDerRechnungen(tx);
  if (!kreis?.rksv || kreis.barRechnungOhneRksv) return;
  const row = await kasseGesperrt(tx, { rechnungskreisId: kreis.id });
  if (!row?.letzterJws)
    throw new ProblemError(409, "error.rksvNichtGestartet", "The cash register has no start receipt yet");
  const beleg_ = await belegMachen(
    tx,
    row,
    secrets,
    { typ, belegNummer: b.belegNummer, betraege: betraegeVon(b) },
    b.id,
  );
  await tx.update(beleg).set({ rksvBarcode: beleg_.qr }).where(eq(beleg.id, b.id));
  b.rksvBarcode = beleg_.qr;
  audit({
    entity: ENTITY,
    entityId: row.id,
    action: typ === "STORNO" ? "stornobeleg" : "beleg",
    detail: { beleg: b.belegNummer, nr: row.belegAnzahl, ausgefallen: beleg_.ausgefallen },
  });
}

async function kasseAntwort(tx: Tx, row: KasseRow): Promise<TRksvKasse> {
  const [kreis] = await tx
    .select({ id: rechnungskreis.id, rechnungskreisName: rechnungskreis.rechnungskreisName })
    .from(rechnungskreis)
    .where(eq(rechnungskreis.id, row.rechnungskreisId));
  const [letzter] = await tx
    .select()
    .from(rksvBeleg)
    .where(and(eq(rksvBeleg.kasseId, row.id), eq(rksvBeleg.nr, row.belegAnzahl)));
  return {
    id: row.id,
    kassenId: row.kassenId,
    rechnungskreis: kreis!,
    einrichtungArt: row.einrichtungArt,
    zda: row.zda,
    zertifikatSeriennummer: row.zertifikatSeriennummer,
    belegAnzahl: row.belegAnzahl,
    umsatzzaehler: row.umsatzzaehlerCent / 100,
    letzterBeleg: letzter
      ? {
          nr: letzter.nr,
          belegNummer: letzter.belegNummer,
          typ: letzter.typ as TRksvBelegZeile["typ"],
          zweck: letzter.zweck as TRksvBelegZeile["zweck"],
          zeitpunkt: letzter.zeitpunkt,
          ausgefallen: letzter.ausgefallen,
        }
      : null,
    ausgefallenSeit: row.ausgefallenSeit?.toISOString() ?? null,
    jahresbelegZuPruefen: row.jahresbelegZuPruefen,
  };
}

/** The certificates of a register's receipts, as the DEP and the container need them. */
async function zertifikate(tx: Tx, kasseId: number) {
  const rows = await tx.select().from(rksvZertifikat).where(eq(rksvZertifikat.kasseId, kasseId));
  return rows.map((z) => ({
    zda: z.zda,
    zertifikatSeriennummer: z.seriennummer,
    zertifikat: Buffer.from(z.zertifikat),
    zertifizierungsstellen: z.zertifizierungsstellen.map((s) => Buffer.from(s, "base64")),
  }));
}

/** The registers of the export (one, or every register of the tenant). */
async function kassenFuer(tx: Tx, kasseId: number | undefined) {
  const rows = await tx
    .select()
    .from(rksvKasse)
    .where(kasseId === undefined ? undefined : eq(rksvKasse.id, kasseId))
    .orderBy(asc(rksvKasse.id));
  if (kasseId !== undefined && rows.length === 0) throw notFound();
  return rows;
}

/** Receipts of a register from a day on (Europe/Vienna), in chain order. */
function belegeAb(tx: Tx, kasseId: number, from: string | undefined) {
  return tx
    .select({
      nr: rksvBeleg.nr,
      belegNummer: rksvBeleg.belegNummer,
      typ: rksvBeleg.typ,
      zweck: rksvBeleg.zweck,
      zeitpunkt: rksvBeleg.zeitpunkt,
      betragNormal: rksvBeleg.betragNormal,
      betragErmaessigt1: rksvBeleg.betragErmaessigt1,
      betragErmaessigt2: rksvBeleg.betragErmaessigt2,
      betragNull: rksvBeleg.betragNull,
      betragBesonders: rksvBeleg.betragBesonders,
      umsatzzaehlerCent: rksvBeleg.umsatzzaehlerCent,
      jws: rksvBeleg.jws,
      qr: rksvBeleg.qr,
      ausgefallen: rksvBeleg.ausgefallen,
      belegId: rksvBeleg.belegId,
      dokumentNummer: beleg.belegNummer,
    })
    .from(rksvBeleg)
    .leftJoin(beleg, eq(beleg.id, rksvBeleg.belegId))
    .where(
      and(
        eq(rksvBeleg.kasseId, kasseId),
        from === undefined ? undefined : gte(rksvBeleg.zeitpunkt, `${from}T00:00:00`),
      ),
    )
    .orderBy(asc(rksvBeleg.nr));
}

/**
 * The monthly and yearly receipts without waiting for the next sale: every register of every tenant whose last
 * receipt is of an earlier month gets its null receipt now. Safe with several processes: each register is locked
 * and checked again inside its transaction, so only the first process makes the receipt. Answers how many it made.
 */
export async function monatsbelegeErstellen(
  db: Db,
  secrets: SecretBox,
  fehlgeschlagen: (kasse: { id: number; mandantId: number }, fehler: unknown) => void = () => {},
): Promise<number> {
  // Across tenants: the owner's read (no tenant selected), then each register in its own tenant transaction.
  const kassen = await db.select({ id: rksvKasse.id, mandantId: rksvKasse.mandantId }).from(rksvKasse);
  let erstellt = 0;
  for (const kasse of kassen) {
    const { id, mandantId } = kasse;
    // One register's trouble (a database, a secret it cannot open) does not keep the others from their receipt.
    erstellt += await withTenant(db, mandantId, async (tx) => {
      const row = await kasseGesperrt(tx, { id });
      const zweck = row?.letzterJws ? monatsbelegFaellig(row, secrets) : null;
      if (!row || !zweck) return 0;
      await belegMachen(tx, row, secrets, { typ: "NULL", zweck }, null);
      await tx.insert(auditLog).values({
        userId: null,
        login: "system",
        entity: ENTITY,
        entityId: id,
        action: "nullbeleg",
        detail: { zweck, automatisch: true },
      });
      return 1;
    }).catch((fehler: unknown) => {
      fehlgeschlagen(kasse, fehler);
      return 0;
    });
  }
  return erstellt;
}

export const rksvService = {
  /**
   * POST rksv/startbeleg: the register of an invoice circle with rksv on (default: the invoice circle of the
   * invoices): a new AES key, the signature device (software key, or A-Trust, which must answer), and the signed
   * start receipt. Answers the register and what the FinanzOnline registration asks for. Once per circle and per
   * cash register id (409 error.rksvGestartet). The A-Trust address must name an origin of RKSV_ATRUST_HOSTS —
   * scheme, host and port (a host name there means https on 443; security/allowedOrigins.ts isAllowedAddress): the server
   * calls it with the signing credentials, so no requests into the operator's network on a tenant admin's word, and
   * never in clear text or to another port.
   */
  start: (
    scope: TenantScope,
    secrets: SecretBox,
    eingabe: TRksvStart,
    atrustOrigins: readonly string[],
  ): Promise<TRksvStartAntwort> =>
    scope.change(async (tx, audit) => {
      if (
        eingabe.einrichtung.art === "atrust" &&
        !isAllowedAddress(eingabe.einrichtung.basisUrl, atrustOrigins)
      )
        throw new ProblemError(400, "error.validation", "Not an A-Trust address this server may call", [
          { field: "einrichtung.basisUrl", code: "invalid" },
        ]);
      const [kreis] = await rechnungskreisDerRechnungen(tx, eingabe.rechnungskreisId);
      if (!kreis)
        throw new ProblemError(400, "error.validation", "No invoice circle", [
          { field: "rechnungskreisId", code: "notFound" },
        ]);
      if (!kreis.rksv || kreis.barRechnungOhneRksv)
        throw new ProblemError(400, "error.validation", "The invoice circle has no RKSV", [
          { field: "rechnungskreisId", code: "invalid" },
        ]);
      // One start at a time per tenant: the register's row does not exist yet to be locked.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('rksv-start:' || ${scope.id}, 0))`);
      const [schon] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM rksv_kasse
             WHERE rechnungskreis_id = ${kreis.id} OR kassen_id = ${eingabe.kassenId}`,
      );
      if ((schon?.n ?? 0) > 0) throw gestartet();

      const [m] = await tx.select({ uid: mandant.uid }).from(mandant).where(eq(mandant.id, scope.id));
      let einrichtung: SignaturEinrichtung;
      let geheimnis: SoftwareGeheimnis | ATrustGeheimnis;
      if (eingabe.einrichtung.art === "software") {
        const uid = m?.uid?.replace(/\s+/g, "").toUpperCase();
        const software = SoftwareEinrichtung.erzeuge(
          uid
            ? { zda: "AT0", ordnungsbegriff: `U:${uid}` }
            : { zda: "AT0", ordnungsbegriff: "U:ATU00000000" },
        );
        const daten = software.exportiere();
        einrichtung = software;
        geheimnis = {
          art: "software",
          zda: daten.zda,
          ...(daten.ordnungsbegriff && { ordnungsbegriff: daten.ordnungsbegriff }),
          privaterSchluessel: daten.privaterSchluessel.toString("base64"),
          zertifikat: daten.zertifikat.toString("base64"),
        };
      } else {
        geheimnis = eingabe.einrichtung;
        try {
          einrichtung = await ATrustEinrichtung.verbinde({
            ...eingabe.einrichtung,
            zeitlimitMs: ZEITLIMIT_MS,
          });
        } catch {
          throw new ProblemError(400, "error.validation", "The signature device does not answer", [
            { field: "einrichtung.basisUrl", code: "rejected" },
          ]);
        }
      }
      const aesSchluessel = erzeugeAesSchluessel();
      const [row] = await tx
        .insert(rksvKasse)
        .values({
          rechnungskreisId: kreis.id,
          kassenId: eingabe.kassenId,
          aesSchluessel: secrets.seal(aesSchluessel),
          einrichtungArt: geheimnis.art,
          einrichtung: secrets.seal(JSON.stringify(geheimnis)),
          zda: einrichtung.zda,
          zertifikatSeriennummer: einrichtung.zertifikatSeriennummer,
        })
        .returning();
      const z = await einrichtungsZertifikat(einrichtung);
      await tx.insert(rksvZertifikat).values({
        kasseId: row!.id,
        seriennummer: z.zertifikatSeriennummer,
        zda: z.zda,
        zertifikat: z.zertifikat,
        zertifizierungsstellen: z.zertifizierungsstellen.map((s) => s.toString("base64")),
      });
      try {
        await belegMachen(tx, row!, secrets, { typ: "START" }, null);
      } catch (fehler) {
        if (fehler instanceof RksvFehler)
          throw new ProblemError(
            409,
            "error.conflict",
            `The start receipt could not be signed: ${fehler.code}`,
          );
        throw fehler;
      }
      audit({
        entity: ENTITY,
        entityId: row!.id,
        action: "start",
        detail: {
          kassenId: row!.kassenId,
          zda: row!.zda,
          zertifikatSeriennummer: row!.zertifikatSeriennummer,
        },
      });
      return {
        kasse: await kasseAntwort(tx, row!),
        registrierung: {
          kassenId: row!.kassenId,
          aesSchluessel,
          pruefwert: aesSchluesselPruefwert(aesSchluessel),
          zda: z.zda,
          zertifikatSeriennummer: z.zertifikatSeriennummer,
          zertifikat: z.zertifikat.toString("base64"),
          oeffentlicherSchluessel: publicKeyOf(z.zertifikat),
        },
      };
    }),

  /** GET rksv/kasse: the tenant's registers. */
  list: (scope: TenantScope): Promise<TRksvKasse[]> =>
    scope.run(async (tx) => {
      const rows = await tx.select().from(rksvKasse).orderBy(asc(rksvKasse.id));
      return Promise.all(rows.map((row) => kasseAntwort(tx, row)));
    }),

  /** GET rksv/kasse/{id}/registrierung: the data of the FinanzOnline registration again (admin). */
  registrierung: (scope: TenantScope, secrets: SecretBox, id: number) =>
    scope.run(async (tx) => {
      const [row] = await tx.select().from(rksvKasse).where(eq(rksvKasse.id, id));
      if (!row) throw notFound();
      const aesSchluessel = secrets.open(row.aesSchluessel);
      const z = (await zertifikate(tx, row.id)).find(
        (c) => c.zertifikatSeriennummer === row.zertifikatSeriennummer,
      )!;
      return {
        kassenId: row.kassenId,
        aesSchluessel,
        pruefwert: aesSchluesselPruefwert(aesSchluessel),
        zda: row.zda,
        zertifikatSeriennummer: row.zertifikatSeriennummer,
        zertifikat: z.zertifikat.toString("base64"),
        oeffentlicherSchluessel: publicKeyOf(z.zertifikat),
      };
    }),

  /**
   * POST rksv/kasse/{id}/nullbeleg: a null receipt on request — a control receipt, a monthly or yearly receipt, or
   * the closing receipt when the register is taken out of operation.
   */
  nullbeleg: (
    scope: TenantScope,
    secrets: SecretBox,
    id: number,
    zweck: NullbelegZweck,
  ): Promise<TRksvKasse> =>
    scope.change(async (tx, audit) => {
      const row = await kasseGesperrt(tx, { id });
      if (!row) throw notFound();
      const b = await belegMachen(tx, row, secrets, { typ: "NULL", zweck }, null);
      audit({
        entity: ENTITY,
        entityId: id,
        action: "nullbeleg",
        detail: { zweck, ausgefallen: b.ausgefallen },
      });
      return kasseAntwort(tx, row);
    }),

  /** The tenant's name (the journal's heading). */
  mandantName: (scope: TenantScope): Promise<string> =>
    scope.run(async (tx) => {
      const [m] = await tx
        .select({ bezeichnung: mandant.bezeichnung })
        .from(mandant)
        .where(eq(mandant.id, scope.id));
      return m?.bezeichnung ?? "";
    }),

  /** POST rksv/kasse/{id}/trainingsbeleg: a training receipt (TRA) with the given amounts; the counter stays. */
  trainingsbeleg: (
    scope: TenantScope,
    secrets: SecretBox,
    id: number,
    eingabe: TRksvTrainingsbeleg,
  ): Promise<TRksvKasse> =>
    scope.change(async (tx, audit) => {
      const row = await kasseGesperrt(tx, { id });
      if (!row) throw notFound();
      const cent = (euro: number) => toNumber(round(mul(dec(euro), dec(100)), 0));
      const { normal, ermaessigt1, ermaessigt2, null: satzNull, besonders } = eingabe.betraege;
      const betraege: Betraege = {
        satzNormal: cent(normal),
        satzErmaessigt1: cent(ermaessigt1),
        satzErmaessigt2: cent(ermaessigt2),
        satzNull: cent(satzNull),
        satzBesonders: cent(besonders),
      };
      const b = await belegMachen(tx, row, secrets, { typ: "TRAINING", betraege }, null);
      audit({
        entity: ENTITY,
        entityId: id,
        action: "trainingsbeleg",
        detail: { ausgefallen: b.ausgefallen },
      });
      return kasseAntwort(tx, row);
    }),

  /** POST rksv/kasse/{id}/jahresbeleg-geprueft: the owner has checked (and kept) the yearly receipt. */
  jahresbelegGeprueft: (scope: TenantScope, id: number): Promise<TRksvKasse> =>
    scope.change(async (tx, audit) => {
      const row = await kasseGesperrt(tx, { id });
      if (!row) throw notFound();
      await tx.update(rksvKasse).set({ jahresbelegZuPruefen: false }).where(eq(rksvKasse.id, id));
      row.jahresbelegZuPruefen = false;
      audit({ entity: ENTITY, entityId: id, action: "jahresbelegGeprueft" });
      return kasseAntwort(tx, row);
    }),

  /**
   * GET rksv/dep: the DEP7 export of the registers (or one) from a day on, grouped by certificate; 404
   * error.rksvKeinDep when no receipt exists from that day ("No DEP data exists!").
   */
  dep: (scope: TenantScope, query: Pick<TRksvExportQuery, "from" | "kasseId">): Promise<DepExport> =>
    scope.run(async (tx) => {
      const gruppen: DepExport["Belege-Gruppe"] = [];
      for (const kasse of await kassenFuer(tx, query.kasseId)) {
        const belege = await belegeAb(tx, kasse.id, query.from);
        gruppen.push(
          ...exportiereDep(
            belege.map((b) => b.jws),
            await zertifikate(tx, kasse.id),
          )["Belege-Gruppe"],
        );
      }
      if (gruppen.length === 0) throw new ProblemError(404, "error.rksvKeinDep", "No DEP data exists!");
      return { "Belege-Gruppe": gruppen };
    }),

  /** GET rksv/kasse/{id}/container: the cryptographic material container the verification tools read (admin). */
  container: (scope: TenantScope, secrets: SecretBox, id: number): Promise<KryptoMaterialContainer> =>
    scope.run(async (tx) => {
      const [row] = await tx.select().from(rksvKasse).where(eq(rksvKasse.id, id));
      if (!row) throw notFound();
      return kryptoMaterialContainer(secrets.open(row.aesSchluessel), await zertifikate(tx, row.id));
    }),

  /**
   * GET rksv/sjournal: every receipt from a day on with its amounts and type; 404 error.rksvKeinJournal when there is
   * none ("No JOURNAL data exists!").
   */
  journal: (
    scope: TenantScope,
    query: Pick<TRksvExportQuery, "from" | "kasseId">,
  ): Promise<TRksvBelegZeile[]> =>
    scope.run(async (tx) => {
      const zeilen: TRksvBelegZeile[] = [];
      for (const kasse of await kassenFuer(tx, query.kasseId)) {
        for (const b of await belegeAb(tx, kasse.id, query.from)) {
          const cent = [
            b.betragNormal,
            b.betragErmaessigt1,
            b.betragErmaessigt2,
            b.betragNull,
            b.betragBesonders,
          ];
          zeilen.push({
            nr: b.nr,
            kassenId: kasse.kassenId,
            belegNummer: b.belegNummer,
            typ: b.typ as TRksvBelegZeile["typ"],
            zweck: b.zweck as TRksvBelegZeile["zweck"],
            zeitpunkt: b.zeitpunkt,
            betraege: {
              normal: b.betragNormal / 100,
              ermaessigt1: b.betragErmaessigt1 / 100,
              ermaessigt2: b.betragErmaessigt2 / 100,
              null: b.betragNull / 100,
              besonders: b.betragBesonders / 100,
            },
            summe: cent.reduce((s, c) => s + c, 0) / 100,
            umsatzzaehler: b.umsatzzaehlerCent / 100,
            ausgefallen: b.ausgefallen,
            beleg: b.belegId === null ? null : { id: b.belegId, belegNummer: b.dokumentNummer },
            qr: b.qr,
          });
        }
      }
      if (zeilen.length === 0)
        throw new ProblemError(404, "error.rksvKeinJournal", "No JOURNAL data exists!");
      return zeilen;
    }),
};

/** The certificate's public key, base64 SubjectPublicKeyInfo (what a closed system registers). */
const publicKeyOf = (zertifikat: Buffer) =>
  new X509Certificate(zertifikat).publicKey.export({ type: "spki", format: "der" }).toString("base64");
