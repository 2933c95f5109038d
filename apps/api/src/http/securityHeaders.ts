import { createHash, randomBytes } from "node:crypto";
import fastifyHelmet from "@fastify/helmet";
import { RICH_TEXT_STYLE_VALUES } from "@kontor/domain/richtext/richtext.rules";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Security headers of every response (issue 13): a strict Content-Security-Policy, no framing, no sniffing, no
 * referrer, HSTS behind TLS. @fastify/helmet sets them in onRequest for every route, the static files and the
 * not-found answers; two kinds of response replace the policy with their own:
 * - the web app's index.html (web.ts): the same policy plus a per-response nonce for style elements
 *   (stylePolicyNonce/pagePolicy), which Mantine and tiptap put on the <style> elements they create;
 * - Swagger UI under /app/api/docs: DOCS_POLICY, looser for styles (see there).
 */

type Directives = Record<string, string[]>;

/** `'sha256-…'` of a text, as CSP writes hashes. */
const hash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * The policy of everything. Scripts only from this origin, never inline (no nonce, no hash, no eval); styles from
 * this origin (stylesheets) and, in index.html, style elements carrying the response's nonce. Style ATTRIBUTES
 * (style-src-attr) are blocked except the four text alignments stored rich text may contain, admitted by hash
 * ('unsafe-hashes' allows hashes for attributes; the values are RICH_TEXT_STYLE_VALUES, exactly what the sanitizers
 * leave). React's, Mantine's and ProseMirror's own styles are set through CSSOM (element.style), which CSP does
 * not restrict. Images also from data: (embedded in rich text) and blob: (downloaded article images).
 */
const APP_DIRECTIVES: Directives = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  "style-src": ["'self'"],
  "style-src-attr": ["'unsafe-hashes'", ...RICH_TEXT_STYLE_VALUES.map(hash)],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "manifest-src": ["'self'"],
  "worker-src": ["'self'"],
  "frame-src": ["'none'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/**
 * Swagger UI (a tool for developers, no stored content): scripts as strict as the app; styles also inline, because
 * its React components render style attributes and it creates style elements without a nonce; its images are
 * data: SVGs.
 */
const DOCS_DIRECTIVES: Directives = {
  ...APP_DIRECTIVES,
  "style-src": ["'self'", "'unsafe-inline'"],
  "style-src-attr": ["'unsafe-inline'"],
  "img-src": ["'self'", "data:"],
};

/** The header value, written as helmet writes it (so every response's policy reads alike). */
const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join(";");

export const APP_POLICY = serialize(APP_DIRECTIVES);
export const DOCS_POLICY = serialize(DOCS_DIRECTIVES);

/** HSTS, sent only on requests that came over TLS (request.protocol honours TRUST_PROXY's X-Forwarded-Proto). */
export const HSTS = "max-age=31536000; includeSubDomains";

/** A fresh nonce for one response (128 bits, base64). */
export const stylePolicyNonce = () => randomBytes(16).toString("base64");

/**
 * The policy of an index.html response whose style elements carry `nonce`. The page may frame this origin and
 * blobs it made itself (`frame-src 'self' blob:`): the public page of a shared document (/invoicetemplate/{token},
 * issue 16) shows the document's PDF, served by the API, in an iframe; the document preview shows a PDF the app
 * fetched (with token and tenant) from a blob URL in the browser's viewer — which works although the blob document
 * inherits `object-src 'none'` (checked in Chromium). Nothing can frame the page itself (frame-ancestors 'none').
 * Audio and video may play from this origin and from blobs the app fetched (`media-src 'self' blob:`): the content
 * screen's player (issue 23) plays a file fetched with token and tenant.
 */
export function pagePolicy(nonce: string): string {
  return serialize({
    ...APP_DIRECTIVES,
    "style-src": [...(APP_DIRECTIVES["style-src"] ?? []), `'nonce-${nonce}'`],
    "frame-src": ["'self'", "blob:"],
    "media-src": ["'self'", "blob:"],
  });
}

/**
 * The policy of a file the app itself shows in a frame (a shared document's PDF): as strict as every answer, but
 * frameable by pages of this origin — no other site may frame it.
 */
export const SAME_ORIGIN_FRAME_POLICY = serialize({ ...APP_DIRECTIVES, "frame-ancestors": ["'self'"] });

/** Lets pages of this origin (and only they) show the reply in a frame; every other header stays. */
export function frameableBySelf(reply: FastifyReply): FastifyReply {
  return reply
    .header("content-security-policy", SAME_ORIGIN_FRAME_POLICY)
    .header("x-frame-options", "SAMEORIGIN");
}

/** Registers the headers for every response; `docsPrefix` is where Swagger UI lives. Call before any route. */
export async function registerSecurityHeaders(app: FastifyInstance, { docsPrefix }: { docsPrefix: string }) {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: APP_DIRECTIVES },
    hsts: false, // below, only behind TLS
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", async (request, reply) => {
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
    const path = request.url.split("?", 1)[0] ?? "";
    if (path === docsPrefix || path.startsWith(`${docsPrefix}/`))
      reply.header("content-security-policy", DOCS_POLICY);
  });
}
