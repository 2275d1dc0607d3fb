/**
 * A seeded pseudo-random generator (mulberry32 over a 32-bit state, seeded through a string
 * hash), so every simulated customer and agent decision is reproducible from `--seed`.
 * Never `Math.random`.
 */
export class Prng {
  private state: number;

  constructor(seed: number | string) {
    this.state = typeof seed === "number" ? seed >>> 0 : hashString(seed);
  }

  /** A generator for a named sub-stream: the same (seed, label) always gives the same stream. */
  static derive(seed: number | string, ...labels: readonly (string | number)[]): Prng {
    return new Prng(hashString([String(seed), ...labels.map(String)].join("\u0000")));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("Prng.pick: cannot pick from an empty list.");
    return items[this.int(items.length)] as T;
  }
}

/** FNV-1a 32-bit hash of a string, mixed once more. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
