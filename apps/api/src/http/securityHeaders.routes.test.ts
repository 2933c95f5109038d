import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertArtikel } from "../modules/artikel/artikelDatei.fixture.ts";
import { insertKunde } from "../modules/kunde/kunde.fixture.ts";
import { MINIMAL_PDF } from "../test/files.ts";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../test/helpers.ts";
import { CSP_NONCE_PLACEHOLDER } from "../web.ts";
import { APP_POLICY, DOCS_POLICY, HSTS } from "./securityHeaders.ts";

/** A stand-in for the built web app: index.html with the nonce placeholder, one hashed asset. */
function fakeWebDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "kontor-web-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}" />` +
      '<script type="module" src="/app/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, "assets", "index-abc123.js"), "console.log('kontor');\n");
  writeFileSync(path.join(dir, "sw.js"), "self.addEventListener('fetch', () => {});\n");
  return dir;
}

let t: TestApp;
let untrusting: TestApp;

beforeAll(async () => {
  const webDir = fakeWebDir();
  [t, untrusting] = await Promise.all([
    createTestApp({ webDir, trustProxy: true }),
    createTestApp({ webDir, trustProxy: false }),
  ]);
});
afterAll(async () => {
  await t?.close();
  await untrusting?.close();
});

/** The directives of a policy header by name. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers["content-security-policy"] ?? "");
  return new Map(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The headers every response carries, and the strict parts of the policy. */
function expectStrict(response: LightMyRequestResponse) {
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["referrer-policy"]).toBe("no-referrer");
  expect(response.headers["x-frame-options"]).toBe("DENY");
  const policy = directives(response);
  expect(policy.get("script-src")).toEqual(["'self'"]);
  expect(policy.get("script-src-attr")).toEqual(["'none'"]);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'self'"]);
  expect(policy.get("form-action")).toEqual(["'self'"]);
  expect(policy.get("default-src")).toEqual(["'self'"]);
  for (const values of policy.values()) expect(values).not.toContain("'unsafe-eval'");
  return policy;
}

describe("security headers", () => {
  it("an API answer: the strict policy, no HSTS over plain HTTP", async () => {
    const response = await t.app.inject({ method: "GET", url: "/app/api/appinfo" });
    expect(response.statusCode).toBe(200);
    const policy = expectStrict(response);
    expect(response.headers["content-security-policy"]).toBe(APP_POLICY);
    expect(policy.get("style-src")).toEqual(["'self'"]);
    // Style attributes: only the four alignments, by hash.
    expect(policy.get("style-src-attr")?.[0]).toBe("'unsafe-hashes'");
    expect(policy.get("style-src-attr")?.slice(1)).toHaveLength(4);
    expect(
      policy
        .get("style-src-attr")
        ?.slice(1)
        .every((v) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(v)),
    ).toBe(true);
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    // Errors too (problem+json from the not-found handler and the guard).
    expectStrict(await t.app.inject({ method: "GET", url: "/app/api/nothing-here" }));
    expectStrict(await t.app.inject({ method: "GET", url: "/app/api/account" }));
  });

  it("index.html (/app/, /app/index.html, deep links): a fresh style nonce in the page and in its policy", async () => {
    const nonces = new Set<string>();
    for (const url of ["/app/", "/app/index.html", "/app/kunde_list/", "/app/index.html.br"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      const policy = expectStrict(response);
      const nonce = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(response.body)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(response.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(policy.get("style-src")).toEqual(["'self'", `'nonce-${nonce}'`]);
      // Scripts never get the nonce: only files of this origin run.
      expect(policy.get("script-src")).toEqual(["'self'"]);
      // The page may frame this origin (a shared document's PDF) and its own blobs (the document preview), nothing
      // frames the page.
      expect(policy.get("frame-src")).toEqual(["'self'", "blob:"]);
      // Its own blobs may play (the content screen's audio player).
      expect(policy.get("media-src")).toEqual(["'self'", "blob:"]);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(4);
  });

  it("a static asset and the service worker: the strict policy, nosniff and their own type", async () => {
    const asset = await t.app.inject({ method: "GET", url: "/app/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    expect(asset.headers["content-security-policy"]).toBe(APP_POLICY);
    expectStrict(asset);
    const worker = await t.app.inject({ method: "GET", url: "/app/sw.js" });
    expect(worker.statusCode).toBe(200);
    expectStrict(worker);
  });

  it("Swagger UI gets its own policy: scripts as strict, inline styles allowed", async () => {
    const response = await t.app.inject({ method: "GET", url: "/app/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-security-policy"]).toBe(DOCS_POLICY);
    const policy = expectStrict(response);
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    const script = await t.app.inject({ method: "GET", url: "/app/api/docs/static/swagger-initializer.js" });
    expect(script.headers["content-security-policy"]).toBe(DOCS_POLICY);
  });

  it("HSTS only on requests that came over TLS, as a trusted proxy reports it", async () => {
    const https = { "x-forwarded-proto": "https" };
    for (const url of ["/app/api/appinfo", "/app/", "/app/assets/index-abc123.js"]) {
      const response = await t.app.inject({ method: "GET", url, headers: https });
      expect(response.headers["strict-transport-security"], url).toBe(HSTS);
      const plain = await t.app.inject({ method: "GET", url, headers: { "x-forwarded-proto": "http" } });
      expect(plain.headers["strict-transport-security"], url).toBeUndefined();
    }
    // Without TRUST_PROXY the header of the client is not believed.
    const spoofed = await untrusting.app.inject({ method: "GET", url: "/app/api/appinfo", headers: https });
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
  });
});

describe("uploaded files are sent as attachments with their checked type", () => {
  const pdf = MINIMAL_PDF;
  const b64 = (bytes: Buffer) => bytes.toString("base64");
  let who: { token: string; mandantId: number };

  beforeAll(async () => {
    const user = await createTenantUser(t, {
      authorities: ["ROLE_USER", "ROLE_ARTIKEL_WRITE"],
      modules: ["artikelbilder", "assetartikel", "assetkunde"],
    });
    who = { token: await login(t, user), mandantId: user.mandantId };
  });

  function expectAttachment(response: LightMyRequestResponse, type: string, name: string) {
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers["content-type"]).toBe(type);
    expect(response.headers["content-disposition"]).toMatch(new RegExp(`^attachment; filename="${name}"`));
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toBe(APP_POLICY);
  }

  it("customer and article PDFs", async () => {
    const kundeId = await insertKunde(t, who.mandantId);
    const kundePdf = await call(t, {
      method: "POST",
      url: `/app/api/kundes/${kundeId}/pdfs`,
      ...who,
      payload: { dateiname: "angebot.html", inhalt: b64(pdf) },
    });
    expect(kundePdf.statusCode, kundePdf.body).toBe(201);
    expectAttachment(
      await call(t, { method: "GET", url: `/app/api/kundes/${kundeId}/pdfs/${kundePdf.json().id}`, ...who }),
      "application/pdf",
      "angebot.html",
    );

    const artikelId = await insertArtikel(t, who.mandantId);
    const artikelPdf = await call(t, {
      method: "POST",
      url: `/app/api/artikel/${artikelId}/pdfs`,
      ...who,
      payload: { dateiname: "datenblatt.pdf", inhalt: b64(pdf) },
    });
    expect(artikelPdf.statusCode, artikelPdf.body).toBe(201);
    expectAttachment(
      await call(t, {
        method: "GET",
        url: `/app/api/artikel/${artikelId}/pdfs/${artikelPdf.json().id}`,
        ...who,
      }),
      "application/pdf",
      "datenblatt.pdf",
    );
  });

  it("article images: the original as an attachment of its type; the thumbnail (made by us) as text", async () => {
    const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: "#175276" } })
      .png()
      .toBuffer();
    const uploaded = await call(t, {
      method: "POST",
      url: "/app/api/artikelimage",
      ...who,
      payload: { dateiname: "bild.svg", inhalt: b64(png) },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { assetId } = uploaded.json();
    const original = await call(t, { method: "GET", url: `/app/api/artikelimage/${assetId}`, ...who });
    expectAttachment(original, "image/png", "bild.svg");
    expect(Buffer.compare(original.rawPayload, png)).toBe(0);

    const thumbnail = await call(t, {
      method: "GET",
      url: `/app/api/artikelimage/${assetId}/thumbnail/1024/800`,
      ...who,
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(thumbnail.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("document templates and the article export", async () => {
    const saved = await call(t, {
      method: "PUT",
      url: "/app/api/rechnungsvorlages",
      ...who,
      payload: { vorlagename: "Briefpapier", vorlage: b64(pdf), vorlageDateiname: "briefpapier.html" },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expectAttachment(
      await call(t, { method: "GET", url: `/app/api/rechnungsvorlages/${saved.json().id}/vorlage`, ...who }),
      "application/pdf",
      "briefpapier.html",
    );

    const excel = await call(t, { method: "GET", url: "/app/api/artikel/excel", ...who });
    expectAttachment(
      excel,
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Artikel_\\d{4}-\\d{2}-\\d{2}\\.xlsx",
    );
  });
});
