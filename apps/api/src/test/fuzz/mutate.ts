import fc from "fast-check";

/**
 * Invalid inputs: mutations of a valid request part. Each has a name (printed with a finding) and turns a valid
 * value into one the API must refuse with a 4xx (or accept, where the change is harmless) — never a 500.
 */

/** Values of the wrong type or out of every range, for any position of a body. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  -(2 ** 63),
  5e-324,
  "",
  " ",
  "x",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udfffy",
  "\u202e\u0007",
  "0000-01-01",
  "2026-02-30",
  "2026-13-01",
  "9999-12-31",
  "1899-12-31",
  "-000001-01-01",
  "2026-02-28T25:61:00Z",
  "NaN",
  "Infinity",
  "1e400",
  "x".repeat(100_000),
  [],
  [null],
  {},
  { id: "1" },
  { __proto__: { polluted: true } },
  Array.from({ length: 1000 }, (_, i) => i),
];

export const BAD_DATES = [
  "0000-01-01",
  "2026-02-30",
  "2025-02-29",
  "2026-13-01",
  "2026-00-10",
  "9999-12-31",
  "1899-12-31",
  "2026-1-1",
  "20260101",
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every position (as a path of keys) inside a JSON value, the root included. */
export function positions(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const found: (string | number)[][] = [path];
  if (Array.isArray(value))
    for (const [i, item] of value.entries()) found.push(...positions(item, [...path, i]));
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value)) found.push(...positions(item, [...path, key]));
  return found;
}

function getAt(value: unknown, path: (string | number)[]): unknown {
  let current = value;
  for (const key of path) current = (current as Record<string | number, unknown>)?.[key];
  return current;
}

/** A copy of `value` with the position `path` replaced (or removed, when `replacement` is REMOVE). */
export const REMOVE = Symbol("remove");
export function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement === REMOVE ? undefined : replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && replacement === REMOVE) copy.splice(Number(head), 1);
    else copy[Number(head)] = setAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && replacement === REMOVE) delete copy[head];
  else copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

/** A body as sent: JSON text (or raw bytes), its content type, and what was done to it. */
export interface RawBody {
  payload: string | Buffer | undefined;
  contentType?: string;
  mutation: string;
}

/** The mutations of a JSON body: wrong values at a position, missing and extra keys, raw text and bytes. */
export function bodyMutation(valid: unknown): fc.Arbitrary<RawBody> {
  const spots = positions(valid);
  const strings = spots.filter((path) => typeof getAt(valid, path) === "string");
  const numbers = spots.filter((path) => typeof getAt(valid, path) === "number");
  const keys = spots.filter((path) => path.length > 0);
  const json = (value: unknown, mutation: string): RawBody => ({
    payload: JSON.stringify(value),
    contentType: "application/json",
    mutation,
  });
  const text = JSON.stringify(valid) ?? "null";
  const options: fc.Arbitrary<RawBody>[] = [
    fc
      .tuple(fc.constantFrom(...spots), fc.constantFrom(...HOSTILE_VALUES))
      .map(([path, value]) =>
        json(setAt(valid, path, value), `value ${JSON.stringify(path)} := ${preview(value)}`),
      ),
    fc.constantFrom(
      { payload: "", contentType: "application/json", mutation: "empty body" },
      { payload: "null", contentType: "application/json", mutation: "body null" },
      { payload: "[]", contentType: "application/json", mutation: "body []" },
      { payload: "1e400", contentType: "application/json", mutation: "body 1e400" },
      { payload: '"x"', contentType: "application/json", mutation: "body string" },
      { payload: "{", contentType: "application/json", mutation: "truncated JSON" },
      { payload: `${text} trailing`, contentType: "application/json", mutation: "trailing garbage" },
      {
        payload: `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
        contentType: "application/json",
        mutation: "nested arrays 20000 deep",
      },
      {
        payload: `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`,
        contentType: "application/json",
        mutation: "nested objects 5000 deep",
      },
      { payload: '{"__proto__":{"admin":true}}', contentType: "application/json", mutation: "__proto__ key" },
      {
        payload: '{"constructor":{"prototype":{"admin":true}}}',
        contentType: "application/json",
        mutation: "constructor.prototype key",
      },
      { payload: text, contentType: "text/plain", mutation: "text/plain content type" },
      { payload: text, contentType: "application/xml", mutation: "unsupported content type" },
      { payload: text, contentType: "application/json; charset=latin1", mutation: "charset latin1" },
      {
        payload: Buffer.concat([
          Buffer.from('{"x":"'),
          Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
          Buffer.from('"}'),
        ]),
        contentType: "application/json",
        mutation: "invalid UTF-8 bytes",
      },
      {
        payload: Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from(text)]),
        contentType: "application/json",
        mutation: "UTF-8 byte order mark",
      },
    ),
  ];
  if (valid && typeof valid === "object" && !Array.isArray(valid) && Object.keys(valid).length > 0) {
    const [first] = Object.keys(valid);
    const duplicated = `{${JSON.stringify(first)}:${JSON.stringify(HOSTILE_VALUES[3])},${text.slice(1)}`;
    options.push(
      fc.constant({
        payload: duplicated,
        contentType: "application/json",
        mutation: `duplicate key ${first}`,
      }),
    );
    options.push(
      fc.constant(json({ ...(valid as object), unbekanntesFeld: "x", id: undefined }, "unknown key, no id")),
    );
  }
  if (keys.length > 0) {
    options.push(
      fc
        .constantFrom(...keys)
        .map((path) => json(setAt(valid, path, REMOVE), `remove ${JSON.stringify(path)}`)),
    );
  }
  if (strings.length > 0) {
    const inserts = [
      "\u0000",
      "\ud800",
      "\udc00x",
      "\u0007",
      "\u001b[31m",
      "\uffff",
      "\u{1F600}",
      "%00",
      "\\u0000",
      "' OR 1=1 --",
    ];
    options.push(
      fc
        .tuple(fc.constantFrom(...strings), fc.constantFrom(...inserts))
        .map(([path, insert]) =>
          json(
            setAt(valid, path, `${getAt(valid, path)}${insert}`),
            `string ${JSON.stringify(path)} += ${preview(insert)}`,
          ),
        ),
    );
    options.push(
      fc
        .tuple(fc.constantFrom(...strings), fc.constantFrom(...BAD_DATES))
        .map(([path, date]) => json(setAt(valid, path, date), `string ${JSON.stringify(path)} := ${date}`)),
    );
  }
  if (numbers.length > 0) {
    const huge = [
      "1e400",
      "-1e400",
      "123456789012345678901234567890",
      "1.0000000000000000001",
      "-0",
      "1E2",
      "0.1e-999",
    ];
    options.push(
      fc.tuple(fc.constantFrom(...numbers), fc.constantFrom(...huge)).map(([path, number]) => {
        const marker = "\u0001NUMBER\u0001";
        const raw = JSON.stringify(setAt(valid, path, marker)).replace(JSON.stringify(marker), number);
        return {
          payload: raw,
          contentType: "application/json",
          mutation: `number ${JSON.stringify(path)} := ${number}`,
        };
      }),
    );
  }
  return fc.oneof(...options);
}

/** Hostile path parameter values (raw, already URL-safe where they need to be). */
export const HOSTILE_PATH_VALUES = [
  "0",
  "-1",
  "1.5",
  "1e3",
  "abc",
  "9223372036854775808",
  "99999999999999999999999999",
  "%00",
  "%FF",
  "%ED%A0%80",
  "%20",
  "0x10",
  "%2e%2e",
  "NaN",
  "null",
  "1%3B%20DROP%20TABLE%20kunde",
];

/** Hostile query strings appended to (or replacing) valid ones. */
export const HOSTILE_QUERIES = [
  "page=-1",
  "page=abc",
  "page=9007199254740993",
  "size=0",
  "size=1000000",
  "sort=nichtDa,asc",
  "sort=id,sideways",
  "sort=id;DROP",
  "sort=",
  "search=%00",
  "search=%ED%A0%80",
  "search=%FF%FE",
  "search=%25%5F%5C",
  `search=${"x".repeat(8000)}`,
  "search=a&search=b",
  "__proto__=x",
  "page[]=1",
  "lieferant=vielleicht",
  "includeDeactivated=1",
  "belegDatum=0000-01-01",
  "belegDatum=2026-02-30",
  "betrag=1e400",
  "lang=xx",
  "key=%00",
  "init=maybe",
];

/** Hostile values of the two headers every call carries. */
export const HOSTILE_HEADERS: readonly { name: string; value: string | undefined; mutation: string }[] = [
  { name: "authorization", value: undefined, mutation: "no token" },
  { name: "authorization", value: "Bearer x.y.z", mutation: "garbage token" },
  { name: "authorization", value: "Basic YWRtaW46YWRtaW4xMjM=", mutation: "basic auth" },
  { name: "authorization", value: `Bearer ${"a".repeat(4000)}`, mutation: "long token" },
  { name: "x-mandant-id", value: undefined, mutation: "no tenant" },
  { name: "x-mandant-id", value: "abc", mutation: "tenant abc" },
  { name: "x-mandant-id", value: "-1", mutation: "tenant -1" },
  { name: "x-mandant-id", value: "0", mutation: "tenant 0" },
  { name: "x-mandant-id", value: "99999999999999999999", mutation: "tenant huge" },
  { name: "x-mandant-id", value: "1, 2", mutation: "tenant list" },
];

/** A short printable form of a value for mutation names. */
export function preview(value: unknown): string {
  const text = typeof value === "string" ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 37)}...(${text.length})` : text;
}

export type { Json };
