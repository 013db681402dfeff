import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDecisions, PAIRS_FILE, PairDecisions, pairKey, saveDecisions } from './decisions.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'oddsboard-pairs-'));
const K = { venue: 'kalshi', id: 'KXFEDDECISION-26SEP-H0' } as const;
const P = { venue: 'polymarket', id: '2252244' } as const;
const M = { venue: 'manifold', id: 'wpdomi6nif' } as const;
const N = { venue: 'kalshi', id: 'KXPRESNOMR-28-JDV' } as const;
const T0 = Date.UTC(2026, 10, 26, 16);

function decided(): PairDecisions {
  const d = new PairDecisions();
  d.confirm({ a: K, b: P, relation: 'same', at: T0, reasons: ['about fed', 'fed rate change (bps): no change'] });
  d.reject({ a: N, b: M, at: T0 + 1000 });
  return d;
}

describe('pair decisions', () => {
  it('a pair is one pair whichever side comes first, by (venue, id)', () => {
    expect(pairKey(K, P)).toBe(pairKey(P, K));
    expect(pairKey(K, P)).toBe('kalshi:KXFEDDECISION-26SEP-H0 ~ polymarket:2252244');
    const d = decided();
    expect(d.decided(P, K)).toBe('confirmed');
    expect(d.decided(M, N)).toBe('rejected');
    expect(d.twins(P).map((c) => c.a.id)).toEqual(['KXFEDDECISION-26SEP-H0']);
  });

  it('is kept in a readable file and read back as it was, and a rejection survives a restart', () => {
    const dir = tmp();
    saveDecisions(dir, decided());
    const text = readFileSync(join(dir, PAIRS_FILE), 'utf8');
    expect(JSON.parse(text)).toEqual({
      version: 1,
      confirmed: [
        {
          a: 'kalshi:KXFEDDECISION-26SEP-H0',
          b: 'polymarket:2252244',
          relation: 'same',
          at: '2026-11-26T16:00:00.000Z',
          reasons: ['about fed', 'fed rate change (bps): no change'],
        },
      ],
      rejected: [{ a: 'kalshi:KXPRESNOMR-28-JDV', b: 'manifold:wpdomi6nif', at: '2026-11-26T16:00:01.000Z' }],
    });
    const back = loadDecisions(dir, T0);
    expect(back.problems).toEqual([]);
    expect(back.decisions.decided(M, N)).toBe('rejected');
    expect(back.decisions.decided(K, P)).toBe('confirmed');
  });

  it('a crash before the rename leaves the previous file whole', () => {
    const dir = tmp();
    saveDecisions(dir, decided());
    const before = readFileSync(join(dir, PAIRS_FILE), 'utf8');
    const d = decided();
    d.reject({ a: K, b: P, at: T0 + 5000 });
    expect(() =>
      saveDecisions(dir, d, {
        beforeRename: () => {
          throw new Error('crash');
        },
      }),
    ).toThrow('crash');
    expect(readFileSync(join(dir, PAIRS_FILE), 'utf8')).toBe(before);
    expect(readdirSync(dir)).toEqual([PAIRS_FILE]);
  });

  it('a file that is not ours is moved aside and reported in one line; nothing is lost', () => {
    const dir = tmp();
    writeFileSync(join(dir, PAIRS_FILE), '{"version": 1, "confirmed": [');
    const back = loadDecisions(dir, T0);
    expect(back.problems).toHaveLength(1);
    expect(back.problems[0]).toMatch(
      /pairs\.json could not be read \(not valid JSON\): moved aside to pairs\.json\.broken-/,
    );
    expect(readdirSync(dir).some((f) => f.startsWith('pairs.json.broken-'))).toBe(true);
    expect(back.decisions.confirmed.size).toBe(0);
  });

  it('entries it cannot understand are dropped and counted, the original kept aside, the rest loaded', () => {
    const dir = tmp();
    writeFileSync(
      join(dir, PAIRS_FILE),
      JSON.stringify({
        version: 1,
        confirmed: [
          { a: 'kalshi:X', b: 'polymarket:Y', relation: 'same', at: '2026-11-26T16:00:00Z', reasons: [] },
          { a: 'nowhere:X', b: 'polymarket:Y', relation: 'same', at: '2026-11-26T16:00:00Z' },
          { a: 'kalshi:X', b: 'polymarket:Z', relation: 'maybe', at: '2026-11-26T16:00:00Z' },
        ],
        rejected: [{ a: 'kalshi:X', b: 'manifold:Q' }],
      }),
    );
    const back = loadDecisions(dir, T0);
    expect(back.problems[0]).toContain('had 3 entries that could not be understood');
    expect(back.decisions.confirmed.size).toBe(1);
    expect(back.keepOut).toBe(false);
    // the rest is written back at once: a session that decides nothing (`oddsboard pairs`, a look at the board)
    // must not leave the understood pair only in the file moved aside, lost to the next start
    expect(loadDecisions(dir, T0 + 1).decisions.confirmed.size).toBe(1);
    expect(readdirSync(dir).filter((f) => f.startsWith('pairs.json.broken-'))).toHaveLength(1);
  });

  it('a save merges what the file holds now: another process’s decisions kept, the later one of a pair winning', () => {
    const dir = tmp();
    const mine = decided(); // K ~ P confirmed at T0, N ~ M rejected at T0 + 1 s
    const theirs = new PairDecisions();
    theirs.reject({ a: K, b: P, at: T0 + 5000 }); // later than my confirm: it wins
    theirs.confirm({ a: N, b: M, relation: 'same', at: T0, reasons: [] }); // earlier than my reject: it does not
    theirs.reject({ a: K, b: M, at: T0 }); // a pair I never decided: kept
    saveDecisions(dir, theirs);
    expect(saveDecisions(dir, mine).merged).toBe(true);
    const back = loadDecisions(dir, T0).decisions;
    expect([...back.confirmed.keys()]).toEqual([]);
    expect([...back.rejected.keys()].sort()).toEqual([pairKey(K, M), pairKey(K, P), pairKey(N, M)].sort());
    expect(mine.decided(K, P)).toBe('rejected');
  });

  it('a decision after a step back of the wall clock is later than the one it replaces, and survives the save', () => {
    const dir = tmp();
    saveDecisions(dir, decided()); // K ~ P confirmed at T0, before the clock was set back an hour
    const now = T0 - 3_600_000 + 60_000;
    const d = loadDecisions(dir, now).decisions; // as `oddsboard pairs K P --reject` does
    const at = d.stampFor(K, P, now);
    expect(at).toBe(T0 + 1);
    d.reject({ a: K, b: P, at });
    saveDecisions(dir, d, undefined, now);
    expect(loadDecisions(dir, now).decisions.decided(K, P)).toBe('rejected');
    // without a decision on the pair, or with an older one, it is now
    expect(d.stampFor(K, M, now)).toBe(now);
    expect(d.stampFor(K, P, T0 + 60_000)).toBe(T0 + 60_000);
  });

  it('a path that is not a regular file is left alone and not written this session', () => {
    const dir = tmp();
    mkdirSync(join(dir, PAIRS_FILE));
    const back = loadDecisions(dir, T0);
    expect(back.keepOut).toBe(true);
    expect(back.problems[0]).toContain('left as it is');
  });

  it('two writes of pairs.json at the same instant keep both decisions (the write holds its lock)', () => {
    const dir = tmp();
    const mine = new PairDecisions();
    mine.confirm({ a: K, b: P, relation: 'same', at: T0, reasons: [] });
    const theirs = new PairDecisions();
    theirs.reject({ a: N, b: M, at: T0 + 1000 });
    let second: ReturnType<typeof saveDecisions> | undefined;
    // the second write (`pairs --reject` beside the dashboard) comes between the first's read and its rename
    saveDecisions(dir, mine, {
      beforeRename: () => void (second ??= saveDecisions(dir, theirs, undefined, T0, false)),
    });
    // it was written, and the first renamed over it a file read before it: the rejection was lost
    expect(second).toEqual({ merged: false, problems: [], busy: true });
    expect(saveDecisions(dir, theirs, undefined, T0, false)).toEqual({ merged: true, problems: [] });
    const back = loadDecisions(dir, T0);
    expect([back.decisions.decided(K, P), back.decisions.decided(N, M)]).toEqual(['confirmed', 'rejected']);
    expect(readdirSync(dir)).toEqual([PAIRS_FILE]);
  });
});
