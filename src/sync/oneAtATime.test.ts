/**
 * Within one venue, one request other than a quote and one quote are on the wire at once (flights.ts mayFly). The store
 * relies on it: an order book, a price history and a quote carry no send time, so their answers are taken in the order
 * they arrive, which is the order they left only while no two of a kind fly together (docs/architecture.md § Answers
 * in order). This pins it: answers held back a few seconds each, whatever the screen wants.
 */
import { describe, expect, it } from 'vitest';
import { PUBLIC_CAPS } from '../sources/caps.js';
import type { SourceCaps } from '../sources/types.js';
import { rig } from '../../test/support/syncHarness.js';

const CAPS: SourceCaps = { ...PUBLIC_CAPS, book: true, history: true, batch: 100, events: true };

describe('requests on the wire at once, within one venue', () => {
  it('one quote and one other at most, answers taking seconds, books, histories and quotes wanted', async () => {
    const r = rig({ limit: 60, platform: true, caps: CAPS, mode: 'kalshi' });
    const wire = { quote: 0, other: 0 };
    const most = { quote: 0, other: 0 };
    let n = 0;
    r.client.deliver = (call, answer) => {
      const kind = call.method === 'getQuote' ? 'quote' : 'other';
      wire[kind] += 1;
      most[kind] = Math.max(most[kind], wire[kind]);
      // 1 to 6 s each, in a fixed order, on the test's clock
      const delay = 1_000 + ((n++ * 2_357) % 5_000);
      return new Promise((resolve, reject) =>
        r.clock.setTimeout(() => {
          wire[kind] -= 1;
          answer.then(resolve, reject);
        }, delay),
      );
    };
    r.sync.start();
    await r.run(10_000);
    r.sync.select('m1');
    r.sync.editQuote('m1', { outcome: 'Yes', amount: '10', action: 'buy' });
    await r.run(20_000);
    r.sync.show('events');
    r.sync.openEvent('e1');
    r.sync.editQuote('m2', { outcome: 'Yes', amount: '5', action: 'buy' });
    await r.run(20_000);
    r.sync.show('markets');
    r.sync.select('m2');
    r.sync.refreshNow();
    await r.run(60_000);
    const methods = new Set(r.client.calls.map((c) => c.method));
    for (const m of [
      'listMarkets',
      'getMarket',
      'getBook',
      'getHistory',
      'listEvents',
      'getEvent',
      'getQuote',
    ] as const)
      expect(methods).toContain(m);
    expect(most).toEqual({ quote: 1, other: 1 });
    await r.sync.stop();
  });
});
