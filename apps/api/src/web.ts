import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { sendProblem } from "./http/problem.ts";

/**
 * Serves the built single-page app under /app/ with history fallback: any GET below /app/ that is neither an API
 * route nor a file answers index.html, so deep links such as /app/kunde_list/ work. / redirects to /app/.
 */
export async function registerWeb(app: FastifyInstance, webDir: string) {
  const built = existsSync(path.join(webDir, "index.html"));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: "/app/",
      wildcard: true,
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

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isPage = (request.method === "GET" || request.method === "HEAD") && url.startsWith("/app/");
    if (!isPage || url.startsWith("/app/api/") || url === "/app/api") {
      return sendProblem(reply, { status: 404, code: "error.notFound", detail: `${request.method} ${url}` });
    }
    if (!built) {
      return reply.code(503).type("text/plain").send("Kontor web app is not built: run `npm run build`.");
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}
