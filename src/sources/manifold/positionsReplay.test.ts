/**
 * The Manifold replay's positions routes on Manifold's documented positions example (test/fixtures/real/manifold/
 * positions, SOURCES.md): the user and the user's bets DERIVED from the recorded metrics when none of that user's
 * bets is recorded — only what a metric says, never an amount — and never in place of recorded bets.
 */
import { describe, expect, it } from 'vitest';
import type { Rec } from '../../api/normalizeFields.js';
import { answerManifoldPositions, asksUserBets, derivedBets, loadManifoldPositions } from './positionsReplay.js';

const rec = loadManifoldPositions('test/fixtures/real/manifold');
const req = (path: string, query = '') => ({
  segments: path.split('/').filter((s) => s !== ''),
  query: new URLSearchParams(query),
});

describe('the recorded positions and what the replay derives from them', () => {
  it('the user from the metric: id, username and name as recorded; 404 for a name no metric carries', () => {
    expect(answerManifoldPositions(rec, req('/user/LucasGoldfein56b1'))).toEqual({
      status: 200,
      body: { id: 'IpTiwOTs96VIzeoxu66tfitUcBZ2', username: 'LucasGoldfein56b1', name: 'Lucas Goldfein' },
    });
    expect(answerManifoldPositions(rec, req('/user/nobody'))?.status).toBe(404);
  });

  it("one bet per metric of a user with no recorded bet: the market, the last bet's time, the side; no amount", () => {
    const d = derivedBets(rec, []);
    expect(d).toEqual([
      {
        id: 'derived-kupKInoLsjMuiDiNfogm-all-IpTiwOTs96VIzeoxu66tfitUcBZ2',
        userId: 'IpTiwOTs96VIzeoxu66tfitUcBZ2',
        userUsername: 'LucasGoldfein56b1',
        contractId: 'kupKInoLsjMuiDiNfogm',
        createdTime: 1678924706057,
        outcome: 'NO',
      },
      {
        id: 'derived-kupKInoLsjMuiDiNfogm-all-JNkmw38JICdw6ySJ9RgWK7WyBdE2',
        userId: 'JNkmw38JICdw6ySJ9RgWK7WyBdE2',
        userUsername: 'sylv',
        contractId: 'kupKInoLsjMuiDiNfogm',
        createdTime: 1678914591730,
        outcome: 'NO',
      },
    ]);
    for (const b of d) for (const k of ['amount', 'shares', 'probBefore', 'probAfter']) expect(b).not.toHaveProperty(k);
  });

  it('a user with a recorded bet gets none derived; derived bets answer only /bets asked by user', () => {
    const recorded: Rec[] = [{ id: 'x', userId: 'JNkmw38JICdw6ySJ9RgWK7WyBdE2', contractId: 'c', createdTime: 1 }];
    expect(derivedBets(rec, recorded).map((b) => b.userId)).toEqual(['IpTiwOTs96VIzeoxu66tfitUcBZ2']);
    expect(asksUserBets(req('/bets', 'userId=IpTiwOTs96VIzeoxu66tfitUcBZ2'))).toBe(true);
    expect(asksUserBets(req('/bets', 'username=sylv'))).toBe(true);
    expect(asksUserBets(req('/bets', 'contractId=kupKInoLsjMuiDiNfogm'))).toBe(false);
    expect(asksUserBets(req('/market/kupKInoLsjMuiDiNfogm/positions', 'userId=x'))).toBe(false);
  });
});
