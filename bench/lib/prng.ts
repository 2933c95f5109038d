/** A small deterministic PRNG (mulberry32): the same seed gives the same data on every machine. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight: [item, weight] pairs. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  digits(count: number): string;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const weightCache = new WeakMap<object, number>();
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted(items) {
      let total = weightCache.get(items);
      if (total === undefined) {
        total = items.reduce((sum, [, w]) => sum + w, 0);
        weightCache.set(items, total);
      }
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    digits: (count) => Array.from({ length: count }, () => String(int(0, 9))).join(""),
  };
}
