import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiError, MARKETS, maxInWindow, rig, type Answer } from '../../test/support/syncHarness.js';

/** Listed markets and as many that the list never brings (watched or alerted: followed by detail requests). */
const listed = MARKETS.map((m) => m.id);
const outside = Array.from({ length: 25 }, (_, i) => `x${i}`);

const intent = fc.oneof(
  fc.record({ type: fc.constant('watch' as const), id: fc.constantFrom(...listed, ...outside) }),
  fc.record({ type: fc.constant('watchMany' as const), n: fc.integer({ min: 1, max: outside.length }) }),
  fc.record({
    type: fc.constant('alert' as const),
    id: fc.constantFrom(...listed, ...outside),
    kind: fc.constantFrom('above' as const, 'below' as const, 'status' as const),
  }),
  fc.record({ type: fc.constant('select' as const), id: fc.constantFrom(...listed, ...outside, undefined) }),
  fc.record({ type: fc.constant('refresh' as const) }),
);

const answerKind = fc.constantFrom('ok', 'ok', 'ok', 'closed', 'resolved', '404', '429', '500');

function answer(kind: string, method: string, id: unknown): Answer | undefined {
  const status = kind === 'closed' || kind === 'resolved' ? kind : undefined;
  if (status && method === 'getMarket')
    return {
      data: { ...MARKETS[0]!, id: String(id), status, ...(status === 'resolved' ? { resolvedOutcome: 'Yes' } : {}) },
      status: 200,
    };
  if (kind === '404') return apiError({ kind: 'not_found', status: 404 });
  if (kind === '429') return apiError({ kind: 'rate_limited', status: 429 });
  if (kind === '500') return apiError({ kind: 'server', status: 500 });
  return undefined;
}

describe('window invariant with watched markets', () => {
  it(
    'any number of watched and alerted markets in and out of the list: never more than the limit in any 60 s ' +
      'window',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(1, 3, 10, 30),
          fc.constantFrom(0.05, 1 / 3, 0.9),
          fc.array(fc.tuple(fc.integer({ min: 0, max: 20_000 }), fc.array(intent, { minLength: 1, maxLength: 4 })), {
            maxLength: 40,
          }),
          fc.array(answerKind, { minLength: 1, maxLength: 30 }),
          async (limit, watchShare, schedule, answers) => {
            const r = rig({ limit, watchShare });
            let i = 0;
            r.client.handler = (c) => answer(answers[i++ % answers.length]!, c.method, c.args[0]);
            r.sync.start();
            for (const [gap, burst] of schedule) {
              await r.run(gap);
              for (const x of burst) {
                if (x.type === 'watch') r.sync.toggleWatch(x.id);
                else if (x.type === 'watchMany') for (const id of outside.slice(0, x.n)) r.sync.toggleWatch(id);
                else if (x.type === 'alert')
                  r.sync.addAlert({ marketId: x.id, kind: x.kind, value: '50', minutes: '' });
                else if (x.type === 'select') r.sync.select(x.id);
                else r.sync.refreshNow();
              }
            }
            await r.run(5 * 60_000);
            expect(
              maxInWindow(
                r.client.calls.map((c) => c.at),
                60_000,
              ),
            ).toBeLessThanOrEqual(limit);
            expect(r.store.getState().rate.usedInWindow).toBeLessThanOrEqual(limit);
            await r.sync.stop();
            expect(r.clock.pending()).toBe(0);
          },
        ),
        { numRuns: 50 },
      );
    },
  );
});
