/**
 * A small seeded pseudo-random generator (sfc32, seeded through splitmix32) for the demo data:
 * the same seed gives the same sequence on every machine. Faster than faker for the hundreds
 * of thousands of draws the orders need; faker is used for names and streets only.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const split = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = split();
    this.b = split();
    this.c = split();
    this.d = split();
    for (let i = 0; i < 12; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new Error('pick from an empty list');
    return list[Math.floor(this.next() * list.length)] as T;
  }

  /** Picks a value by weight from [value, weight] pairs (weights need not sum to 1). */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [value, w] of items) {
      r -= w;
      if (r < 0) return value;
    }
    const last = items.at(-1);
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }

  /** A string of `n` random digits. */
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += Math.floor(this.next() * 10);
    return s;
  }

  /** `n` random upper-case letters (no I, O, Q, as on number plates). */
  letters(n: number): string {
    const alphabet = 'ABCDEFGHJKLMNPRSTUVWXYZ';
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(this.next() * alphabet.length)];
    return s;
  }
}

/**
 * Picks by weight fast, many times over one fixed list (cumulative weights, binary search).
 */
export class WeightedTable<T> {
  private readonly cumulative: number[] = [];
  private readonly total: number;

  constructor(
    private readonly values: readonly T[],
    weights: readonly number[],
  ) {
    let sum = 0;
    for (const w of weights) {
      sum += w;
      this.cumulative.push(sum);
    }
    this.total = sum;
  }

  pick(rng: Rng): T {
    const r = rng.next() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] ?? 0) > r) hi = mid;
      else lo = mid + 1;
    }
    return this.values[lo] as T;
  }
}
