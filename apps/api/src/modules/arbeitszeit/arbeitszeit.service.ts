import { can } from "@kontor/domain/access/access.rules";
import type { TAuthority } from "@kontor/domain/access/access.schema";
import type {
  TAbwesenheitArt,
  TAbwesenheitStatus,
  TMonatAktion,
  TMonatStatus,
  TTagHinweis,
} from "@kontor/domain/arbeitszeit/arbeitszeit.codes";
import { TAG_HINWEISE } from "@kontor/domain/arbeitszeit/arbeitszeit.codes";
import {
  abwesenheitTage,
  bilanzBeginn,
  type Einstellung,
  type FeiertagTag,
  gutschrift,
  landVonRegion,
  monatsTage,
  tagAuswerten,
  tagSoll,
  urlaubsanspruch,
} from "@kontor/domain/arbeitszeit/arbeitszeit.rules";
import type {
  TAbwesenheit,
  TAbwesenheitSpeichern,
  TArbeitszeit,
  TArbeitszeitBetrieb,
  TArbeitszeitHistorie,
  TArbeitszeitMonat,
  TArbeitszeitSpeichern,
  TArbeitszeitTag,
  TFeiertag,
  TMitarbeiter,
  TTeamZeile,
  TZeiterfassungUserData,
} from "@kontor/domain/arbeitszeit/arbeitszeit.schema";
import { gesetzlicheFeiertage } from "@kontor/domain/arbeitszeit/feiertage.rules";
import { addDays, daysBetween, todayIso } from "@kontor/domain/date/calendar";
import { instantZuLokal, lokalZuInstant } from "@kontor/domain/date/zeitzone";
import type { TFieldError } from "@kontor/domain/http/problem.schema";
import { eq } from "drizzle-orm";
import { inSequence, type Tx } from "../../db/client.ts";
import { mapUniqueViolation } from "../../db/errors.ts";
import type { TenantScope } from "../../db/tenant.ts";
import { notFound, ProblemError } from "../../http/problem.ts";
import * as repo from "./arbeitszeit.repository.ts";
import { feiertag as feiertagTabelle } from "./arbeitszeit.repository.ts";

/**
 * Employee working time (issue 22): records, absences, months and their approval, the team view, settings and
 * holidays. The rules (targets, breaks, balances, holidays) are the pure functions of packages/domain
 * (arbeitszeit.rules.ts, feiertage.rules.ts, date/zeitzone.ts); this service loads, checks, stores, audits and keeps
 * the day cache (arbeitszeit_tag) in step with the records in the same transaction.
 *
 * Employees without settings have no target (wochenMinuten 0) and 25 vacation days a year until the admin sets them.
 */

/** Who calls: the tenant handle and the caller's authorities (admin = area arbeitszeitAdmin). */
export interface Wer {
  scope: TenantScope;
  authorities: ReadonlySet<TAuthority>;
}
const istAdmin = (w: Wer) =>
  can("arbeitszeitAdmin", { modules: w.scope.modules, authorities: w.authorities });

const MAX_TAGE = 366;

const fehler = (fields: TFieldError[]) => new ProblemError(400, "error.validation", undefined, fields);
const forbidden = () => new ProblemError(403, "error.forbidden");
const geschlossen = () =>
  new ProblemError(409, "error.monatGeschlossen", "The month is closed.", [
    { field: "datum", code: "periodClosed" },
  ]);

// ---------------------------------------------------------------------------------------------------------------
// Settings and holidays as the rules take them

const minuten = (stunden: number | null | undefined) =>
  stunden === null || stunden === undefined ? null : Math.round(stunden * 60);

/** The rules' settings from the stored zeiterfassungUserData (none: no target, 25 vacation days). */
export function einstellungVon(d: TZeiterfassungUserData | null): Einstellung {
  if (d === null)
    return {
      wochenMinuten: 0,
      tagMinuten: { Mon: null, Tue: null, Wed: null, Thu: null, Fri: null },
      eintrittsdatum: null,
      beginn: null,
      ende: null,
      uebertragMinuten: 0,
      urlaubUebertrag: 0,
      urlaubsanspruchJahr: 25,
    };
  return {
    wochenMinuten: minuten(d.workhours) ?? 0,
    tagMinuten: {
      Mon: minuten(d.workhoursMon),
      Tue: minuten(d.workhoursTue),
      Wed: minuten(d.workhoursWed),
      Thu: minuten(d.workhoursThu),
      Fri: minuten(d.workhoursFri),
    },
    eintrittsdatum: d.eintrittsdatum ?? null,
    beginn: d.uberstunden_beginn ?? null,
    ende: d.uberstunden_end ?? null,
    uebertragMinuten: minuten(d.uberstunden_aktuell) ?? 0,
    urlaubUebertrag: d.urlaub_aktuell ?? 0,
    urlaubsanspruchJahr: d.urlaubsanspruchjahr ?? 25,
  };
}

async function feiertagMap(tx: Tx, von: string, bis: string): Promise<Map<string, FeiertagTag>> {
  const rows = await repo.feiertage(tx, von, bis);
  return new Map(
    rows.map((f) => [f.datum, { datum: f.datum, halbtag: f.halbtag, bezeichnung: f.bezeichnung }]),
  );
}

const jahrEnde = (jahr: number) => `${jahr}-12-31`;
const monatAnfang = (datum: string) => `${datum.slice(0, 7)}-01`;
const min = (a: string, b: string) => (a < b ? a : b);
const max = (a: string, b: string) => (a > b ? a : b);

// ---------------------------------------------------------------------------------------------------------------
// Records: representation, day cache

/** "HH:MM" of an instant; a record ending at midnight after its day shows 24:00. */
function zeitText(ms: number, datum: string): string {
  const lokal = instantZuLokal(ms);
  if (lokal.uhrzeit === "00:00" && lokal.datum === addDays(datum, 1)) return "24:00";
  return lokal.uhrzeit;
}

export function alsArbeitszeit(r: repo.Eintrag): TArbeitszeit {
  const von = r.von.getTime();
  const bis = r.bis === null ? null : r.bis.getTime();
  return {
    id: r.id,
    userId: r.userId,
    datum: r.datum,
    von: r.von.toISOString(),
    bis: r.bis === null ? null : r.bis.toISOString(),
    vonZeit: zeitText(von, r.datum),
    bisZeit: bis === null ? null : zeitText(bis, r.datum),
    minuten: bis === null ? 0 : Math.floor((bis - von) / 60_000),
    beschreibung: r.beschreibung,
    homeoffice: r.homeoffice,
    korrektur: r.korrektur,
    erfasstAm: r.erfasstAm.toISOString(),
    erfasstVon: r.erfasstVon,
  };
}

const stand = (r: repo.Eintrag) => ({
  datum: r.datum,
  von: zeitText(r.von.getTime(), r.datum),
  bis: r.bis === null ? null : zeitText(r.bis.getTime(), r.datum),
});

/** The cached values of a day from its records (null: no record) — tagAuswerten of the rules. */
function tagWerte(
  eintraege: repo.Eintrag[],
  vorherige: repo.Eintrag[],
  b: { region: TArbeitszeitBetrieb["region"]; pausenAbzug: boolean },
): repo.TagWerte | null {
  if (eintraege.length === 0) return null;
  const enden = vorherige.flatMap((e) => (e.bis === null ? [] : [e.bis.getTime()]));
  const t = tagAuswerten({
    eintraege: eintraege.map((e) => ({ von: e.von.getTime(), bis: e.bis === null ? null : e.bis.getTime() })),
    vorherigesEnde: enden.length === 0 ? null : Math.max(...enden),
    land: landVonRegion(b.region),
    pausenAbzug: b.pausenAbzug,
  });
  return {
    brutto: t.brutto,
    pause: t.pause,
    pausePflicht: t.pausePflicht,
    abzug: t.abzug,
    netto: t.netto,
    homeoffice: eintraege.some((e) => e.homeoffice),
    hinweise: t.hinweise,
  };
}

/** Recomputes the cached days `daten` of the employee and each following day (its rest period depends on them). */
async function tageNeu(tx: Tx, mandantId: number, userId: number, daten: string[]) {
  const b = await repo.betrieb(tx, mandantId);
  const alle = new Set<string>();
  for (const d of daten) {
    alle.add(d);
    alle.add(addDays(d, 1));
  }
  const sortiert = [...alle].sort();
  const rows = await repo.eintraege(tx, userId, addDays(sortiert[0]!, -1), sortiert.at(-1)!);
  const amTag = (d: string) => rows.filter((r) => r.datum === d);
  for (const d of sortiert)
    await repo.tagSchreiben(tx, userId, d, tagWerte(amTag(d), amTag(addDays(d, -1)), b));
}

/** Recomputes every cached day of the tenant (its region or break deduction changed). */
async function alleTageNeu(tx: Tx, b: { region: TArbeitszeitBetrieb["region"]; pausenAbzug: boolean }) {
  const rows = await repo.alleEintraege(tx);
  const nachTag = new Map<string, repo.Eintrag[]>();
  for (const r of rows) {
    const key = `${r.userId}|${r.datum}`;
    const liste = nachTag.get(key);
    if (liste) liste.push(r);
    else nachTag.set(key, [r]);
  }
  const neu: (repo.TagWerte & { userId: number; datum: string })[] = [];
  for (const [key, liste] of nachTag) {
    const [user, datum] = key.split("|") as [string, string];
    const werte = tagWerte(liste, nachTag.get(`${user}|${addDays(datum, -1)}`) ?? [], b);
    if (werte) neu.push({ userId: Number(user), datum, ...werte });
  }
  await repo.alleTageErsetzen(tx, neu);
}

// ---------------------------------------------------------------------------------------------------------------
// Who may act on whose data

/** The employee a request names (default: the caller); another one needs the admin role (403). */
async function mitarbeiterPruefen(
  tx: Tx,
  w: Wer,
  userId: number | undefined,
  field = "userId",
): Promise<repo.MitarbeiterRow> {
  const id = userId ?? w.scope.userId;
  if (id !== w.scope.userId && !istAdmin(w)) throw forbidden();
  const [m] = await repo.mitarbeiter(tx, w.scope.id, id);
  if (!m) throw fehler([{ field, code: "notFound" }]);
  return m;
}

/** Refuses a change dated in a closed month: approved (everyone) or submitted (the employee). */
async function offenPruefen(tx: Tx, w: Wer, userId: number, von: string, bis = von) {
  const rows = await repo.monate(tx, userId, monatAnfang(von), monatAnfang(bis));
  for (const r of rows) {
    if (r.status === "genehmigt") throw geschlossen();
    if (r.status === "eingereicht" && !istAdmin(w)) throw geschlossen();
  }
}

/** A record the caller may see: an employee sees only his own (another's id is 404, not 403). */
async function sichtbarerEintrag(tx: Tx, w: Wer, id: number): Promise<repo.Eintrag> {
  const r = await repo.eintrag(tx, id);
  if (!r || (r.userId !== w.scope.userId && !istAdmin(w))) throw notFound();
  return r;
}

const ENTITY = "arbeitszeit";
const ENTITY_MONAT = "arbeitszeitMonat";
const ENTITY_ABWESENHEIT = "abwesenheit";

// ---------------------------------------------------------------------------------------------------------------
// Absences: days, vacation balance

interface Kontext {
  e: Einstellung;
  feiertage: Map<string, FeiertagTag>;
  soll: (datum: string) => number;
}

async function kontext(tx: Tx, m: repo.MitarbeiterRow, von: string, bis: string): Promise<Kontext> {
  const e = einstellungVon(m.daten);
  const feiertage = await feiertagMap(tx, von, bis);
  return { e, feiertage, soll: (d) => tagSoll(e, d, feiertage) };
}

function alsAbwesenheit(a: repo.AbwesenheitRow, soll: (d: string) => number): TAbwesenheit {
  return {
    id: a.id,
    userId: a.userId,
    art: a.art,
    von: a.von,
    bis: a.bis,
    halbtag: a.halbtag,
    tage: abwesenheitTage(a.von, a.bis, a.halbtag, soll),
    status: a.status,
    kommentar: a.kommentar,
    entscheidung: a.entscheidung,
    erfasstAm: a.erfasstAm.toISOString(),
  };
}

/** Days of an absence within [von, bis]. */
const tageIn = (a: repo.AbwesenheitRow, von: string, bis: string, soll: (d: string) => number) => {
  const v = max(a.von, von);
  const b = min(a.bis, bis);
  return v > b ? 0 : abwesenheitTage(v, b, a.halbtag, soll);
};

/**
 * The vacation of a year: rest(Y) = urlaubUebertrag + Σ urlaubsanspruch(y) for y from the balance's start year to Y
 * − approved vacation days from the start to the end of Y; anspruch = rest + genommen(Y).
 */
function urlaub(
  e: Einstellung,
  jahr: number,
  abw: repo.AbwesenheitRow[],
  soll: (d: string) => number,
): TArbeitszeitMonat["urlaub"] {
  const beginn = bilanzBeginn(e);
  const startJahr = beginn === null ? jahr : Math.min(Number(beginn.slice(0, 4)), jahr);
  let anspruchSumme = e.urlaubUebertrag;
  for (let y = startJahr; y <= jahr; y++) anspruchSumme += urlaubsanspruch(e, y);
  const start = beginn ?? `${jahr}-01-01`;
  const urlaube = abw.filter((a) => a.art === "urlaub");
  const summe = (status: TAbwesenheitStatus, von: string, bis: string) =>
    urlaube.filter((a) => a.status === status).reduce((s, a) => s + tageIn(a, von, bis, soll), 0);
  const genommenBisher = summe("genehmigt", start, jahrEnde(jahr));
  const genommen = summe("genehmigt", max(start, `${jahr}-01-01`), jahrEnde(jahr));
  const beantragt = summe("beantragt", `${jahr}-01-01`, jahrEnde(jahr));
  const rest = anspruchSumme - genommenBisher;
  return { jahr, anspruch: rest + genommen, genommen, beantragt, rest };
}

/** The day the balance starts: the settings' start, else the first record or approved absence. */
async function bilanzStart(tx: Tx, e: Einstellung, userId: number): Promise<string | null> {
  return bilanzBeginn(e) ?? (await repo.ersteTage(tx, [userId])).get(userId) ?? null;
}

/** Σ credits of approved absences over [von, bis]. */
function gutschriften(abw: repo.AbwesenheitRow[], von: string, bis: string, soll: (d: string) => number) {
  let summe = 0;
  for (const a of abw) {
    if (a.status !== "genehmigt") continue;
    const v = max(a.von, von);
    const b = min(a.bis, bis);
    for (let d = v; d <= b; d = addDays(d, 1)) summe += gutschrift(a.art, a.halbtag, soll(d));
  }
  return summe;
}

/**
 * The targets of a period for several employees: each day's tagSoll (the rules) computed once per distinct week
 * (weekly hours and hours per weekday) over [von, bis], with prefix sums, so a balance over years is two lookups.
 * The entry and end dates only cut the period (tagSoll is 0 before and after them), so employees who differ in
 * nothing else share one table — not one per employee (100 employees × two years of days cost ~120 ms).
 * Days outside [von, bis] fall back to tagSoll.
 */
function sollTabelle(von: string, bis: string, feiertage: ReadonlyMap<string, FeiertagTag>) {
  const daten: string[] = [];
  for (let d = von; d <= bis; d = addDays(d, 1)) daten.push(d);
  const index = new Map(daten.map((d, i) => [d, i]));
  const cache = new Map<string, { werte: number[]; prefix: number[] }>();
  return (e: Einstellung) => {
    const woche: Einstellung = { ...e, eintrittsdatum: null, ende: null };
    const key = JSON.stringify([e.wochenMinuten, e.tagMinuten]);
    let t = cache.get(key);
    if (!t) {
      const werte = daten.map((d) => tagSoll(woche, d, feiertage));
      const prefix = [0];
      for (const w of werte) prefix.push(prefix.at(-1)! + w);
      t = { werte, prefix };
      cache.set(key, t);
    }
    const { werte, prefix } = t;
    const ausserhalb = (d: string) =>
      (e.eintrittsdatum !== null && d < e.eintrittsdatum) || (e.ende !== null && d > e.ende);
    const soll = (d: string) => {
      if (ausserhalb(d)) return 0;
      const i = index.get(d);
      return i === undefined ? tagSoll(woche, d, feiertage) : werte[i]!;
    };
    /** Σ target over [a, b] (inclusive). */
    const summe = (a0: string, b0: string) => {
      const a = e.eintrittsdatum !== null ? max(a0, e.eintrittsdatum) : a0;
      const b = e.ende !== null ? min(b0, e.ende) : b0;
      if (a > b) return 0;
      const i = index.get(a);
      const j = index.get(b);
      if (i !== undefined && j !== undefined) return prefix[j + 1]! - prefix[i]!;
      let x = 0;
      for (let d = a; d <= b; d = addDays(d, 1)) x += soll(d);
      return x;
    };
    return { soll, summe };
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The month

async function monatLesen(
  tx: Tx,
  w: Wer,
  m: repo.MitarbeiterRow,
  monat: string,
  heute: string,
): Promise<TArbeitszeitMonat> {
  const tage = monatsTage(monat);
  const von = tage[0]!;
  const bis = tage.at(-1)!;
  const e = einstellungVon(m.daten);
  const start = await bilanzStart(tx, e, m.id);
  const jahr = Number(monat.slice(0, 4));
  const frueh = min(start ?? von, min(von, `${jahr}-01-01`));
  const k = await kontext(tx, m, frueh, max(bis, jahrEnde(jahr)));
  const [tagRows, eintraege, abw, zeile, offen] = await inSequence(
    () => repo.tage(tx, m.id, von, bis),
    () => repo.eintraege(tx, m.id, von, bis),
    () => repo.abwesenheiten(tx, { userId: m.id, von: frueh, bis: max(bis, jahrEnde(jahr)) }),
    () => repo.monatZeile(tx, m.id, von),
    () => repo.offenerEintrag(tx, m.id),
  );
  const tagMap = new Map(tagRows.map((t) => [t.datum, t]));
  const ergebnis: TArbeitszeitTag[] = tage.map((datum) => {
    const t = tagMap.get(datum);
    const soll = k.soll(datum);
    const heuteAbw = abw.filter((a) => a.von <= datum && a.bis >= datum);
    const gut = heuteAbw
      .filter((a) => a.status === "genehmigt")
      .reduce((s, a) => s + gutschrift(a.art, a.halbtag, soll), 0);
    const netto = t?.netto ?? 0;
    const f = k.feiertage.get(datum);
    return {
      datum,
      soll,
      brutto: t?.brutto ?? 0,
      pause: t?.pause ?? 0,
      pausePflicht: t?.pausePflicht ?? 0,
      abzug: t?.abzug ?? 0,
      netto,
      gutschrift: gut,
      ist: netto + gut,
      saldo: netto + gut - soll,
      feiertag: f ? { bezeichnung: f.bezeichnung, halbtag: f.halbtag } : null,
      abwesenheiten: heuteAbw.map((a) => ({ id: a.id, art: a.art, halbtag: a.halbtag, status: a.status })),
      eintraege: eintraege.filter((r) => r.datum === datum).map(alsArbeitszeit),
      hinweise: TAG_HINWEISE.filter((h) => (t?.hinweise ?? []).includes(h)) as TTagHinweis[],
    };
  });
  // A running month is summed up to today, as the overtime balance is: saldo = stand − vormonat.
  const summeBis = min(bis, heute);
  const gezaehlt = ergebnis.filter((t) => t.datum <= summeBis);
  const summe = {
    bis: summeBis,
    soll: gezaehlt.reduce((s, t) => s + t.soll, 0),
    ist: gezaehlt.reduce((s, t) => s + t.ist, 0),
    saldo: 0,
    homeofficeTage: tagRows.filter((t) => t.homeoffice).length,
  };
  summe.saldo = summe.ist - summe.soll;

  // Balances: carried over + Σ ist − Σ soll from the start to the end of the month (or today; or the end date).
  const tabelle = sollTabelle(frueh, max(bis, jahrEnde(jahr)), k.feiertage)(e);
  const standAm = async (bisTag: string) => {
    let b = min(bisTag, heute);
    if (e.ende !== null) b = min(b, e.ende);
    if (start === null || b < start) return e.uebertragMinuten;
    const summen = await repo.tagSummen(tx, [{ userId: m.id, start }], start, start, b);
    const netto = summen.get(m.id)?.stand ?? 0;
    return e.uebertragMinuten + netto + gutschriften(abw, start, b, k.soll) - tabelle.summe(start, b);
  };
  const ueberstunden = {
    vormonat: await standAm(addDays(von, -1)),
    stand: await standAm(bis),
    deadline: m.daten?.uberstunden_deadline ?? null,
  };

  const status = zeile?.status ?? "offen";
  const hist = zeile ? await repo.historie(tx, ENTITY_MONAT, zeile.id) : [];
  return {
    userId: m.id,
    name: [m.firstName, m.lastName].filter(Boolean).join(" ") || m.login,
    monat,
    status,
    kommentar: zeile?.kommentar ?? null,
    tage: ergebnis,
    summe,
    ueberstunden,
    urlaub: urlaub(e, jahr, abw, k.soll),
    laufend: offen ? alsArbeitszeit(offen) : null,
    aenderbar: status === "genehmigt" ? false : status === "eingereicht" ? istAdmin(w) : true,
    historie: hist.map((h) => ({
      am: h.at.toISOString(),
      von: h.login,
      aktion: h.action,
      kommentar: ((h.detail as { kommentar?: string | null } | null)?.kommentar ?? null) || null,
    })),
  };
}

/** Allowed transitions of a month: from which states, and whether only the admin may. */
const UEBERGAENGE: Record<TMonatAktion, { von: TMonatStatus[]; nach: TMonatStatus; admin: boolean }> = {
  einreichen: { von: ["offen", "zurueckgegeben"], nach: "eingereicht", admin: false },
  genehmigen: { von: ["offen", "eingereicht", "zurueckgegeben"], nach: "genehmigt", admin: true },
  zurueckgeben: { von: ["eingereicht"], nach: "zurueckgegeben", admin: true },
  wiedereroeffnen: { von: ["genehmigt"], nach: "offen", admin: true },
};

// ---------------------------------------------------------------------------------------------------------------
// The service

export const arbeitszeitService = {
  /** GET zeiterfassung: one employee's records of a period (≤ 366 days), by von. */
  list: (w: Wer, q: { userId?: number; von: string; bis: string }) =>
    w.scope.run(async (tx) => {
      if (q.bis < q.von) throw fehler([{ field: "bis", code: "bisVorVon" }]);
      if (daysBetween(q.von, q.bis) + 1 > MAX_TAGE)
        throw fehler([{ field: "bis", code: "max", max: MAX_TAGE }]);
      const m = await mitarbeiterPruefen(tx, w, q.userId);
      return (await repo.eintraege(tx, m.id, q.von, q.bis)).map(alsArbeitszeit);
    }),

  get: (w: Wer, id: number) => w.scope.run(async (tx) => alsArbeitszeit(await sichtbarerEintrag(tx, w, id))),

  historie: (w: Wer, id: number) =>
    w.scope.run(async (tx): Promise<TArbeitszeitHistorie[]> => {
      await sichtbarerEintrag(tx, w, id);
      const rows = await repo.historie(tx, ENTITY, id);
      return rows.map((h) => {
        const d = (h.detail ?? {}) as {
          vorher?: TArbeitszeitHistorie["vorher"];
          nachher?: TArbeitszeitHistorie["nachher"];
          grund?: string | null;
        };
        return {
          am: h.at.toISOString(),
          von: h.login,
          aktion: h.action as TArbeitszeitHistorie["aktion"],
          vorher: d.vorher ?? null,
          nachher: d.nachher ?? null,
          grund: d.grund ?? null,
        };
      });
    }),

  /** PUT zeiterfassung: a typed record (new, or a correction of an existing one). */
  save: async (w: Wer, input: TArbeitszeitSpeichern, heute = todayIso()): Promise<TArbeitszeit> => {
    const vonMs = lokalZuInstant(input.datum, input.von);
    const bisMs = lokalZuInstant(input.datum, input.bis);
    const fields: TFieldError[] = [];
    if (vonMs === null) fields.push({ field: "von", code: "invalid" });
    if (bisMs === null) fields.push({ field: "bis", code: "invalid" });
    if (vonMs !== null && bisMs !== null && bisMs <= vonMs) fields.push({ field: "bis", code: "bisVorVon" });
    if (fields.length > 0) throw fehler(fields);
    return w.scope.change(async (tx, audit) => {
      const alt = input.id === undefined ? undefined : await sichtbarerEintrag(tx, w, input.id);
      if (alt && input.userId !== undefined && input.userId !== alt.userId)
        throw fehler([{ field: "userId", code: "invalid" }]);
      const m = await mitarbeiterPruefen(tx, w, alt?.userId ?? input.userId);
      await repo.sperren(tx, w.scope.id, m.id);
      if (alt) await offenPruefen(tx, w, m.id, alt.datum);
      await offenPruefen(tx, w, m.id, input.datum);
      const von = new Date(vonMs!);
      const bis = new Date(bisMs!);
      if (await repo.ueberschneidet(tx, m.id, von, bis, alt?.id ?? null))
        throw new ProblemError(409, "error.zeitUeberschneidung", "The record overlaps another one.", [
          { field: "von", code: "overlap" },
        ]);
      const werte = {
        datum: input.datum,
        von,
        bis,
        beschreibung: input.beschreibung,
        homeoffice: input.homeoffice,
        korrektur: alt !== undefined || input.datum < heute,
      };
      const neu = alt
        ? await repo.eintragAendern(tx, alt.id, werte)
        : await repo.eintragAnlegen(tx, { ...werte, userId: m.id, erfasstVon: w.scope.login });
      audit({
        entity: ENTITY,
        entityId: neu.id,
        action: alt ? "update" : "create",
        detail: { userId: m.id, vorher: alt ? stand(alt) : null, nachher: stand(neu), grund: input.grund },
      });
      await tageNeu(tx, w.scope.id, m.id, alt ? [alt.datum, neu.datum] : [neu.datum]);
      return alsArbeitszeit(neu);
    });
  },

  /** DELETE zeiterfassung/{id}: marks the record deleted (it stays, with its history). */
  remove: (w: Wer, id: number) =>
    w.scope.change(async (tx, audit) => {
      const alt = await sichtbarerEintrag(tx, w, id);
      await repo.sperren(tx, w.scope.id, alt.userId);
      await offenPruefen(tx, w, alt.userId, alt.datum);
      await repo.eintragAendern(tx, id, { geloescht: true });
      audit({
        entity: ENTITY,
        entityId: id,
        action: "delete",
        detail: { userId: alt.userId, vorher: stand(alt), nachher: null, grund: null },
      });
      await tageNeu(tx, w.scope.id, alt.userId, [alt.datum]);
    }),

  /** POST zeiterfassung/kommen: the clock starts now (server time); one open record per employee. */
  kommen: (w: Wer, input: { beschreibung: string | null; homeoffice: boolean }, jetzt = Date.now()) =>
    w.scope.change(async (tx, audit) => {
      const m = await mitarbeiterPruefen(tx, w, undefined);
      await repo.sperren(tx, w.scope.id, m.id);
      if (await repo.offenerEintrag(tx, m.id))
        throw new ProblemError(409, "error.zeitLaeuft", "The clock is already running.");
      const datum = instantZuLokal(jetzt).datum;
      await offenPruefen(tx, w, m.id, datum);
      const von = new Date(Math.floor(jetzt / 60_000) * 60_000);
      if (await repo.ueberschneidet(tx, m.id, von, new Date(von.getTime() + 60_000), null))
        throw new ProblemError(409, "error.zeitUeberschneidung", "The record overlaps another one.", [
          { field: "von", code: "overlap" },
        ]);
      const neu = await repo.eintragAnlegen(tx, {
        userId: m.id,
        datum,
        von,
        bis: null,
        beschreibung: input.beschreibung,
        homeoffice: input.homeoffice,
        korrektur: false,
        erfasstVon: w.scope.login,
      });
      audit({
        entity: ENTITY,
        entityId: neu.id,
        action: "kommen",
        detail: { userId: m.id, vorher: null, nachher: stand(neu), grund: null },
      });
      await tageNeu(tx, w.scope.id, m.id, [datum]);
      return alsArbeitszeit(neu);
    }),

  /** POST zeiterfassung/gehen: closes the open record now (also on a later day). */
  gehen: (w: Wer, jetzt = Date.now()) =>
    w.scope.change(async (tx, audit) => {
      const m = await mitarbeiterPruefen(tx, w, undefined);
      await repo.sperren(tx, w.scope.id, m.id);
      const offen = await repo.offenerEintrag(tx, m.id);
      if (!offen) throw new ProblemError(409, "error.zeitLaeuftNicht", "The clock is not running.");
      await offenPruefen(tx, w, m.id, offen.datum);
      const bis = new Date(Math.max(Math.floor(jetzt / 60_000) * 60_000, offen.von.getTime() + 60_000));
      const neu = await repo.eintragAendern(tx, offen.id, { bis });
      audit({
        entity: ENTITY,
        entityId: neu.id,
        action: "gehen",
        detail: { userId: m.id, vorher: stand(offen), nachher: stand(neu), grund: null },
      });
      await tageNeu(tx, w.scope.id, m.id, [offen.datum]);
      return alsArbeitszeit(neu);
    }),

  /** GET zeiterfassung/monat. */
  monat: (w: Wer, q: { userId?: number; monat: string }, heute = todayIso()) =>
    w.scope.run(async (tx) => monatLesen(tx, w, await mitarbeiterPruefen(tx, w, q.userId), q.monat, heute)),

  /** POST zeiterfassung/monat/{aktion}: the approval state machine. */
  monatAktion: (
    w: Wer,
    aktion: TMonatAktion,
    body: { userId?: number; monat: string; kommentar: string | null },
    heute = todayIso(),
  ) =>
    w.scope
      .change(async (tx, audit) => {
        const u = UEBERGAENGE[aktion];
        if (u.admin && !istAdmin(w)) throw forbidden();
        if ((aktion === "zurueckgeben" || aktion === "wiedereroeffnen") && !body.kommentar)
          throw fehler([{ field: "kommentar", code: "required" }]);
        const m = await mitarbeiterPruefen(tx, w, body.userId);
        await repo.sperren(tx, w.scope.id, m.id);
        const erster = `${body.monat}-01`;
        const status = (await repo.monatZeile(tx, m.id, erster))?.status ?? "offen";
        if (!u.von.includes(status) || erster > heute)
          throw new ProblemError(409, "error.monatStatus", `The month is ${status}.`);
        const kommentar =
          aktion === "zurueckgeben" || aktion === "wiedereroeffnen" ? body.kommentar : undefined;
        const id = await repo.monatSetzen(tx, m.id, erster, u.nach, kommentar);
        audit({
          entity: ENTITY_MONAT,
          entityId: id,
          action: aktion,
          detail: { monat: body.monat, userId: m.id, von: status, nach: u.nach, kommentar: body.kommentar },
        });
        return m;
      })
      .then((m) => w.scope.run((tx) => monatLesen(tx, w, m, body.monat, heute))),

  // -------------------------------------------------------------------------------------------------------------
  // Absences

  abwesenheiten: (
    w: Wer,
    q: { userId?: number; alle: boolean; von: string; bis: string; status?: TAbwesenheitStatus },
  ) =>
    w.scope.run(async (tx) => {
      if (q.bis < q.von) throw fehler([{ field: "bis", code: "bisVorVon" }]);
      if (daysBetween(q.von, q.bis) + 1 > MAX_TAGE)
        throw fehler([{ field: "bis", code: "max", max: MAX_TAGE }]);
      if (q.alle && !istAdmin(w)) throw forbidden();
      const personen = q.alle
        ? await repo.mitarbeiter(tx, w.scope.id)
        : [await mitarbeiterPruefen(tx, w, q.userId)];
      const rows = await repo.abwesenheiten(tx, {
        ...(q.alle ? {} : { userId: personen[0]!.id }),
        von: q.von,
        bis: q.bis,
        ...(q.status ? { status: q.status } : {}),
      });
      const vonAlle = rows.reduce((a, r) => min(a, r.von), q.von);
      const bisAlle = rows.reduce((a, r) => max(a, r.bis), q.bis);
      const feiertage = await feiertagMap(tx, vonAlle, bisAlle);
      const einst = new Map(personen.map((p) => [p.id, einstellungVon(p.daten)]));
      return rows.flatMap((r) => {
        const e = einst.get(r.userId);
        return e ? [alsAbwesenheit(r, (d) => tagSoll(e, d, feiertage))] : [];
      });
    }),

  saveAbwesenheit: async (w: Wer, input: TAbwesenheitSpeichern) => {
    const fields: TFieldError[] = [];
    if (input.bis < input.von) fields.push({ field: "bis", code: "bisVorVon" });
    else if (daysBetween(input.von, input.bis) + 1 > MAX_TAGE)
      fields.push({ field: "bis", code: "max", max: MAX_TAGE });
    if (input.halbtag && input.von !== input.bis) fields.push({ field: "halbtag", code: "invalid" });
    if (fields.length > 0) throw fehler(fields);
    return w.scope.change(async (tx, audit) => {
      const b = await repo.betrieb(tx, w.scope.id);
      if (input.art === "zeitausgleich" && !b.zeitausgleich)
        throw fehler([{ field: "art", code: "notAllowed" }]);
      const admin = istAdmin(w);
      const alt = input.id === undefined ? undefined : await repo.abwesenheitLesen(tx, input.id);
      if (input.id !== undefined && (!alt || (alt.userId !== w.scope.userId && !admin))) throw notFound();
      if (alt && input.userId !== undefined && input.userId !== alt.userId)
        throw fehler([{ field: "userId", code: "invalid" }]);
      const m = await mitarbeiterPruefen(tx, w, alt?.userId ?? input.userId);
      await repo.sperren(tx, w.scope.id, m.id);
      if (alt && !admin && alt.status !== "beantragt")
        throw new ProblemError(409, "error.abwesenheitStatus", "The absence has been decided.");
      if (alt) await offenPruefen(tx, w, m.id, alt.von, alt.bis);
      await offenPruefen(tx, w, m.id, input.von, input.bis);
      if (await repo.abwesenheitUeberschneidet(tx, m.id, input.von, input.bis, alt?.id ?? null))
        throw new ProblemError(409, "error.zeitUeberschneidung", "The absence overlaps another one.", [
          { field: "von", code: "overlap" },
        ]);
      const beantragen =
        (input.art === "urlaub" || input.art === "zeitausgleich") && b.vacationMode && !admin;
      const status: TAbwesenheitStatus = beantragen ? "beantragt" : "genehmigt";
      const row = await repo.abwesenheitSpeichern(tx, alt?.id ?? null, {
        userId: m.id,
        art: input.art,
        von: input.von,
        bis: input.bis,
        halbtag: input.halbtag,
        status,
        kommentar: input.kommentar,
        erfasstVon: w.scope.login,
      });
      audit({
        entity: ENTITY_ABWESENHEIT,
        entityId: row.id,
        action: alt ? "update" : "create",
        detail: { userId: m.id, art: row.art, von: row.von, bis: row.bis, halbtag: row.halbtag, status },
      });
      const jahr = Number(input.von.slice(0, 4));
      const e = einstellungVon(m.daten);
      const start = bilanzBeginn(e) ?? `${jahr}-01-01`;
      const k = await kontext(tx, m, min(start, `${jahr}-01-01`), jahrEnde(jahr));
      const abw = await repo.abwesenheiten(tx, {
        userId: m.id,
        von: min(start, `${jahr}-01-01`),
        bis: jahrEnde(jahr),
      });
      const u = urlaub(e, jahr, abw, k.soll);
      // Requested vacation counts against the rest for the warning (it would be taken when approved).
      const rest = u.rest - u.beantragt;
      return {
        abwesenheit: alsAbwesenheit(row, k.soll),
        warnung: input.art === "urlaub" && rest < 0 ? ("urlaubUeberschritten" as const) : null,
        urlaubRest: rest,
      };
    });
  },

  removeAbwesenheit: (w: Wer, id: number) =>
    w.scope.change(async (tx, audit) => {
      const admin = istAdmin(w);
      const alt = await repo.abwesenheitLesen(tx, id);
      if (!alt || (alt.userId !== w.scope.userId && !admin)) throw notFound();
      await repo.sperren(tx, w.scope.id, alt.userId);
      if (!admin && alt.status !== "beantragt")
        throw new ProblemError(409, "error.abwesenheitStatus", "The absence has been decided.");
      await offenPruefen(tx, w, alt.userId, alt.von, alt.bis);
      await repo.abwesenheitLoeschen(tx, id);
      audit({
        entity: ENTITY_ABWESENHEIT,
        entityId: id,
        action: "delete",
        detail: { userId: alt.userId, art: alt.art, von: alt.von, bis: alt.bis, status: alt.status },
      });
    }),

  entscheiden: (w: Wer, id: number, genehmigt: boolean, kommentar: string | null) =>
    w.scope.change(async (tx, audit) => {
      const alt = await repo.abwesenheitLesen(tx, id);
      if (!alt) throw notFound();
      await repo.sperren(tx, w.scope.id, alt.userId);
      if (alt.status !== "beantragt")
        throw new ProblemError(409, "error.abwesenheitStatus", "The absence has been decided.");
      const status: TAbwesenheitStatus = genehmigt ? "genehmigt" : "abgelehnt";
      const row = await repo.abwesenheitEntscheiden(tx, id, status, kommentar, w.scope.login);
      audit({
        entity: ENTITY_ABWESENHEIT,
        entityId: id,
        action: genehmigt ? "genehmigen" : "ablehnen",
        detail: { userId: alt.userId, kommentar },
      });
      const [m] = await repo.mitarbeiter(tx, w.scope.id, row.userId);
      const e = einstellungVon(m?.daten ?? null);
      const feiertage = await feiertagMap(tx, row.von, row.bis);
      return alsAbwesenheit(row, (d) => tagSoll(e, d, feiertage));
    }),

  // -------------------------------------------------------------------------------------------------------------
  // Team view

  /**
   * GET zeiterfassung/mitarbeiter: every employee's month and balances. A fixed handful of statements for all
   * employees (employees with settings, month states, day sums, absences, holidays); the rest is the pure rules.
   */
  team: (w: Wer, monat: string, heute = todayIso()) =>
    w.scope.run(async (tx): Promise<TTeamZeile[]> => {
      const tage = monatsTage(monat);
      const von = tage[0]!;
      const bis = tage.at(-1)!;
      const jahr = Number(monat.slice(0, 4));
      const personen = await repo.mitarbeiter(tx, w.scope.id);
      const einst = personen.map((p) => ({ p, e: einstellungVon(p.daten) }));
      const erste = await repo.ersteTage(
        tx,
        einst.filter(({ e }) => bilanzBeginn(e) === null).map(({ p }) => p.id),
      );
      // Without a start in the settings the balance starts at the first recorded day or approved absence.
      const starts = einst.map(({ p, e }) => ({
        userId: p.id,
        start: bilanzBeginn(e) ?? erste.get(p.id) ?? null,
      }));
      const fruehester = starts.reduce(
        (a, s) => (s.start === null ? a : min(a, s.start)),
        min(von, `${jahr}-01-01`),
      );
      const bisStand = min(bis, heute);
      const [summen, monate, abw, feiertage] = await inSequence(
        () => repo.tagSummen(tx, starts, von, bis, bisStand),
        () => repo.monateAlle(tx, von),
        () => repo.abwesenheitenAlle(tx, fruehester, max(bis, jahrEnde(jahr))),
        () => feiertagMap(tx, fruehester, max(bis, jahrEnde(jahr))),
      );
      const status = new Map(monate.map((r) => [r.userId, r.status]));
      const abwVon = new Map<number, repo.AbwesenheitRow[]>();
      for (const a of abw) {
        const liste = abwVon.get(a.userId);
        if (liste) liste.push(a);
        else abwVon.set(a.userId, [a]);
      }
      const tabelle = sollTabelle(fruehester, max(bis, jahrEnde(jahr)), feiertage);
      return einst.map(({ p, e }, i) => {
        const { soll, summe } = tabelle(e);
        const s = summen.get(p.id) ?? { monat: 0, stand: 0, hinweise: 0, homeoffice: 0 };
        const eigene = abwVon.get(p.id) ?? [];
        const imMonat = eigene.filter((a) => a.von <= bis && a.bis >= von);
        // As the month view: a running month is summed up to today.
        const sollMonat = summe(von, bisStand);
        const ist = s.monat + gutschriften(imMonat, von, bisStand, soll);
        const start = starts[i]!.start;
        let b = bisStand;
        if (e.ende !== null) b = min(b, e.ende);
        let ueberstunden = e.uebertragMinuten;
        if (start !== null && b >= start) {
          ueberstunden += s.stand + gutschriften(eigene, start, b, soll) - summe(start, b);
        }
        const deadline = p.daten?.uberstunden_deadline ?? null;
        const arten = (art: TAbwesenheitArt) =>
          imMonat
            .filter((a) => a.art === art && a.status === "genehmigt")
            .reduce((x, a) => x + tageIn(a, von, bis, soll), 0);
        return {
          id: p.id,
          firstName: p.firstName,
          lastName: p.lastName,
          login: p.login,
          soll: sollMonat,
          ist,
          saldoMonat: ist - sollMonat,
          ueberstunden,
          deadlineUeberschritten: deadline !== null && heute > deadline && ueberstunden > 0,
          urlaubRest: urlaub(e, jahr, eigene, soll).rest,
          status: status.get(p.id) ?? "offen",
          offeneAntraege: eigene.filter((a) => a.status === "beantragt").length,
          hinweise: s.hinweise,
          abwesenheitTage: {
            urlaub: arten("urlaub"),
            zeitausgleich: arten("zeitausgleich"),
            krank: arten("krank"),
            sonstiges: arten("sonstiges"),
          },
        };
      });
    }),

  // -------------------------------------------------------------------------------------------------------------
  // Settings

  einstellungen: (w: Wer) =>
    w.scope.run(
      async (tx): Promise<TMitarbeiter[]> => (await repo.mitarbeiter(tx, w.scope.id)).map(alsMitarbeiter),
    ),

  einstellungSpeichern: (w: Wer, userId: number, daten: TZeiterfassungUserData) =>
    w.scope.change(async (tx, audit) => {
      const [m] = await repo.mitarbeiter(tx, w.scope.id, userId);
      if (!m) throw notFound();
      await repo.einstellungSpeichern(tx, userId, daten);
      audit({ entity: "arbeitszeitEinstellung", entityId: userId, action: "update", detail: { ...daten } });
      return alsMitarbeiter({ ...m, daten });
    }),

  betrieb: (w: Wer) =>
    w.scope.run(async (tx): Promise<TArbeitszeitBetrieb> => {
      const { name: _, ...b } = await repo.betrieb(tx, w.scope.id);
      return b;
    }),

  betriebSpeichern: (w: Wer, neu: TArbeitszeitBetrieb) =>
    w.scope.change(async (tx, audit) => {
      const { name: _, ...alt } = await repo.betrieb(tx, w.scope.id);
      await repo.betriebSpeichern(tx, w.scope.id, neu);
      if (alt.region !== neu.region || alt.pausenAbzug !== neu.pausenAbzug) await alleTageNeu(tx, neu);
      audit({
        entity: "arbeitszeitBetrieb",
        entityId: w.scope.id,
        action: "update",
        detail: { vorher: alt, nachher: neu },
      });
      return neu;
    }),

  // -------------------------------------------------------------------------------------------------------------
  // Holidays

  feiertage: (w: Wer, jahr: number) =>
    w.scope.run(async (tx) => (await repo.feiertage(tx, `${jahr}-01-01`, jahrEnde(jahr))).map(alsFeiertag)),

  feiertag: (w: Wer, id: number) =>
    w.scope.run(async (tx) => {
      const f = await repo.feiertagLesen(tx, id);
      if (!f) throw notFound();
      return alsFeiertag(f);
    }),

  feiertagSpeichern: (
    w: Wer,
    input: {
      id?: number;
      datum: string;
      bezeichnung: string;
      art: "gesetzlich" | "betrieblich";
      halbtag: boolean;
    },
  ) =>
    w.scope.change(async (tx, audit) => {
      const { id, ...werte } = input;
      if (id !== undefined && !(await repo.feiertagLesen(tx, id))) throw notFound();
      const row = await (async () => {
        try {
          if (id === undefined) return (await tx.insert(feiertagTabelle).values(werte).returning())[0]!;
          return (
            await tx.update(feiertagTabelle).set(werte).where(eq(feiertagTabelle.id, id)).returning()
          )[0]!;
        } catch (error) {
          mapUniqueViolation(error, { feiertag_datum_uq: "datum" });
        }
      })();
      audit({
        entity: "feiertag",
        entityId: row.id,
        action: id === undefined ? "create" : "update",
        detail: werte,
      });
      return alsFeiertag(row);
    }),

  feiertagLoeschen: (w: Wer, id: number) =>
    w.scope.change(async (tx, audit) => {
      const f = await repo.feiertagLesen(tx, id);
      if (!f) throw notFound();
      await tx.delete(feiertagTabelle).where(eq(feiertagTabelle.id, id));
      audit({
        entity: "feiertag",
        entityId: id,
        action: "delete",
        detail: { datum: f.datum, bezeichnung: f.bezeichnung },
      });
    }),

  /** POST holidayentry/import: the statutory holidays of a year and region; existing dates are kept. */
  feiertageImport: (w: Wer, jahr: number, region: TArbeitszeitBetrieb["region"]) =>
    w.scope.change(async (tx, audit) => {
      const liste = gesetzlicheFeiertage(region, jahr);
      if (liste.length > 0) {
        const neu = await tx
          .insert(feiertagTabelle)
          .values(
            liste.map((f) => ({
              datum: f.datum,
              bezeichnung: f.name.de,
              art: "gesetzlich" as const,
              halbtag: false,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: feiertagTabelle.id, datum: feiertagTabelle.datum });
        for (const n of neu)
          audit({ entity: "feiertag", entityId: n.id, action: "import", detail: { datum: n.datum, region } });
      }
      return (await repo.feiertage(tx, `${jahr}-01-01`, jahrEnde(jahr))).map(alsFeiertag);
    }),

  /** The tenant's name (report header). */
  mandantName: (w: Wer) => w.scope.run(async (tx) => (await repo.betrieb(tx, w.scope.id)).name),

  istAdmin,
};

function alsMitarbeiter(m: repo.MitarbeiterRow): TMitarbeiter {
  return {
    id: m.id,
    firstName: m.firstName,
    lastName: m.lastName,
    login: m.login,
    admin: m.admin,
    zeiterfassungUserData: m.daten,
  };
}

function alsFeiertag(f: repo.FeiertagRow): TFeiertag {
  return { id: f.id, datum: f.datum, bezeichnung: f.bezeichnung, art: f.art, halbtag: f.halbtag };
}
