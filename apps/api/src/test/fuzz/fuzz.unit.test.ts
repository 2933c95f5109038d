import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers.ts";
import { verdict } from "./oracle.ts";
import { toJsonSchema, valueArbitrary } from "./schema.ts";
import { MARKER, type Operation, operationsOf } from "./world.ts";

/** The fuzzer's own parts: its "valid" values are valid, and its oracle sees what it must. */
let t: TestApp;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp({ databaseUrl: undefined });
  operations = operationsOf((await t.app.inject({ method: "GET", url: "/app/api/openapi.json" })).json());
});
afterAll(() => t?.close());

describe("fuzzer: schema arbitraries", () => {
  it("generates request bodies and parameters that their own JSON schema accepts", () => {
    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    ajv.addFormat("base64", /^[A-Za-z0-9+/]*={0,2}$/);
    const schemas = operations.flatMap((operation) => [
      ...(operation.body ? [{ name: `${operation.name} body`, schema: operation.body }] : []),
      ...operation.parameters.map((p) => ({ name: `${operation.name} ${p.in} ${p.name}`, schema: p.schema })),
    ]);
    expect(schemas.length).toBeGreaterThan(200);
    const invalid: string[] = [];
    for (const [index, { name, schema }] of schemas.entries()) {
      const validate = ajv.compile(toJsonSchema(schema) as object);
      for (const value of fc.sample(valueArbitrary(schema), { numRuns: 5, seed: index })) {
        if (!validate(value))
          invalid.push(`${name}: ${JSON.stringify(value)?.slice(0, 200)} ${ajv.errorsText(validate.errors)}`);
      }
    }
    expect(invalid).toEqual([]);
  });
});

describe("fuzzer: oracle", () => {
  const operation: Operation = {
    name: "GET /app/api/x",
    method: "GET",
    path: "/app/api/x",
    parameters: [],
    responses: {
      "200": {
        content: {
          "application/json": {
            schema: { type: "object", properties: { id: { type: "integer" } }, required: ["id"] },
          },
        },
      },
      "404": { content: { "application/problem+json": { schema: { type: "object" } } } },
    },
    tenant: true,
    signedIn: true,
    collection: "x",
  };
  const response = (statusCode: number, type: string, body: string) =>
    ({
      statusCode,
      headers: { "content-type": type },
      body,
      rawPayload: Buffer.from(body),
    }) as unknown as LightMyRequestResponse;

  it("passes an answer that keeps the contract", () => {
    expect(verdict(operation, response(200, "application/json; charset=utf-8", '{"id":1}'))).toEqual([]);
    expect(verdict(operation, response(404, "application/problem+json", "{}"))).toEqual([]);
  });

  it("flags a 5xx, an undeclared status, a broken body, an error as JSON and tenant B's marker", () => {
    expect(verdict(operation, response(500, "application/problem+json", "{}")).join()).toContain(
      "status 500",
    );
    expect(verdict(operation, response(409, "application/problem+json", "{}")).join()).toContain(
      "not declared",
    );
    expect(verdict(operation, response(200, "application/json", '{"id":"1"}')).join()).toContain("breaks");
    expect(verdict(operation, response(404, "application/json", "{}")).join()).toContain(
      "not application/problem+json",
    );
    expect(
      verdict(operation, response(200, "application/json", `{"id":1,"x":"${MARKER}3x"}`)).join(),
    ).toContain("tenant B");
  });
});
