import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerGuard } from "./http/guard.ts";
import { createTokenService } from "./security/token.ts";
import { createTestApp, type TestApp } from "./test/helpers.ts";

let t: TestApp;

beforeAll(async () => {
  const webDir = mkdtempSync(path.join(tmpdir(), "kontor-web-"));
  writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Kontor</title><div id=root></div>");
  mkdirSync(path.join(webDir, "assets"));
  writeFileSync(path.join(webDir, "assets", "index-abc123.js"), "console.log('kontor')");
  t = await createTestApp({ webDir });
});
afterAll(() => t?.close());

describe("health", () => {
  it("GET /app/api/health answers 200 with the database status", async () => {
    const response = await t.app.inject({ method: "GET", url: "/app/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "UP", database: { status: "UP", kind: t.database.kind } });
  });
});

describe("OpenAPI", () => {
  it("serves the document generated from the route schemas", async () => {
    const response = await t.app.inject({ method: "GET", url: "/app/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(
      doc.paths["/app/api/auth/login"].post.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("usernameOrEmail");
    expect(doc.paths["/app/api/auth/login"].post.responses).toHaveProperty("429");
    expect(doc.paths["/app/api/getmandantmodule"].get.security).toEqual([
      { bearerAuth: [], mandantHeader: [] },
    ]);
    expect(doc.paths["/app/api/account"].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes.mandantHeader).toMatchObject({
      in: "header",
      name: "X-Mandant-Id",
    });
  });

  it("describes every operation: a tag, a summary, and for protected routes how to authenticate", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/app/api/openapi.json" })).json();
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, Record<string, unknown>>>,
    ).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(20);
    for (const { path, method, op } of operations) {
      expect(op.tags, `${method} ${path}`).toHaveLength(1);
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      const isPublic = [
        "/app/api/health",
        "/app/api/appinfo",
        "/app/api/auth/login",
        "/app/api/register",
        "/app/api/activate",
        "/app/api/account/reset_password/init",
        "/app/api/account/reset_password/finish",
        "/app/api/totp/deactivate2fa",
        "/app/api/einladung",
        "/app/api/einladung/register",
        "/app/api/public/beleg/{token}",
        "/app/api/public/beleg/{token}/pdf",
      ].includes(path);
      if (!isPublic) expect(op.security, `${method} ${path}`).toBeDefined();
    }
  });

  it("serves Swagger UI at /app/api/docs", async () => {
    const response = await t.app.inject({ method: "GET", url: "/app/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("swagger");
  });
});

describe("web app and routing", () => {
  it("redirects / to /app/", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/app/");
  });

  it.each([
    "/app/",
    "/app/login",
    "/app/kunde_list/",
    "/app/beleg/5/edit/true/false?x=1",
  ])("answers the app for the deep link %s", async (url) => {
    const response = await t.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("<div id=root>");
  });

  it("serves hashed assets as immutable", async () => {
    const response = await t.app.inject({ method: "GET", url: "/app/assets/index-abc123.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toContain("immutable");
  });

  it("answers unknown API paths with a 404 problem, not the app", async () => {
    const response = await t.app.inject({ method: "GET", url: "/app/api/no-such-thing" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/problem+json");
    expect(response.json()).toMatchObject({ status: 404, code: "error.notFound" });
  });

  it("answers paths outside /app with a 404 problem", async () => {
    const response = await t.app.inject({ method: "POST", url: "/elsewhere" });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("error.notFound");
  });
});

describe("request ids and caching", () => {
  it("returns a generated request id, also inside problems", async () => {
    const response = await t.app.inject({ method: "GET", url: "/app/api/account" });
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.json().requestId).toBe(response.headers["x-request-id"]);
  });

  it("keeps the caller's x-request-id", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/app/api/health",
      headers: { "x-request-id": "trace-42" },
    });
    expect(response.headers["x-request-id"]).toBe("trace-42");
  });

  it("marks API responses no-store", async () => {
    const response = await t.app.inject({ method: "GET", url: "/app/api/health" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("route registration", () => {
  it("refuses an /app/api route that does not declare who may call it", async () => {
    const app = Fastify();
    registerGuard(app, { db: t.db, tokens: createTokenService(t.config.tokenSecret) });
    expect(() => app.get("/app/api/unguarded", () => "x")).toThrow(/must declare config.auth/);
    expect(() =>
      app.get("/app/api/guarded", { config: { auth: { level: "user" } } }, () => "x"),
    ).not.toThrow();
    await app.close();
  });
});
