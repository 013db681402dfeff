import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiError, market, MARKETS, maxInWindow, rig, type Answer, type Call } from '../../test/support/syncHarness.js';

const ids = MARKETS.map((m) => m.id);

const intent = fc.oneof(
  fc.record({ type: fc.constant('select' as const), id: fc.constantFrom(...ids, undefined) }),
  fc.record({ type: fc.constant('search' as const), q: fc.string({ maxLength: 3 }) }),
  fc.record({
    type: fc.constant('quote' as const),
    id: fc.constantFrom(...ids),
    amount: fc.constantFrom('1', '25', '2.5', 'x', ''),
  }),
  fc.record({ type: fc.constant('refresh' as const) }),
  fc.record({
    type: fc.constant('show' as const),
    source: fc.constantFrom('markets' as const, 'closing' as const, 'events' as const),
  }),
  fc.record({ type: fc.constant('open' as const), id: fc.constantFrom('e1', 'e2', undefined) }),
  fc.record({ type: fc.constant('page' as const), delta: fc.constantFrom(1 as const, -1 as const) }),
);

/** How the fake server answers one call. */
const answerKind = fc.constantFrom(
  'ok',
  'ok',
  'ok',
  'full-page',
  'lying-headers',
  'empty-bucket',
  '429',
  '429-retry-0',
  '500',
  'network',
  '404',
);

const FULL_PAGE = Array.from({ length: 20 }, (_, i) => market(`p${i}`));

function answer(kind: string, call: Call): Answer | undefined {
  switch (kind) {
    case 'full-page':
      return call.method === 'listMarkets' ? { data: FULL_PAGE, status: 200 } : undefined;
    case 'lying-headers':
      return { data: [], status: 200, rate: { limit: 1_000, remaining: 999, resetMs: 0, windowMs: 60_000 } };
    case 'empty-bucket':
      return { data: [], status: 200, rate: { limit: 10, remaining: 0, resetMs: 1_000 } };
    case '429':
      return apiError({ kind: 'rate_limited', status: 429 });
    case '429-retry-0':
      return apiError({ kind: 'rate_limited', status: 429, retryAfterMs: 0 });
    case '500':
      return apiError({ kind: 'server', status: 500 });
    case 'network':
      return apiError({ kind: 'network' });
    case '404':
      return apiError({ kind: 'not_found', status: 404 });
    default:
      return undefined;
  }
}

describe('window invariant', () => {
  it(
    'never sends more than the limit in any sliding 60 s window, whatever the user (views, events, pages included) ' +
      'and the server do',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(1, 3, 10, 30),
          fc.array(fc.tuple(fc.integer({ min: 0, max: 8_000 }), fc.array(intent, { minLength: 1, maxLength: 6 })), {
            maxLength: 60,
          }),
          fc.array(answerKind, { minLength: 1, maxLength: 50 }),
          fc.integer(),
          async (limit, schedule, answers, seed) => {
            let s = seed >>> 0;
            const r = rig({ limit, random: () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32 });
            let i = 0;
            r.client.handler = (call) => answer(answers[i++ % answers.length]!, call);
            r.sync.start();
            for (const [gap, burst] of schedule) {
              await r.run(gap);
              for (const x of burst) {
                if (x.type === 'select') r.sync.select(x.id);
                else if (x.type === 'search') r.sync.search({ q: x.q });
                else if (x.type === 'quote')
                  r.sync.editQuote(x.id, { outcome: 'Yes', amount: x.amount, action: 'buy' });
                else if (x.type === 'show') r.sync.show(x.source);
                else if (x.type === 'open') r.sync.openEvent(x.id);
                else if (x.type === 'page') r.sync.page(x.delta);
                else r.sync.refreshNow();
              }
            }
            await r.run(3 * 60_000);
            const times = r.client.calls.map((c) => c.at);
            expect(maxInWindow(times, 60_000)).toBeLessThanOrEqual(limit);
            expect(r.store.getState().rate.usedInWindow).toBeLessThanOrEqual(limit);
            await r.sync.stop();
            expect(r.clock.pending()).toBe(0);
            expect(r.sync.inFlight()).toBe(0);
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});
