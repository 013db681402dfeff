/**
 * The re-keying of Polymarket positions from conditionId to Gamma id (polymarketJoin.ts) over the recorded Data API
 * row (test/fixtures/real/polymarket/positions, SOURCES.md) read by the normalizer: what is asked, when, and what a
 * refused lookup leaves. The Gamma side is a stand-in client here; conditions.test.ts and the positions one-shot test
 * run the real client against the replay.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.js';
import type { SourceClient } from '../sources/types.js';
import { polymarketPosition } from './polymarket.js';
import { ConditionJoin, RETRY_READINGS } from './polymarketJoin.js';
import type { Send } from './readers.js';

const POSITIONS = 'test/fixtures/real/polymarket/positions';
const ROW = JSON.parse(
  readFileSync(`${POSITIONS}/data-api-positions-0x2005d16a-first-of-500-nba-mergeable-loss-2026-04-20.json`, 'utf8'),
) as unknown;
const position = polymarketPosition(ROW)!;
const CID = position.ref.id;

/** A Gamma that knows `answer` (conditionId → id) or refuses; every lookup asked is logged. */
function gamma(answer: Record<string, string> | 'refuse') {
  const asked: string[][] = [];
  const client = {
    marketIdsByCondition: (ids: readonly string[]) => {
      asked.push([...ids]);
      if (answer === 'refuse')
        return Promise.reject(new ApiError({ kind: 'server', code: 'SERVER', message: 'down', status: 503 }));
      return Promise.resolve({
        data: new Map(ids.flatMap((c) => (answer[c] ? [[c, answer[c]] as const] : []))),
        status: 200,
      });
    },
  } as unknown as SourceClient;
  const send: Send = async (call) => (await call(client, {})).data;
  return { asked, send };
}

describe('Polymarket positions keyed by Gamma id', () => {
  it('the recorded row by its conditionId becomes the Gamma id; once known it is never asked again', async () => {
    expect(CID).toBe('0xa9a9acb457b3567dd8d1cacaa400ae6aec8e63f858a4560afdb612161e43e57c');
    const join = new ConditionJoin();
    const g = gamma({ [CID]: '2774056' });
    const [p] = await join.join([position], g.send);
    expect(p).toEqual({ ...position, ref: { venue: 'polymarket', id: '2774056' } });
    await join.join([position], g.send);
    expect(g.asked).toEqual([[CID]]);
  });

  it('a conditionId Gamma does not answer is asked again only after RETRY_READINGS readings', async () => {
    const join = new ConditionJoin();
    const g = gamma({});
    for (let i = 0; i < RETRY_READINGS + 1; i++) {
      const [p] = await join.join([position], g.send);
      expect(p!.ref.id).toBe(CID);
    }
    expect(g.asked).toEqual([[CID], [CID]]);
  });

  it('a refused lookup leaves the position by its conditionId, and the reading goes on', async () => {
    const join = new ConditionJoin();
    const [p] = await join.join([position], gamma('refuse').send);
    expect(p).toEqual(position);
  });
});
