/**
 * Issue 30: a market with no order book is an expected state, asked about every few seconds while it is shown. The
 * CLOB's 404 ("No orderbook exists for the requested token id", the replay's words) is read as an empty book without
 * building an ApiError — an Error, with its stack trace. ApiError is wrapped here to count what is built.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Errors from '../../api/errors.js';
import { normalizeMarket } from '../../api/normalize.js';
import { ManualClock } from '../../util/clock.js';
import { createJsonHttp } from '../http.js';
import { startSourceReplay, type RunningSourceReplay } from '../replay.js';
import { readGammaError } from './errors.js';
import { polymarketSource } from './index.js';
import { loadGammaRecording } from './replayData.js';
import { createPolymarketTrader, KnownMarkets } from './trader.js';

const built = vi.hoisted(() => ({ errors: 0 }));
vi.mock('../../api/errors.js', async (importOriginal) => {
  const m = await importOriginal<typeof Errors>();
  class CountedApiError extends m.ApiError {
    constructor(...args: ConstructorParameters<typeof m.ApiError>) {
      super(...args);
      built.errors++;
    }
  }
  return { ...m, ApiError: CountedApiError };
});

const DIR = 'test/fixtures/real/polymarket';
let server: RunningSourceReplay | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('a market with no order book on the CLOB (issue 30)', () => {
  it('is an empty book, read from the 404 without building an Error', async () => {
    const log: { path: string; status: number | undefined }[] = [];
    server = await startSourceReplay({
      def: polymarketSource,
      dir: DIR,
      clock: new ManualClock(),
      onRequest: (e) => log.push({ path: e.path, status: e.status }),
    });
    const clob = createJsonHttp({ baseUrl: server.url }, readGammaError);
    // a recorded market whose token the CLOB has no book for (no recorded market names it)
    const raw = loadGammaRecording(DIR).marketById.get('2252243')!;
    const m = normalizeMarket(raw)!;
    const known = new KnownMarkets();
    known.remember([{ ...m, outcomes: m.outcomes.map((o, i) => ({ ...o, id: String(900001 + i) })) }]);
    const trader = createPolymarketTrader(clob, () => Promise.reject(new Error('not asked')), known);
    try {
      // the counter counts: the same 404 asked for without saying it is expected is an ApiError
      await expect(clob.get('/book', [['token_id', '900001']])).rejects.toMatchObject({ kind: 'not_found' });
      expect(built.errors).toBe(1);
      built.errors = 0;
      for (let i = 0; i < 3; i++) {
        const b = await trader.getBook('2252243', m.outcomes[0]!.name);
        expect([b.data.bids, b.data.asks, b.status]).toEqual([[], [], 200]);
      }
      expect(log.filter((r) => r.path.startsWith('/book')).map((r) => r.status)).toEqual([404, 404, 404, 404]);
      expect(built.errors).toBe(0);
    } finally {
      await clob.close();
    }
  });
});
