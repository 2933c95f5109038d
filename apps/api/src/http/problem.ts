import {
  type TFieldError,
  type TProblem,
  type TProblemCode,
  type TRegelVerstoss,
  ZProblem,
} from "@kontor/domain/http/problem.schema";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
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
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
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
    readonly regeln?: TRegelVerstoss[],
  ) {
    super(detail ?? code);
  }
}

/** 404 error.notFound: the tenant has no record with this id (another tenant's id looks the same). */
export const notFound = () => new ProblemError(404, "error.notFound");

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
        ...(error.regeln ? { regeln: error.regeln } : {}),
      });
    }
    if (error instanceof RequestValidationError) {
      return sendProblem(reply, { status: 400, code: "error.validation", fieldErrors: error.fieldErrors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendProblem(reply, { status, code: "error.payloadTooLarge" });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: unsupported media type, bad content length, ...
      request.log.info(errorLogOf(request, error), "client error");
      return sendProblem(reply, { status, code: "error.validation", detail: error.code });
    }
    request.log.error(errorLogOf(request, error), "unhandled error");
    return sendProblem(reply, { status: 500, code: "error.internal" });
  });
}

/**
 * What an error log line holds (issue 13): the route, the tenant, the user and the error's kind, codes and stack
 * frames — never its message, the request body or SQL parameters, because a database error's message quotes the
 * statement's parameters (customer data) and a parser's message quotes the body.
 */
export function errorLogOf(request: FastifyRequest, error: unknown) {
  const cause = (error as { cause?: unknown }).cause;
  const pg = (cause ?? error) as { code?: unknown; constraint?: unknown; routine?: unknown };
  const stack = error instanceof Error ? error.stack : undefined;
  return {
    route: `${request.method} ${request.routeOptions.url ?? "(no route)"}`,
    mandantId: request.mandant?.id,
    userId: request.principal?.userId,
    error: {
      type: error instanceof Error ? error.constructor.name : typeof error,
      code:
        typeof (error as { code?: unknown }).code === "string" ? (error as { code: string }).code : undefined,
      sqlState: typeof pg.code === "string" ? pg.code : undefined,
      constraint: typeof pg.constraint === "string" ? pg.constraint : undefined,
      routine: typeof pg.routine === "string" ? pg.routine : undefined,
      stack: stack
        ?.split("\n")
        .filter((line) => line.startsWith("    at "))
        .join("\n"),
    },
  };
}

/** The media type of every error body (RFC 9457). */
export const PROBLEM_JSON = "application/problem+json";

/** An error response as the OpenAPI document and the serializer see it: ZProblem as application/problem+json. */
const problemResponse = {
  description: "Error (application/problem+json with a stable code)",
  content: { [PROBLEM_JSON]: { schema: ZProblem } },
} as const;
type ProblemResponse = typeof problemResponse;

/**
 * Response schemas for a route: the success schemas (application/json, or a `fileResponse`) plus
 * application/problem+json for each listed error status.
 */
export function responses<T extends Record<number, z.ZodType | FileResponse>, E extends number>(
  ok: T,
  ...errors: E[]
) {
  const problems = Object.fromEntries(errors.map((status) => [status, problemResponse]));
  return { ...problems, ...ok } as T & { [K in Exclude<E, keyof T>]: ProblemResponse };
}

/** The body of a file: bytes of the given media type, never JSON. */
const ZBinary = z.string().meta({ format: "binary" });
/** A success response that is not JSON: its media types, each with a string schema (binary, or text). */
export type FileResponse = {
  description: string;
  content: Record<string, { schema: z.ZodType<string> }>;
};

/**
 * A success response that is a file (an image, a PDF, a workbook), sent as a Buffer or a stream: its media types
 * with a binary string schema. Fastify serializes neither buffers and streams nor strings of a non-JSON type, so
 * the schema is for the document (and the fuzzer), never applied to the bytes.
 */
export function fileResponse(description: string, ...mediaTypes: [string, ...string[]]): FileResponse {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: ZBinary }])) };
}
