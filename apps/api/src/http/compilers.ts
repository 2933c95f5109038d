import { toFieldErrors } from "@kontor/domain/http/field-errors";
import type { TFieldError } from "@kontor/domain/http/problem.schema";
import { uncleanTextFields } from "@kontor/domain/http/text.rules";
import type { FastifySchemaCompiler } from "fastify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import type { z } from "zod";

/** A request part (body, querystring, params, headers) that failed its zod schema. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(readonly fieldErrors: TFieldError[]) {
    super("Request validation failed");
  }
}

/**
 * Validator for route schemas: zod parsing with the stable field codes of packages/domain (instead of the
 * provider's default messages), so a 400 names each field and what is wrong with it. Before the schema, the one
 * text rule of the boundary (no control characters, no lone surrogates — packages/domain http/text.rules.ts)
 * applies to every string of the part, whatever its schema says.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const unclean = uncleanTextFields(data);
    if (unclean.length > 0) return { error: new RequestValidationError(unclean) };
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(toFieldErrors(result.error.issues, data)) };
  };

/**
 * Serializer for response schemas: the response is parsed by its zod schema, so only the declared fields leave
 * the server (unknown keys are stripped) and a response that breaks its contract is a 500, not a leak. Parsing
 * (not zod's encode) lets the shared schemas keep their normalising transforms, which are idempotent.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (!result.success) {
      throw new Error(
        `response does not match its schema: ${JSON.stringify(toFieldErrors(result.error.issues, data))}`,
      );
    }
    return JSON.stringify(result.data);
  };
