/**
 * A Polymarket replay directory in which a recorded position's market is on Gamma: no recorded Gamma market has the
 * conditionId of a recorded Data API position (test/fixtures/real/SOURCES.md), so — OURS — the recorded market 2774056
 * (a list of one) is given the conditionId of the recorded Timberwolves–Nuggets rows, nothing else of it changed, and
 * its own file left out. docs/sources.md § Positions join.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './e2eKit.js';

/** The recorded rows' market (data-api-positions-0x2005d16a-… and -0xee613b3f-…). */
export const NUGGETS_CONDITION = '0xa9a9acb457b3567dd8d1cacaa400ae6aec8e63f858a4560afdb612161e43e57c';
/** The Gamma id it is given. */
export const NUGGETS_GAMMA_ID = '2774056';

export function polymarketJoinDir(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), `oddsboard-${tag}-`));
  cpSync(join(ROOT, 'test/fixtures/real/polymarket'), dir, { recursive: true });
  const own = join(dir, 'gamma-markets-hormuz-2774056-list-of-one.json');
  const [market] = JSON.parse(readFileSync(own, 'utf8')) as Array<Record<string, unknown>>;
  rmSync(own);
  writeFileSync(
    join(dir, 'ours-gamma-market-2774056-with-the-nuggets-condition.json'),
    JSON.stringify([{ ...market, conditionId: NUGGETS_CONDITION }]),
  );
  return dir;
}
