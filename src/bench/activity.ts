/**
 * Scripted, seeded user activity for the budget benchmark: selection changes in
 * bursts every few seconds (j j j), a quote typed every few minutes (one key
 * press per character), now and then a different sort order.
 */
export type UserAction =
  | { at: number; kind: 'move'; dir: 1 | -1 }
  | { at: number; kind: 'quote'; amount: string; last: boolean }
  | { at: number; kind: 'sort'; sort: string };

/** mulberry32: small, fast, good enough for a benchmark script. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ActivityOptions {
  start: number;
  durationMs: number;
  seed: number;
}

const AMOUNTS = ['25', '100', '7.5', '250', '40'];
const SORTS = ['newest', 'liquidity', 'closing', 'volume'];

export function scriptActivity(o: ActivityOptions): UserAction[] {
  const rnd = prng(o.seed);
  const uniform = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const end = o.start + o.durationMs;
  const out: UserAction[] = [];
  // selection bursts: 1–4 key presses 120 ms apart, a burst every 3–12 s, mostly downwards
  for (let t = o.start + 2_000; t < end; t += Math.round(uniform(3_000, 12_000))) {
    const n = 1 + Math.floor(rnd() * 4);
    const dir = rnd() < 0.8 ? 1 : -1;
    for (let k = 0; k < n; k++) out.push({ at: t + k * 120, kind: 'move', dir });
  }
  // a quote typed every 2–5 min, 150 ms per character
  for (let t = o.start + Math.round(uniform(60_000, 180_000)); t < end; t += Math.round(uniform(120_000, 300_000))) {
    const amount = AMOUNTS[Math.floor(rnd() * AMOUNTS.length)]!;
    for (let k = 1; k <= amount.length; k++) out.push({ at: t + (k - 1) * 150, kind: 'quote', amount: amount.slice(0, k), last: k === amount.length });
  }
  // a different sort order every 10–20 min
  let s = 0;
  for (let t = o.start + Math.round(uniform(600_000, 1_200_000)); t < end; t += Math.round(uniform(600_000, 1_200_000))) {
    out.push({ at: t, kind: 'sort', sort: SORTS[s++ % SORTS.length]! });
  }
  return out.filter((a) => a.at < end).sort((a, b) => a.at - b.at);
}
