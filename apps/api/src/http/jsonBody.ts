import type { FastifyInstance } from "fastify";
import secureJson from "secure-json-parse";
import { ProblemError } from "./problem.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/**
 * The JSON body parser (issue 13): a body must be valid UTF-8 — Latin-1 bytes, broken sequences and encoded
 * surrogates are refused instead of turning into U+FFFD — and an object must not name a key twice (JSON.parse
 * keeps the last one silently, so what a client meant and what is stored could differ). Prototype poisoning is
 * refused as by Fastify's own parser. Every refusal is 400 error.validation.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

export function parseJsonBody(body: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new ProblemError(400, "error.validation", "The request body is not valid UTF-8");
  }
  if (text.trim() === "") throw new ProblemError(400, "error.validation", "The request body is empty");
  let value: unknown;
  try {
    value = secureJson.parse(text, undefined, { protoAction: "error", constructorAction: "error" });
  } catch {
    // The parser's message quotes the body: it is not echoed, and never logged.
    throw new ProblemError(400, "error.validation", "The request body is not valid JSON");
  }
  const duplicate = duplicateKeyPath(text);
  if (duplicate !== undefined) {
    throw new ProblemError(400, "error.validation", "A key occurs twice in one object", [
      { field: duplicate, code: "invalid" },
    ]);
  }
  return value;
}

interface Frame {
  /** Keys seen so far (objects) or null (arrays). */
  keys: Set<string> | null;
  /** Object: the next string is a key. Array: unused. */
  expectKey: boolean;
  /** The key or index of the value being read in this container. */
  at: string | number;
}

const QUOTE = 0x22;
/** Deeper bodies are refused: no contract nests beyond a few levels, and deep nesting exhausts the stack. */
export const MAX_JSON_DEPTH = 64;
const BACKSLASH = 0x5c;

/**
 * The dotted path of the first key that occurs twice in one object of a JSON text, if any; 400 for a text nested
 * deeper than MAX_JSON_DEPTH. The text must be valid JSON (parsed before), so a scan over strings and brackets is
 * enough; keys are compared after unescaping ("a" and "\u0061" are the same key).
 */
export function duplicateKeyPath(text: string): string | undefined {
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      for (i++; text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++;
      const top = stack[stack.length - 1];
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(start, i + 1)) as string;
        top.at = key;
        if (top.keys.has(key)) return stack.map((frame) => frame.at).join(".");
        top.keys.add(key);
        top.expectKey = false;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (stack.length >= MAX_JSON_DEPTH) {
        throw new ProblemError(
          400,
          "error.validation",
          `The body nests deeper than ${MAX_JSON_DEPTH} levels`,
        );
      }
      stack.push(
        c === 0x7b ? { keys: new Set(), expectKey: true, at: "" } : { keys: null, expectKey: false, at: 0 },
      );
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
    } else if (c === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top?.keys) top.expectKey = true;
      else if (top) top.at = (top.at as number) + 1;
    }
  }
  return undefined;
}
