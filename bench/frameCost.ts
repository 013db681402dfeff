/**
 * npm run bench:frame [-- --ticks N] [-- --size 160x48]: what one idle second costs the App — a clock tick's render
 * and frame, CPU time in-process (process.cpuUsage, so the machine's load moves it little) — with the price histories
 * as they are in the first minutes and as a day leaves them (the 24 h trail full: one sample per 10 minutes; the
 * recent 120 full; issue 30 asked whether what grows for a day is walked on every frame). The same 50 listed markets
 * and the same selection in both; the store is filled through its own actions (`listLoaded`), the App renders in a
 * fake terminal on a ManualClock advanced one second per tick.
 */
import type { Market } from '../src/api/types.js';
import { HISTORY_CAP, TRAIL_STEP_MS } from '../src/store/entries.js';
import { createOddsStore, type OddsStore } from '../src/store/store.js';
import { ManualClock } from '../src/util/clock.js';
import { RecordingSync } from '../test/support/fixtures.js';
import { flagArgs, isMain, numberArg } from './main.js';
import { renderScreen } from './screen.js';

const MARKETS = 50;
const DAY = 24 * 3_600_000;

function market(i: number, step: number): Market {
  const p = ((i * 7 + step * 13) % 97) / 100 + 0.01;
  return {
    id: `m${i}`,
    title: `Will market number ${i} of the frame benchmark resolve yes before the end of the year?`,
    status: 'active',
    category: 'Bench',
    volume: 1_000_000 - i * 1000,
    outcomes: [
      { name: 'Yes', price: p },
      { name: 'No', price: Math.round((1 - p) * 100) / 100 },
    ],
    raw: {},
  };
}

const list = (step: number) => Array.from({ length: MARKETS }, (_, i) => market(i, step));

/** `full`: a day of list answers every 10 minutes, then one every 30 s until the recent samples are full. */
function filledStore(full: boolean, start: number): { store: OddsStore; now: number } {
  const store = createOddsStore({ mode: 'key', limit: 30, query: { limit: MARKETS } });
  let t = start;
  let step = 0;
  if (full) {
    for (; t < start + DAY; t += TRAIL_STEP_MS) store.getState().listLoaded(list(step++), t);
    for (let n = 0; n < HISTORY_CAP; n++, t += 30_000) store.getState().listLoaded(list(step++), t);
  } else {
    for (let n = 0; n < 3; n++, t += 30_000) store.getState().listLoaded(list(step++), t);
  }
  store.getState().select('m0');
  return { store, now: t };
}

async function cost(full: boolean, ticks: number, columns: number, rows: number) {
  const start = Date.UTC(2026, 0, 5, 9, 0, 0);
  const { store, now } = filledStore(full, start);
  const clock = new ManualClock(now);
  const sync = new RecordingSync(store, clock);
  // every commit a frame (throttled frames would merge ticks run faster than real time)
  const screen = renderScreen({ store, sync, clock, columns, rows, throttle: false });
  const h = store.getState().history.m0!;
  try {
    for (let i = 0; i < 30; i++) {
      clock.advance(1000);
      await screen.flush();
    }
    screen.take();
    const before = process.cpuUsage();
    for (let i = 0; i < ticks; i++) {
      clock.advance(1000);
      await screen.flush();
    }
    const c = process.cpuUsage(before);
    const frames = screen.take();
    return {
      histories: full ? 'a day (trail and recent full)' : 'first minutes',
      trailSamples: h.trail.data.length / h.trail.stride,
      recentSamples: h.samples.data.length / h.samples.stride,
      cpuMsPerTick: (c.user + c.system) / 1000 / ticks,
      frames: frames.frames,
      renderMeanMs: frames.renderMs.reduce((a, x) => a + x, 0) / Math.max(1, frames.renderMs.length),
    };
  } finally {
    await screen.unmount();
  }
}

export async function frameCostMain(given: string[]): Promise<void> {
  const argv = flagArgs(given);
  const ticks = numberArg(argv, '--ticks', 300, (n) => Number.isInteger(n) && n > 0);
  const size = argv.includes('--size') ? (argv[argv.indexOf('--size') + 1] ?? '') : '160x48';
  const m = /^(\d+)x(\d+)$/.exec(size);
  if (!m) throw new Error(`--size takes COLUMNSxROWS (got ${JSON.stringify(size)})`);
  const rounds = [false, true, false, true];
  const out = [];
  for (const full of rounds) out.push(await cost(full, ticks, Number(m[1]), Number(m[2])));
  process.stdout.write(
    `| histories | trail samples | recent samples | CPU ms per tick | frames | render mean ms |\n|---|--:|--:|--:|--:|--:|\n` +
      out
        .map(
          (r) =>
            `| ${r.histories} | ${r.trailSamples} | ${r.recentSamples} | ${r.cpuMsPerTick.toFixed(2)} | ${r.frames} | ${r.renderMeanMs.toFixed(2)} |`,
        )
        .join('\n') +
      `\n\n${ticks} ticks of one second each at ${size}, after 30 to warm up; each case twice, alternating.\n`,
  );
}

if (isMain(import.meta.url)) {
  frameCostMain(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`bench:frame failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
