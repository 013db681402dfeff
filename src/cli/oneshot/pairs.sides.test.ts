import { describe, expect, it } from 'vitest';
import { cliIo } from '../../../test/support/cliIo.js';
import { valid } from '../../../test/support/oneShot.js';
import { pairsReplays } from '../../../test/support/pairsReplays.js';
import { main } from '../main.js';

/**
 * `oddsboard pairs MARKET` finds a pair whichever of its markets it starts from (docs/pairs.md): Kalshi has no text
 * search, and its events scan finds nothing on a recording of its markets alone, so its candidates come from one
 * page of its list too, as the Across view's come from the markets loaded on the board; and what was looked through
 * on each venue is said, in the table and the JSON.
 */
const base = pairsReplays();

async function pairs(args: string[]) {
  const c = cliIo({});
  const bases = `kalshi=${base.kalshi},polymarket=${base.polymarket}`;
  const code = await main(['pairs', ...args, '--source', 'kalshi,polymarket', '--base-url', bases], c.io);
  return { code, out: c.out(), err: c.err() };
}

interface Doc {
  data: {
    pairs: { a: { id: string }; b: { id: string }; relation: string }[];
    searched: { venue: string; words: string | null; found: number | null; listed: number | null; scope: string }[];
    noCandidates: string | null;
  };
}

const KALSHI = 'kalshi:KXFEDDECISION-26SEP-H0';
const POLYMARKET = 'polymarket:2252244';

describe('pairs MARKET, from either side', () => {
  it.each([
    [KALSHI, '2252244'],
    [POLYMARKET, 'KXFEDDECISION-26SEP-H0'],
  ])('%s finds its twin as same', async (market, twin) => {
    const r = await pairs([market, '--json']);
    expect(r.code, r.err).toBe(0);
    const doc = JSON.parse(r.out) as Doc;
    valid(doc);
    expect(doc.data.pairs.find((p) => p.b.id === twin)?.relation).toBe('same');
    expect(doc.data.noCandidates).toBeNull();
    const text = await pairs([market]);
    expect(text.out).toMatch(/^SAME +confidence 0\.95$/m);
    expect(text.out).toContain(`${market.startsWith('kalshi') ? POLYMARKET : KALSHI} `);
  });

  it("says what each venue's search and list held: Kalshi's scan found nothing, its list the strikes", async () => {
    const doc = JSON.parse((await pairs([POLYMARKET, '--json'])).out) as Doc;
    expect(doc.data.searched).toEqual([
      {
        venue: 'kalshi',
        words: 'fed',
        found: 0,
        listed: 5,
        scope:
          'Kalshi has no text search: the words are looked for in the titles and tickers of its first 1,000 events',
      },
    ]);
  });

  it('no candidates: the table and the JSON say why and what was looked through', async () => {
    // Polymarket's GTA VI market has no twin among Kalshi's Fed strikes
    const text = await pairs(['polymarket:540819']);
    expect(text.code, text.err).toBe(0);
    const words = text.out.replace(/\n\s*/g, ' ');
    expect(words).toContain('No candidates on the other venues.');
    expect(words).toContain(
      'Looked through: Kalshi: its search for "jesus christ gta": 0 markets (Kalshi has no text search: the words ' +
        'are looked for in the titles and tickers of its first 1,000 events); the first page of its list: 5 markets',
    );
    const doc = JSON.parse((await pairs(['polymarket:540819', '--json'])).out) as Doc;
    valid(doc);
    expect(doc.data.pairs).toEqual([]);
    expect(doc.data.noCandidates).toMatch(/^No candidates on the other venues\./);
    expect(doc.data.searched[0]).toMatchObject({ venue: 'kalshi', found: 0, listed: 5 });
  });
});
