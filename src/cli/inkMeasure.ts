/**
 * Ink's measure-text.js for the dashboard (imported by ink/build/dom.js in its
 * place through the hook in inkHooks.ts): the same answer — the widest line
 * (string-width, here through inkWidth.ts as for Ink's own) and the number of
 * lines — from a smaller cache.
 *
 * Ink keeps its measurements in a QuickLRU of 4,096 (two generations: up to
 * 8,192 texts). The dashboard's texts change every second (ages, countdowns,
 * prices), so at idle that cache is still filling after 20 minutes (3,138
 * texts, 440 KB in a heap snapshot of the real CLI; docs/benchmarks.md) and,
 * once full, drops half of itself at a time: heap after GC rising for the
 * first hour, then going up and down. A screen has a few hundred texts: two
 * generations of MEASURE_CACHE_MAX hold what the last frames measured.
 */
import { FrameCache } from '../ui/inkOutput.js';
import inkWidth from './inkWidth.js';

export const MEASURE_CACHE_MAX = 1024;

interface Dimensions {
  width: number;
  height: number;
}

const cache = new FrameCache<Dimensions>(MEASURE_CACHE_MAX);

export default function measureText(text: string): Dimensions {
  if (text.length === 0) return { width: 0, height: 0 };
  const hit = cache.get(text);
  if (hit) return hit;
  const lines = text.split('\n');
  let width = 0;
  for (const line of lines) width = Math.max(width, inkWidth(line));
  const dimensions = { width, height: lines.length };
  cache.set(text, dimensions);
  return dimensions;
}

/** Texts measured and kept (for tests: it must stay bounded). */
export function measureCacheSize(): number {
  return cache.size;
}
