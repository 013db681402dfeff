/**
 * Required and decoration over the whole path, per platform: the source's replay on loopback (`serve --replay
 * --source S` internals) with one route failing (`--chaos 404|500 --chaos-path P`), the source's real client, the
 * real store and scheduler on a virtual clock, and the App drawn over them.
 *
 * - the source's groupings route answering 404, and 500, for two minutes: at most 3 requests to it, the connection
 *   `online` all along while the list refreshes, and `c` says the groupings are unavailable, in the source's word;
 * - its list route answering 404: named "route not found — the service may have changed its API".
 */
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadPlatform } from '../sources/index.js';
import { startSourceReplay, type RunningSourceReplay } from '../sources/replay.js';
import type { SourceClient, SourceId } from '../sources/types.js';
import { createOddsStore, type OddsStore } from '../store/store.js';
import { App } from '../ui/App.js';
import { ManualClock } from '../util/clock.js';
import { mulberry32 } from '../util/prng.js';
import { renderTerminal, type TestTerminal } from '../../test/support/terminal.js';
import { waitForFrame } from '../../test/support/wait.js';
import { cpuBound, WALL_BACKSTOP_MS } from '../../test/support/cpuBound.js';
import { createSync } from './sync.js';
import type { RateAwareSync } from './types.js';

type Platform = Exclude<SourceId, 'public'>;

/** Each platform: its groupings route and the route of its market list, as the request log prints them. */
const PLATFORMS: ReadonlyArray<{ id: Platform; groupings: string; list: string; word: string }> = [
  { id: 'polymarket', groupings: '/tags', list: '/markets/keyset', word: 'tags' },
  {
    id: 'kalshi',
    groupings: '/trade-api/v2/search/tags_by_categories',
    list: '/trade-api/v2/markets',
    word: 'categories',
  },
  { id: 'manifold', groupings: '/v0/groups', list: '/v0/search-markets', word: 'topics' },
];

const MIN = 60_000;
/**
 * Minutes of the virtual clock over loopback, all in this process: a deadline in CPU time (test/support/cpuBound.ts).
 * Under vitest's 20 s of wall time, the three minutes of /book answering 500 timed out at load 42 (two CPU hogs).
 */
const CPU_MS = 60_000;

interface Run {
  clock: ManualClock;
  store: OddsStore;
  sync: RateAwareSync;
  /** The App over the store and scheduler, drawn from now on. */
  draw(): TestTerminal;
  log: Array<{ at: number; path: string; status: number | undefined }>;
  /** Runs the virtual clock for `ms`, every answer in between arriving before time moves on. */
  run(ms: number, each?: () => void): Promise<void>;
}

let open: { srv: RunningSourceReplay; client: SourceClient; sync: RateAwareSync; term?: TestTerminal } | undefined;
afterEach(async () => {
  if (!open) return;
  const { srv, client, sync, term } = open;
  open = undefined;
  term?.unmount();
  await sync.stop();
  await client.close();
  await srv.close();
});

async function start(id: Platform, profile: '404' | '500', path: string): Promise<Run> {
  const def = await loadPlatform(id);
  const clock = new ManualClock(Date.now());
  const log: Run['log'] = [];
  const srv = await startSourceReplay({
    def,
    dir: `test/fixtures/real/${id}`,
    // Manifold judges open by the clock: as of the recording, what was open then is open again
    asRecorded: id === 'manifold',
    clock,
    chaos: { profile, afterMs: 0, path, hostileTitles: false },
    onRequest: (e) => log.push(e),
  });
  // one replay answers Gamma and the CLOB, as `--base-url` alone says for the dashboard
  const client = def.createClient({
    baseUrl: `${srv.url}${def.replayPrefix}`,
    ...(id === 'polymarket' ? { clobUrl: srv.url } : {}),
  });
  const limit = def.limits.politePerMinute;
  const store = createOddsStore({
    mode: id,
    limit,
    caps: client.caps,
    documentedLimit: def.limits.documentedPerMinute,
  });
  const sync = createSync({ client, store, clock, limit, categories: true, random: mulberry32(7) });
  open = { srv, client, sync };
  // the App is drawn when the screen is read: a frame per answer for two minutes would cost more than the answers
  const draw = () =>
    (open!.term ??= renderTerminal(createElement(App, { store, sync, clock, keyHint: '' }), {
      columns: 200,
      rows: 30,
      keepFrames: false,
    }));
  const settle = async () => {
    do await sync.settled();
    while (sync.inFlight() > 0);
  };
  const run = async (ms: number, each?: () => void) => {
    const end = clock.now() + ms;
    for (;;) {
      await settle();
      each?.();
      const due = clock.nextDueAt();
      if (due === undefined || due > end) break;
      clock.advanceTo(due);
    }
    clock.advanceTo(end);
    await settle();
  };
  return { clock, store, sync, draw, log, run };
}

describe('a platform’s groupings route failing for two minutes (its replay, the real client and scheduler)', () => {
  for (const p of PLATFORMS) {
    for (const profile of ['404', '500'] as const) {
      it(
        `${p.id}: ${p.groupings} answering ${profile} — ≤ 3 requests to it, online, c says so`,
        cpuBound(CPU_MS, async () => {
          const r = await start(p.id, profile, p.groupings);
          const t0 = r.clock.now();
          r.sync.start();
          const seen = new Set<string>();
          let oldestList = 0;
          await r.run(2 * MIN, () => {
            const st = r.store.getState();
            if (st.list.loadedAt === undefined) return;
            seen.add(st.connection.status);
            oldestList = Math.max(oldestList, r.clock.now() - st.list.loadedAt);
          });
          const asked = r.log.filter((e) => e.path.split('?')[0] === p.groupings);
          expect(asked.length).toBeGreaterThanOrEqual(2);
          expect(asked.length).toBeLessThanOrEqual(3);
          expect(asked.every((e) => e.status === Number(profile))).toBe(true);
          expect(asked.every((e) => e.at - t0 <= 2 * MIN)).toBe(true);
          // the connection is the required routes' alone: online all along, the list refreshed every few seconds
          expect([...seen]).toEqual(['online']);
          expect(oldestList).toBeLessThan(15_000);
          const lists = r.log.filter((e) => e.path.split('?')[0] === p.list && e.status === 200);
          expect(lists.length).toBeGreaterThan(10);
          expect(r.store.getState().rate.usedInWindow).toBeLessThanOrEqual(r.store.getState().rate.limit);

          const term = r.draw();
          await waitForFrame(term, (f) => f.includes('● online') && /\d+\.\d¢/.test(f));
          term.write('c');
          const frame = await waitForFrame(term, `${p.word} unavailable (HTTP ${profile})`);
          expect(frame).toContain('● online');
        }),
        WALL_BACKSTOP_MS,
      );
    }
  }
});

describe('a platform’s list route answering 404', () => {
  for (const p of PLATFORMS) {
    it(
      `${p.id}: ${p.list} — degraded, named "route not found", not a network fault`,
      cpuBound(CPU_MS, async () => {
        const r = await start(p.id, '404', p.list);
        r.sync.start();
        await r.run(30_000);
        const c = r.store.getState().connection;
        expect(c.status).toBe('degraded');
        expect(c.lastError).toMatchObject({ status: 404, code: 'ROUTE_NOT_FOUND' });
        expect(c.lastError?.message).toMatch(/^Route not found — the service may have changed its API \(HTTP 404/);
        const term = r.draw();
        await waitForFrame(term, '◐ degraded · route not found');
        await waitForFrame(term, 'Route not found — the service may have changed its API');
      }),
      WALL_BACKSTOP_MS,
    );
  }
});

describe('Polymarket’s order book answering 404, and 500, for three minutes (`--chaos-path /book`)', () => {
  for (const profile of ['404', '500'] as const) {
    it(
      `${profile}: ≤ 3 requests to /book, the detail at its cadence, online, book unknown, not empty`,
      cpuBound(CPU_MS, async () => {
        const r = await start('polymarket', profile, '/book');
        r.sync.start();
        const seen = new Set<string>();
        await r.run(3 * MIN, () => {
          const st = r.store.getState();
          if (st.list.loadedAt !== undefined) seen.add(st.connection.status);
        });
        const books = r.log.filter((e) => e.path.split('?')[0] === '/book');
        expect(books.length).toBeGreaterThanOrEqual(2);
        expect(books.length).toBeLessThanOrEqual(3);
        expect(books.every((e) => e.status === Number(profile))).toBe(true);
        const details = r.log.filter((e) => /^\/markets\/\d+$/.test(e.path.split('?')[0]!) && e.status === 200);
        expect(details.length).toBeGreaterThan(10);
        expect([...seen]).toEqual(['online']);
        const st = r.store.getState();
        expect(st.books[st.selectedId!]).toBeUndefined();
        const term = r.draw();
        const frame = await waitForFrame(term, `Book unknown: the service did not answer it (HTTP ${profile}).`);
        expect(frame).not.toContain('The book is empty');
        expect(frame).toContain('● online');
      }),
      WALL_BACKSTOP_MS,
    );
  }
});
