import type { TFieldError } from "@kontor/domain/http/problem.schema";
import { ProblemError } from "../http/problem.ts";

/**
 * Database errors that are the user's to fix, as problem+json: a unique violation names the field that must
 * change (400), a foreign-key violation on delete says the record is still in use (409). Everything else goes on
 * unchanged (and the error handler answers 500 without customer data).
 */

/** The PostgreSQL error behind a driver or Drizzle error (Drizzle wraps it as `cause`). */
export function pgError(error: unknown): { code?: string; constraint?: string } | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === "string" ? { constraint: candidate.constraint } : {}),
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** Unique violations become 400 with the field that must change; anything else goes on as it was. */
export function mapUniqueViolation(error: unknown, unique: Record<string, string> = {}): never {
  const pg = pgError(error);
  if (pg?.code === "23505") {
    const field = (pg.constraint && unique[pg.constraint]) ?? "id";
    const fieldErrors: TFieldError[] = [{ field, code: "unique" }];
    throw new ProblemError(400, "error.validation", undefined, fieldErrors);
  }
  throw error;
}

/** Deleting a record other records still reference is refused with 409 error.inUse (nothing is deleted). */
export function mapInUse(error: unknown): never {
  if (pgError(error)?.code === "23503") throw new ProblemError(409, "error.inUse");
  throw error;
}
