/**
 * Number circles (DESIGN §6, SPEC §3 belegnummerkreis / rechnungskreis): a pattern turns the next sequence
 * number and the date into a document number. Allocation itself (row lock, no gaps) is the API's job; these
 * rules only say what the pattern means and which sequence number comes next. Without zod (the web's circle form
 * loads this in its first load); the pattern's schema is ZNumberPattern in nummernkreis.schema.ts.
 */

/** Year and a 5-digit sequence: 2026-00001 (SPEC §3). */
export const DEFAULT_NUMBER_PATTERN = "{YYYY}-{NNNNN}";

/** The longest pattern a circle may have. */
export const MAX_PATTERN_LENGTH = 40;

/** One piece of a parsed pattern. */
export type PatternToken =
  | { kind: "literal"; text: string }
  | { kind: "year4" }
  | { kind: "year2" }
  | { kind: "month" }
  | { kind: "sequence"; width: number };

/** Why a pattern is refused; the web translates these codes. */
export type PatternErrorCode = "sequenceMissing" | "sequenceTwice" | "unknownToken" | "tooLong";

export type ParsedPattern = { ok: true; tokens: PatternToken[] } | { ok: false; code: PatternErrorCode };

/** Literal text: letters, digits, space and - / _ . # (nothing that breaks file names or URLs). */
const LITERAL = /^[\p{L}\p{N} \-/_.#]$/u;

/**
 * Splits a pattern into tokens: `{YYYY}`, `{YY}`, `{MM}`, exactly one `{N…}` (its N count is the zero-padded
 * width) and literal text. Any other `{…}`, an unclosed brace, a stray `}` or a character outside the literal set
 * is "unknownToken".
 */
export function parsePattern(pattern: string): ParsedPattern {
  if (pattern.length > MAX_PATTERN_LENGTH) return { ok: false, code: "tooLong" };
  const tokens: PatternToken[] = [];
  let literal = "";
  let sequences = 0;
  let i = 0;
  while (i < pattern.length) {
    const char = pattern.charAt(i);
    if (char === "{") {
      const end = pattern.indexOf("}", i);
      if (end < 0) return { ok: false, code: "unknownToken" };
      const token = placeholder(pattern.slice(i + 1, end));
      if (!token) return { ok: false, code: "unknownToken" };
      if (token.kind === "sequence") sequences += 1;
      if (literal) tokens.push({ kind: "literal", text: literal });
      literal = "";
      tokens.push(token);
      i = end + 1;
    } else {
      if (!LITERAL.test(char)) return { ok: false, code: "unknownToken" };
      literal += char;
      i += 1;
    }
  }
  if (literal) tokens.push({ kind: "literal", text: literal });
  if (sequences === 0) return { ok: false, code: "sequenceMissing" };
  if (sequences > 1) return { ok: false, code: "sequenceTwice" };
  return { ok: true, tokens };
}

function placeholder(name: string): PatternToken | null {
  if (name === "YYYY") return { kind: "year4" };
  if (name === "YY") return { kind: "year2" };
  if (name === "MM") return { kind: "month" };
  if (/^N+$/.test(name)) return { kind: "sequence", width: name.length };
  return null;
}

/** The date parts a number is formatted with (the document's or the allocation's year and month). */
/**
 * Whether the numbers of a pattern name their year ({YYYY} or {YY}). A circle that restarts every year needs it: the
 * new year's sequence would repeat the old year's numbers (issue 33).
 */
export function printsYear(pattern: string): boolean {
  const parsed = parsePattern(pattern.trim());
  return parsed.ok && parsed.tokens.some((token) => token.kind === "year4" || token.kind === "year2");
}

export type NumberDate = { year: number; month: number };

/**
 * The document number for a sequence number and date. The sequence is zero-padded to the token's width and
 * printed in full when longer (never cut: a cut number would repeat). Throws on an invalid pattern or input.
 */
export function formatNumber(pattern: string, input: { sequence: number; date: NumberDate }): string {
  const parsed = parsePattern(pattern);
  if (!parsed.ok) throw new RangeError(`Invalid number pattern (${parsed.code}): "${pattern}"`);
  const { sequence, date } = input;
  if (!Number.isSafeInteger(sequence) || sequence < 0) throw new RangeError(`Invalid sequence: ${sequence}`);
  if (!Number.isInteger(date.year) || date.year < 0 || date.year > 9999)
    throw new RangeError(`Invalid year: ${date.year}`);
  if (!Number.isInteger(date.month) || date.month < 1 || date.month > 12)
    throw new RangeError(`Invalid month: ${date.month}`);
  return parsed.tokens.map((token) => tokenText(token, sequence, date)).join("");
}

function tokenText(token: PatternToken, sequence: number, date: NumberDate): string {
  switch (token.kind) {
    case "literal":
      return token.text;
    case "year4":
      return String(date.year).padStart(4, "0");
    case "year2":
      return String(date.year % 100).padStart(2, "0");
    case "month":
      return String(date.month).padStart(2, "0");
    case "sequence":
      return String(sequence).padStart(token.width, "0");
  }
}

/**
 * What a circle has given so far: the last sequence number and the year it was given in (null: never),
 * the first number (1 for circles without one) and whether the sequence restarts every year.
 */
export type SequenceState = { last: number; lastJahr: number | null; first: number; nummerProJahr: boolean };

/**
 * The next sequence number to give in `year`, and the year to store with it. The rule, in order:
 * 1. nothing given yet (`last < first` and `lastJahr` null) → `first`;
 * 2. `nummerProJahr` and `lastJahr !== year` → restart at 1 (the first number counts only for the very first
 *    number a circle gives);
 * 3. otherwise → `last + 1`.
 * A `first` below 1 counts as 1.
 * `year` is the year the number is given for; the caller stores `{ last: sequence, lastJahr: jahr }`.
 */
export function nextSequence(state: SequenceState, year: number): { sequence: number; jahr: number } {
  const first = state.first > 0 ? state.first : 1;
  if (state.lastJahr === null && state.last < first) return { sequence: first, jahr: year };
  if (state.nummerProJahr && state.lastJahr !== year) return { sequence: 1, jahr: year };
  return { sequence: state.last + 1, jahr: year };
}

/**
 * The number the circle would give next ("next number" in the circle's form). A preview consumes nothing and
 * may be taken by another document before this one is finalized: only the allocation in the finalizing
 * transaction (which stores the new state) gives a number. Throws on an invalid pattern.
 */
export function previewNumber(pattern: string, state: SequenceState, date: NumberDate): string {
  return formatNumber(pattern, { sequence: nextSequence(state, date.year).sequence, date });
}

/**
 * A regular expression (PostgreSQL ARE, and JavaScript alike) that matches exactly the numbers `pattern` gives in
 * `year` — any month, any sequence number — with the sequence number as its only capturing group: how the API finds
 * the highest number a circle's pattern has given (issue 33: a counter set below it would repeat taken numbers).
 * undefined for an invalid pattern.
 */
export function numberRegex(pattern: string, year: number): string | undefined {
  const parsed = parsePattern(pattern.trim());
  if (!parsed.ok) return undefined;
  const part = (token: PatternToken): string => {
    switch (token.kind) {
      case "literal":
        return token.text.replace(/[^\p{L}\p{N}]/gu, (char) => `\\${char}`);
      case "year4":
        return String(year).padStart(4, "0");
      case "year2":
        return String(year % 100).padStart(2, "0");
      case "month":
        return "(?:0[1-9]|1[0-2])";
      case "sequence":
        return `([0-9]{${token.width},})`;
    }
  };
  return `^${parsed.tokens.map(part).join("")}$`;
}

/** An example of a pattern's numbers, for forms that show a pattern: the number, or why there is none. */
export type PatternExample = { ok: true; number: string } | { ok: false; code: PatternErrorCode };

/**
 * What a pattern's number looks like for `sequence` (default 1) on `date` — "{YYYY}-{NNNNN}" → "2026-00001" — so a
 * form or list can show that instead of (or beside) the raw tokens. Never throws: an invalid pattern gives its
 * error code; a sequence below 0 or not whole counts as 1.
 */
export function patternExample(pattern: string, date: NumberDate, sequence = 1): PatternExample {
  const parsed = parsePattern(pattern.trim());
  if (!parsed.ok) return parsed;
  const safe = Number.isSafeInteger(sequence) && sequence >= 0 ? sequence : 1;
  return { ok: true, number: parsed.tokens.map((token) => tokenText(token, safe, date)).join("") };
}
