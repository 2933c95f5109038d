import { readFileSync } from "node:fs";
import path from "node:path";
import { AUTHORITIES, MODULES } from "@kontor/domain/access/access.schema";
import { EINVOICE_TESTDATA } from "@kontor/erechnung/offiziell.testing";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { createMandant, createUser } from "../../setup/seed.ts";
import { createTenantUser, login, type TestApp, type TestUser, unique } from "../helpers.ts";
import { pdfBytes, type Schema, type SchemaPath, valueArbitrary } from "./schema.ts";

/** The marker of every text tenant B owns: no answer to tenant A may contain it. */
export const MARKER = "ZZBLEAK";

export interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema: Schema;
}

/** One operation of the OpenAPI document, as the fuzzer walks it. */
export interface Operation {
  name: string;
  method: "GET" | "PUT" | "POST" | "DELETE" | "PATCH";
  path: string;
  parameters: Parameter[];
  body?: Schema;
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  /** Needs X-Mandant-Id (tenant level). */
  tenant: boolean;
  /** Needs a bearer token. */
  signedIn: boolean;
  /** The records it is about: the first path segment (aliases resolved), e.g. "kundes", "kundes/pdfs". */
  collection: string;
}

type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses: Operation["responses"];
        security?: Record<string, string[]>[];
      }
    >
  >;
};

const PREFIX = "/app/api/";

/** Lists and searches whose answers are records of another path's collection. */
const ALIASES: Record<string, string> = {
  allkundes: "kundes",
  kundessearch: "kundes",
  lieferantsearch: "kundes",
  kundesknr: "kundes",
  kundesfg: "kundes",
  kundeslist: "kundes",
  adressesk: "adresses",
  adressessearch: "adresses",
  artikelsearch: "artikel",
  artikelkatalogsearch: "artikel",
  artikellist: "artikel",
  warengruppesall: "warengruppes",
  einheitsall: "einheits",
  allpreisschienes: "preisschienen",
  belegnummerkreisall: "belegnummerkreis",
  belegfelddefinitionsall: "belegfelddefinitions",
  firmengruppesearch: "firmengruppe",
  usersearch: "users",
  userfavorites: "favorites",
  alllands: "lands",
  landsearch: "lands",
};

export function collectionOf(path: string): string {
  const segments = path.slice(PREFIX.length).split("/");
  const first = ALIASES[segments[0]!] ?? segments[0]!;
  if (segments.includes("pdfs")) return `${first}/pdfs`;
  if (segments.includes("sessions")) return "sessions";
  return first;
}

/** The collection a reference names: a key like "mehrwertssteuer", "untergruppeId", "userLists", "mandantIds". */
const REFERENCES: Record<string, string> = {
  mehrwertssteuer: "mehrwertssteuers",
  einheit: "einheits",
  untergruppe: "untergruppes",
  warengruppe: "warengruppes",
  preisschiene: "preisschienen",
  zahlungsziel: "zahlungsziels",
  lieferbedingung: "lieferbedingung",
  zahlungsbedingung: "zahlungsbedingung",
  firmengruppe: "firmengruppe",
  kunde: "kundes",
  lieferant: "kundes",
  artikel: "artikel",
  rabatt: "rabatts",
  group: "group",
  user: "users",
  mandant: "mandants",
  asset: "artikelimage",
  artikelImage: "artikelimage",
  belegnummerkreis: "belegnummerkreis",
  rechnungskreis: "rechnungskreise",
  rechnungsvorlage: "rechnungsvorlages",
  artikelfelddefinition: "artikelfelddefinitions",
  kundefelddefinition: "kundefelddefinitions",
  belegfelddefinition: "belegfelddefinitions",
  felddefinition: "kundefelddefinitions",
  adresse: "adresses",
  benachrichtigung: "benachrichtigung",
};

export function referenceOf(key: string): string | undefined {
  const stem = key.replace(/(Ids|Id|Lists|List|s)$/, "");
  return REFERENCES[stem] ?? REFERENCES[key];
}

export function operationsOf(doc: OpenApi): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const security = new Set((operation.security ?? []).flatMap((entry) => Object.keys(entry)));
      operations.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation["method"],
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content["application/json"]?.schema,
        responses: operation.responses,
        tenant: security.has("mandantHeader"),
        signedIn: security.has("bearerAuth"),
        collection: collectionOf(path),
      });
    }
  }
  // Reads and writes first, then the DELETEs that only switch (activate, deactivate, sessions), removals last: a
  // removed record is gone for the operations after it.
  const order = (operation: Operation) =>
    operation.method !== "DELETE" ? 0 : /\/(\{id\}|\{pdfId\}|\{einladungId\})$/.test(operation.path) ? 2 : 1;
  const byName = (a: Operation, b: Operation) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return operations.sort((a, b) => order(a) - order(b) || byName(a, b));
}

/** Ids (and customer numbers, session ids) known per collection: tenant A's own, tenant B's. */
export class Pools {
  private readonly own = new Map<string, Set<number | string>>();
  private readonly other = new Map<string, Set<number | string>>();

  add(side: "own" | "other", collection: string, value: number | string) {
    const map = side === "own" ? this.own : this.other;
    if (!map.has(collection)) map.set(collection, new Set());
    map.get(collection)!.add(value);
  }

  remove(side: "own" | "other", collection: string, value: number | string) {
    (side === "own" ? this.own : this.other).get(collection)?.delete(value);
  }

  get(side: "own" | "other", collection: string): (number | string)[] {
    return [...((side === "own" ? this.own : this.other).get(collection) ?? [])];
  }

  counts(side: "own" | "other") {
    return Object.fromEntries(
      [...(side === "own" ? this.own : this.other)].map(([key, values]) => [key, values.size]),
    );
  }

  /** Records the ids in a 2xx answer of tenant `side` to an operation of `collection`. */
  harvest(side: "own" | "other", collection: string, body: unknown) {
    const items = Array.isArray(body) ? body : [body];
    for (const item of items.slice(0, 50)) {
      if (!item || typeof item !== "object") continue;
      const record = item as Record<string, unknown>;
      if (typeof record.id === "number" && collection !== "lands") this.add(side, collection, record.id);
      if (typeof record.assetId === "number") this.add(side, "artikelimage", record.assetId);
      if (typeof record.kundenNummer === "string") this.add(side, "kundennummer", record.kundenNummer);
      for (const [key, value] of Object.entries(record)) {
        const target = referenceOf(key);
        if (!target || target === collection) continue;
        if (typeof value === "number" && key.endsWith("Id")) this.add(side, target, value);
        if (value && typeof value === "object" && typeof (value as { id?: unknown }).id === "number")
          this.add(side, target, (value as { id: number }).id);
      }
    }
  }
}

export interface Caller {
  token: string;
  mandantId: number;
}

/** The world the fuzzer runs in: tenant A (under test) and tenant B (holding marked data), their ids. */
export interface World {
  t: TestApp;
  a: TestUser & Caller;
  b: TestUser & Caller;
  /** Tenants that PUT mandants may change instead of A or B. */
  spareMandants: number[];
  /** Users that PUT users may change instead of A. */
  spareUsers: number[];
  pools: Pools;
  operations: Operation[];
  /** How many records of each collection were seeded per tenant. */
  seeded: { a: Record<string, number>; b: Record<string, number> };
  /** Tenant B's records as B read them after seeding: GET url → body. */
  snapshot: Map<string, string>;
}

export async function signedIn(t: TestApp, user: TestUser): Promise<TestUser & Caller> {
  return { ...user, token: await login(t, user) };
}

/** Sends an operation's request as a tenant's member (the fixed headers), answering the response. */
export function send(t: TestApp, who: Caller, options: InjectOptions): Promise<LightMyRequestResponse> {
  return t.app.inject({
    ...options,
    headers: {
      authorization: `Bearer ${who.token}`,
      "x-mandant-id": String(who.mandantId),
      ...options.headers,
    },
  });
}

/** A JPEG with a comment segment holding `text` (the stored original keeps it). */
async function jpegWith(text: string): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 4, height: 3, channels: 3, background: "#3366cc" } })
    .jpeg()
    .toBuffer();
  const comment = Buffer.from(text, "latin1");
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2)]);
}

/** The operations that create the tenant's records, in the order their references need. */
const SEED_ORDER = [
  "PUT /app/api/mehrwertssteuers",
  "PUT /app/api/einheits",
  "PUT /app/api/warengruppes",
  "PUT /app/api/untergruppes",
  "PUT /app/api/preisschienen",
  "PUT /app/api/rabatts",
  "PUT /app/api/zahlungsziels",
  "PUT /app/api/lieferbedingung",
  "PUT /app/api/zahlungsbedingung",
  "PUT /app/api/firmengruppe",
  "POST /app/api/belegnummerkreis",
  "POST /app/api/rechnungskreise",
  "PUT /app/api/artikelfelddefinitions",
  "PUT /app/api/kundefelddefinitions",
  "PUT /app/api/belegfelddefinitions",
  "PUT /app/api/belegtexts",
  "PUT /app/api/hotHintDefinitionTexts",
  "PUT /app/api/benachrichtigung",
  "PUT /app/api/rechnungsvorlages",
  "PUT /app/api/favorites",
  "PUT /app/api/kundes",
  "PUT /app/api/artikel",
  "POST /app/api/adresses",
  "POST /app/api/kundes/{id}/pdfs",
  "POST /app/api/artikel/{id}/pdfs",
  "PUT /app/api/kassabuch",
  "POST /app/api/eingangsrechnung/import",
];

/**
 * An incoming e-invoice whose seller and number are `text`: the official UBL example (read from ../shared, never
 * copied) — each text gives another file, number and supplier.
 */
function eingangsrechnungXml(text: string): Buffer {
  const xml = readFileSync(path.join(EINVOICE_TESTDATA, "examples", "cen-ubl-tc434-example1.xml"), "utf8");
  return Buffer.from(
    xml
      .replace("<cbc:ID>12115118</cbc:ID>", `<cbc:ID>${text}</cbc:ID>`)
      .replaceAll("De Koksmaat", `${text} Koksmaat`),
  );
}

/**
 * The id arbitrary of a body or path position: references of the tenant's records (mostly), of the other tenant's,
 * and ids that exist nowhere. `exclude` keeps the session under test alive (see EXEMPTIONS in the test).
 */
export function idArbitrary(
  pools: Pools,
  collection: string | undefined,
  exclude: readonly (number | string)[] = [],
  sides: { own: number; other: number; none: number } = { own: 6, other: 2, none: 1 },
): fc.Arbitrary<number | string> {
  const keep = (values: (number | string)[]) => values.filter((value) => !exclude.includes(value));
  const own = collection ? keep(pools.get("own", collection)) : [];
  const other = collection ? keep(pools.get("other", collection)) : [];
  const none = fc.constantFrom(0, 2 ** 31 - 1, 9_007_199_254_740_991, 987_654_321);
  const choices: { weight: number; arbitrary: fc.Arbitrary<number | string> }[] = [
    { weight: sides.none, arbitrary: none },
  ];
  if (own.length > 0) choices.push({ weight: sides.own, arbitrary: fc.constantFrom(...own) });
  if (other.length > 0) choices.push({ weight: sides.other, arbitrary: fc.constantFrom(...other) });
  return fc.oneof(...choices);
}

/** The id hook of the schema arbitraries: `id` and `…Id` integers become references (see idArbitrary). */
export function idHook(
  pools: Pools,
  operation: Operation,
  exclude: (path: SchemaPath) => (number | string)[],
) {
  return (path: SchemaPath, schema: Schema) => {
    if (schema.type !== "integer" || path.length === 0) return undefined;
    const key = path[path.length - 1]!;
    let collection: string | undefined;
    if (key === "id")
      collection = path.length === 1 ? operation.collection : referenceOf(path[path.length - 2]!);
    else if (/Ids?$/.test(key)) collection = referenceOf(key);
    else return undefined;
    return idArbitrary(pools, collection, exclude(path));
  };
}

/** Texts of the seeded records: tenant B's carry the marker wherever they fit. */
function seedText(side: "own" | "other") {
  let n = 0;
  return (_path: SchemaPath, minLength: number, maxLength: number): fc.Arbitrary<string> | undefined => {
    n++;
    const text = side === "other" ? `${MARKER}${n}x` : `Aseed${n}x`;
    if (maxLength < text.length) return undefined;
    return fc.constant(text.length >= minLength ? text : text.padEnd(minLength, "x"));
  };
}

/**
 * Bodies written by hand where a generated one rarely passes the save rules (customers: a complete billing
 * address; articles: a VAT rate; delivery addresses): `text` is the tenant's text (B's with the marker).
 */
export const SEED_BODIES: Record<string, (text: string, pools: Pools, side: "own" | "other") => unknown> = {
  "PUT /app/api/kundes": (text) => ({
    firma: "firma",
    bezeichnung: `${text} GmbH`,
    kundeBeschreibung: text,
    email: `${text.toLowerCase()}@example.test`,
    adresseLists: [{ strasse: `${text}gasse`, hausNummer: "1", plz: "1010", ort: text, land: "AT" }],
    kundeKontakte: [{ nachname: text, vorname: text }],
    fahrzeuge: [{ kennzeichen: text.slice(0, 20), marke: text }],
    kundeCrms: [{ text }],
  }),
  "PUT /app/api/artikel": (text, pools, side) => ({
    artikelBezeichnung: text,
    artikelBeschreibung: text,
    hersteller: text,
    mehrwertssteuer: { id: pools.get(side, "mehrwertssteuers")[0] },
  }),
  "POST /app/api/adresses": (text, pools, side) => ({
    kundeId: pools.get(side, "kundes")[0],
    bezeichnung: text,
    strasse: `${text}weg`,
    hausNummer: "2",
    plz: "8010",
    ort: text,
    land: "AT",
  }),
  "PUT /app/api/kassabuch": (text, pools, side) => ({
    date: "2026-03-01",
    typ: "einnahme",
    betrag: 1000,
    text,
    belegnummer: text.slice(0, 50),
    mehrwertssteuer: { id: pools.get(side, "mehrwertssteuers")[0] },
  }),
  "POST /app/api/eingangsrechnung/import": (text) => ({
    dateiname: `${text}.xml`,
    inhalt: eingangsrechnungXml(text).toString("base64"),
  }),
  "POST /app/api/kundes/{id}/pdfs": (text) => ({
    dateiname: `${text}.pdf`,
    inhalt: pdfBytes(text).toString("base64"),
  }),
};

/**
 * Seeds a tenant through the API (as its member): every create operation of SEED_ORDER, `perCollection` records
 * each, bodies generated from the document's schemas (up to `attempts` tries per record), tenant B's texts with the
 * marker; an article image with the marker in its JPEG comment; then harvests the ids of every list.
 */
export async function seedTenant(
  t: TestApp,
  who: Caller,
  side: "own" | "other",
  operations: Operation[],
  pools: Pools,
  { perCollection = 2, attempts = 30, seed = 1 } = {},
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const text = seedText(side);
  let round = 0;
  for (const name of SEED_ORDER) {
    const operation = operations.find((candidate) => candidate.name === name);
    if (!operation?.body) continue;
    for (let record = 0; record < perCollection; record++) {
      for (let attempt = 0; attempt < attempts; attempt++) {
        round++;
        const hook = (path: SchemaPath, schema: Schema) => {
          if (schema.type !== "integer" || path.length === 0) return undefined;
          const key = path[path.length - 1]!;
          const collection =
            key === "id"
              ? path.length > 1
                ? referenceOf(path[path.length - 2]!)
                : undefined
              : referenceOf(key);
          if (key === "id" && path.length === 1) return fc.constant(undefined); // create, never update
          const own = collection ? pools.get(side, collection) : [];
          return own.length > 0 ? fc.constantFrom(...own) : undefined;
        };
        const written = SEED_BODIES[name];
        const [body] =
          written && attempt < 2
            ? [written(`${side === "other" ? MARKER : "Aseed"}${round}x`, pools, side)]
            : fc.sample(valueArbitrary(operation.body, { id: hook, text, sparse: attempt % 2 === 1 }), {
                numRuns: 1,
                seed: seed * 100_003 + round,
              });
        let url = operation.path;
        if (url.includes("{id}")) {
          const owners = pools.get(side, operation.collection.split("/")[0]!);
          if (owners.length === 0) break;
          url = url.replace("{id}", String(owners[record % owners.length]));
        }
        const response = await send(t, who, { method: operation.method, url, payload: body as object });
        if (response.statusCode < 300) {
          pools.harvest(side, operation.collection, response.json());
          counts[operation.collection] = (counts[operation.collection] ?? 0) + 1;
          break;
        }
      }
    }
  }
  const image = await send(t, who, {
    method: "POST",
    url: "/app/api/artikelimage",
    payload: {
      dateiname: `${side === "other" ? MARKER : "A"}.jpg`,
      inhalt: (await jpegWith(`${side === "other" ? MARKER : "Aseed"} image`)).toString("base64"),
    },
  });
  if (image.statusCode === 201) {
    pools.harvest(side, "artikelimage", image.json());
    counts.artikelimage = 1;
  }
  // Ids of records that the tenant starts with (VAT rates, number circles) and of every list.
  for (const operation of operations) {
    if (operation.method !== "GET" || operation.path.includes("{") || !operation.tenant) continue;
    const response = await send(t, who, { method: "GET", url: operation.path });
    if (response.statusCode === 200 && String(response.headers["content-type"]).includes("json"))
      pools.harvest(side, operation.collection, response.json());
  }
  return counts;
}

/** Builds the world: tenants A and B with every module, a member each with every authority, both seeded. */
export async function buildWorld(t: TestApp, operations: Operation[], seed: number): Promise<World> {
  const everything = { authorities: [...AUTHORITIES], modules: [...MODULES] };
  const a = await signedIn(t, await createTenantUser(t, everything));
  const b = await signedIn(t, await createTenantUser(t, everything));
  const pools = new Pools();
  const spareMandants = [
    await createMandant(t.db, { bezeichnung: unique("Fuzz C"), modules: [...MODULES] }),
    await createMandant(t.db, { bezeichnung: unique("Fuzz D"), modules: ["crm"] }),
  ];
  const spareUsers: number[] = [];
  for (const name of ["fuzz-c", "fuzz-d"]) {
    const login = unique(name);
    spareUsers.push(
      await createUser(t.db, {
        login,
        email: `${login}@example.test`,
        password: "secret123",
        authorities: ["ROLE_USER"],
        mandantIds: [spareMandants[0]!],
      }),
    );
  }
  for (const id of [a.mandantId, ...spareMandants]) pools.add("own", "mandants", id);
  pools.add("other", "mandants", b.mandantId);
  for (const id of [a.userId, ...spareUsers]) pools.add("own", "users", id);
  pools.add("other", "users", b.userId);
  const seeded = {
    b: await seedTenant(t, b, "other", operations, pools, { seed }),
    a: await seedTenant(t, a, "own", operations, pools, { seed: seed + 1 }),
  };
  const snapshot = new Map<string, string>();
  for (const operation of operations) {
    if (operation.method !== "GET" || !/^\/app\/api\/[^/]+\/\{id\}$/.test(operation.path)) continue;
    if (!operation.tenant) continue;
    for (const id of pools.get("other", operation.collection)) {
      const url = operation.path.replace("{id}", String(id));
      const response = await send(t, b, { method: "GET", url });
      if (response.statusCode === 200) snapshot.set(url, response.body);
    }
  }
  // Other sessions of A (never the one under test) for DELETE account/sessions/{id}.
  for (let i = 0; i < 2; i++) await login(t, a);
  const sessions = await send(t, a, { method: "GET", url: "/app/api/account/sessions" });
  for (const session of sessions.json() as { id: string; current: boolean }[])
    if (!session.current) pools.add("own", "sessions", session.id);
  return { t, a, b, spareMandants, spareUsers, pools, operations, seeded, snapshot };
}

export { pdfBytes };
