/**
 * What the harness measures, built from the generated data and the API's own route list:
 *
 * - trivial: GET appinfo (public, no database) — the "trivial route" of the overhead ratio (DESIGN §9);
 *   GET health (one `select 1`, no sign-in) beside it for reference;
 * - login: POST auth/login (password hash and session; no time budget);
 * - searches: the customers' quick search (kundessearch, the customer bench's mix of 12), the articles' quick
 *   search (artikelsearch, the article bench's mix of 11), the documents' number search (belegsearch, the document
 *   bench's mix of 11) — each scenario is its whole mix, every word once per round;
 * - lists: every paged list of the API — a GET route without path parameters that takes `page` and `size` (found
 *   in its OpenAPI document, so a new list is measured without being named here) — first page of 20, and the
 *   same with a search word where the route takes one (`search`, `searchTerm`);
 * - the payment bench's own (issue 17): the open items of the two customers with 10 000 invoices each, the open
 *   balance (unpaidbelegesum) of the tenant and of those two;
 * - details: GET kundes/{id}, artikel/{id}, beleg/{id} (three records each).
 */
import pg from "pg";
import { artikelMix } from "../artikel/mix.ts";
import { editorBelege, sucheMix } from "../beleg/mix.ts";
import { searchMix } from "../kunde/mix.ts";
import type { OpenApiGet, Request } from "./capture.ts";
import type { BenchData } from "./data.ts";

export const API = "/app/api";

export type Kind = "trivial" | "login" | "search" | "list" | "detail";

export interface Variant extends Request {
  /** What this request of the scenario is (a search word, a record). */
  label: string;
}

export interface Scenario {
  /** Stable name, matched by --only. */
  id: string;
  kind: Kind;
  /** Server time p95 budget in ms (DESIGN §9), if the scenario has one. */
  p95Budget?: number;
  /** Whether the overhead ratio (endpoint ÷ (trivial + raw SQL)) is judged: reads of the API. */
  overheadBudget: boolean;
  variants: Variant[];
}

/** DESIGN §9 and the aggregate benches' briefs. */
export const BUDGETS = {
  /** Quick search, 100 000 rows in the tenant (issues 6 and 7). */
  search: 10,
  /** The document number search (issue 15). */
  belegSearch: 20,
  /** Any list endpoint, page of 20 with total (DESIGN §9). */
  list: 20,
  /** The editor opens a document (issue 15); other details as lists. */
  detail: 30,
  overhead: 1.5,
  rssMb: 300,
} as const;

/**
 * The search word of each list that takes one (a word the generated data hold); lists not named here search for
 * DEFAULT_LIST_WORD.
 */
const LIST_WORDS: Record<string, string> = {
  kundes: "müller",
  artikel: "schraube",
  artikelkatalogsearch: "schraube",
  beleg: "Gößl",
  belege: "Gößl",
  belegsearchpaginated: "Gößl",
  kassabuch: "Porto",
  users: "bench",
  warengruppes: "Elektro",
  untergruppes: "Kabel",
  firmengruppe: "Alpen Bau",
};
const DEFAULT_LIST_WORD = "a";
const SEARCH_PARAMS = ["search", "searchTerm"];

const get = (path: string, label: string, auth = true): Variant => ({ method: "GET", path, label, auth });
const enc = encodeURIComponent;

/** The paged lists of the API: GET routes without path parameters that take page and size. */
export function pagedLists(routes: OpenApiGet[]): { name: string; searchParam?: string }[] {
  return routes
    .filter((r) => r.path.startsWith(`${API}/`) && !r.path.includes("{"))
    .filter((r) => r.query.includes("page") && r.query.includes("size"))
    .map((r) => {
      const searchParam = SEARCH_PARAMS.find((p) => r.query.includes(p));
      return { name: r.path.slice(API.length + 1), ...(searchParam ? { searchParam } : {}) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function buildScenarios(
  data: BenchData,
  routes: OpenApiGet[],
  password: string,
): Promise<Scenario[]> {
  const m = data.kunde.mandantId;
  const c = new pg.Client({ connectionString: data.url });
  await c.connect();
  try {
    const kundeMix = await searchMix(c, m);
    const artikelSuchen = await artikelMix(c, m);
    const belegSuchen = await sucheMix(c, m);
    const ids = async (table: "kunde" | "artikel") =>
      (
        await c.query<{ id: string }>(
          `SELECT id FROM ${table} WHERE mandant_id = $1 ORDER BY id
            OFFSET (SELECT count(*) * 0.6173 FROM ${table} WHERE mandant_id = $1)::int LIMIT 3`,
          [m],
        )
      ).rows.map((r) => r.id);
    const belege = (await editorBelege(c, m).catch(() => [])).slice(0, 3);
    if (belege.length === 0) {
      const { rows } = await c.query<{ id: string }>(
        "SELECT id FROM beleg WHERE mandant_id = $1 ORDER BY id DESC LIMIT 3",
        [m],
      );
      for (const r of rows) belege.push([`document ${r.id}`, Number(r.id)]);
    }

    const scenarios: Scenario[] = [
      {
        id: "trivial appinfo",
        kind: "trivial",
        overheadBudget: false,
        variants: [get(`${API}/appinfo`, "", false)],
      },
      { id: "health", kind: "trivial", overheadBudget: false, variants: [get(`${API}/health`, "", false)] },
      {
        id: "login",
        kind: "login",
        overheadBudget: false,
        variants: [
          {
            method: "POST",
            path: `${API}/auth/login`,
            body: { usernameOrEmail: data.kunde.login, password },
            auth: false,
            label: data.kunde.login,
          },
        ],
      },
      {
        id: "search kundessearch",
        kind: "search",
        p95Budget: BUDGETS.search,
        overheadBudget: true,
        variants: kundeMix.map((s) => get(`${API}/kundessearch?search=${enc(s.search)}`, s.search)),
      },
      {
        id: "search artikelsearch",
        kind: "search",
        p95Budget: BUDGETS.search,
        overheadBudget: true,
        variants: artikelSuchen.map((s) =>
          get(
            `${API}/artikelsearch?search=${enc(s.search)}${s.verleihbar ? "&verleihbar=true" : ""}${s.geloescht ? "&geloescht=true" : ""}`,
            s.search,
          ),
        ),
      },
      {
        id: "search belegsearch",
        kind: "search",
        p95Budget: BUDGETS.belegSearch,
        overheadBudget: true,
        variants: belegSuchen.map((s) => get(`${API}/belegsearch?search=${enc(s.search)}`, s.search)),
      },
    ];
    for (const list of pagedLists(routes)) {
      scenarios.push({
        id: `list ${list.name}`,
        kind: "list",
        p95Budget: BUDGETS.list,
        overheadBudget: true,
        variants: [get(`${API}/${list.name}?page=0&size=20`, "first page")],
      });
      if (list.searchParam) {
        const word = LIST_WORDS[list.name] ?? DEFAULT_LIST_WORD;
        scenarios.push({
          id: `list ${list.name} search`,
          kind: "list",
          p95Budget: BUDGETS.list,
          overheadBudget: true,
          variants: [get(`${API}/${list.name}?page=0&size=20&${list.searchParam}=${enc(word)}`, word)],
        });
      }
    }
    const { grosskundeId, saeumigId } = data.zahlung;
    scenarios.push(
      {
        // Issue 17: the open items of one customer with 10 000 invoices (one mostly paid, one with all open).
        id: "list unpaidbelege of one customer",
        kind: "list",
        p95Budget: BUDGETS.list,
        overheadBudget: true,
        variants: [
          get(`${API}/unpaidbelege?page=0&size=20&kundeId=${grosskundeId}`, "10 000 invoices, mostly paid"),
          get(`${API}/unpaidbelege?page=0&size=20&kundeId=${saeumigId}`, "10 000 invoices, all open"),
        ],
      },
      {
        // Issue 17: the open balance over all documents of the tenant, and of the two customers.
        id: "sum unpaidbelegesum",
        kind: "detail",
        p95Budget: BUDGETS.list,
        overheadBudget: true,
        variants: [
          get(`${API}/unpaidbelegesum/${m}`, "tenant"),
          get(`${API}/unpaidbelegesum/${m}?kundenId=${grosskundeId}`, "customer, mostly paid"),
          get(`${API}/unpaidbelegesum/${m}?kundenId=${saeumigId}`, "customer, all open"),
        ],
      },
      {
        id: "detail kundes/{id}",
        kind: "detail",
        p95Budget: BUDGETS.list,
        overheadBudget: true,
        variants: (await ids("kunde")).map((id) => get(`${API}/kundes/${id}`, id)),
      },
      {
        id: "detail artikel/{id}",
        kind: "detail",
        p95Budget: BUDGETS.list,
        overheadBudget: true,
        variants: (await ids("artikel")).map((id) => get(`${API}/artikel/${id}`, id)),
      },
      {
        id: "detail beleg/{id}",
        kind: "detail",
        p95Budget: BUDGETS.detail,
        overheadBudget: true,
        variants: belege.map(([name, id]) => get(`${API}/beleg/${id}`, name)),
      },
    );
    return scenarios;
  } finally {
    await c.end();
  }
}

/** The requests the 100 clients of the memory measurement send, picked at random: what users do most. */
export function hammerMix(scenarios: Scenario[]): Variant[] {
  const pick = (id: string) => scenarios.find((s) => s.id === id)?.variants ?? [];
  return [
    ...pick("search kundessearch"),
    ...pick("search artikelsearch"),
    ...pick("list kundes"),
    ...pick("list kundes search"),
    ...pick("list artikel"),
    ...pick("list beleg"),
    ...pick("list zahlung"),
    ...pick("list kassabuch"),
    ...pick("detail kundes/{id}"),
    ...pick("detail artikel/{id}"),
    ...pick("detail beleg/{id}"),
  ];
}
