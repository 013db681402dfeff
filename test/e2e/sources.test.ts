import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  dashboardIn,
  detailSide,
  listSide,
  marketRows as rows,
  killedAfterEach,
  ROOT,
  serveChild,
} from '../support/e2eKit.js';
import type { TmuxSession } from './tmux.js';

/**
 * Each live source as a person sees it: `serve --replay DIR --source S` on the platform's recorded answers
 * (test/fixtures/real/<S>/) answering on the platform's own routes, and the built dashboard started with
 * `--source S --base-url URL` in tmux: the header names the source, priced rows, the selected market's detail,
 * a second page and back, and the Events view (or its word that the source has none).
 */

const started = killedAfterEach();

async function replay(source: string): Promise<string> {
  const dir = join(ROOT, 'test/fixtures/real', source);
  // Manifold judges open by the clock: as of the recording, what was open then is open again
  const asOf = source === 'manifold' ? ['--as-recorded'] : [];
  const r = await serveChild(['--replay', dir, '--source', source, ...asOf, '--port', '0']);
  started.service(r.child);
  return r.url;
}

async function dashboard(source: string, url: string, limit: number): Promise<TmuxSession> {
  const t = await dashboardIn(`src-${source}`, `--source ${source} --base-url ${url} --limit ${limit}`);
  started.session(t);
  return t;
}

const selected = (screen: string) => listSide(screen).find((l) => l.startsWith('▸'));
const priced = (screen: string) => rows(screen).filter((r) => /\d+\.\d¢/.test(r));
/**
 * A row's title cells at 160 columns: after the cursor (2) and the status badge (9), 43 cells. Not the outcome column
 * after them: a row whose list entry names no outcomes shows `…` until its market's own answer, which may come between
 * two reads of the same page (and the badge turns STALE on a loaded machine's late refresh).
 */
const titleCells = (row: string) => row.slice(11, 54);

const CASES = [
  { source: 'polymarket', header: 'POLYMARKET', events: true },
  { source: 'kalshi', header: 'KALSHI', events: true },
  { source: 'manifold', header: 'MANIFOLD', events: false },
] as const;

describe('each live source against its replay (tmux)', { timeout: 120_000 }, () => {
  for (const c of CASES) {
    it(`${c.source}: the header names it, rows are priced, the detail shows, page 2 and back, Events`, async () => {
      const limit = 10;
      const t = await dashboard(c.source, await replay(c.source), limit);
      const first = await t.waitFor(
        `${limit} priced rows under ${c.header}`,
        (s) => s.includes(` ${c.header} `) && priced(s).length >= 3 && rows(s).length === limit,
        20_000,
      );
      expect(first).not.toMatch(/NaN|undefined|\[object/);
      const title = selected(first)!;
      expect(title).toBeDefined();
      // the selected market's detail: its outcomes with prices
      await t.waitFor('the detail pane with prices', (s) => /\d+\.\d¢/.test(detailSide(s)), 10_000);

      // past the last row of a full page: page 2, other rows; past its first: page 1 again
      t.keys('G');
      t.keys('j');
      const second = await t.waitFor(
        'page 2',
        (s) => /page 2/i.test(s) && rows(s).length > 0 && !s.includes('Loading page'),
        15_000,
      );
      expect(rows(second).join('\n')).not.toBe(rows(first).join('\n'));
      t.keys('Home');
      t.keys('k');
      const back = await t.waitFor('page 1 again', (s) => !/page 2/i.test(s) && rows(s).length === limit, 15_000);
      expect(rows(back).map(titleCells)).toEqual(rows(first).map(titleCells));

      // the Events view: the platform's events, or its word that it has none
      t.keys('5');
      const events = await t.waitFor(
        'the Events view',
        (s) => (c.events ? /Events/.test(s) && !/Asking for the events/.test(s) : /has no events/.test(s)),
        15_000,
      );
      if (!c.events) expect(events).toContain('Manifold has no events');
      expect(events).not.toMatch(/NaN|undefined/);
      t.keys('q');
      // the sum of the waits above: a slow step fails its own wait, with the screen, not vitest's 20 s
    }, 75_000);
  }
});
