/**
 * Polymarket's two names of a market (docs/sources.md § Positions join): the conditionId → Gamma id memory read from
 * recorded Gamma answers (test/fixtures/real/polymarket, SOURCES.md), and the lookup of the rest through Gamma's
 * documented `condition_ids` filter against the replay of those recordings on 127.0.0.1 port 0 — every request
 * checked against the documented routes.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { normalizeMarketList } from '../../api/normalize.js';
import type { RunningSourceReplay } from '../replay.js';
import type { SourceClient } from '../types.js';
import { createPolymarketClient } from './client.js';
import { ConditionIds, conditionOf } from './conditions.js';
import { undocumented } from './routes.js';
import { polymarketReplayLogged } from '../../../test/support/polymarketReplay.js';

const DIR = 'test/fixtures/real/polymarket';
const recorded = JSON.parse(readFileSync(`${DIR}/gamma-markets-3-open-ethiopia-fed-lebron.json`, 'utf8')) as unknown[];
// the three recorded markets' own ids and conditionIds
const ETHIOPIA = { id: '2063134', cid: '0x7d0aaf81bbd3fd73b6a1651cce08a452c0cbf9c0cbb4520ce0f981065b639d88' };
const FED = { id: '1654958', cid: '0x8bf1c1536ecb1c08fe13c6b71e8ab1f58bf3461c4cb79f5f1679f869a06aef86' };
// the Data API's recorded position (positions/data-api-positions-0x2005d16a-…): no recorded Gamma market has it
const NUGGETS = '0xa9a9acb457b3567dd8d1cacaa400ae6aec8e63f858a4560afdb612161e43e57c';

let server: RunningSourceReplay | undefined;
let log: string[] = [];
afterEach(async () => {
  await server?.close();
  for (const path of log) expect(undocumented(path), path).toEqual([]);
  server = undefined;
});

async function client(): Promise<SourceClient> {
  ({ server, log } = await polymarketReplayLogged(DIR));
  return createPolymarketClient({ baseUrl: server.url });
}

describe('Polymarket conditionId → Gamma id', () => {
  it('every recorded Gamma market carries its conditionId; the memory answers it in any case', () => {
    const markets = normalizeMarketList(recorded);
    expect(markets.map(conditionOf)).toEqual([ETHIOPIA.cid, FED.cid, expect.stringMatching(/^0x[0-9a-f]{64}$/)]);
    const known = new ConditionIds(2);
    known.remember(markets);
    // bounded: the oldest dropped
    expect(known.get(ETHIOPIA.cid)).toBeUndefined();
    expect(known.get(FED.cid.toUpperCase().replace('0X', '0x'))).toBe(FED.id);
  });

  it('a market already read costs no request; the others one condition_ids request, then the closed ones', async () => {
    const c = await client();
    await c.getMarkets([FED.id]);
    const before = log.length;
    const known = await c.marketIdsByCondition!([FED.cid]);
    expect([...known.data]).toEqual([[FED.cid, FED.id]]);
    expect(log.length).toBe(before); // from the markets the client had read

    const asked = await c.marketIdsByCondition!([ETHIOPIA.cid, NUGGETS, 'not-a-condition']);
    expect([...asked.data]).toEqual([[ETHIOPIA.cid, ETHIOPIA.id]]);
    const sent = log.slice(before).map((p) => decodeURIComponent(p));
    // one request for both; the one not open asked again among the closed; the malformed one never sent
    expect(sent).toEqual([
      `/markets/keyset?condition_ids=${ETHIOPIA.cid}&condition_ids=${NUGGETS}&limit=2`,
      `/markets/keyset?condition_ids=${NUGGETS}&limit=1&closed=true`,
    ]);
  });
});
