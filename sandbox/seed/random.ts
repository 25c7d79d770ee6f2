// The seed's deterministic randomness: one PRNG stream, so the same options give the same data.

/** A PRNG whose whole state is one number: createPrng(rng.state) replays the stream from here. */
export interface SeedRng {
  (): number;
  readonly state: number;
}

/** mulberry32: tiny, fast and good enough for seed data. */
export function createPrng(seed: number): SeedRng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Object.defineProperty(next, 'state', { get: () => a }) as SeedRng;
}

export type Rng = () => number;
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
export const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
