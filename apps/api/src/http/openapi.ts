import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { PROBLEM_JSON } from "./problem.ts";

type JsonResponse = { description?: string; content?: Record<string, unknown> };

/**
 * The OpenAPI transform of every route: the provider's zod → JSON Schema conversion, then
 * - a 204 as what it is, a response without a body (zod's z.null() would read as a JSON `null` body);
 * - on a route with a body, the answers Fastify gives before the route's code runs: 413 (over the body limit) and
 *   415 (a content type without parser), problem+json like the route's 400.
 * Error responses need no rewriting: `responses()` (problem.ts) declares them as application/problem+json, and
 * fileResponse() the media types of files.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as { body?: unknown; response?: Record<string, JsonResponse> } | undefined;
  const response = schema?.response;
  if (!response) return result;
  if (response["204"]) response["204"] = { type: "null", description: "No Content" } as JsonResponse;
  const problem = Object.values(response).find((candidate) => candidate.content?.[PROBLEM_JSON]);
  if (schema.body && problem) {
    response["413"] ??= { ...problem, description: "Payload Too Large (error.payloadTooLarge)" };
    response["415"] ??= { ...problem, description: "Unsupported Media Type (a body that is not JSON)" };
  }
  return result;
};
