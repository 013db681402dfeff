import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dashboardIn, killedAfterEach, marketRows, ROOT, serveChild } from '../support/e2eKit.js';

/**
 * Issue #26 as a person met it: Kalshi's replay with its categories route retired (`--chaos 404 --chaos-path …`),
 * the built dashboard in tmux. The categories are asked for once and not again for a while, the header stays
 * `● online` while the markets refresh, and `c` says the categories are unavailable.
 */

const started = killedAfterEach();
const ROUTE = '/trade-api/v2/search/tags_by_categories';

interface Logged {
  path: string;
  status?: number;
}

describe('a retired categories route (tmux)', { timeout: 120_000 }, () => {
  it('kalshi: asked once, the header online while the list refreshes, c says "categories unavailable"', async () => {
    const dir = join(ROOT, 'test/fixtures/real/kalshi');
    const args = ['--replay', dir, '--source', 'kalshi', '--port', '0', '--log-requests'];
    const { child, url } = await serveChild([...args, '--chaos', '404', '--chaos-after', '0', '--chaos-path', ROUTE]);
    started.service(child);
    const log: Logged[] = [];
    let rest = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      const lines = (rest + d).split('\n');
      rest = lines.pop() ?? '';
      for (const l of lines) if (l.startsWith('req ')) log.push(JSON.parse(l.slice(4)) as Logged);
    });
    const t = started.session(await dashboardIn('deco', `--source kalshi --base-url ${url}`));
    await t.waitFor('priced rows, online', (s) => s.includes('● online') && marketRows(s).length >= 5, 20_000);

    // one request goes out at a time: a request logged after the categories' 404 was sent once its answer was in
    const asked = () => log.filter((e) => e.path.split('?')[0] === ROUTE);
    const after404 = () => {
      const i = log.findIndex((e) => e.path.split('?')[0] === ROUTE);
      return i < 0 ? 0 : log.length - 1 - i;
    };
    await t.waitFor('five requests after the categories’ 404', () => after404() >= 5, 20_000);
    // asked again only 30 s or more later (it was asked every second or two before)
    expect(asked().map((e) => e.status)).toEqual([404]);

    t.keys('c');
    const s = await t.waitFor('the word that the categories are missing', (x) =>
      x.includes('categories unavailable (HTTP 404)'),
    );
    expect(s).toContain('● online');
    expect(s).not.toContain('degraded');
  }, 60_000);
});
