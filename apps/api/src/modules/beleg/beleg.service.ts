import type {
  TBelegHistorie,
  TBelegListQuery,
  TBelegSearchQuery,
  TBelegUmwandeln,
  TRechnungAus,
} from "@kontor/domain/beleg/beleg.api";
import {
  belegStatus,
  istRechnung,
  nummernQuelle,
  stornierbar,
  type TBelegStatus,
  type TMwstKategorie,
  umwandelbar,
} from "@kontor/domain/beleg/beleg.codes";
import {
  duplizieren,
  fehlendePflichtangaben,
  positionsNummerNeu,
  stornoVon,
  umwandeln,
} from "@kontor/domain/beleg/beleg.rules";
import type { TBeleg, TBelegPosition, TBelegSpeichern } from "@kontor/domain/beleg/beleg.schema";
import {
  belegSummen,
  kategorieAusMwst,
  mwstKategorie,
  summenFelder,
} from "@kontor/domain/beleg/beleg.totals";
import { datumText, parseIsoDate, todayIso } from "@kontor/domain/date/calendar";
import type { TFieldError } from "@kontor/domain/http/problem.schema";
import type { TBelegsTyp } from "@kontor/domain/typen/typen";
import { istZahlungszielText } from "@kontor/domain/zahlungsziel/zahlungsziel.rules";
import { resources } from "@kontor/i18n";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { pgError } from "../../db/errors.ts";
import {
  adresse,
  artikel,
  auditLog,
  beleg,
  belegMwst,
  belegPosition,
  currentMandant,
  fahrzeug,
  felddefinition,
  kunde,
  lieferbedingung,
  mandant,
  rabatt,
  zahlungsbedingung,
  zahlungsziel,
} from "../../db/schema/index.ts";
import { checkTeilIds, existingIds, validation } from "../../db/teile.ts";
import type { Audit, TenantScope } from "../../db/tenant.ts";
import { notFound, ProblemError } from "../../http/problem.ts";
import type { SecretBox } from "../../security/secrets.ts";
import { barrechnungBuchen, stornoGegenbuchen } from "../kassabuch/kassabuch.service.ts";
import { allocateBelegNummer } from "../nummernkreis/nummernkreis.service.ts";
import { barbelegSignieren } from "../rksv/rksv.service.ts";
import {
  type BelegRow,
  type BelegWerte,
  belegZeilen,
  findBeleg,
  listBelege,
  lockBeleg,
  offeneMengen,
  type PositionWerte,
  parteien,
  positionIds,
  type VerkaeuferKopie,
  writeBeleg,
} from "./beleg.repository.ts";

/**
 * Documents as use cases (issue 15, DESIGN §6): drafts are saved with totals computed here (never taken from the
 * client); finalization checks the legal contents of an invoice, draws the number in the same transaction and makes
 * the document immutable; corrections go through a storno with its own number. Every change passes the tenant
 * handle's audit hook (`scope.change`), so the history of a document is complete.
 */

const ENTITY = "beleg";
const finalized = () =>
  new ProblemError(409, "error.belegFinalized", "A finalized document cannot be changed or deleted.");
const notFinalized = () => new ProblemError(409, "error.belegNotFinalized");
const cancelled = () => new ProblemError(409, "error.belegStorniert");
const notConvertible = (von: string, nach: string) =>
  new ProblemError(409, "error.umwandlung", `A ${von} cannot become a ${nach} now.`);

/** The document with every part; 404 when the tenant has none with this id. */
const gefunden = async (tx: Tx, id: number) => (await findBeleg(tx, id)) ?? Promise.reject(notFound());

/** The stored row of a document, locked; 404 when none, 409 when it is finalized and `entwurf` is asked. */
async function gesperrt(tx: Tx, id: number, entwurf: boolean): Promise<BelegRow> {
  const row = await lockBeleg(tx, id);
  if (!row) throw notFound();
  if (entwurf && row.freigabe) throw finalized();
  return row;
}

/** The tenant's small-business flag (the document's VAT category starts from it). */
async function kleinunternehmer(tx: Tx): Promise<boolean> {
  const [m] = await tx
    .select({ kleinunternehmer: mandant.kleinunternehmer })
    .from(mandant)
    .where(eq(mandant.id, currentMandant));
  return m?.kleinunternehmer ?? false;
}

/** What a saved draft carries besides the client's fields: links made by actions. */
interface Herkunft {
  ursprungBelegId?: number | null;
  quellen?: number[];
  /** Per position index: the source position it was carried over from. */
  quellePositionen?: (number | null)[];
  /** The VAT category to compute in (a storno: its original's), instead of the flags of today. */
  kategorie?: TMwstKategorie;
}

/**
 * Checks a draft's references (each must exist in the tenant; an address and a vehicle must be the customer's; a
 * position id must be one of this document's), computes its totals and writes it. All problems in one 400.
 */
async function entwurfSpeichern(
  tx: Tx,
  scope: TenantScope,
  input: TBelegSpeichern,
  herkunft: Herkunft = {},
): Promise<number> {
  const errors: TFieldError[] = [];
  const ref = async (
    field: string,
    table: Parameters<typeof existingIds>[1],
    value: { id: number } | null,
  ) => {
    if (value && !(await existingIds(tx, table, [value.id])).has(value.id))
      errors.push({ field, code: "notFound" });
  };
  const [kundeFlags] = input.kunde
    ? await tx
        .select({ export: kunde.export, innergemeinschaftlich: kunde.innergemeinschaftlich })
        .from(kunde)
        .where(eq(kunde.id, input.kunde.id))
    : [];
  if (input.kunde && !kundeFlags) errors.push({ field: "kunde", code: "notFound" });
  const [ziel] = input.zahlungsziel
    ? await tx
        .select({ nettoTage: zahlungsziel.nettoTage, skontoList: zahlungsziel.skontoList })
        .from(zahlungsziel)
        .where(eq(zahlungsziel.id, input.zahlungsziel.id))
    : [];
  if (input.zahlungsziel && !ziel) errors.push({ field: "zahlungsziel", code: "notFound" });
  await ref("lieferbedingung", lieferbedingung, input.lieferbedingung);
  await ref("zahlungsbedingung", zahlungsbedingung, input.zahlungsbedingung);
  let belegRabatt = input.belegRabatt;
  if (input.rabatt) {
    const [r] = await tx
      .select({ prozent: rabatt.prozent })
      .from(rabatt)
      .where(eq(rabatt.id, input.rabatt.id));
    if (r) belegRabatt = Number(r.prozent);
    else errors.push({ field: "rabatt", code: "notFound" });
  }
  for (const [field, table, owner] of [
    ["adresse", adresse, adresse.kundeId],
    ["fahrzeug", fahrzeug, fahrzeug.kundeId],
  ] as const) {
    const value = input[field];
    if (!value) continue;
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, value.id), input.kunde ? eq(owner, input.kunde.id) : isNull(owner)));
    if (rows.length === 0) errors.push({ field, code: "notFound" });
  }
  const positionen = input.belegspositionSet;
  const artikelIds = positionen.flatMap((p) => (p.artikel ? [p.artikel.id] : []));
  const artikelRows =
    artikelIds.length === 0
      ? []
      : await tx
          .select({ id: artikel.id, rabattierFaehig: artikel.rabattierFaehig })
          .from(artikel)
          .where(inArray(artikel.id, [...new Set(artikelIds)]));
  const rabattierFaehig = new Map(artikelRows.map((a) => [a.id, a.rabattierFaehig]));
  const lieferanten = await existingIds(
    tx,
    kunde,
    positionen.flatMap((p) => (p.belegspositionLieferant ? [p.belegspositionLieferant.id] : [])),
  );
  positionen.forEach((p, index) => {
    if (p.artikel && !rabattierFaehig.has(p.artikel.id))
      errors.push({ field: `belegspositionSet.${index}.artikel`, code: "notFound" });
    if (p.belegspositionLieferant && !lieferanten.has(p.belegspositionLieferant.id))
      errors.push({ field: `belegspositionSet.${index}.belegspositionLieferant`, code: "notFound" });
  });
  checkTeilIds(
    errors,
    "belegspositionSet",
    positionen,
    input.id === undefined ? new Set() : await positionIds(tx, input.id),
  );
  const felder = input.belegFelder;
  if (felder.length > 0) {
    const definiert = await tx
      .select({ id: felddefinition.id, belegsTyps: felddefinition.belegsTyps })
      .from(felddefinition)
      .where(
        and(
          eq(felddefinition.bereich, "beleg"),
          inArray(
            felddefinition.id,
            felder.map((f) => f.felddefinitionId),
          ),
        ),
      );
    const passt = new Set(
      definiert
        .filter((d) => d.belegsTyps.length === 0 || d.belegsTyps.includes(input.belegsTyp))
        .map((d) => d.id),
    );
    felder.forEach((f, index) => {
      if (!passt.has(f.felddefinitionId))
        errors.push({ field: `belegFelder.${index}.felddefinitionId`, code: "notFound" });
    });
  }
  if (errors.length > 0) throw validation(errors);

  const kategorie =
    herkunft.kategorie ??
    mwstKategorie({ kleinunternehmer: await kleinunternehmer(tx) }, kundeFlags, {
      reverseCharge: input.reverseCharge,
    }).kategorie;
  const mitArtikel = positionen.map((p) => ({
    ...p,
    artikel: p.artikel ? { id: p.artikel.id, rabattierFaehig: rabattierFaehig.get(p.artikel.id) } : null,
  }));
  const summen = summenFelder(belegSummen({ belegspositionSet: mitArtikel, belegRabatt }, { kategorie }));
  const nummern: { positionsNummer?: number }[] = [];
  const positionWerte: PositionWerte[] = positionen.map((p, index) => {
    const positionsNummer =
      p.positionsNummer ?? positionsNummerNeu([...positionen.slice(0, index), ...nummern]);
    nummern.push({ positionsNummer });
    return {
      ...(p.id === undefined ? {} : { id: p.id }),
      positionsNummer,
      artikelId: p.artikel?.id ?? null,
      artikelRabatt: p.artikelRabatt,
      positionsBeschreibung: p.positionsBeschreibung,
      positionsBeschreibungZusatz: p.positionsBeschreibungZusatz,
      positionsMenge: p.positionsMenge,
      positionsMwst: p.positionsMwst,
      positionsPreis: p.positionsPreis,
      positionsSumme: summen.positionsSummen[index] ?? null,
      positionsVersandMenge: p.positionsVersandMenge,
      teilversandFinalize: p.teilversandFinalize,
      rabatt: p.rabatt,
      zeiteintragIds: p.zeiteintraege.map((z) => z.id),
      lieferantId: p.belegspositionLieferant?.id ?? null,
      ...(herkunft.quellePositionen?.[index] ? { quellePositionId: herkunft.quellePositionen[index] } : {}),
    };
  });
  const werte: BelegWerte = {
    belegDatum: input.belegDatum,
    belegsTyp: input.belegsTyp,
    kundeId: input.kunde?.id ?? null,
    adresseId: input.adresse?.id ?? null,
    fahrzeugId: input.fahrzeug?.id ?? null,
    zuHanden: input.zuHanden,
    leistungsDatum: input.leistungsDatum,
    leistungsZeitraumVon: input.leistungsZeitraumVon,
    leistungsZeitraumBis: input.leistungsZeitraumBis,
    rabattId: input.rabatt?.id ?? null,
    belegRabatt,
    reverseCharge: input.reverseCharge,
    bankomat: input.bankomat,
    rechnungsText: input.rechnungsText,
    // The term's own sentence (as GET belegtext2 made it, maybe before the positions were in) is no text of the
    // document's: stored empty, it is made from the final totals wherever it is printed (belegZahlungstext).
    belegstext2: ziel && istZahlungszielText(input.belegstext2, ziel) ? null : input.belegstext2,
    belegstext3: input.belegstext3,
    zahlungszielId: input.zahlungsziel?.id ?? null,
    lieferbedingungId: input.lieferbedingung?.id ?? null,
    zahlungsbedingungId: input.zahlungsbedingung?.id ?? null,
    bestellBelegnummer: input.bestellBelegnummer,
    kaeuferReferenz: input.kaeuferReferenz,
    summeNetto: summen.summeNetto,
    summeBrutto: summen.summeBrutto,
    ...(input.id === undefined ? { createdBy: scope.userId } : {}),
    ...(herkunft.ursprungBelegId === undefined ? {} : { ursprungBelegId: herkunft.ursprungBelegId }),
  };
  return writeBeleg(tx, input.id, werte, {
    positionen: positionWerte,
    mwst: summen.belegMwstSet,
    felder,
    projektIds: input.projektList.map((p) => p.id),
    ...(herkunft.quellen ? { quellen: herkunft.quellen } : {}),
  });
}

/** A stored document as a new draft's body (ids of parts kept where the draft is the same document). */
function alsEingabe(b: TBeleg, mitIds: boolean): TBelegSpeichern {
  return {
    ...(mitIds && b.id !== undefined ? { id: b.id } : {}),
    belegDatum: b.belegDatum,
    belegsTyp: b.belegsTyp,
    kunde: b.kunde ? { id: b.kunde.id } : null,
    adresse: b.adresse,
    zuHanden: b.zuHanden,
    leistungsDatum: b.leistungsDatum,
    leistungsZeitraumVon: b.leistungsZeitraumVon,
    leistungsZeitraumBis: b.leistungsZeitraumBis,
    belegspositionSet: b.belegspositionSet.map((p) => ({
      ...(mitIds && p.id !== undefined ? { id: p.id } : {}),
      artikel: p.artikel ? { id: p.artikel.id } : null,
      artikelRabatt: p.artikelRabatt,
      positionsBeschreibung: p.positionsBeschreibung,
      positionsBeschreibungZusatz: p.positionsBeschreibungZusatz,
      positionsMenge: p.positionsMenge,
      positionsMwst: p.positionsMwst,
      ...(p.positionsNummer === undefined ? {} : { positionsNummer: p.positionsNummer }),
      positionsPreis: p.positionsPreis,
      positionsVersandMenge: p.positionsVersandMenge,
      teilversandFinalize: p.teilversandFinalize,
      rabatt: p.rabatt,
      zeiteintraege: p.zeiteintraege,
      belegspositionLieferant: p.belegspositionLieferant ? { id: p.belegspositionLieferant.id } : null,
    })),
    rabatt: b.rabatt,
    belegRabatt: b.belegRabatt,
    reverseCharge: b.reverseCharge,
    bankomat: b.bankomat,
    rechnungsText: b.rechnungsText,
    belegstext2: b.belegstext2,
    belegstext3: b.belegstext3,
    belegFelder: b.belegFelder,
    projektList: b.projektList,
    zahlungsziel: b.zahlungsziel,
    lieferbedingung: b.lieferbedingung,
    zahlungsbedingung: b.zahlungsbedingung,
    fahrzeug: b.fahrzeug,
    bestellBelegnummer: b.bestellBelegnummer,
    kaeuferReferenz: b.kaeuferReferenz,
  };
}

/**
 * The totals once more, from the flags of now (the customer may have become an export customer since the draft was
 * saved): written only where they differ from the stored ones, so the usual finalization writes nothing here.
 */
async function summenAuffrischen(tx: Tx, b: TBeleg, kategorie: TMwstKategorie): Promise<boolean> {
  const summen = summenFelder(belegSummen(b, { kategorie }));
  const gespeichert = b.belegMwstSet.map(({ id: _id, ...zeile }) => zeile);
  if (
    summen.summeNetto === b.summeNetto &&
    summen.summeBrutto === b.summeBrutto &&
    JSON.stringify(summen.belegMwstSet) === JSON.stringify(gespeichert) &&
    summen.positionsSummen.every((summe, index) => summe === b.belegspositionSet[index]?.positionsSumme)
  )
    return false;
  await tx
    .update(beleg)
    .set({ summeNetto: summen.summeNetto, summeBrutto: summen.summeBrutto })
    .where(eq(beleg.id, b.id!));
  await tx.delete(belegMwst).where(eq(belegMwst.belegId, b.id!));
  if (summen.belegMwstSet.length > 0)
    await tx.insert(belegMwst).values(summen.belegMwstSet.map((zeile) => ({ ...zeile, belegId: b.id! })));
  for (const [index, position] of b.belegspositionSet.entries())
    await tx
      .update(belegPosition)
      .set({ positionsSumme: summen.positionsSummen[index] ?? null })
      .where(eq(belegPosition.id, position.id!));
  return true;
}

/**
 * The addresses a document prints: the chosen one when it is a billing address, else the customer's billing
 * address (or its first); a chosen delivery address is printed as such next to it.
 */
export function adressenWahl<A extends { id: number; adressenTyp: string }>(
  adressen: readonly A[],
  adresseId: number | null,
) {
  const gewaehlt = adressen.find((a) => a.id === adresseId);
  const rechnungsAdresse =
    gewaehlt?.adressenTyp === "rechnungsadresse"
      ? gewaehlt
      : (adressen.find((a) => a.adressenTyp === "rechnungsadresse") ?? adressen[0] ?? null);
  const lieferAdresse = gewaehlt?.adressenTyp === "lieferadresse" ? gewaehlt : null;
  return { rechnungsAdresse, lieferAdresse };
}

/**
 * Finalizes a locked draft (DESIGN §6): the legal contents of an invoice are checked (409 error.pflichtangaben
 * naming each missing field), totals are computed once more from today's flags (a storno keeps its original's
 * category), the number is drawn from the type's circle in this transaction, and the buyer's addresses and the
 * seller are copied onto the document. Returns the finalized document (read again only when its totals changed:
 * otherwise it is the draft read here with its number and the paid state the triggers derived — the circle's lock
 * is not held for another full read).
 */
async function freigabe(tx: Tx, row: BelegRow, audit: Audit, kategorie?: TMwstKategorie): Promise<TBeleg> {
  const b = (await findBeleg(tx, row.id))!;
  const { mandant: m, kunde: k } = await parteien(tx, row.kundeId);
  const kat = kategorie ?? mwstKategorie(m, k, { reverseCharge: row.reverseCharge }).kategorie;
  const neuBerechnet = await summenAuffrischen(tx, b, kat);
  const fehlt = fehlendePflichtangaben(b, m, k, kat);
  if (fehlt.length > 0)
    throw new ProblemError(
      409,
      "error.pflichtangaben",
      "Mandatory contents of an invoice are missing.",
      fehlt.map((f) => ({ field: f.field, code: "required" })),
    );
  const belegDatum = parseIsoDate(row.belegDatum);
  const belegNummer = await allocateBelegNummer(
    tx,
    row.belegsTyp as TBelegsTyp,
    nummernQuelle(row.belegsTyp as TBelegsTyp),
    {
      year: belegDatum.year,
      month: belegDatum.month,
    },
  );
  const { rechnungsAdresse, lieferAdresse } = adressenWahl(k?.adresseLists ?? [], row.adresseId);
  try {
    await tx
      .update(beleg)
      .set({
        belegNummer,
        freigabe: true,
        freigabeAm: new Date(),
        // The buyer reference (e-invoices, BT-10): the document's, else the customer's of the day of issue.
        kaeuferReferenz: b.kaeuferReferenz ?? k?.kaeuferReferenz ?? null,
        rechnungsAdresse,
        lieferAdresse,
        verkaeufer: m
          ? ({
              bezeichnung: m.bezeichnung,
              uid: m.uid,
              adresse: m.adresseLists[0] ?? null,
              fn: m.fn,
              email: m.email,
              iban: m.iban,
              bic: m.bic,
              bankName: m.bankName,
              telefon: m.telefon,
              kontaktName: m.kontaktName,
              steuernummer: m.steuernummer,
              eRechnungAdresse: m.eRechnungAdresse,
            } satisfies VerkaeuferKopie)
          : null,
        lastModifiedDate: new Date(),
      })
      .where(eq(beleg.id, row.id));
  } catch (error) {
    if (pgError(error)?.code === "23505")
      throw new ProblemError(
        409,
        "error.conflict",
        `The number ${belegNummer} is taken; check the number circle.`,
      );
    throw error;
  }
  audit({ entity: ENTITY, entityId: row.id, action: "finalize", detail: { belegNummer } });
  if (neuBerechnet) return gefunden(tx, row.id);
  // The triggers derived the open amount and the paid flag (a cash invoice is paid at issue).
  const [abgeleitet] = await tx
    .select({ bezahlt: beleg.bezahlt, offen: beleg.offen })
    .from(beleg)
    .where(eq(beleg.id, row.id));
  return {
    ...b,
    belegNummer,
    freigabe: true,
    bezahlt: abgeleitet?.bezahlt ?? b.bezahlt,
    restbetrag: Number(abgeleitet?.offen ?? b.restbetrag),
  };
}

/** The source positions a new document carries over: quantities still open, lines fully delivered left out. */
async function offenePositionen(tx: Tx, quellen: TBeleg[]) {
  const alle = quellen.flatMap((q) => q.belegspositionSet);
  const offen = await offeneMengen(
    tx,
    alle.flatMap((p) => (p.id === undefined ? [] : [p.id])),
  );
  const positionen: TBelegPosition[] = [];
  const quellePositionen: (number | null)[] = [];
  for (const p of alle) {
    const rest = p.id === undefined ? null : (offen.get(p.id) ?? null);
    if (p.positionsMenge !== null && (p.teilversandFinalize || (rest !== null && rest <= 0))) continue;
    positionen.push({
      ...p,
      positionsMenge: p.positionsMenge === null ? null : rest,
      positionsNummer: undefined,
    });
    quellePositionen.push(p.id ?? null);
  }
  return { positionen, quellePositionen };
}

/** The new draft made from sources (conversion, bill from several, delivery): saved, audited, its id. */
async function ausQuellen(
  tx: Tx,
  scope: TenantScope,
  audit: Audit,
  quellen: TBeleg[],
  nach: TBelegsTyp,
  belegDatum: string,
  positionen?: { positionen: TBelegPosition[]; quellePositionen: (number | null)[] },
): Promise<number> {
  const erste = quellen[0]!;
  const carried = positionen ?? (await offenePositionen(tx, quellen));
  const entwurf = umwandeln({ ...erste, belegspositionSet: carried.positionen }, nach, belegDatum);
  const id = await entwurfSpeichern(tx, scope, alsEingabe(entwurf as TBeleg, false), {
    ursprungBelegId: erste.id ?? null,
    quellen: quellen.map((q) => q.id!),
    quellePositionen: carried.quellePositionen,
  });
  audit({
    entity: ENTITY,
    entityId: id,
    action: "create",
    detail: { aus: quellen.map((q) => q.belegNummer ?? q.id), belegsTyp: nach },
  });
  for (const q of quellen)
    audit({ entity: ENTITY, entityId: q.id!, action: "convert", detail: { nach, belegId: id } });
  return id;
}

export const belegService = {
  list: (scope: TenantScope, query: TBelegListQuery) => scope.run((tx) => listBelege(tx, query)),

  search: (scope: TenantScope, query: TBelegSearchQuery) =>
    scope.run((tx) =>
      belegZeilen(tx, {
        search: query.search,
        belegsTyp: query.belegType,
        artikelId: query.artikelId,
        kundeId: query.kundeId,
        projektIds: query.projects,
      }),
    ),

  /** GET bestellungsbelege: the orders of some customers (or all) in a status, drafts included or not. */
  orders: (
    scope: TenantScope,
    filter: { kundeIds?: number[] | undefined; status?: TBelegStatus | undefined; drafts: boolean },
  ) =>
    scope.run(async (tx) =>
      (
        await belegZeilen(
          tx,
          { belegsTyp: "bestellung", kundeIds: filter.kundeIds, entwurf: filter.drafts ? undefined : false },
          500,
        )
      ).filter((zeile) => filter.status === undefined || belegStatus(zeile) === filter.status),
    ),

  get: (scope: TenantScope, id: number): Promise<TBeleg> => scope.run((tx) => gefunden(tx, id)),

  /** PUT beleg: creates or updates a draft (409 error.belegFinalized for a finalized one). */
  save: (scope: TenantScope, input: TBelegSpeichern): Promise<TBeleg> =>
    scope.change(async (tx, audit) => {
      if (input.id !== undefined) await gesperrt(tx, input.id, true);
      const id = await entwurfSpeichern(tx, scope, input);
      audit({ entity: ENTITY, entityId: id, action: input.id === undefined ? "create" : "update" });
      return gefunden(tx, id);
    }),

  /** DELETE beleg/{id}: only a draft (409 error.belegFinalized); a draft other documents were made from: 409. */
  remove: (scope: TenantScope, id: number): Promise<void> =>
    scope.change(async (tx, audit) => {
      await gesperrt(tx, id, true);
      try {
        await tx.delete(beleg).where(eq(beleg.id, id));
      } catch (error) {
        if (pgError(error)?.code === "23503") throw new ProblemError(409, "error.inUse");
        throw error;
      }
      audit({ entity: ENTITY, entityId: id, action: "delete" });
    }),

  /**
   * POST beleg/{id}/freigabe: finalize; answers the numbered, immutable document. A cash invoice posts its cash
   * into the cash book (issue 17, kassabuch.service.ts barrechnungBuchen) and gets its RKSV receipt (issue 18,
   * rksv.service.ts barbelegSignieren) in the same transaction.
   */
  finalize: (scope: TenantScope, id: number, secrets: SecretBox): Promise<TBeleg> =>
    scope.change(async (tx, audit) => {
      const row = await gesperrt(tx, id, true);
      const finalisiert = await freigabe(tx, row, audit);
      await barrechnungBuchen(tx, scope, audit, finalisiert);
      if (finalisiert.belegsTyp === "barrechnung")
        await barbelegSignieren(tx, scope, secrets, audit, finalisiert, "STANDARD");
      return finalisiert;
    }),

  /**
   * POST beleg/{id}/storno: cancels a finalized invoice by a storno with its own number that negates it and refers
   * to it; the original becomes storniert and names the storno's number. Answers the storno.
   */
  storno: (scope: TenantScope, id: number, secrets: SecretBox, belegDatum = todayIso()): Promise<TBeleg> =>
    scope.change(async (tx, audit) => {
      const row = await gesperrt(tx, id, false);
      if (!row.freigabe) throw notFinalized();
      if (row.storniert) throw cancelled();
      if (!stornierbar({ ...row, belegsTyp: row.belegsTyp as TBelegsTyp }))
        throw notConvertible(row.belegsTyp, "storno");
      const original = await gefunden(tx, id);
      const kategorie = kategorieAusMwst(original.belegMwstSet);
      const entwurf = stornoVon(original, belegDatum) as TBeleg;
      const stornoId = await entwurfSpeichern(tx, scope, alsEingabe(entwurf, false), {
        ursprungBelegId: id,
        quellen: [id],
        kategorie,
      });
      audit({
        entity: ENTITY,
        entityId: stornoId,
        action: "create",
        detail: { stornoVon: original.belegNummer },
      });
      const stornoBeleg = await freigabe(tx, (await lockBeleg(tx, stornoId))!, audit, kategorie);
      const nummer = stornoBeleg.belegNummer;
      await tx
        .update(beleg)
        .set({ storniert: true, stornoRechnungsnummer: nummer, lastModifiedDate: new Date() })
        .where(eq(beleg.id, id));
      audit({ entity: ENTITY, entityId: id, action: "storno", detail: { stornoRechnungsnummer: nummer } });
      // What the original posted into the cash book is countered (issue 17).
      await stornoGegenbuchen(tx, scope, audit, id, stornoBeleg);
      // The storno of a cash invoice is a cash refund: its RKSV receipt (issue 18).
      if (original.belegsTyp === "barrechnung")
        await barbelegSignieren(tx, scope, secrets, audit, stornoBeleg, "STORNO");
      return gefunden(tx, stornoId);
    }),

  /** POST beleg/{id}/duplikat: a new draft with the SPEC §4 fields cleared, dated today. */
  duplicate: (scope: TenantScope, id: number): Promise<TBeleg> =>
    scope.change(async (tx, audit) => {
      const quelle = await gefunden(tx, id);
      const kopie = duplizieren(quelle, todayIso()) as TBeleg;
      const neu = await entwurfSpeichern(tx, scope, alsEingabe(kopie, false));
      audit({
        entity: ENTITY,
        entityId: neu,
        action: "create",
        detail: { duplikatVon: quelle.belegNummer ?? id },
      });
      return gefunden(tx, neu);
    }),

  /** POST beleg/{id}/umwandeln: the next document of the chain as a new draft, open quantities carried over. */
  convert: (scope: TenantScope, id: number, body: TBelegUmwandeln): Promise<TBeleg> =>
    scope.change(async (tx, audit) => {
      const quelle = await gefunden(tx, id);
      if (!umwandelbar(quelle, body.belegsTyp)) throw notConvertible(quelle.belegsTyp, body.belegsTyp);
      const neu = await ausQuellen(tx, scope, audit, [quelle], body.belegsTyp, body.belegDatum ?? todayIso());
      return gefunden(tx, neu);
    }),

  /** POST beleg/rechnung: one invoice from several documents of one customer (open positions carried, links kept). */
  billFrom: (scope: TenantScope, body: TRechnungAus): Promise<TBeleg> =>
    scope.change(async (tx, audit) => {
      const ids = [...new Set(body.quellen.map((q) => q.id))];
      const quellen: TBeleg[] = [];
      for (const [index, quelleId] of ids.entries()) {
        const quelle = await findBeleg(tx, quelleId);
        if (!quelle) throw validation([{ field: `quellen.${index}.id`, code: "notFound" }]);
        if (!umwandelbar(quelle, body.belegsTyp) || !istRechnung(body.belegsTyp))
          throw validation([{ field: `quellen.${index}.id`, code: "invalid" }]);
        if (quellen.length > 0 && quelle.kunde?.id !== quellen[0]!.kunde?.id)
          throw validation([{ field: `quellen.${index}.id`, code: "notEqual" }]);
        quellen.push(quelle);
      }
      const neu = await ausQuellen(tx, scope, audit, quellen, body.belegsTyp, body.belegDatum ?? todayIso());
      return gefunden(tx, neu);
    }),

  /**
   * POST beleg/{id}/lieferung: a delivery note (draft) for part of an order confirmation: per position the quantity
   * shipped now (at most what is still open; 400 at the field otherwise) and whether the position is complete
   * after it (teilversandFinalize on the order's position — its delivery state, not its content).
   */
  ship: (
    scope: TenantScope,
    id: number,
    body: {
      belegDatum?: string | undefined;
      positionen: { id: number; menge: number; abschliessen?: boolean }[];
    },
  ): Promise<TBeleg> =>
    scope.change(async (tx, audit) => {
      await gesperrt(tx, id, false);
      const quelle = await gefunden(tx, id);
      if (!umwandelbar(quelle, "lieferschein")) throw notConvertible(quelle.belegsTyp, "lieferschein");
      const byId = new Map(quelle.belegspositionSet.map((p) => [p.id!, p]));
      const offen = await offeneMengen(tx, [...byId.keys()]);
      const errors: TFieldError[] = [];
      const positionen: TBelegPosition[] = [];
      const quellePositionen: number[] = [];
      for (const [index, wunsch] of body.positionen.entries()) {
        const p = byId.get(wunsch.id);
        const rest = offen.get(wunsch.id) ?? 0;
        if (!p) errors.push({ field: `positionen.${index}.id`, code: "notFound" });
        else if (wunsch.menge > rest)
          errors.push({ field: `positionen.${index}.menge`, code: "max", max: rest });
        else if (wunsch.menge > 0) {
          positionen.push({ ...p, positionsMenge: wunsch.menge, positionsNummer: undefined });
          quellePositionen.push(wunsch.id);
        }
      }
      if (errors.length === 0 && positionen.length === 0)
        errors.push({ field: "positionen", code: "required" });
      if (errors.length > 0) throw validation(errors);
      const fertig = body.positionen.filter((w) => w.abschliessen).map((w) => w.id);
      if (fertig.length > 0)
        await tx
          .update(belegPosition)
          .set({ teilversandFinalize: true })
          .where(and(eq(belegPosition.belegId, id), inArray(belegPosition.id, fertig)));
      const neu = await ausQuellen(
        tx,
        scope,
        audit,
        [quelle],
        "lieferschein",
        body.belegDatum ?? todayIso(),
        {
          positionen,
          quellePositionen,
        },
      );
      return gefunden(tx, neu);
    }),

  /** POST beleg/{id}/reihenfolge: the positions in a new order (every position id once); drafts only. */
  reorder: (scope: TenantScope, id: number, ordnung: number[]): Promise<TBeleg> =>
    scope.change(async (tx, audit) => {
      await gesperrt(tx, id, true);
      const vorhanden = await positionIds(tx, id);
      if (
        ordnung.length !== vorhanden.size ||
        new Set(ordnung).size !== ordnung.length ||
        ordnung.some((p) => !vorhanden.has(p))
      )
        throw validation([{ field: "positionIds", code: "invalid" }]);
      for (const [position, positionId] of ordnung.entries())
        await tx.update(belegPosition).set({ position }).where(eq(belegPosition.id, positionId));
      audit({ entity: ENTITY, entityId: id, action: "reorder" });
      return gefunden(tx, id);
    }),

  /** GET beleg/{id}/historie: who created, changed, finalized, cancelled the document, and when (oldest first). */
  history: (scope: TenantScope, id: number): Promise<TBelegHistorie[]> =>
    scope.run(async (tx) => {
      await gefunden(tx, id);
      const rows = await tx
        .select({ at: auditLog.at, login: auditLog.login, action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(and(eq(auditLog.entity, ENTITY), eq(auditLog.entityId, id)))
        .orderBy(asc(auditLog.id));
      return rows.map((r) => ({
        ...r,
        at: r.at.toISOString(),
        detail: (r.detail as Record<string, unknown>) ?? null,
      }));
    }),

  /**
   * GET belegtext3/{originalBelegId}: the line a document prints about the document it refers to, in the given
   * language ("Storno zu Rechnung Nr. 2026-00001 vom 03.11.2026", "Reference: offer no. … of 03/11/2026").
   */
  text3: (scope: TenantScope, id: number, sprache: "de" | "en", fuer?: TBelegsTyp) =>
    scope.run(async (tx) => {
      const [row] = await tx
        .select({ nummer: beleg.belegNummer, datum: beleg.belegDatum, typ: beleg.belegsTyp })
        .from(beleg)
        .where(eq(beleg.id, id));
      if (!row) throw notFound();
      return { text: bezugsText(row.typ as TBelegsTyp, row.nummer, row.datum, sprache, fuer) };
    }),
};

/** The reference line of belegtext3: a storno names what it cancels, any other document what it comes from. */
function bezugsText(
  typ: TBelegsTyp,
  nummer: string | null,
  datum: string,
  sprache: "de" | "en",
  fuer?: TBelegsTyp,
) {
  const name = resources[sprache].nummernkreis.belegsTyp[typ];
  const tag = datumText(datum, sprache);
  const nr = nummer ?? (sprache === "de" ? "(Entwurf)" : "(draft)");
  if (sprache === "de")
    return fuer === "storno"
      ? `Storno zu ${name} Nr. ${nr} vom ${tag}`
      : `Bezug: ${name} Nr. ${nr} vom ${tag}`;
  return fuer === "storno"
    ? `Cancellation of ${name.toLowerCase()} no. ${nr} of ${tag}`
    : `Reference: ${name.toLowerCase()} no. ${nr} of ${tag}`;
}
