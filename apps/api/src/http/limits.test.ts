import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTenantUser, createTestApp, login, type TestApp } from "../test/helpers.ts";

/**
 * Issue 13 item 8: the limits of a request answer problem+json with a stable code like every other error — an URL
 * or headers over Node's 16 KB (431, answered by the HTTP parser before Fastify routes, so only a real socket
 * shows it) and a body over the route's limit (413).
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

/** Sends raw bytes over a socket and reads until the server closes or a complete response has arrived. */
function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", body = ""] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
    });
    socket.write(request);
  });
}

describe("request limits", () => {
  it("an URL of 17 KB is 431 application/problem+json error.headerTooLarge", async () => {
    const url = `/app/api/kundes?search=${"a".repeat(17 * 1024)}`;
    const response = await raw(`GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(response.status).toBe(431);
    expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-store");
    const problem = JSON.parse(response.body);
    expect(problem).toMatchObject({
      status: 431,
      title: "Request Header Fields Too Large",
      code: "error.headerTooLarge",
    });
    expect(response.headers["x-request-id"]).toBe(problem.requestId);
    expect(Number(response.headers["content-length"])).toBe(Buffer.byteLength(response.body));
  });

  it("headers over 16 KB are 431 as well; a request the parser cannot read is 400 error.badRequest", async () => {
    const big = await raw(
      `GET /app/api/appinfo HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"b".repeat(17_000)}\r\n\r\n`,
    );
    expect(big.status).toBe(431);
    expect(JSON.parse(big.body).code).toBe("error.headerTooLarge");
    const garbage = await raw("NOT HTTP AT ALL\r\n\r\n");
    expect(garbage.status).toBe(400);
    expect(garbage.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(JSON.parse(garbage.body)).toMatchObject({ status: 400, code: "error.badRequest" });
  });

  it("a URL just under the limit still reaches the API", async () => {
    const response = await raw(
      `GET /app/api/appinfo?x=${"a".repeat(15 * 1024)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(200);
  });

  it("an URL with broken percent-encoding is 400 application/problem+json error.badRequest", async () => {
    const user = await createTenantUser(t);
    const response = await call(t, {
      method: "GET",
      url: "/app/api/einheits/%FF",
      token: await login(t, user),
      mandantId: user.mandantId,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
    expect(response.json()).toMatchObject({
      status: 400,
      code: "error.badRequest",
      detail: "FST_ERR_BAD_URL",
    });
  });

  it("a body over the limit is 413 application/problem+json error.payloadTooLarge", async () => {
    const user = await createTenantUser(t);
    const token = await login(t, user);
    const big = JSON.stringify({ bezeichnung: "x".repeat(1024 * 1024 + 10) });
    for (const request of [
      { method: "POST" as const, url: "/app/api/auth/login", payload: big },
      { method: "PUT" as const, url: "/app/api/einheits", payload: big, token, mandantId: user.mandantId },
    ]) {
      const response = await call(t, { ...request, headers: { "content-type": "application/json" } });
      expect(response.statusCode).toBe(413);
      expect(response.headers["content-type"]).toBe("application/problem+json; charset=utf-8");
      expect(response.json()).toMatchObject({ status: 413, code: "error.payloadTooLarge" });
    }
  });
});
