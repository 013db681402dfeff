/**
 * Interactive extras (`y` on a pair: a detail and a book a leg; `P`'s search) are not paced like the background ones
 * (extraJobs.ts `candidates`: ready at once), but each is a job of the venue's scheduler: claimed in its budget like
 * any interactive request, so many `y` presses in a row queue up and drain at the limit, never over it, a quote still
 * first.
 */
import { describe, expect, it } from 'vitest';
import type { ExtraRequest } from './extraJobs.js';
import type { RequestInfo } from './types.js';
import { market, maxInWindow, runningRig } from '../../test/support/syncHarness.js';

const LIMIT = 30;

describe('interactive extras in the budget', () => {
  it('40 `y` presses on 40 pairs in 4 s: 80 requests, at most the limit in any window, all answered', async () => {
    const sent: RequestInfo[] = [];
    const r = await runningRig(1000, { mode: 'key', platform: true, limit: LIMIT, onRequest: (i) => sent.push(i) });
    r.client.handler = (c) => (c.method === 'getMarket' ? { data: market(String(c.args[0])), status: 200 } : undefined);
    const heard: string[] = [];
    const ask = (key: string, run: ExtraRequest['run']): ExtraRequest => ({
      key,
      cls: 'interactive',
      run,
      answered: () => heard.push(key),
      failed: () => heard.push(`failed ${key}`),
      dropped: () => heard.push(`dropped ${key}`),
    });
    for (let n = 0; n < 40; n++) {
      r.sync.extra(ask(`pairs:detail:L${n}`, (c, o) => c.getMarket(`L${n}`, o)));
      r.sync.extra(ask(`pairs:book:L${n}`, (c, o) => c.getBook!(`L${n}`, 'Yes', o)));
      await r.run(100);
    }
    r.sync.editQuote('m1', { outcome: 'Yes', action: 'buy', amount: '5' });
    expect(r.sync.submitQuote('m1')).toBe('sent');
    await r.run(6 * 60_000);
    expect(heard.filter((h) => h.includes(' '))).toEqual([]);
    expect(heard).toHaveLength(80);
    expect(maxInWindow(r.client.calls.map((c) => c.at))).toBeLessThanOrEqual(LIMIT);
    // each extra was one request claimed in the budget, as an interactive one
    expect(sent.filter((s) => s.kind === 'extra').map((s) => s.cls)).toEqual(Array(80).fill('interactive'));
    // the quote went out before the extras still waiting
    const quoteAt = r.client.of('getQuote')[0]!.at;
    const extrasAfter = r.client.calls.filter((c) => c.at > quoteAt && String(c.args[0]).startsWith('L'));
    expect(extrasAfter.length).toBeGreaterThan(0);
    expect(quoteAt).toBeLessThan(10_000);
    // they waited their turn: 80 at 30 a minute (beside the list) go out over two minutes, not at once
    const extras = r.client.calls.filter((c) => String(c.args[0]).startsWith('L')).map((c) => c.at);
    expect(Math.max(...extras) - Math.min(...extras)).toBeGreaterThan(2 * 60_000);
    await r.sync.stop();
  }, 60_000);
});
