import { randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import type { TProblem } from "@kontor/domain/http/problem.schema";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendProblem } from "./problem.ts";

/**
 * Errors of Node's HTTP parser, before Fastify sees a request (Fastify's `clientErrorHandler`): an URL or headers
 * over the 16 KB limit (HPE_HEADER_OVERFLOW) is 431 error.headerTooLarge, a request that did not arrive in time is
 * 408 error.requestTimeout, anything else the parser refuses is 400 error.badRequest — each an
 * application/problem+json body like every other error, then the connection is closed.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  // A connection reset or an already closed socket: nobody to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, title, code]: [number, string, TProblem["code"]] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", "error.headerTooLarge"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", "error.requestTimeout"]
        : [400, "Bad Request", "error.badRequest"];
  const problem: TProblem = { status, title, code, requestId: randomUUID() };
  this.log.info({ code: error.code, status, requestId: problem.requestId }, "client error");
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const body = JSON.stringify(problem);
  // end (not write + destroy): the answer is flushed before the connection closes.
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\n` +
      "Content-Type: application/problem+json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Cache-Control: no-store\r\n" +
      `X-Request-Id: ${problem.requestId}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
    () => socket.destroy(),
  );
}

/**
 * Errors of Fastify's router before a route is chosen (Fastify's `frameworkErrors`): an URL whose percent-encoding
 * is broken (FST_ERR_BAD_URL, e.g. /kundes/%FF) is 400 error.badRequest as problem+json, not Fastify's own JSON.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  sendProblem(reply, { status: 400, code: "error.badRequest", detail: error.code });
}
