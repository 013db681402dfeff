import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dashboardIn, killedAfterEach, marketRows as rows, replayChild } from '../support/e2eKit.js';

/**
 * `g` and `o` on the built program in tmux, on Kalshi's replay (`serve --replay test/fixtures/real/kalshi --source
 * kalshi`): an event address as kalshi.com writes it (parse.test.ts cites the form) opens the event in Events, a
 * lower-case ticker goes to its market in Markets, a foreign address gets its one-line message, and `o` hands the
 * page address on kalshi.com to `$BROWSER` — a script that records it.
 */
const started = killedAfterEach();

describe('g and o (tmux, Kalshi replay)', { timeout: 120_000 }, () => {
  it('goes to an event and a market by what is pasted, and opens the page in $BROWSER', async () => {
    const r = await replayChild('kalshi');
    started.service(r.child);
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-browser-'));
    const log = join(dir, 'opened.txt');
    const script = join(dir, 'browser.sh');
    writeFileSync(script, `#!/bin/sh\nprintf '%s\\n' "$1" >> '${log}'\n`);
    chmodSync(script, 0o755);
    const t = started.session(
      await dashboardIn('links', `--source kalshi --base-url ${r.url} --limit 10`, { BROWSER: script }),
    );
    await t.waitFor('priced rows under KALSHI', (s) => s.includes(' KALSHI ') && rows(s).length > 0, 20_000);

    // an event address: Events, the event open
    t.keys('g');
    await t.waitFor('the go-to box', (s) => s.includes('go to ') && s.includes('⏎ go · Esc cancel'));
    t.type('https://kalshi.com/markets/kxnewpope/next-pope/kxnewpope-70');
    t.keys('Enter');
    const event = await t.waitFor('the event open', (s) => s.includes('◆ Event Who will the next Pope be?'), 10_000);
    expect(event).not.toMatch(/NaN|undefined|\[object/);

    // something that is not a Kalshi page: its message, the box stays open; Esc leaves it
    t.keys('g');
    await t.waitFor('the go-to box', (s) => s.includes('⏎ go · Esc cancel'));
    t.type('https://polymarket.com/event/fed-decision-in-september-762');
    t.keys('Enter');
    await t.waitFor('the message', (s) => s.includes('this board shows Kalshi (start with --source polymarket)'));
    t.keys('C-u');
    // a market ticker, lower case as in kalshi.com's addresses
    t.type('kxnewpope-70-famb');
    t.keys('Enter');
    const market = await t.waitFor(
      'the market selected in Markets',
      (s) => s.includes('◆ Markets') && /▸ ACTIVE +Fridolin Ambongo/.test(s) && s.includes('id KXNEWPOPE-70-FAMB'),
      10_000,
    );
    expect(market).toContain('Page https://kalshi.com/markets/kxnewpope');

    // o: the page address to $BROWSER, the dashboard still drawing
    t.keys('o');
    await t.waitFor('the page opened', (s) => s.includes('Opened https://kalshi.com/markets/kxnewpope'));
    await t.waitFor('the script to record', () => existsSync(log) && readFileSync(log, 'utf8').includes('\n'));
    expect(readFileSync(log, 'utf8').trim()).toBe('https://kalshi.com/markets/kxnewpope');
    // the opener ran detached: the dashboard answers the next key at once (the row below is selected)
    t.keys('j');
    await t.waitFor('the next row selected', (s) => /▸ ACTIVE +163\.130 or above/.test(s));
  });
});
