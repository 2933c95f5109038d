/**
 * Exact decimal arithmetic on scaled bigints (DESIGN §6: money is exact in code, never float sums).
 * A value is `units / 10^scale`; every operation works on the integers, so 0.1 + 0.2 is 0.3 and rounding
 * sees the true digits (1.005 rounds to 1.01, where float math says 1.00).
 */

declare const decimalBrand: unique symbol;

/** An exact decimal number. Opaque: build it with `dec`, read it with `toNumber` / `toFixedString`. */
export type Decimal = {
  readonly units: bigint;
  readonly scale: number;
  readonly [decimalBrand]: true;
};

const NUMBER_FORMAT = /^([+-])?(\d*)(?:[.,](\d*))?(?:e([+-]?\d+))?$/i;

/** Canonical form (no trailing fractional zeros), so equal values are structurally equal. */
function make(units: bigint, scale: number): Decimal {
  let u = units;
  let s = scale;
  while (s > 0 && u % 10n === 0n) {
    u /= 10n;
    s -= 1;
  }
  return { units: u, scale: s } as Decimal;
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

function checkScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < 0 || scale > 100) throw new RangeError(`Invalid scale: ${scale}`);
}

/** Both values' units at their common (larger) scale. */
function aligned(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

/** numerator / denominator as an integer, rounded half away from zero (commercial rounding). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let quotient = n / d;
  if ((n % d) * 2n >= d) quotient += 1n;
  return negative ? -quotient : quotient;
}

/**
 * Reads a decimal from user or JSON input: "12,5", "12.5", "-3", "1e-7" or 12.5. Numbers are read through their
 * shortest string form (what the user typed / JSON carried), never through float math. Throws on anything else
 * (NaN, Infinity, thousands separators, blanks).
 */
export function dec(value: number | string): Decimal {
  if (typeof value === "number" && !Number.isFinite(value))
    throw new RangeError(`Not a finite number: ${value}`);
  const text = typeof value === "number" ? String(value) : value.trim();
  const match = NUMBER_FORMAT.exec(text);
  const whole = match?.[2] ?? "";
  const fraction = match?.[3] ?? "";
  if (!match || whole + fraction === "") throw new RangeError(`Not a decimal number: "${value}"`);
  const exponent = Number(match[4] ?? "0");
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 1000)
    throw new RangeError(`Exponent out of range: "${value}"`);
  let units = BigInt(whole + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  return make(match[1] === "-" ? -units : units, scale);
}

/** a + b, exact. */
export function add(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = aligned(a, b);
  return make(x + y, scale);
}

/** a − b, exact. */
export function sub(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = aligned(a, b);
  return make(x - y, scale);
}

/** a × b, exact (the scales add up; round the result where the domain says so). */
export function mul(a: Decimal, b: Decimal): Decimal {
  return make(a.units * b.units, a.scale + b.scale);
}

/** a ÷ b rounded half away from zero to `scale` places (a quotient is rarely finite). Throws when b is zero. */
export function div(a: Decimal, b: Decimal, scale: number): Decimal {
  checkScale(scale);
  if (b.units === 0n) throw new RangeError("Division by zero");
  // a/b · 10^scale = a.units · 10^(b.scale + scale) / (b.units · 10^a.scale)
  const numerator = a.units * pow10(b.scale + scale);
  const denominator = b.units * pow10(a.scale);
  return make(divideRounded(numerator, denominator), scale);
}

/** Commercial rounding to `scale` places: half away from zero (2.345 → 2.35, −2.345 → −2.35). */
export function round(a: Decimal, scale: number): Decimal {
  checkScale(scale);
  if (a.scale <= scale) return a;
  return make(divideRounded(a.units, pow10(a.scale - scale)), scale);
}

/** The nearest JS number, for JSON output (read through the exact string, so 0.3 stays 0.3). */
export function toNumber(a: Decimal): number {
  return Number(toPlainString(a));
}

/** Rounded to `scale` places and written with exactly that many digits and a dot: "-2.35", "970.00". */
export function toFixedString(a: Decimal, scale: number): string {
  const rounded = round(a, scale);
  return toPlainString(rounded, scale);
}

/** −1, 0 or 1 as a is less than, equal to or greater than b (usable as a sort comparator). */
export function compare(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** True for zero (of any scale). */
export function isZero(a: Decimal): boolean {
  return a.units === 0n;
}

/**
 * How many decimals a JS number has, read from its string form (12.5 → 1, 1e-7 → 7, 100 → 0), so validation can
 * refuse more places than a column holds. Infinity for NaN / ±Infinity, which no limit accepts.
 */
export function decimalPlaces(n: number): number {
  if (!Number.isFinite(n)) return Number.POSITIVE_INFINITY;
  return dec(n).scale;
}

/** Digits with a dot: all of a's places, padded with zeros to at least `minScale`. */
function toPlainString(a: Decimal, minScale = 0): string {
  const scale = Math.max(a.scale, minScale);
  const units = a.units * pow10(scale - a.scale);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? "-" : ""}${whole}${scale > 0 ? `.${fraction}` : ""}`;
}
