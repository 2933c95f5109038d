import {
  type TFieldError,
  type TProblem,
  type TProblemCode,
  ZProblem,
} from "@kontor/domain/http/problem.schema";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import type { z } from "zod";
import { RequestValidationError } from "./compilers.ts";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** Throw from any route or service; the error handler answers with application/problem+json. */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly code: TProblemCode,
    readonly detail?: string,
    readonly fieldErrors?: TFieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail ?? code);
  }
}

export function sendProblem(reply: FastifyReply, problem: Omit<TProblem, "title"> & { title?: string }) {
  const body: TProblem = {
    ...problem,
    title: problem.title ?? TITLES[problem.status] ?? "Error",
    requestId: String(reply.request.id),
  };
  return reply.code(problem.status).type("application/problem+json").send(body);
}

/** Every error leaves the server as problem+json with a stable code; unexpected ones are logged, not shown. */
export function registerProblemHandlers(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ProblemError) {
      if (error.headers) reply.headers(error.headers);
      return sendProblem(reply, {
        status: error.status,
        code: error.code,
        detail: error.detail,
        fieldErrors: error.fieldErrors,
      });
    }
    if (error instanceof RequestValidationError) {
      return sendProblem(reply, { status: 400, code: "error.validation", fieldErrors: error.fieldErrors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendProblem(reply, { status, code: "error.payloadTooLarge" });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, ...
      request.log.info({ err: error }, "client error");
      return sendProblem(reply, { status, code: "error.validation", detail: error.message });
    }
    request.log.error({ err: error }, "unhandled error");
    return sendProblem(reply, { status: 500, code: "error.internal" });
  });
}

/** Response schemas for a route: the success schemas plus problem+json for each listed error status. */
export function responses<T extends Record<number, z.ZodType>, E extends number>(ok: T, ...errors: E[]) {
  const problems = Object.fromEntries(errors.map((status) => [status, ZProblem]));
  return { ...problems, ...ok } as T & { [K in Exclude<E, keyof T>]: typeof ZProblem };
}
