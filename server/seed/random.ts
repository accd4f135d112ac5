/**
 * A small seeded generator (mulberry32): the same seed gives the same leads, and it is several times
 * faster than node:crypto for the millions of draws a large seed makes. Not for anything secret.
 */
export function createRandom(seed: number) {
  let state = seed >>> 0;

  function next(): number {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer from min to max, both included. */
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const chance = (probability: number) => next() < probability;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

  return { next, int, chance, pick };
}

export type Random = ReturnType<typeof createRandom>;

/** Picks from `[item, weight]` pairs in proportion to their weights. */
export function weightedPicker<T>(entries: readonly (readonly [T, number])[]): (random: Random) => T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  const cumulative: number[] = [];
  let running = 0;
  for (const [, weight] of entries) cumulative.push((running += weight / total));
  return (random) => {
    const r = random.next();
    for (let i = 0; i < cumulative.length; i++) if (r < cumulative[i]!) return entries[i]![0];
    return entries[entries.length - 1]![0];
  };
}
