/**
 * The soak: the dashboard left running for days, compressed. The reference
 * service (with `speed`, so markets walk active → closed → settling →
 * resolved), the undici client over loopback, the sync, the store and the App
 * in a fake terminal all run on one ManualClock; light scripted activity is
 * typed into the App as keys. Every report interval it records memory (after a
 * forced GC when node runs with --expose-gc), store sizes, frames and render
 * time, and requests sent.
 */
import { fullGc } from './gc.js';
import { createClient } from '../src/api/client.js';
import { startServer } from '../src/server/index.js';
import { createOddsStore, type OddsStore } from '../src/store/store.js';
import { createSync } from '../src/sync/index.js';
import { ManualClock } from '../src/util/clock.js';
import { prng, scriptSoakActivity, type UserAction } from './activity.js';
import { keyActor } from './actors.js';
import { countingClient, percentile, round3 } from './metrics.js';
import { renderScreen } from './screen.js';
import { sampleCount } from '../src/store/samples.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SOAK_KEY = 'soak-key-0123456789abcdef';
/** The dashboard's default list length (src/cli/args.ts). */
const DASHBOARD_LIST_LIMIT = 50;

export interface SoakOptions {
  /** Simulated time (default 24 h, see soak.ts for the CLI default). */
  durationMs: number;
  /** A row every this much simulated time (default one hour). */
  reportEveryMs?: number;
  seed?: number;
  /** Simulated seconds per clock second on the server (default 24: a simulated day per hour). */
  speed?: number;
  columns?: number;
  rows?: number;
  /** Mean gaps of the scripted activity (see scriptSoakActivity). */
  activity?: { moveEveryMs?: number; quoteEveryMs?: number; listChangeEveryMs?: number };
  /** Called with each row as soon as it is measured. */
  onRow?: (row: SoakRow) => void;
}

export interface SoakRow {
  /** Simulated hours since the start, at the end of this interval. */
  hour: number;
  heapUsedMB: number;
  heapTotalMB: number;
  /** Memory of C++ objects bound to JS, ArrayBuffers included (WebAssembly memory is not: it shows only in RSS). */
  externalMB: number;
  rssMB: number;
  /** Whether the heap was measured after a forced GC (node --expose-gc). */
  gcForced: boolean;
  store: {
    marketsCached: number;
    listed: number;
    historyMarkets: number;
    historySamples: number;
    quotes: number;
    notices: number;
    transitions: number;
    events: number;
    categories: number;
  };
  /** Markets by status on the server (the simulator's lifecycle at work). */
  serverStatus: Record<string, number>;
  frames: number;
  renderMeanMs: number;
  renderP95Ms: number;
  keys: number;
  requests: number;
  got429: number;
  /** Real time this interval took. */
  realMs: number;
}

export interface SoakSummary {
  fromHour: number;
  toHour: number;
  heapFromMB: number;
  heapToMB: number;
  heapGrowthMB: number;
  heapGrowthPct: number;
  requests: number;
  got429: number;
  frames: number;
  keys: number;
  realSeconds: number;
}

export interface SoakResult {
  config: {
    hours: number;
    reportEveryHours: number;
    seed: number;
    speed: number;
    columns: number;
    rows: number;
    gcForced: boolean;
  };
  rows: SoakRow[];
  summary: SoakSummary;
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

function storeSizes(store: OddsStore): SoakRow['store'] {
  const st = store.getState();
  let historySamples = 0;
  for (const h of Object.values(st.history)) historySamples += sampleCount(h.samples);
  return {
    marketsCached: Object.keys(st.markets).length,
    listed: st.list.ids.length,
    historyMarkets: Object.keys(st.history).length,
    historySamples,
    quotes: Object.keys(st.quotes).length,
    notices: st.notices.length,
    transitions: st.transitions.length,
    events: st.events.ids.length,
    categories: st.categories.length,
  };
}

function measureMemory(): Pick<SoakRow, 'heapUsedMB' | 'heapTotalMB' | 'externalMB' | 'rssMB' | 'gcForced'> {
  const gcForced = fullGc();
  const m = process.memoryUsage();
  return {
    heapUsedMB: mb(m.heapUsed),
    heapTotalMB: mb(m.heapTotal),
    externalMB: mb(m.external),
    rssMB: mb(m.rss),
    gcForced,
  };
}

/** Heap growth from the row of hour 2 (or the first row when there are fewer) to the last. */
export function summarize(rows: SoakRow[], realSeconds: number): SoakSummary {
  const from = rows.find((r) => r.hour >= 2) ?? rows[0];
  const to = rows[rows.length - 1];
  const sum = (f: (r: SoakRow) => number) => rows.reduce((a, r) => a + f(r), 0);
  const heapFrom = from?.heapUsedMB ?? 0;
  const heapTo = to?.heapUsedMB ?? 0;
  return {
    fromHour: from?.hour ?? 0,
    toHour: to?.hour ?? 0,
    heapFromMB: heapFrom,
    heapToMB: heapTo,
    heapGrowthMB: Math.round((heapTo - heapFrom) * 100) / 100,
    heapGrowthPct: heapFrom > 0 ? Math.round(((heapTo - heapFrom) / heapFrom) * 1000) / 10 : 0,
    requests: sum((r) => r.requests),
    got429: sum((r) => r.got429),
    frames: sum((r) => r.frames),
    keys: rows[rows.length - 1]?.keys ?? 0,
    realSeconds: Math.round(realSeconds * 10) / 10,
  };
}

export async function runSoak(o: SoakOptions): Promise<SoakResult> {
  const seed = o.seed ?? 11;
  const speed = o.speed ?? 24;
  const columns = o.columns ?? 120;
  const rows = o.rows ?? 40;
  const every = o.reportEveryMs ?? HOUR;
  const clock = new ManualClock(Date.UTC(2026, 0, 5, 9, 0, 0));
  const start = clock.now();
  const end = start + o.durationMs;
  const t0 = performance.now();

  const server = await startServer({
    port: 0,
    seed,
    keys: [SOAK_KEY],
    clock,
    speed,
    limits: { anonymous: 10, key: 30, windowMs: MINUTE },
  });
  const base = createClient({ baseUrl: server.url, apiKey: SOAK_KEY });
  const wire = countingClient(base);
  const store = createOddsStore({ mode: 'key', limit: 30, query: { limit: DASHBOARD_LIST_LIMIT } });
  const sync = createSync({ client: wire.client, store, clock, limit: 30, random: prng(seed * 7919 + 1) });
  const screen = renderScreen({ store, sync, clock, columns, rows, keyHint: `…${SOAK_KEY.slice(-4)}` });
  const actor = keyActor(store, screen);
  const actions: UserAction[] = scriptSoakActivity({ start, durationMs: o.durationMs, seed, ...o.activity });

  const settle = async () => {
    for (;;) {
      await screen.flush();
      await sync.settled();
      if (wire.pending.size === 0 && sync.inFlight() === 0) return;
      await Promise.allSettled([...wire.pending]);
    }
  };

  const out: SoakRow[] = [];
  let ai = 0;
  let nextReport = start + every;
  let lastReal = performance.now();
  let lastCounts = { requests: 0, got429: 0 };
  sync.start();
  await settle();
  try {
    while (clock.now() < end) {
      const next = Math.min(
        clock.nextDueAt() ?? Number.POSITIVE_INFINITY,
        actions[ai]?.at ?? Number.POSITIVE_INFINITY,
        nextReport,
        end,
      );
      clock.advanceTo(next);
      await settle();
      while (ai < actions.length && actions[ai]!.at <= clock.now()) {
        await actor.act(actions[ai++]!);
        await settle();
      }
      if (clock.now() >= nextReport || clock.now() >= end) {
        const frames = screen.take();
        const counts = { requests: wire.sent(), got429: wire.got429() };
        const serverStatus: Record<string, number> = {};
        for (const m of server.sim.markets()) serverStatus[m.status] = (serverStatus[m.status] ?? 0) + 1;
        const row: SoakRow = {
          hour: Math.round(((clock.now() - start) / HOUR) * 1000) / 1000,
          ...measureMemory(),
          store: storeSizes(store),
          serverStatus,
          frames: frames.frames,
          renderMeanMs: round3(
            frames.renderMs.length ? frames.renderMs.reduce((a, x) => a + x, 0) / frames.renderMs.length : 0,
          ),
          renderP95Ms: round3(percentile(frames.renderMs, 95)),
          keys: actor.keys(),
          requests: counts.requests - lastCounts.requests,
          got429: counts.got429 - lastCounts.got429,
          realMs: Math.round(performance.now() - lastReal),
        };
        lastCounts = counts;
        lastReal = performance.now();
        out.push(row);
        o.onRow?.(row);
        nextReport += every;
      }
    }
  } finally {
    await screen.unmount();
    await sync.stop();
    await Promise.allSettled([...wire.pending]);
    await base.close();
    await server.close();
  }
  return {
    config: {
      hours: o.durationMs / HOUR,
      reportEveryHours: every / HOUR,
      seed,
      speed,
      columns,
      rows,
      gcForced: out[0]?.gcForced ?? false,
    },
    rows: out,
    summary: summarize(out, (performance.now() - t0) / 1000),
  };
}
