import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { sendProblem } from "./http/problem.ts";
import { pagePolicy, stylePolicyNonce } from "./http/securityHeaders.ts";

/**
 * Stands in index.html (apps/web/index.html, `<meta property="csp-nonce" nonce="…">`) for the nonce of the response:
 * every answer of index.html gets a fresh one, in the page and in its Content-Security-Policy (style-src), and the
 * app hands it to Mantine and tiptap for the style elements they create (apps/web/src/app/cspNonce.ts).
 */
export const CSP_NONCE_PLACEHOLDER = "__CSP_NONCE__";

/**
 * Serves the built single-page app under /app/ with history fallback: any GET below /app/ that is neither an API
 * route nor a file answers index.html, so deep links such as /app/kunde_list/ work. / redirects to /app/.
 */
export async function registerWeb(app: FastifyInstance, webDir: string) {
  const indexFile = path.join(webDir, "index.html");
  const built = existsSync(indexFile);

  /** index.html with a fresh style nonce in the page and in the policy; never from the static files. */
  const sendIndex = async (reply: FastifyReply) => {
    const nonce = stylePolicyNonce();
    const html = (await readFile(indexFile, "utf8")).replaceAll(CSP_NONCE_PLACEHOLDER, nonce);
    return reply
      .header("cache-control", "no-cache")
      .header("content-security-policy", pagePolicy(nonce))
      .type("text/html; charset=utf-8")
      .send(html);
  };

  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: "/app/",
      wildcard: true,
      index: false,
      // index.html (and its .gz/.br) only through sendIndex, which puts the nonce in.
      allowedPath: (pathName) => !pathName.startsWith("/index.html"),
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  } else {
    app.log.warn({ webDir }, "web app not built (npm run build); /app/ answers 503");
  }

  app.get("/", { config: { auth: { level: "public" } }, schema: { hide: true } }, (_request, reply) =>
    reply.redirect("/app/"),
  );
  app.get("/app", { config: { auth: { level: "public" } }, schema: { hide: true } }, (_request, reply) =>
    reply.redirect("/app/"),
  );
  if (built) {
    for (const url of ["/app/", "/app/index.html"]) {
      app.get(url, { config: { auth: { level: "public" } }, schema: { hide: true } }, (_request, reply) =>
        sendIndex(reply),
      );
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isPage = (request.method === "GET" || request.method === "HEAD") && url.startsWith("/app/");
    if (!isPage || url.startsWith("/app/api/") || url === "/app/api") {
      return sendProblem(reply, { status: 404, code: "error.notFound", detail: `${request.method} ${url}` });
    }
    if (!built) {
      return reply.code(503).type("text/plain").send("Kontor web app is not built: run `npm run build`.");
    }
    return sendIndex(reply);
  });
}
