/**
 * The Positions view's totals with the recorded identities (test/fixtures/real, SOURCES.md): Polymarket wallet
 * 0xee613b3f… read from the Data API replay, Manifold user LucasGoldfein56b1 from the Manifold replay (with OUR one
 * bet naming the market, as readers.manifold.test.ts), on a board of both venues. Every venue's totals are seen
 * whole — on the title line when it holds them, else on lines under it — at 160×48 and at 80×24, and the frame
 * stays within the terminal; a venue's totals wider than a line go on at their ` · `, never cut.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { manifoldReplayClient } from '../../../test/support/manifoldReplay.js';
import { polymarketReplayLogged } from '../../../test/support/polymarketReplay.js';
import { renderTerminal, type TestTerminal } from '../../../test/support/terminal.js';
import { recordingSync } from '../../../test/support/venues.js';
import { press, waitForFrame } from '../../../test/support/wait.js';
import { manifoldReader, polymarketReader, type Send } from '../../positions/readers.js';
import type { VenuePositions } from '../../positions/types.js';
import { manifoldCaps } from '../../sources/manifold/caps.js';
import { POLYMARKET_CAPS } from '../../sources/polymarket/query.js';
import type { SourceId } from '../../sources/types.js';
import { createOddsStore } from '../../store/store.js';
import { ManualClock } from '../../util/clock.js';
import { joinVenues } from '../../venues/joined.js';
import { App } from '../App.js';
import { positionsTitle } from './positions.js';
import { OURS_BET } from '../../../test/support/manifoldReplay.js';

const EE61 = '0xee613b3fc183ee44f9da9c05f53e2da107e3debf';
const NOW = Date.parse('2026-11-26T00:00:00Z');
const P_TOTALS = 'P USDC value 14,181.80 USDC · P&L +6,533.46 USDC';
const M_TOTALS = 'M mana value M$23.48 · P&L +M$8.48';

const bets = mkdtempSync(join(tmpdir(), 'oddsboard-positions-totals-'));
mkdirSync(bets, { recursive: true });
writeFileSync(join(bets, 'ours-bet-LucasGoldfein56b1-kupKInoLsjMuiDiNfogm.json'), JSON.stringify([OURS_BET]));
afterAll(() => rmSync(bets, { recursive: true, force: true }));

const mani = manifoldReplayClient();
let poly: VenuePositions;
let manifold: VenuePositions;

beforeAll(async () => {
  const { server } = await polymarketReplayLogged();
  const p = polymarketReader({ baseUrl: server.url }, EE61);
  const noClient: Send = async (call) => (await call({} as never, {})).data;
  try {
    poly = await p.read(noClient);
  } finally {
    await p.close();
    await server.close();
  }
});

let term: TestTerminal | undefined;
afterEach(() => term?.unmount());

async function board(columns: number, rows: number): Promise<string> {
  const client = await mani.start({ now: NOW, bets: [bets] });
  const m = manifoldReader({ baseUrl: client.describe().baseUrl }, 'LucasGoldfein56b1');
  try {
    manifold = await m.read(async (call) => (await call(client, {})).data);
  } finally {
    await m.close();
  }
  const clock = new ManualClock(NOW);
  const mk = (id: SourceId, caps: typeof POLYMARKET_CAPS) => {
    const store = createOddsStore({ mode: id as 'polymarket', limit: 60, caps, prefixed: true });
    return { id, store, sync: recordingSync(store, []) };
  };
  const stacks = [mk('polymarket', POLYMARKET_CAPS), mk('manifold', manifoldCaps)];
  stacks[0]!.store.getState().positionsRead(poly, NOW, NOW + 300_000);
  stacks[1]!.store.getState().positionsRead(manifold, NOW, NOW + 300_000);
  const joined = joinVenues(stacks);
  term = renderTerminal(<App store={joined.store} sync={joined.sync} clock={clock} />, { columns, rows });
  await press(term, '6', () => term!.lastFrame().includes('◆ Positions'));
  const f = await waitForFrame(term, 'Timberw');
  return f;
}

const fits = (frame: string, columns: number, rows: number) => {
  for (const line of frame.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(columns);
  expect(frame.split('\n').length).toBeLessThanOrEqual(rows);
};

describe('Positions view: every venue’s totals seen', () => {
  it('160×48: both venues’ totals whole, and both rows', async () => {
    const f = await board(160, 48);
    expect(poly.positions).toHaveLength(1);
    expect(manifold.positions).toHaveLength(1);
    expect(f).toContain(P_TOTALS);
    expect(f).toContain(M_TOTALS);
    expect(f).toMatch(/real +No /);
    fits(f, 160, 48);
  });

  it('80×24: the totals under the title, whole; the rows below them; the frame within the terminal', async () => {
    const f = await board(80, 24);
    const lines = f.split('\n');
    const at = lines.findIndex((l) => l.includes('◆ Positions'));
    expect(lines[at]).toMatch(/◆ Positions 2\s*$/);
    expect(lines[at + 1]).toContain(P_TOTALS);
    expect(lines[at + 2]).toContain(M_TOTALS);
    expect(lines[at + 3]).toContain('Timberw');
    expect(lines[at + 4]).toMatch(/real +No /);
    fits(f, 80, 24);
  });
});

describe('a venue’s totals wider than the line', () => {
  it('go on at their ` · ` on the next line, every figure whole (was `P&L −$696,9…` at 40 columns)', () => {
    const totals = ['K USD value $517,184.96 · P&L −$696,944.16', M_TOTALS];
    const head = () => [{ text: '◆ Positions 2' }];
    const { under } = positionsTitle(head, [], totals, 40, 2, 10);
    const lines = under.map((segs) => segs.map((x) => x.text).join(''));
    for (const l of lines) expect(stringWidth(l)).toBeLessThanOrEqual(40);
    expect(lines.join('\n')).toContain('K USD value $517,184.96');
    expect(lines.join('\n')).toContain('P&L −$696,944.16');
    expect(lines).toContain(`  ${M_TOTALS}`);
  });

  it('where the pane has not the lines for that, each venue keeps its line (cut), none is left out unseen', () => {
    const totals = ['K USD value $517,184.96 · P&L −$696,944.16', M_TOTALS];
    const { under } = positionsTitle(() => [{ text: '◆ Positions 2' }], [], totals, 40, 2, 2);
    const lines = under.map((segs) => segs.map((x) => x.text).join(''));
    expect(lines).toEqual(['  K USD value $517,184.96 · P&L −$696,944.16', `  ${M_TOTALS}`]);
  });
});
