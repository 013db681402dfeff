/**
 * The Polymarket positions reader against the Data API routes replayed from the recorded answers
 * (test/fixtures/real/polymarket/positions, SOURCES.md) on 127.0.0.1 port 0 — the same replay that serves Gamma and
 * the CLOB. Every request is checked against the documented routes (src/sources/polymarket/routes.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../util/clock.js';
import { startSourceReplay, type RunningSourceReplay } from '../sources/replay.js';
import { polymarketSource } from '../sources/polymarket/index.js';
import { undocumented } from '../sources/polymarket/routes.js';
import { rejection } from '../../test/support/catch.js';
import { polymarketReader, type PositionsReader, type Send } from './readers.js';
import { createPolymarketClient } from '../sources/polymarket/client.js';
import { NUGGETS_CONDITION, NUGGETS_GAMMA_ID, polymarketJoinDir } from '../../test/support/polymarketJoin.js';

const DIR = 'test/fixtures/real/polymarket';
const RN1 = '0x2005d16a84ceefa912d4e380cd32e7ff827875ea';
let server: RunningSourceReplay | undefined;
let reader: PositionsReader | undefined;
let log: string[] = [];
const send: Send = async (call) => (await call({} as never, {})).data;

async function start(wallet: string, chaos?: Parameters<typeof startSourceReplay>[0]['chaos'], dir = DIR) {
  log = [];
  server = await startSourceReplay({
    def: polymarketSource,
    dir,
    clock: new ManualClock(),
    ...(chaos ? { chaos } : {}),
    onRequest: (e) => log.push(e.path),
  });
  reader = polymarketReader({ baseUrl: server.url }, wallet);
  return reader;
}

afterEach(async () => {
  await reader?.close();
  await server?.close();
  for (const path of log) expect(undocumented(path), path).toEqual([]);
  reader = server = undefined;
});

describe('Polymarket positions through the Data API', () => {
  it("a wallet's positions and its reported value", async () => {
    const got = await (await start(RN1)).read(send);
    expect(got).toMatchObject({ venue: 'polymarket', currency: 'USDC', identity: RN1, reportedValue: 517349.941 });
    expect(got.positions.map((p) => [p.title, p.outcome, p.shares, p.value])).toEqual([
      ['Timberwolves vs. Nuggets', 'Nuggets', 181369.1314, 58944.9677],
    ]);
    expect(got.more).toBeUndefined();
    expect(log).toEqual([
      `/positions?user=${RN1}&limit=500&offset=0&sortBy=CURRENT&sortDirection=DESC&sizeThreshold=0.01`,
      `/value?user=${RN1}`,
    ]);
  });

  it('a wallet with nothing recorded: no positions, value 0', async () => {
    const got = await (await start('0x' + 'ab'.repeat(20))).read(send);
    expect(got.positions).toEqual([]);
    expect(got.reportedValue).toBe(0);
  });

  it('a 500 from the Data API is an ApiError of kind server', async () => {
    const r = await start(RN1, { profile: '500', afterMs: 0 });
    const e = await rejection(r.read(send));
    expect(e).toMatchObject({ kind: 'server', status: 500 });
  });

  it('not a wallet: refused before anything is sent', () => {
    expect(() => polymarketReader({ baseUrl: 'http://127.0.0.1:1' }, '0x12')).toThrow(/wallet/);
  });

  it("keyed by the market's Gamma id: asked of Gamma once, free when the board has read the market", async () => {
    const r = await start(RN1, undefined, polymarketJoinDir('reader-join'));
    const gamma = createPolymarketClient({ baseUrl: server!.url });
    const through: Send = async (call) => (await call(gamma, {})).data;
    const first = await r.read(through);
    expect(first.positions.map((p) => p.ref)).toEqual([{ venue: 'polymarket', id: NUGGETS_GAMMA_ID }]);
    expect(log.slice(2)).toEqual([`/markets/keyset?condition_ids=${NUGGETS_CONDITION}&limit=1`]);
    // the next reading asks the Data API only
    log = [];
    await r.read(through);
    expect(log.map((p) => p.split('?')[0])).toEqual(['/positions', '/value']);
    // another reader on a client that has read the market (the board listed it): no Gamma request either
    const board = createPolymarketClient({ baseUrl: server!.url });
    await board.getMarkets([NUGGETS_GAMMA_ID]);
    const again = polymarketReader({ baseUrl: server!.url }, RN1);
    log = [];
    const got = await again.read(async (call) => (await call(board, {})).data);
    await again.close();
    expect(got.positions[0]!.ref.id).toBe(NUGGETS_GAMMA_ID);
    expect(log.map((p) => p.split('?')[0])).toEqual(['/positions', '/value']);
    await gamma.close?.();
    await board.close?.();
  });
});
