/**
 * npm run bench:history [-- --markets N] [-- --outcomes K]: what the price histories cost at their bounds, the size
 * the dashboard reaches after a day or more on a busy list (issue 21). A real store is filled through its own action
 * (`marketLoaded`): N markets (default the cache's cap) of K outcomes, each seen every 10 minutes for a day (the 24 h
 * trail full) and then every 30 s for an hour (the recent samples full), prices moving each time. Prints the heap
 * after a forced GC that the store's histories hold, packed as they are kept (src/store/samples.ts), and what the
 * same samples cost as an object and an array each (how they were kept before).
 */
import type { Market } from '../src/api/types.js';
import { unpack } from '../src/store/samples.js';
import { TRAIL_STEP_MS } from '../src/store/entries.js';
import { createOddsStore, HISTORY_CAP, MARKET_CACHE_CAP } from '../src/store/store.js';
import { fullGc } from './gc.js';
import { flagArgs, isMain, numberArg } from './main.js';

function heapMb(): number {
  fullGc();
  return process.memoryUsage().heapUsed / 1_048_576;
}

function market(i: number, outcomes: number, step: number): Market {
  const names = Array.from({ length: outcomes }, (_, k) => (outcomes === 2 ? (k === 0 ? 'Yes' : 'No') : `O${k}`));
  return {
    id: `m${i}`,
    title: `Market ${i}`,
    status: 'active',
    outcomes: names.map((name, k) => ({ name, price: ((i * 7 + step * 13 + k * 29) % 97) / 100 + 0.01 })),
    raw: {},
  };
}

export function fillHistories(markets: number, outcomes: number) {
  const store = createOddsStore({ mode: 'key', limit: 30 });
  const dayStart = 0;
  const day = 24 * 3_600_000;
  let step = 0;
  for (let t = dayStart; t <= day; t += TRAIL_STEP_MS, step++)
    for (let i = 0; i < markets; i++) store.getState().marketLoaded(market(i, outcomes, step), t + i);
  for (let n = 1; n <= HISTORY_CAP; n++, step++)
    for (let i = 0; i < markets; i++) store.getState().marketLoaded(market(i, outcomes, step), day + n * 30_000 + i);
  return store;
}

interface Filled {
  store: ReturnType<typeof fillHistories> | undefined;
  samples: number;
  trail: number;
  count: number;
}

function measurePacked(markets: number, outcomes: number): Filled {
  const store = fillHistories(markets, outcomes);
  const histories = Object.values(store.getState().history);
  return {
    store,
    samples: histories.reduce((n, h) => n + h.samples.data.length / h.samples.stride, 0),
    trail: histories.reduce((n, h) => n + h.trail.data.length / h.trail.stride, 0),
    count: histories.length,
  };
}

function asObjects(f: Filled): unknown[] {
  return Object.values(f.store!.getState().history).map((h) => [unpack(h.samples), unpack(h.trail)]);
}

export function historyMemoryMain(given: string[]): void {
  const argv = flagArgs(given);
  if (!fullGc()) throw new Error('run with node --expose-gc (npm run bench:history does)');
  const markets = numberArg(argv, '--markets', MARKET_CACHE_CAP, (n) => Number.isInteger(n) && n > 0);
  const outcomes = numberArg(argv, '--outcomes', 2, (n) => Number.isInteger(n) && n > 1 && n <= 50);
  const before = heapMb();
  const packed = measurePacked(markets, outcomes);
  const filled = heapMb();
  // the same samples as objects (one object and one array each), how the store kept them before: built while the
  // store is held, measured once it is gone
  const objects = asObjects(packed);
  packed.store = undefined;
  const asObjectsMb = heapMb();
  const { samples, trail, count } = packed;
  void objects.length;
  const total = samples + trail;
  const packedMb = filled - before;
  const objectMb = asObjectsMb - before;
  process.stdout.write(
    `Price histories at their bounds: ${count} markets × ${outcomes} outcomes, ` +
      `${samples} recent samples + ${trail} trail samples\n` +
      `  packed (as kept), whole store:  ${packedMb.toFixed(2)} MB heap after GC ` +
      `(${((packedMb * 1_048_576) / total).toFixed(1)} bytes a sample, markets and all)\n` +
      `  as objects (as kept before):    ${objectMb.toFixed(2)} MB for the samples alone ` +
      `(${((objectMb * 1_048_576) / total).toFixed(1)} bytes a sample)\n`,
  );
}

if (isMain(import.meta.url)) {
  try {
    historyMemoryMain(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`bench:history failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  }
}
