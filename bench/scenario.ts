/**
 * One scenario of the budget benchmark: the sync against the reference service over real loopback HTTP, both on one
 * virtual clock, one simulated hour per scenario, with scripted user activity.
 * Virtual time only moves when every request on the wire has been answered, so
 * the result does not depend on the machine's speed.
 *
 * With `ui`, the real App is rendered into a fake terminal on the same clock
 * (its display timers tick on it too) and the activity is typed into it as key
 * presses (actors.ts); React is let to commit after every key and every clock
 * step, before virtual time moves on.
 */
import { createClient } from '../src/api/client.js';
import { startServer } from '../src/server/index.js';
import { createOddsStore } from '../src/store/store.js';
import { createSync } from '../src/sync/index.js';
import { ManualClock } from '../src/util/clock.js';
import { prng, scriptActivity, type UserAction } from './activity.js';
import { intentActor, keyActor } from './actors.js';
import { longestRun, maxInWindow, percentile, recordingClient, uiStats, type ScenarioResult } from './metrics.js';
import { chooseWatched, WatchAges } from './watchAges.js';
import { renderScreen } from './screen.js';

export interface Scenario {
  name: string;
  mode: 'key' | 'anon';
  limit: number;
  /** Another client on the same bucket: requests per minute and when it is active (ms from the start). */
  competitor?: { perMinute: number; from: number; to: number };
  /** Hide the RateLimit headers from the sync (Retry-After stays): only its own budget, backoff and AIMD remain. */
  blind?: boolean;
  /** Watch markets once the first list is in: this many from the list, this many outside it (those closing soonest). */
  watch?: { listed: number; outside: number };
}

export const SCENARIOS: Scenario[] = [
  { name: 'key', mode: 'key', limit: 30 },
  { name: 'anon', mode: 'anon', limit: 10 },
  // a third of the key's budget spent by another tool from minute 10 to minute 50
  { name: 'competing', mode: 'key', limit: 30, competitor: { perMinute: 10, from: 10 * 60_000, to: 50 * 60_000 } },
  // 20 watched markets, half of them outside the list (followed by detail requests until they resolve)
  { name: 'watch', mode: 'key', limit: 30, watch: { listed: 10, outside: 10 } },
];

/** Run only when named: the same competition against a server that sends no RateLimit headers. */
export const EXTRA_SCENARIOS: Scenario[] = [
  {
    name: 'competing-blind',
    mode: 'key',
    limit: 30,
    competitor: { perMinute: 10, from: 10 * 60_000, to: 50 * 60_000 },
    blind: true,
  },
];

const HOUR = 60 * 60_000;
const WINDOW = 60_000;
const BENCH_KEY = 'bench-key-0123456789abcdef';

/** The fake terminal the App is rendered into with `ui`. */
export const UI_SIZE = { columns: 120, rows: 40 } as const;

export interface RunOptions {
  /** Render the real App and deliver the activity as key presses instead of calling the intents. */
  ui?: boolean;
}

export async function runScenario(
  sc: Scenario,
  seed: number,
  durationMs = HOUR,
  opts: RunOptions = {},
): Promise<ScenarioResult> {
  const clock = new ManualClock(Date.UTC(2026, 0, 5, 9, 0, 0));
  const start = clock.now();
  const end = start + durationMs;
  const server = await startServer({
    port: 0,
    seed,
    keys: [BENCH_KEY],
    clock,
    limits: { anonymous: 10, key: 30, windowMs: WINDOW },
  });
  const base = createClient({ baseUrl: server.url, ...(sc.mode === 'key' ? { apiKey: BENCH_KEY } : {}) });
  const wire = recordingClient(base, clock, { hideRateHeaders: sc.blind ?? false });
  const other = sc.competitor
    ? recordingClient(createClient({ baseUrl: server.url, apiKey: BENCH_KEY }), clock)
    : undefined;
  const store = createOddsStore({ mode: sc.mode, limit: sc.limit });
  const sync = createSync({ client: wire.client, store, clock, limit: sc.limit, random: prng(seed * 7919 + 1) });

  const settle = async () => {
    for (;;) {
      await sync.settled();
      const open = [...wire.pending, ...(other?.pending ?? [])];
      if (open.length === 0 && sync.inFlight() === 0) return;
      await Promise.allSettled(open);
    }
  };

  const actions: UserAction[] = scriptActivity({ start, durationMs, seed });
  let ai = 0;
  const competitorTimes: number[] = [];
  let nextCompetitor = sc.competitor ? start + sc.competitor.from : Number.POSITIVE_INFINITY;
  let nextSample = start + 1_000;
  let selectedSince = start;
  let lastSelected: string | undefined;
  const detailAges: number[] = [];
  const listAges: number[] = [];
  const quoteWaits: number[] = [];
  let waitingQuote: { marketId: string; amount: string; at: number } | undefined;
  const screen = opts.ui
    ? renderScreen({
        store,
        sync,
        clock,
        columns: UI_SIZE.columns,
        rows: UI_SIZE.rows,
        keyHint: sc.mode === 'key' ? `…${BENCH_KEY.slice(-4)}` : '',
      })
    : undefined;
  const actor = screen ? keyActor(store, screen) : intentActor(store, sync);
  const flushUi = async () => {
    if (screen) await screen.flush();
  };
  const doAction = async (a: UserAction) => {
    const quoted = await actor.act(a);
    if (quoted !== undefined && a.kind === 'quote')
      waitingQuote = { marketId: quoted, amount: a.amount, at: clock.now() };
  };

  const observe = () => {
    const st = store.getState();
    if (st.selectedId !== lastSelected) {
      lastSelected = st.selectedId;
      selectedSince = clock.now();
    }
    if (waitingQuote) {
      const q = st.quotes[waitingQuote.marketId];
      const answered =
        q &&
        (q.status === 'ok' || q.status === 'error') &&
        q.answeredForm?.amount === waitingQuote.amount &&
        (q.receivedAt ?? 0) >= waitingQuote.at;
      if (answered) {
        quoteWaits.push(q.receivedAt! - waitingQuote.at);
        waitingQuote = undefined;
      } else if (!st.markets[waitingQuote.marketId]) waitingQuote = undefined; // the market went away
    }
  };

  sync.start();
  await flushUi();
  await settle();
  observe();
  const watchAges = sc.watch
    ? new WatchAges(chooseWatched(store.getState(), server.sim, sc.watch), clock.now())
    : undefined;
  for (const w of watchAges?.markets ?? []) sync.toggleWatch(w.id);
  while (clock.now() < end) {
    const next = Math.min(
      clock.nextDueAt() ?? Number.POSITIVE_INFINITY,
      actions[ai]?.at ?? Number.POSITIVE_INFINITY,
      nextCompetitor,
      nextSample,
      end,
    );
    clock.advanceTo(next); // runs the sync's (and the UI's display) timers due by then; requests go out synchronously
    await flushUi();
    await settle();
    await flushUi();
    observe();
    while (ai < actions.length && actions[ai]!.at <= clock.now()) await doAction(actions[ai++]!);
    if (nextCompetitor <= clock.now()) {
      competitorTimes.push(clock.now());
      other!.client.listMarkets({ limit: 5 }).catch(() => undefined);
      nextCompetitor = clock.now() + WINDOW / sc.competitor!.perMinute;
      if (nextCompetitor >= start + sc.competitor!.to) nextCompetitor = Number.POSITIVE_INFINITY;
    }
    await settle();
    observe();
    if (nextSample <= clock.now()) {
      const st = store.getState();
      const sel = st.selectedId;
      if (sel !== undefined) detailAges.push(clock.now() - (st.markets[sel]?.detailAt ?? selectedSince));
      if (st.list.loadedAt !== undefined) listAges.push(clock.now() - st.list.loadedAt);
      watchAges?.sample(st, clock.now());
      nextSample += 1_000;
    }
  }
  const frames = screen?.take();
  await screen?.unmount();
  await sync.stop();
  await Promise.allSettled([...wire.pending, ...(other?.pending ?? [])]);
  await Promise.allSettled([base.close(), other?.client.close()]);
  await server.close();

  const otherBusy = (t: number) => competitorTimes.some((c) => c > t - WINDOW && c <= t);
  const got429 = wire.log.filter((r) => r.status === 429);
  return {
    limit: sc.limit,
    requests: wire.log.length,
    maxInAnyWindow: maxInWindow(
      wire.log.map((r) => r.at),
      WINDOW,
    ),
    selfInflicted429: got429.filter((r) => !otherBusy(r.at)).length,
    induced429: got429.filter((r) => otherBusy(r.at)).length,
    maxConsecutive429: longestRun(wire.log, (r) => r.status === 429),
    utilization: Math.round((wire.log.length / (sc.limit * (durationMs / 60_000))) * 1000) / 1000,
    detailAgeMedianMs: percentile(detailAges, 50),
    detailAgeP95Ms: percentile(detailAges, 95),
    listAgeMedianMs: percentile(listAges, 50),
    quoteWaitP95Ms: percentile(quoteWaits, 95),
    ...(frames ? { ui: uiStats(frames, actor.keys(), UI_SIZE) } : {}),
    ...(watchAges ? { watch: watchAges.result(store.getState()) } : {}),
  };
}
