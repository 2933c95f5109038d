import fc from "fast-check";

/** The part of JSON Schema (OpenAPI 3.0 dialect, as the provider emits it) that the fuzzer reads. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  default?: unknown;
  description?: string;
  [key: string]: unknown;
}

/**
 * Where a value sits, for the id hook: the property names from the root (array positions left out), e.g.
 * ["adresseLists", "land"] or ["mehrwertssteuer", "id"].
 */
export type SchemaPath = readonly string[];

export interface ValueOptions {
  /** An arbitrary for an id-like integer at this path (a record of the tenant, of the other tenant, ...), if any. */
  id?: (path: SchemaPath, schema: Schema) => fc.Arbitrary<unknown> | undefined;
  /** A text for a free string of at most maxLength characters (seeding puts its markers here), if any. */
  text?: (path: SchemaPath, minLength: number, maxLength: number) => fc.Arbitrary<string> | undefined;
  /** Whether optional properties may be left out (default true). */
  sparse?: boolean;
}

const MAX_TEXT = 40;
const MAX_ITEMS = 3;
/** Whether a text holds C0 controls but tab, newline and carriage return, or DEL: the boundary refuses them. */
const hasControl = (text: string) =>
  [...text].some((char) => {
    const code = char.codePointAt(0)!;
    return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;
  });

/** A small valid PDF (its text is `text`), a small JPEG and random bytes: what base64 upload fields get. */
export function pdfBytes(text: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >> endobj\n4 0 obj << /Length 22 >> stream\n50 50 m 545 50 l 1 w S\nendstream\nendobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    "latin1",
  );
}

/** The date (1900–2199) of a day number, as YYYY-MM-DD. */
const isoDay = (day: number) => new Date(Date.UTC(1900, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
const DAYS_1900_2199 = 109_572;

export const dateArbitrary = () =>
  fc.oneof(
    fc.integer({ min: 45_000, max: 47_000 }).map(isoDay), // around today
    fc.integer({ min: 0, max: DAYS_1900_2199 - 1 }).map(isoDay),
  );

const emailArbitrary = () =>
  fc
    .tuple(
      fc.stringMatching(/^[a-z][a-z0-9]{0,9}$/),
      fc.stringMatching(/^[a-z]{2,10}$/),
      fc.constantFrom("at", "de", "com", "test"),
    )
    .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);

function formatArbitrary(
  schema: Schema,
  options: ValueOptions,
  path: SchemaPath,
): fc.Arbitrary<string> | undefined {
  switch (schema.format) {
    case "email":
      return emailArbitrary();
    case "date":
      return dateArbitrary();
    case "date-time":
      return fc
        .tuple(dateArbitrary(), fc.integer({ min: 0, max: 86_399 }), fc.constantFrom("Z", "+01:00", "-05:30"))
        .map(([day, second, zone]) => `${day}T${new Date(second * 1000).toISOString().slice(11, 19)}${zone}`);
    case "uuid":
      return fc.uuid();
    case "uri":
      return fc.webUrl();
    case "base64":
      return fc
        .oneof(
          fc.constant(pdfBytes(options.text ? "seed" : "fuzz")),
          options.text
            ? (options.text(path, 0, 200)?.map((text) => pdfBytes(text)) ?? fc.constant(pdfBytes("x")))
            : fc.constant(pdfBytes("x")),
          fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
        )
        .map((bytes) => bytes.toString("base64"));
    default:
      return undefined;
  }
}

function stringArbitrary(schema: Schema, options: ValueOptions, path: SchemaPath): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_TEXT, MAX_TEXT));
  const fitting = (text: string) =>
    text.length >= minLength && text.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  const format = formatArbitrary(schema, options, path);
  if (format) return format.filter(fitting);
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => fitting(text) && !hasControl(text));
  }
  const custom = options.text?.(path, minLength, schema.maxLength ?? MAX_TEXT);
  if (custom) return custom;
  return fc
    .oneof(
      fc.string({ minLength, maxLength }),
      fc.string({ minLength, maxLength, unit: "grapheme" }),
      fc.constantFrom(
        "Müller & Söhne",
        "Straße 1/2",
        "<b>x</b>",
        "1.234,56",
        "'; DROP TABLE kunde; --",
        "  Wien  ",
      ),
    )
    .filter((text) => fitting(text) && !hasControl(text));
}

const bound = (value: number | undefined, fallback: number) =>
  value === undefined
    ? fallback
    : Math.max(Math.min(value, Number.MAX_SAFE_INTEGER), Number.MIN_SAFE_INTEGER);

function numberBounds(schema: Schema) {
  let min = bound(schema.minimum, Number.MIN_SAFE_INTEGER);
  let max = bound(schema.maximum, Number.MAX_SAFE_INTEGER);
  if (schema.exclusiveMinimum === true) min += 1;
  else if (typeof schema.exclusiveMinimum === "number") min = schema.exclusiveMinimum + 1;
  if (schema.exclusiveMaximum === true) max -= 1;
  else if (typeof schema.exclusiveMaximum === "number") max = schema.exclusiveMaximum - 1;
  return { min, max };
}

function integerArbitrary(schema: Schema): fc.Arbitrary<number> {
  const { min, max } = numberBounds(schema);
  const small = { min: Math.max(min, Math.min(max, -5)), max: Math.min(max, Math.max(min, 1000)) };
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer(small) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  const { min, max } = numberBounds(schema);
  const lo = Math.max(min, -100_000);
  const hi = Math.min(max, 100_000);
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }) },
    {
      weight: 3,
      arbitrary: fc
        .integer({ min: Math.ceil(lo * 100), max: Math.floor(hi * 100) })
        .map((cents) => Math.round(cents) / 100),
    },
    {
      weight: 1,
      arbitrary: fc
        .double({ min, max, noNaN: true, noDefaultInfinity: true })
        .filter((n) => !Object.is(n, -0)),
    },
  );
}

const typeOf = (schema: Schema): string | undefined => {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== "null");
  if (schema.type) return schema.type;
  if (schema.properties) return "object";
  if (schema.items) return "array";
  return undefined;
};

/** Valid values of a schema: objects, arrays, strings (format, pattern, bounds), numbers, enums, unions, null. */
export function valueArbitrary(
  schema: Schema,
  options: ValueOptions = {},
  path: SchemaPath = [],
): fc.Arbitrary<unknown> {
  const inner = nonNullArbitrary(schema, options, path);
  const nullable = schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes("null"));
  return nullable
    ? fc.oneof({ weight: 4, arbitrary: inner }, { weight: 1, arbitrary: fc.constant(null) })
    : inner;
}

function nonNullArbitrary(schema: Schema, options: ValueOptions, path: SchemaPath): fc.Arbitrary<unknown> {
  const id = options.id?.(path, schema);
  if (id) return id;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => valueArbitrary(branch, options, path)));
  if (schema.allOf) {
    const merged: Schema = {};
    for (const part of schema.allOf) {
      Object.assign(merged, part, {
        properties: { ...merged.properties, ...part.properties },
        required: [...(merged.required ?? []), ...(part.required ?? [])],
      });
    }
    return valueArbitrary(merged, options, path);
  }
  switch (typeOf(schema)) {
    case "object": {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [
          key,
          valueArbitrary(child, options, [...path, key]),
        ]),
      );
      const requiredKeys = options.sparse === false ? Object.keys(properties) : (schema.required ?? []);
      return fc.record(model, { requiredKeys: requiredKeys.filter((key) => key in properties) });
    }
    case "array": {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS));
      return fc.array(valueArbitrary(schema.items ?? {}, options, path), { minLength, maxLength });
    }
    case "string":
      return stringArbitrary(schema, options, path);
    case "integer":
      return integerArbitrary(schema);
    case "number":
      return numberArbitrary(schema);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * The JSON Schema (draft 07) of an OpenAPI 3.0 schema, for ajv: `nullable` becomes a union with null, boolean
 * exclusiveMinimum/Maximum numeric bounds.
 */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (schema === null || typeof schema !== "object") return schema;
  const source = schema as Schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === "nullable" || key === "exclusiveMinimum" || key === "exclusiveMaximum") continue;
    if (key === "properties") {
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, child]) => [name, toJsonSchema(child)]),
      );
    } else if (key === "enum" || key === "required" || key === "default") out[key] = value;
    else out[key] = toJsonSchema(value);
  }
  if (source.exclusiveMinimum === true && source.minimum !== undefined) {
    out.exclusiveMinimum = source.minimum;
    delete out.minimum;
  } else if (typeof source.exclusiveMinimum === "number") out.exclusiveMinimum = source.exclusiveMinimum;
  if (source.exclusiveMaximum === true && source.maximum !== undefined) {
    out.exclusiveMaximum = source.maximum;
    delete out.maximum;
  } else if (typeof source.exclusiveMaximum === "number") out.exclusiveMaximum = source.exclusiveMaximum;
  if (source.nullable === true) {
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    return { anyOf: [out, { type: "null" }] };
  }
  return out;
}
