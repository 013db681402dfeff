/**
 * The replay answers Manifold's routes as the server does (docs/sources/manifold.md): strict parameters and their
 * 400 body, an unknown `before` giving the first page, offset past 1000, `/market-probs` wanting an array, 404 in
 * Manifold's shape — over the staged recordings (test/fixtures/real/manifold/).
 */
import { describe, expect, it } from 'vitest';
import type { ReplayAnswer } from '../types.js';
import { createManifoldReplay } from './replay.js';

const NOW = Date.parse('2026-10-09T11:06:00.054Z');
const replay = createManifoldReplay('test/fixtures/real/manifold', { now: () => NOW });

function get(path: string): ReplayAnswer {
  const url = new URL(path, 'http://x');
  const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const a = replay.answer({ segments, query: url.searchParams });
  if (!a) throw new Error(`no route for ${path}`);
  return a;
}
const ids = (a: ReplayAnswer): string[] => (a.body as Array<{ id: string }>).map((o) => o.id);

describe('Manifold replay', () => {
  it('/markets: newest first; `before` starts after that market; an unknown `before` is the first page', () => {
    const first = get('/markets?limit=30');
    const all = ids(get('/markets?limit=1000'));
    expect(ids(first)).toEqual(all.slice(0, 30));
    expect(ids(get(`/markets?limit=30&before=${all[29]}`))).toEqual(all.slice(30, 60));
    expect(ids(get('/markets?limit=30&before=notAMarketId'))).toEqual(all.slice(0, 30));
    const created = (get('/markets?limit=1000').body as Array<{ createdTime: number }>).map((o) => o.createdTime);
    expect(created).toEqual([...created].sort((a, b) => b - a));
  });

  it('serves GET shapes only: a POST /resolve document (no `url`) never replaces the recorded GET answer', () => {
    const m = get('/market/l6jsJPhOWSztXtzqhpU7').body as Record<string, unknown>;
    expect(m.url).toBeDefined();
    expect(m.probability).toBe(0.5049750012375624);
    expect(get('/market/H8Dc6yCj4TkvJfoOitYr').status).toBe(404);
  });

  it('refuses what the server refuses, in its shape', () => {
    expect(get('/markets?limit=1001')).toEqual({
      status: 400,
      body: {
        message: 'Error validating request.',
        details: [{ field: 'limit', error: 'Number must be less than or equal to 1000' }],
      },
    });
    expect(get('/markets?status=open').body).toEqual({
      message: 'Error validating request.',
      details: [{ field: null, error: "Unrecognized key(s) in object: 'status'" }],
    });
    expect(get('/search-markets?sort=hot').status).toBe(400);
    expect(get('/search-markets?offset=1001')).toEqual({
      status: 400,
      body: {
        message:
          'offset must be <= 1000. Use sort=newest with the beforeTime parameter to page through contracts to see ' +
          'our entire market list.',
      },
    });
    expect(get('/market-probs?ids=CL56c9sqQp').status).toBe(400);
    expect(get('/market/nothing')).toEqual({ status: 404, body: { message: 'Contract not found' } });
  });

  it('/market-probs: {prob} for a binary, {answerProbs} for answers; unknown ids absent', () => {
    const a = get('/market-probs?ids=CL56c9sqQp&ids=TEW8dlA3pxk3GalxeQkI&ids=zzz');
    expect(a.body).toEqual({
      CL56c9sqQp: { prob: 0.3802134567386684 },
      TEW8dlA3pxk3GalxeQkI: { answerProbs: expect.any(Object) },
    });
    const answers = (a.body as { TEW8dlA3pxk3GalxeQkI: { answerProbs: Record<string, number> } }).TEW8dlA3pxk3GalxeQkI;
    expect(Object.keys(answers.answerProbs)).toEqual(['0', '1', '2']);
  });

  it('/search-markets: statuses at the replay’s time, close-date drops what has closed, offset pages', () => {
    const closing = get('/search-markets?filter=open&sort=close-date&limit=100').body as Array<{ closeTime: number }>;
    expect(closing.length).toBeGreaterThan(0);
    expect(closing.every((o) => o.closeTime > NOW)).toBe(true);
    const all = ids(get('/search-markets?sort=newest&limit=100'));
    expect(ids(get('/search-markets?sort=newest&limit=10&offset=10'))).toEqual(all.slice(10, 20));
    const closed = get('/search-markets?filter=closed&limit=1000').body as Array<{
      isResolved: boolean;
      closeTime: number;
    }>;
    expect(closed.every((o) => !o.isResolved && o.closeTime < NOW)).toBe(true);
  });

  it('/slug/{slug}, /groups from the details’ topics, and the chaos hooks', () => {
    expect((get('/slug/trump-wins-nobel-peace-prize-2026').body as { id: string }).id).toBe('nRSlhy5c2L');
    const groups = get('/groups').body as Array<{ slug: string; totalMembers: number }>;
    expect(groups.find((g) => g.slug === 'ai')?.totalMembers).toBe(2);
    expect(replay.marketIdOf?.(['slug', 'trump-wins-nobel-peace-prize-2026'])).toBe('nRSlhy5c2L');
    expect(replay.marketIdOf?.(['market', 'CL56c9sqQp'])).toBe('CL56c9sqQp');
    expect(replay.listedIds?.(get('/markets?limit=2').body)).toEqual(ids(get('/markets?limit=2')));
    expect(replay.answer({ segments: ['bets', 'x'], query: new URLSearchParams() })).toBeUndefined();
  });

  it('/bets: the recorded bets newest first (asc on asking), by contract and time; none recorded → []', () => {
    const r = createManifoldReplay('test/fixtures/real/manifold', {
      now: () => NOW,
      bets: ['test/fixtures/real/manifold/trader/bets'],
    });
    const bets = (q: string) => {
      const a = r.answer({ segments: ['bets'], query: new URLSearchParams(q) })!;
      return { status: a.status, body: a.body as Array<{ id: string; createdTime: number }> };
    };
    const all = bets('contractId=rIR6mWqaO9xKLifr6cLL&limit=1000').body;
    expect(all).toHaveLength(45);
    expect(all[0]!.id).toBe('hqrtGRb9Pz95DNZt5IEL'); // as recorded: newest first
    const times = all.map((b) => b.createdTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(bets('contractId=rIR6mWqaO9xKLifr6cLL&order=asc&limit=2').body.map((b) => b.createdTime)).toEqual(
      times.slice(-2).reverse(),
    );
    expect(bets(`contractId=rIR6mWqaO9xKLifr6cLL&afterTime=${times[3]}`).body).toHaveLength(3);
    expect(bets(`contractId=rIR6mWqaO9xKLifr6cLL&before=${all[43]!.id}`).body).toHaveLength(1);
    expect(bets('contractId=CL56c9sqQp').body).toEqual([]);
    expect(bets('contractId=rIR6mWqaO9xKLifr6cLL&market=x').status).toBe(400);
    expect(bets('limit=10001')).toEqual({
      status: 400,
      body: { message: 'Non-points limit must be less than or equal to 10000' },
    });
    // as recorded (no manifest): each file's newest bet counts as recorded then, so it lands on the replay's now
    // (to the second)
    const later = Date.parse('2027-06-01T00:00:00Z');
    const shifted = createManifoldReplay('test/fixtures/real/manifold', {
      now: () => later,
      asRecorded: true,
      bets: ['test/fixtures/real/manifold/trader/bets'],
    });
    const moved = shifted.answer({ segments: ['bets'], query: new URLSearchParams('contractId=rIR6mWqaO9xKLifr6cLL') })!
      .body as Array<{ createdTime: number }>;
    expect(later - moved[0]!.createdTime).toBeGreaterThanOrEqual(0); // shifted by whole seconds
    expect(later - moved[0]!.createdTime).toBeLessThan(1000);
    expect(moved[0]!.createdTime - moved[1]!.createdTime).toBe(times[0]! - times[1]!);
    expect(bets('before=nope')).toEqual({
      status: 404,
      body: { message: 'Bet specified in before parameter not found' },
    });
  });

  it('as recorded: each file’s markets moved forward to now, so what was open when recorded is open again', () => {
    const later = Date.parse('2027-06-01T00:00:00Z');
    const asIs = createManifoldReplay('test/fixtures/real/manifold', { now: () => later });
    const shifted = createManifoldReplay('test/fixtures/real/manifold', { now: () => later, asRecorded: true });
    const open = (r: typeof replay) =>
      r.answer({ segments: ['search-markets'], query: new URLSearchParams('filter=open&limit=1000') })!.body as Array<{
        id: string;
        closeTime: number;
        createdTime: number;
      }>;
    // the 2024 list was recorded open (and closing within 60 days): open again, 120 of them with the 2026 ones
    expect(open(asIs).length).toBeLessThan(10);
    expect(open(shifted).length).toBeGreaterThan(120);
    expect(open(shifted).every((o) => o.closeTime > later && o.createdTime < later)).toBe(true);
    const first = shifted.answer({ segments: ['market', '64iki58ebt'], query: new URLSearchParams() })!.body as {
      createdTime: number;
      closeTime: number;
    };
    // moved, never reshaped: the gap between creation and close is as recorded
    expect(first.closeTime - first.createdTime).toBe(1721836740000 - 1719225988103);
  });
});
