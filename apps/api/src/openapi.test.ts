import { LAENDER_KUERZEL } from "@kontor/domain/land/land.codes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XLSX } from "./http/attachment.ts";
import { createTestApp, type TestApp } from "./test/helpers.ts";

/**
 * Issue 13 item 8: the OpenAPI document (GET /app/api/openapi.json) says what the API does — errors as
 * application/problem+json, every success response with its real media type, and the formats the schemas check.
 */
type Schema = { [key: string]: unknown };
type Response = { description?: string; content?: Record<string, { schema: Schema }> };
type Operation = {
  responses: Record<string, Response>;
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Document = { paths: Record<string, Record<string, Operation>> };

/**
 * Errors that are not problems: the readiness probe's 503 is its health report ({status: "DOWN", database}), the
 * same body as its 200, for load balancers and monitoring.
 */
const NOT_PROBLEMS = new Set(["GET /app/api/health 503"]);

let t: TestApp;
let doc: Document;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

/** Every `properties` entry named `name` below a schema (request bodies are inlined by the provider). */
function propertiesNamed(node: unknown, name: string, found: Schema[] = []): Schema[] {
  if (Array.isArray(node)) for (const item of node) propertiesNamed(item, name, found);
  else if (node && typeof node === "object") {
    const properties = (node as { properties?: Record<string, Schema> }).properties;
    if (properties?.[name]) found.push(properties[name]);
    for (const value of Object.values(node)) propertiesNamed(value, name, found);
  }
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: "GET", url: "/app/api/openapi.json" });
  expect(response.statusCode).toBe(200);
  doc = response.json();
});
afterAll(() => t?.close());

describe("OpenAPI document", () => {
  it("declares every error response as application/problem+json, never application/json", () => {
    const wrong: string[] = [];
    let problems = 0;
    for (const { name, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^[45]/.test(status) || NOT_PROBLEMS.has(`${name} ${status}`)) continue;
        const types = Object.keys(response.content ?? {});
        if (types.length !== 1 || types[0] !== "application/problem+json")
          wrong.push(`${name} ${status}: ${types}`);
        else problems++;
      }
    }
    expect(wrong).toEqual([]);
    expect(problems).toBeGreaterThan(500);
  });

  it("declares a 2xx for every operation; a 204 has no body", () => {
    const without = operations()
      .filter(({ operation }) => !Object.keys(operation.responses).some((status) => /^2/.test(status)))
      .map(({ name }) => name);
    expect(without).toEqual([]);
    const noContent = operations().flatMap(({ name, operation }) =>
      operation.responses["204"]?.content ? [name] : [],
    );
    expect(noContent).toEqual([]);
  });

  it("declares 413 and 415 problems on every operation that takes a body (Fastify answers them before the route)", () => {
    const missing = operations()
      .filter(({ operation }) => operation.requestBody)
      .flatMap(({ name, operation }) =>
        ["413", "415"]
          .filter((status) => !operation.responses[status]?.content?.["application/problem+json"])
          .map((status) => `${name} ${status}`),
      );
    expect(missing).toEqual([]);
  });

  it("declares the files: the article Excel export, the article image, PDFs, templates, the cash-book export, e-invoices, content files and calendars", () => {
    const ok = (path: string) => doc.paths[`/app/api${path}`]!.get!.responses["200"]!;
    expect(ok("/artikel/excel").content).toEqual({
      [XLSX]: { schema: { type: "string", format: "binary" } },
    });
    expect(Object.keys(ok("/artikelimage/{assetId}").content!)).toEqual([
      "image/jpeg",
      "image/png",
      "image/webp",
    ]);
    expect(Object.keys(ok("/artikelimage/{assetId}/thumbnail/{breite}/{hoehe}").content!)).toEqual([
      "text/plain",
    ]);
    expect(Object.keys(ok("/artikel/{id}/pdfs/{pdfId}").content!)).toEqual(["application/pdf"]);
    expect(Object.keys(ok("/kundes/{id}/pdfs/{pdfId}").content!)).toEqual(["application/pdf"]);
    expect(Object.keys(ok("/rechnungsvorlages/{id}/vorlage").content!)).toEqual([
      "application/pdf",
      "image/png",
      "image/jpeg",
    ]);
    expect(Object.keys(ok("/kassabuch/export").content!)).toEqual(["text/csv", "application/pdf"]);
    expect(Object.keys(ok("/beleg/{id}/erechnung").content!)).toEqual(["application/xml", "application/pdf"]);
    expect(Object.keys(ok("/eingangsrechnung/{id}/datei").content!)).toEqual([
      "application/xml",
      "application/pdf",
    ]);
    // Every other success body is JSON.
    const files = new Set([
      "application/json",
      "text/csv",
      XLSX,
      "image/jpeg",
      "image/png",
      "image/webp",
      "text/plain",
      "application/pdf",
      "application/xml",
      // Content files (issue 23): images and audio as checked by content; a quarter as iCalendar.
      "image/gif",
      "audio/mpeg",
      "audio/ogg",
      "audio/wav",
      "audio/mp4",
      "text/calendar",
    ]);
    expect(Object.keys(ok("/quartalskalender/{id}/ics").content!)).toEqual(["text/calendar"]);
    const other = operations().flatMap(({ name, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => /^2/.test(status))
        .flatMap(([status, response]) =>
          Object.keys(response.content ?? {})
            .filter((type) => !files.has(type))
            .map((type) => `${name} ${status} ${type}`),
        ),
    );
    expect(other).toEqual([]);
  });

  it("states format email on every e-mail a request sends", () => {
    const bodies = operations().flatMap(({ operation }) =>
      operation.requestBody ? [operation.requestBody] : [],
    );
    const emails = propertiesNamed(bodies, "email");
    expect(emails.length).toBeGreaterThanOrEqual(6); // register, account, reset, users, tenants, customers
    const formats = emails.map(
      (schema) =>
        schema.format ?? (schema.anyOf as Schema[] | undefined)?.find((branch) => branch.format)?.format,
    );
    expect(formats.every((format) => format === "email")).toBe(true);
    const register = doc.paths["/app/api/register"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(propertiesNamed(register, "email")[0]).toMatchObject({
      format: "email",
      minLength: 5,
      maxLength: 50,
    });
  });

  it("states format date and uuid where they are checked", () => {
    const preis = propertiesNamed(doc.paths["/app/api/artikel"]!.put!.requestBody, "vonDatum");
    expect(preis[0]).toMatchObject({ type: "string", format: "date" });
    const session = doc.paths["/app/api/account/sessions/{id}"]?.delete;
    expect(JSON.stringify(session)).toContain('"format":"uuid"');
  });

  it("lists the 249 ISO 3166-1 codes on every country a request sends", () => {
    const bodies = operations().flatMap(({ operation }) =>
      operation.requestBody ? [operation.requestBody] : [],
    );
    const lands = propertiesNamed(bodies, "land");
    expect(lands.length).toBeGreaterThanOrEqual(3); // VAT rates, customer addresses, tenant addresses
    for (const land of lands) expect(land.enum).toEqual([...LAENDER_KUERZEL]);
  });
});
