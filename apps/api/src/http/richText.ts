import {
  purifyRichTextAttribute,
  purifyRichTextLink,
  RICH_TEXT_PURIFY_CONFIG,
} from "@kontor/domain/richtext/richtext.rules";
import { isRichTextSchema } from "@kontor/domain/richtext/richtext.schema";
import type { FastifyInstance, preValidationAsyncHookHandler, RouteOptions } from "fastify";
import type { z } from "zod";

/**
 * Rich text is cleaned on the server before it is validated and stored (issue 13): every string a request body
 * carries at a place its zod schema declares with ZRichText (packages/domain/src/richtext/richtext.schema.ts) goes
 * through DOMPurify with the one allow-list of richtext.rules.ts — the same settings the browser uses. Nothing in a
 * route does it: registerRichTextSanitizing adds the step to every route whose body schema contains such a field,
 * when the route is registered, so a new rich-text field cannot be forgotten as long as it is declared as one.
 * Cleaning comes before validation, so length limits and "required" (an editor left with only a <script>) judge
 * what is stored.
 */

type Sanitize = (html: string) => string;

let loading: Promise<Sanitize> | undefined;

/** DOMPurify on a jsdom window, made on first use (jsdom is large: processes that never see rich text skip it). */
function sanitizer(): Promise<Sanitize> {
  loading ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([
      import("jsdom"),
      import("dompurify"),
    ]);
    const purify = createDOMPurify(
      new JSDOM("<!doctype html>").window as unknown as Window & typeof globalThis,
    );
    if (!purify.isSupported) throw new Error("DOMPurify cannot work on this jsdom");
    purify.addHook("uponSanitizeAttribute", purifyRichTextAttribute);
    purify.addHook("afterSanitizeAttributes", purifyRichTextLink);
    return (html: string) => purify.sanitize(html, RICH_TEXT_PURIFY_CONFIG);
  })();
  return loading;
}

/** Cleans one rich text (the editor's HTML) with the allow-list. */
export async function sanitizeRichText(html: string): Promise<string> {
  return (await sanitizer())(html);
}

type Schema = z.core.$ZodType;

/** The definition of a zod schema, as far as the walk below reads it. */
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  in?: Schema;
  options?: readonly Schema[];
  left?: Schema;
  right?: Schema;
  valueType?: Schema;
  items?: readonly Schema[];
  rest?: Schema | null;
  getter?: () => Schema;
}
const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

/** The schemas directly inside one (object fields, array elements, wrapped and piped-in schemas, union options). */
function children(schema: Schema): Schema[] {
  const def = defOf(schema);
  switch (def.type) {
    case "object":
      return Object.values(def.shape ?? {});
    case "array":
      return def.element ? [def.element] : [];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "catch":
    case "readonly":
      return def.innerType ? [def.innerType] : [];
    case "pipe":
      return def.in ? [def.in] : [];
    case "union":
      return [...(def.options ?? [])];
    case "intersection":
      return [def.left, def.right].filter((s): s is Schema => s !== undefined);
    case "record":
      return def.valueType ? [def.valueType] : [];
    case "tuple":
      return [...(def.items ?? []), ...(def.rest ? [def.rest] : [])];
    case "lazy":
      return def.getter ? [def.getter()] : [];
    default:
      return [];
  }
}

/** Whether a schema declares a rich-text field anywhere inside it. */
export function containsRichText(schema: Schema, seen = new Set<Schema>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  return isRichTextSchema(schema) || children(schema).some((child) => containsRichText(child, seen));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The value (a request body as sent, before validation) with every string at a rich-text place of the schema
 * cleaned; everything else as it was (validation judges it next). Union options are each followed: cleaning is
 * idempotent, so a string two options declare as rich text is no different for being cleaned twice.
 */
export function sanitizeBySchema(schema: Schema, value: unknown, clean: Sanitize): unknown {
  if (isRichTextSchema(schema)) return typeof value === "string" ? clean(value) : value;
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      if (!isRecord(value)) return value;
      const result: Record<string, unknown> = { ...value };
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        if (key in result) result[key] = sanitizeBySchema(field, result[key], clean);
      }
      return result;
    }
    case "array":
      return Array.isArray(value) && def.element
        ? value.map((item) => sanitizeBySchema(def.element!, item, clean))
        : value;
    case "record":
      if (!isRecord(value) || !def.valueType) return value;
      return Object.fromEntries(
        Object.entries(value).map(([key, item]) => [key, sanitizeBySchema(def.valueType!, item, clean)]),
      );
    case "tuple":
      return Array.isArray(value)
        ? value.map((item, i) => {
            const itemSchema = def.items?.[i] ?? def.rest;
            return itemSchema ? sanitizeBySchema(itemSchema, item, clean) : item;
          })
        : value;
    default:
      return children(schema).reduce((current, child) => sanitizeBySchema(child, current, clean), value);
  }
}

const isZodSchema = (schema: unknown): schema is Schema =>
  typeof schema === "object" && schema !== null && "_zod" in schema;

const sanitizedRoutes = new WeakMap<FastifyInstance, string[]>();

/** The routes ("PUT /app/api/…") whose bodies are cleaned: the test checks it against the fields it covers. */
export function richTextRoutes(app: FastifyInstance): readonly string[] {
  return sanitizedRoutes.get(app) ?? [];
}

/**
 * Adds the cleaning step (preValidation) to every route registered from now on whose body schema declares a
 * rich-text field. Call before the API modules are registered.
 */
export function registerRichTextSanitizing(app: FastifyInstance): void {
  const routes: string[] = [];
  sanitizedRoutes.set(app, routes);
  app.addHook("onRoute", (route: RouteOptions) => {
    const body: unknown = route.schema?.body;
    if (!isZodSchema(body) || !containsRichText(body)) return;
    for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`);
    const sanitizeBody: preValidationAsyncHookHandler = async (request) => {
      if (request.body === undefined || request.body === null) return;
      const clean = await sanitizer();
      request.body = sanitizeBySchema(body, request.body, clean);
    };
    const existing = route.preValidation;
    route.preValidation = [...(existing ? [existing].flat() : []), sanitizeBody];
  });
}
