/**
 * Price samples packed in one array of doubles: per sample its time, then each outcome's price (NaN where an
 * outcome had none). An object and an array per sample cost ~100 bytes for a two-outcome market; packed, 24. The
 * price histories were what still grew the heap after the first quarter hour on the real clock (issue 21: every
 * listed market filling its HISTORY_CAP samples, those that left the list keeping theirs in the market cache), and a
 * week's 24 h trails would be the largest thing the dashboard keeps. Read through the functions below, never by index.
 */
import type { PriceHistory, PriceSample } from './types.js';

export interface Samples {
  /** Numbers per sample: 1 + the number of outcomes. */
  readonly stride: number;
  readonly data: readonly number[];
}

export function noSamples(outcomes: number): Samples {
  return { stride: outcomes + 1, data: [] };
}

export function sampleCount(s: Samples): number {
  return s.data.length / s.stride;
}

export function timeAt(s: Samples, i: number): number {
  return s.data[i * s.stride]!;
}

/** Outcome `k`'s price in sample `i`; undefined where that sample had none. */
export function priceAt(s: Samples, i: number, k: number): number | undefined {
  const p = s.data[i * s.stride + 1 + k];
  return p === undefined || Number.isNaN(p) ? undefined : p;
}

export function sampleAt(s: Samples, i: number): PriceSample {
  return { t: timeAt(s, i), prices: Array.from({ length: s.stride - 1 }, (_, k) => priceAt(s, i, k)) };
}

/** Every sample, oldest first, as objects: for tests and for reading a short list once. */
export function unpack(s: Samples): PriceSample[] {
  const out: PriceSample[] = [];
  for (let i = 0; i < sampleCount(s); i++) out.push(sampleAt(s, i));
  return out;
}

/** The index of the latest sample at or before `t`; -1 when there is none. */
export function latestAtOrBefore(s: Samples, t: number): number {
  for (let i = sampleCount(s) - 1; i >= 0; i--) if (timeAt(s, i) <= t) return i;
  return -1;
}

/** The index of the first sample at or after `t`; the count when there is none. */
export function firstAtOrAfter(s: Samples, t: number): number {
  const n = sampleCount(s);
  for (let i = 0; i < n; i++) if (timeAt(s, i) >= t) return i;
  return n;
}

/**
 * A new list: the samples from index `from` on, then `sample` (its prices as many as the stride holds). Numbers only
 * ever go in (NaN for none), so V8 keeps the array's elements unboxed.
 */
export function appendFrom(s: Samples, from: number, sample: PriceSample): Samples {
  const start = Math.max(0, Math.min(from, sampleCount(s))) * s.stride;
  // allocated at its final length: a push past a copy's end would grow it by half again, kept for good
  const data = new Array<number>(s.data.length - start + s.stride);
  for (let i = start; i < s.data.length; i++) data[i - start] = s.data[i]!;
  putSample(data, s.data.length - start, s.stride, sample);
  return { stride: s.stride, data };
}

/** `samples` packed for `outcomes` outcomes. */
export function packed(outcomes: number, samples: readonly PriceSample[]): Samples {
  const stride = outcomes + 1;
  const data = new Array<number>(samples.length * stride);
  samples.forEach((x, i) => putSample(data, i * stride, stride, x));
  return { stride, data };
}

/** `sample` written at index `at`: its time, then a price per outcome (NaN for none). */
function putSample(data: number[], at: number, stride: number, sample: PriceSample): void {
  data[at] = sample.t;
  for (let k = 0; k < stride - 1; k++) {
    const p = sample.prices[k];
    data[at + 1 + k] = typeof p === 'number' ? p : Number.NaN;
  }
}

/** The largest move (signed, 0..1 units) of outcome `name` from a sample in the last `minutes` to `now` (price `p`). */
export function largestMove(
  h: PriceHistory | undefined,
  name: string,
  p: number,
  minutes: number,
  at: number,
): number | undefined {
  if (!h) return undefined;
  const i = h.names.indexOf(name);
  if (i < 0) return undefined;
  let best: number | undefined;
  for (let j = 0; j < sampleCount(h.samples); j++) {
    const t = timeAt(h.samples, j);
    if (t < at - minutes * 60_000 || t >= at) continue;
    const q = priceAt(h.samples, j, i);
    if (typeof q !== 'number') continue;
    const d = p - q;
    if (best === undefined || Math.abs(d) > Math.abs(best)) best = d;
  }
  return best;
}
