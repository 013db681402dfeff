/**
 * `npm run bench:scale [-- TICKS [heavy]]` (docs/benchmarks.md, Stop 30): a board of three venues — the real
 * stores, joined layer and Across desk, recording syncs (no network), the App at 160×48 on a ManualClock, every commit
 * a frame — idle and with a heavy user's load: 300 watched markets (100 a venue, 50 of each in its list), 1,000
 * confirmed pairs, 198 alerts in the log. In-process CPU (process.cpuUsage) per second of the clock, per list answer of
 * one venue (new prices for its 50 rows) and per j/k, in Markets, Watchlist and Across, and j/k in the alert log; each
 * case twice, alternating, averaged. `heavy`: the loaded case only (for a --cpu-prof).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Market } from '../src/api/types.js';
import { KALSHI_CAPS } from '../src/sources/kalshi/client.js';
import { manifoldCaps } from '../src/sources/manifold/caps.js';
import { POLYMARKET_CAPS } from '../src/sources/polymarket/query.js';
import type { SourceId } from '../src/sources/types.js';
import type { AlertFired } from '../src/store/watchTypes.js';
import { createOddsStore, type OddsStore } from '../src/store/store.js';
import { ManualClock } from '../src/util/clock.js';
import { AcrossDesk } from '../src/venues/across/desk.js';
import { joinVenues } from '../src/venues/joined.js';
import { recordingSync } from '../test/support/venues.js';
import { renderScreen } from './screen.js';

const LISTED = 50;
const V: SourceId[] = ['kalshi', 'polymarket', 'manifold'];
const CAPS = { kalshi: KALSHI_CAPS, polymarket: POLYMARKET_CAPS, manifold: manifoldCaps } as Record<
  string,
  typeof KALSHI_CAPS
>;

function market(v: SourceId, i: number, step: number): Market {
  const p = ((i * 7 + step * 13) % 97) / 100 + 0.01;
  return {
    id: `${v}:M${i}`,
    title: `Will market number ${i} of ${v} resolve yes before the end of the year ${2026 + (i % 3)}?`,
    status: 'active',
    category: 'Bench',
    volume: 1_000_000 - i * 1000,
    closesAt: Date.UTC(2026, 11, 1) + i * 3_600_000,
    outcomes: [
      { name: 'Yes', price: p },
      { name: 'No', price: Math.round((1 - p) * 100) / 100 },
    ],
    raw: {},
  };
}

async function run(watched: number, pairs: number, log: number, ticks: number) {
  const clock = new ManualClock(Date.UTC(2026, 10, 27, 9));
  const calls: string[] = [];
  const stacks = V.map((id) => {
    const store: OddsStore = createOddsStore({ mode: id as 'kalshi', limit: 60, caps: CAPS[id]!, prefixed: true });
    return { id, store, sync: recordingSync(store, calls, []) };
  });
  const per = Math.ceil(watched / V.length);
  const cached = Math.max(LISTED, per, Math.ceil(Math.sqrt(pairs)) + 1);
  for (const s of stacks) {
    const st = s.store.getState();
    for (let i = LISTED; i < cached; i++) st.marketLoaded(market(s.id, i, 0), clock.now());
    st.listLoaded(
      Array.from({ length: LISTED }, (_, i) => market(s.id, i, 0)),
      clock.now(),
    );
    for (let i = 0; i < per; i++) st.toggleWatch(`${s.id}:M${i}`, clock.now() + i);
    const entries: AlertFired[] = Array.from({ length: Math.floor(log / V.length) }, (_, i) => ({
      seq: i + 1,
      at: clock.now() - i * 60_000,
      ruleId: `r${i}`,
      source: 'form',
      kind: 'above',
      marketId: `${s.id}:M${i % per || 0}`,
      title: `Will market number ${i} resolve yes?`,
      price: 0.5,
      text: `Yes above 50¢ (${i})`,
    }));
    s.store.setState({ alerts: { ...st.alerts, log: entries } });
  }
  const dir = mkdtempSync(join(tmpdir(), 'oddsboard-scale-'));
  const desk = new AcrossDesk(stacks, dir, clock);
  const side = Math.ceil(Math.sqrt(pairs));
  const d = desk.store.getState().decisions;
  for (let n = 0; n < pairs; n++)
    d.confirm({
      a: { venue: 'kalshi', id: `M${Math.floor(n / side)}` },
      b: { venue: n % 2 ? 'polymarket' : 'manifold', id: `M${n % side}` },
      relation: 'same',
      at: clock.now(),
      reasons: [],
    });
  desk.store.setState({ rev: desk.store.getState().rev + 1 });
  const joined = joinVenues(stacks, desk);
  desk.start();
  const screen = renderScreen({
    store: joined.store as unknown as OddsStore,
    sync: joined.sync,
    clock,
    columns: 160,
    rows: 48,
    throttle: false,
  });
  const cpu = async (f: () => Promise<void>, n: number) => {
    const before = process.cpuUsage();
    for (let i = 0; i < n; i++) await f();
    const c = process.cpuUsage(before);
    return (c.user + c.system) / 1000 / n;
  };
  const second = async () => {
    clock.advance(1000);
    await screen.flush();
  };
  let step = 1;
  const answer = async () => {
    const s = stacks[step % V.length]!;
    s.store.getState().listLoaded(
      Array.from({ length: LISTED }, (_, i) => market(s.id, i, step)),
      clock.now(),
    );
    step++;
    await screen.flush();
  };
  const out: Record<string, number> = {};
  try {
    for (const [key, name] of [
      ['1', 'markets'],
      ['2', 'watchlist'],
      ['7', 'across'],
    ] as const) {
      await screen.press(key);
      for (let i = 0; i < 20; i++) await second();
      out[`${name} s`] = await cpu(second, ticks);
      out[`${name} answer`] = await cpu(answer, ticks);
      out[`${name} j/k`] = await cpu(async () => {
        await screen.press(step++ % 2 ? 'j' : 'k');
      }, ticks);
    }
    await screen.press('A');
    await screen.flush();
    out['alert log j/k'] = await cpu(async () => {
      await screen.press(step++ % 2 ? 'j' : 'k');
    }, ticks);
  } finally {
    desk.stop();
    await screen.unmount();
  }
  return out;
}

async function main() {
  const ticks = Number(process.argv[2] ?? 200);
  const cases: [string, number, number, number][] = [
    ['none', 0, 0, 0],
    ['300 watched, 1,000 pairs, 198 alerts', 300, 1000, 198],
    ['none', 0, 0, 0],
    ['300 watched, 1,000 pairs, 198 alerts', 300, 1000, 198],
  ];
  const rows: Record<string, Record<string, number>> = {};
  if (process.argv[3] === 'heavy') cases.splice(0, 4, cases[1]!, cases[1]!);
  for (const [name, w, p, l] of cases) {
    const r = await run(w, p, l, ticks);
    for (const [k, v] of Object.entries(r)) {
      const row = (rows[k] ??= {});
      row[name] = (row[name] ?? 0) + v / 2;
    }
  }
  const names = [...new Set(cases.map((c) => c[0]))];
  process.stdout.write(`| CPU ms each | ${names.join(' | ')} |\n|---|${names.map(() => '--:').join('|')}|\n`);
  for (const [k, r] of Object.entries(rows))
    process.stdout.write(`| ${k} | ${names.map((n) => r[n]!.toFixed(2)).join(' | ')} |\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exitCode = 1;
});
