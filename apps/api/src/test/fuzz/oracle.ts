import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { LightMyRequestResponse } from "fastify";
import { toJsonSchema } from "./schema.ts";
import { MARKER, type Operation } from "./world.ts";

/**
 * What every answer must be: no 5xx; a status the operation declares; errors as application/problem+json and
 * successes with a declared media type; a JSON body valid against the declared schema of its status; 204 empty;
 * nothing of tenant B (its marker) in the body or a header.
 */
const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);
// zod states the pattern it checks next to `format: email`; ajv's own e-mail rule is stricter than zod's (umlauts
// in contact e-mails), so the pattern decides. Binary and base64 bodies are not JSON.
ajv.addFormat("email", true);
ajv.addFormat("binary", true);
ajv.addFormat("base64", true);

const validators = new Map<string, ValidateFunction>();
function validator(key: string, schema: unknown): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(schema) as object);
    validators.set(key, validate);
  }
  return validate;
}

const mediaType = (header: unknown) =>
  String(header ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();

/** The problems with one answer; empty when it keeps the contract. */
export function verdict(operation: Operation, response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`status ${status}`);
  const declared =
    operation.responses[String(status)] ??
    operation.responses[`${String(status)[0]}XX`] ??
    operation.responses.default;
  const type = mediaType(response.headers["content-type"]);
  if (!declared) {
    // (a 5xx is a finding of its own above)
    if (status < 500)
      problems.push(`status ${status} is not declared (declared: ${Object.keys(operation.responses)})`);
  } else if (status === 204) {
    if (response.rawPayload.length > 0) problems.push("a 204 with a body");
  } else if (declared.content) {
    const media = declared.content[type];
    if (!media)
      problems.push(
        `content type "${type}" is not declared for ${status} (${Object.keys(declared.content)})`,
      );
    else if (type.endsWith("json")) {
      let body: unknown;
      try {
        body = JSON.parse(response.body);
      } catch {
        problems.push("the body is not JSON");
      }
      if (body !== undefined) {
        const validate = validator(`${operation.name} ${status} ${type}`, media.schema);
        if (!validate(body))
          problems.push(`the body breaks the ${status} schema: ${ajv.errorsText(validate.errors)}`);
      }
    } else if (response.rawPayload.length === 0 && status === 200) problems.push("an empty file");
  }
  if (status >= 400 && type !== "application/problem+json")
    problems.push(`error as "${type}", not application/problem+json`);
  if (response.rawPayload.toString("latin1").includes(MARKER)) problems.push("tenant B's data in the body");
  for (const [name, value] of Object.entries(response.headers))
    if (String(value).includes(MARKER)) problems.push(`tenant B's data in header ${name}`);
  return problems;
}

/** A request and its answer as printed with a finding (tokens shortened, long bodies cut). */
export function describeExchange(
  request: {
    method: string;
    url: string;
    headers: Record<string, string | undefined>;
    payload?: string | Buffer;
    mutation: string;
  },
  response: LightMyRequestResponse,
): string {
  const cut = (text: string, max = 1500) =>
    text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
  const headers = Object.entries(request.headers)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}: ${name === "authorization" ? cut(String(value), 24) : value}`)
    .join("\n    ");
  const payload =
    request.payload === undefined
      ? "(no body)"
      : Buffer.isBuffer(request.payload)
        ? `bytes ${cut(request.payload.toString("hex"), 200)}`
        : cut(request.payload);
  const responseType = String(response.headers["content-type"] ?? "");
  const responseBody = /json|text/.test(responseType)
    ? cut(response.body)
    : `${response.rawPayload.length} bytes of ${responseType}`;
  return [
    `  request (${request.mutation}):`,
    `    ${request.method} ${cut(request.url, 600)}`,
    `    ${headers}`,
    `    ${payload}`,
    `  response: ${response.statusCode} ${responseType}`,
    `    ${responseBody}`,
  ].join("\n");
}
