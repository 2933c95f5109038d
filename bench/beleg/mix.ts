import type pg from "pg";

/**
 * The probes of measure.ts, taken from the generated data (deterministic for a seed and size): the number searches
 * (GET belegsearch?search=), the lists (GET beleg, page of 20 with x-total-count) and the documents opened in the
 * editor (GET beleg/{id}, 10 positions each).
 */
export interface BelegSuche {
  name: string;
  search: string;
  /** Not a part of a number (the brief's budget is the number search): a customer word, two letters. */
  extra?: boolean;
}

/** One number of the tenant: of `typ` (invoice circle when null: rechnung), year `jahr`, at `share` of them. */
async function nummer(c: pg.Client, m: number, prefix: string, jahr: number, share: number): Promise<string> {
  const { rows } = await c.query<{ v: string }>(
    `SELECT beleg_nummer AS v FROM beleg
      WHERE mandant_id = $1 AND beleg_nummer LIKE $2 ORDER BY beleg_nummer
     OFFSET (SELECT floor(count(*) * $3::float8) FROM beleg WHERE mandant_id = $1 AND beleg_nummer LIKE $2)::int LIMIT 1`,
    [m, `${prefix}${jahr}-%`, share],
  );
  return rows[0]?.v ?? `${prefix}${jahr}-00001`;
}

/**
 * The number-search mix: what a user types to find a document by its number — a part of this year's invoice
 * numbers, a sequence part, full numbers (this year, a past year, the first year: its matches sort last), an offer
 * number, a type prefix with year, a year alone (the matches of last year sort after this year's), a number that
 * does not exist. Extras: a customer name (the search also matches customers), two letters.
 */
export async function sucheMix(c: pg.Client, m: number): Promise<BelegSuche[]> {
  const { rows } = await c.query<{ von: number; bis: number }>(
    `SELECT extract(year FROM min(beleg_datum))::int AS von, extract(year FROM max(beleg_datum))::int AS bis
       FROM beleg WHERE mandant_id = $1`,
    [m],
  );
  const { von, bis } = rows[0]!;
  const dieses = await nummer(c, m, "", bis, 0.5);
  return [
    { name: "this year's invoices, 4 digits", search: `${dieses.slice(0, 9)}` },
    { name: "sequence part", search: dieses.slice(6, 10) },
    { name: "full invoice number, this year", search: dieses },
    { name: "full invoice number, last year", search: await nummer(c, m, "", bis - 1, 0.3) },
    { name: "full number, first year", search: await nummer(c, m, "", von, 0.5) },
    { name: "offer number", search: (await nummer(c, m, "AN-", bis - 1, 0.7)).toLowerCase() },
    { name: "prefix and year", search: `LS-${bis - 1}` },
    { name: "year only (last year)", search: `${bis - 1}-` },
    { name: "no such number", search: `${von - 3}-00042` },
    { name: "customer name", search: "Gößl", extra: true },
    { name: "two letters", search: "ab", extra: true },
  ];
}

/** GET beleg probes: [name, query string, with search words]. */
export async function listen(c: pg.Client, m: number): Promise<[string, string, boolean][]> {
  const kunde = await c.query<{ id: string }>(
    "SELECT kunde_id AS id FROM beleg WHERE mandant_id = $1 AND kunde_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1",
    [m],
  );
  const { rows } = await c.query<{ bis: string }>(
    "SELECT to_char(max(beleg_datum) - 365, 'YYYY-MM') AS bis FROM beleg WHERE mandant_id = $1",
    [m],
  );
  const monat = rows[0]!.bis;
  const [y, mo] = monat.split("-").map(Number) as [number, number];
  const ende = new Date(Date.UTC(y, mo, 0)).toISOString().slice(0, 10);
  return [
    ["first page", "page=0&size=20", false],
    ["page 2", "page=1&size=20", false],
    ["page 50", "page=49&size=20", false],
    ["invoices", "page=0&size=20&belegsTyp=rechnung", false],
    ["unpaid invoices", "page=0&size=20&belegsTyp=rechnung&bezahlt=false", false],
    ["drafts", "page=0&size=20&entwurf=true", false],
    ["one customer", `page=0&size=20&kundeId=${kunde.rows[0]!.id}`, false],
    ["one month a year ago", `page=0&size=20&von=${monat}-01&bis=${ende}`, false],
    ["by gross amount", "page=0&size=20&sort=summeBrutto,desc", false],
    ["search number part", "page=0&size=20&search=-0012", true],
    ["search customer", "page=0&size=20&search=G%C3%B6%C3%9Fl", true],
  ];
}

/** Documents with exactly 10 positions to open: [name, id]. */
export async function editorBelege(c: pg.Client, m: number): Promise<[string, number][]> {
  const pick = async (name: string, where: string, order = "b.id DESC") => {
    const { rows } = await c.query<{ id: string }>(
      `SELECT b.id FROM beleg b
        WHERE b.mandant_id = $1 AND ${where}
          AND (SELECT count(*) FROM beleg_position p WHERE p.mandant_id = b.mandant_id AND p.beleg_id = b.id) = 10
        ORDER BY ${order} LIMIT 1`,
      [m],
    );
    if (!rows[0]) throw new Error(`no document with 10 positions: ${name}`);
    return [name, Number(rows[0].id)] as [string, number];
  };
  return [
    await pick("newest invoice", "b.belegs_typ = 'rechnung' AND b.freigabe"),
    await pick(
      "invoice two years ago",
      "b.belegs_typ = 'rechnung' AND b.beleg_datum < now() - interval '2 years'",
    ),
    await pick("offer", "b.belegs_typ = 'angebot' AND b.freigabe"),
    await pick("delivery note", "b.belegs_typ = 'lieferschein' AND b.freigabe"),
    await pick("draft", "NOT b.freigabe"),
    await pick("cash invoice, no customer", "b.belegs_typ = 'barrechnung' AND b.kunde_id IS NULL"),
  ];
}

/** Documents of the tenant the search matches (as the app's condition: number contains, or customer words). */
export async function countBelege(c: pg.Client, m: number, search: string): Promise<number> {
  const words = search.split(/\s+/).filter(Boolean);
  const esc = (w: string) => w.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const kunde = words.map(
    (_, i) =>
      `kontor_fold(coalesce(k.kunden_nummer, '') || ' ' || coalesce(k.bezeichnung, '') || ' ' || coalesce(k.vorname, '') || ' ' || coalesce(k.nachname, '')) LIKE '%' || kontor_fold($${i + 3}) || '%'`,
  );
  const { rows } = await c.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM beleg b LEFT JOIN kunde k ON k.mandant_id = b.mandant_id AND k.id = b.kunde_id
      WHERE b.mandant_id = $1 AND (lower(b.beleg_nummer) LIKE $2 OR (${kunde.join(" AND ")}))`,
    [m, `%${esc(search.trim().toLowerCase())}%`, ...words.map(esc)],
  );
  return rows[0]?.n ?? 0;
}
