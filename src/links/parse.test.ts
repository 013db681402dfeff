/**
 * What people paste, as each platform's site writes it. Every form is cited with where it was found (the platform's
 * documentation, its own code or recordings, or published pages and repositories that hold such addresses); the
 * values are those of our recordings (test/fixtures/real/) where a test resolves them (links.resolve.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { parseTarget, readingsFor } from './parse.js';
import type { VenueTarget } from './types.js';

function readings(input: string): VenueTarget[] {
  const p = parseTarget(input);
  if (!p.ok) throw new Error(`not understood: ${input}: ${p.message}`);
  return [...p.readings];
}
const one = (input: string) => {
  const r = readings(input);
  expect(r).toHaveLength(1);
  return r[0];
};

describe('Polymarket addresses', () => {
  // docs.polymarket.com/market-data/discover-markets: "fetch an event by its Polymarket URL or slug",
  // `https://polymarket.com/event/will-the-us-confirm-that-aliens-exist-before-2027`
  it('an event: /event/<event-slug>', () => {
    expect(one('https://polymarket.com/event/will-the-us-confirm-that-aliens-exist-before-2027')).toEqual({
      venue: 'polymarket',
      kind: 'event',
      by: 'slug',
      value: 'will-the-us-confirm-that-aliens-exist-before-2027',
    });
  });
  // ifesiTinkering/neo-journalism README.md: "URL: https://polymarket.com/event/fed-decision-in-december"
  it('without https://, with www., a query and a fragment', () => {
    for (const s of [
      'polymarket.com/event/fed-decision-in-december',
      'www.polymarket.com/event/fed-decision-in-december?tid=1700000000000#comments',
      'https://www.polymarket.com/event/fed-decision-in-december/',
      'HTTPS://Polymarket.com/event/fed-decision-in-december',
    ])
      expect(one(s)).toMatchObject({ kind: 'event', value: 'fed-decision-in-december' });
  });
  // a locale segment: published pages link `https://polymarket.com/es/event/highest-temperature-in-houston-on-june-13-2026`
  // and `https://polymarket.com/zh/event/clarity-act-signed-into-law-in-2026` (public repositories, found by find_string)
  it('a locale segment (/es/, /zh/)', () => {
    expect(one('https://polymarket.com/es/event/highest-temperature-in-houston-on-june-13-2026')).toMatchObject({
      kind: 'event',
      value: 'highest-temperature-in-houston-on-june-13-2026',
    });
    expect(one('polymarket.com/zh/event/clarity-act-signed-into-law-in-2026')).toMatchObject({ kind: 'event' });
  });
  // a market inside its event: /event/<event-slug>/<market-slug> (the site's route `[locale]/event/[slug]/[market]`,
  // seen in a public Next.js clone of the site's routes); the slugs are those of our recording of event 481717
  it('a market: /event/<event-slug>/<market-slug>', () => {
    expect(
      one(
        'https://polymarket.com/event/fed-decision-in-september-762/will-the-fed-decrease-interest-rates-by-25-bps-after-the-september-2026-meeting-586',
      ),
    ).toEqual({
      venue: 'polymarket',
      kind: 'market',
      by: 'slug',
      value: 'will-the-fed-decrease-interest-rates-by-25-bps-after-the-september-2026-meeting-586',
    });
  });
  // /market/<slug>: "https://polymarket.com/market/will-ethereum-reach-10k-before-2025" (a public analyser's usage text)
  it('a market: /market/<slug>', () => {
    expect(one('https://polymarket.com/market/will-ethereum-reach-10k-before-2025')).toMatchObject({
      kind: 'market',
      value: 'will-ethereum-reach-10k-before-2025',
    });
  });
  // sports events: "https://polymarket.com/sports/nba/nba-nop-lal-2026-03-03" (a public URL parser's test)
  it('a sports event: /sports/<league>/<event-slug>', () => {
    expect(one('https://polymarket.com/es/sports/laliga/lal-cel-lev-2026-05-12')).toMatchObject({
      kind: 'event',
      value: 'lal-cel-lev-2026-05-12',
    });
  });
});

describe('Kalshi addresses', () => {
  // "https://kalshi.com/markets/kxsenateild/ild/kxsenateild-26" (a public URL parser's test) and
  // "https://kalshi.com/markets/kxunitedcupmatch/united-cup-match/kxunitedcupmatch-26jan11swiben" (a README's "paste
  // any Kalshi market URL"): /markets/<series>/<title-slug>/<event-ticker>
  it('an event: /markets/<series>/<title-slug>/<event-ticker>', () => {
    expect(one('https://kalshi.com/markets/kxsenateild/ild/kxsenateild-26')).toEqual({
      venue: 'kalshi',
      kind: 'event',
      by: 'ticker',
      value: 'KXSENATEILD-26',
    });
    expect(
      one('kalshi.com/markets/kxunitedcupmatch/united-cup-match/kxunitedcupmatch-26jan11swiben?ref=foo#yes'),
    ).toMatchObject({ kind: 'event', value: 'KXUNITEDCUPMATCH-26JAN11SWIBEN' });
  });
  // ifesiTinkering/neo-journalism README.md: "URL: https://kalshi.com/markets/kxfeddecision/fed-meeting";
  // justiniver/poly-kalshi-arb-toy kalshi_data.py builds `https://kalshi.com/markets/{series ticker}`
  it('a series: /markets/<series>[/<title-slug>]', () => {
    expect(one('https://kalshi.com/markets/kxfeddecision/fed-meeting')).toEqual({
      venue: 'kalshi',
      kind: 'series',
      by: 'ticker',
      value: 'KXFEDDECISION',
    });
    expect(one('https://www.kalshi.com/markets/kxhighny')).toMatchObject({ kind: 'series', value: 'KXHIGHNY' });
  });
  // "URL without protocol: `kalshi.com/markets/kxmeasles-26`" (a public resolver's doc comment); `/events/<ticker>` is
  // what several public tools link to
  it('a ticker in the path: /markets/<ticker>, /events/<ticker>', () => {
    expect(one('kalshi.com/markets/kxmeasles-26')).toMatchObject({ kind: 'either', value: 'KXMEASLES-26' });
    expect(one('https://kalshi.com/events/KXELONMARS-99')).toMatchObject({ kind: 'either', value: 'KXELONMARS-99' });
  });
  it('a locale segment', () => {
    expect(one('https://kalshi.com/es/markets/kxsenateild/ild/kxsenateild-26')).toMatchObject({ kind: 'event' });
  });
});

describe('Manifold addresses', () => {
  // manifoldmarkets/manifold common/src/contract.ts: `contractPath(contract) = /${creatorUsername}/${slug}`; the `url`
  // recorded verbatim in test/fixtures/real/manifold/v0-market-5SEnEAddg5-CANCEL-2026-10-09.json
  it('a market: /<user>/<slug>', () => {
    expect(one('https://manifold.markets/JimMcMillan/will-a-second-ai-lab-say-one-of-its')).toEqual({
      venue: 'manifold',
      kind: 'market',
      by: 'slug',
      value: 'will-a-second-ai-lab-say-one-of-its',
    });
    expect(one('manifold.markets/Simon74fe/trump-wins-nobel-peace-prize-2026?r=abc#comments')).toMatchObject({
      value: 'trump-wins-nobel-peace-prize-2026',
    });
  });
  // embeds: `https://manifold.markets/embed/SG/will-manifold-have-100k-in-donation` (iframes in public pages)
  it('an embed: /embed/<user>/<slug>', () => {
    expect(one('https://manifold.markets/embed/SG/will-manifold-have-100k-in-donation')).toMatchObject({
      value: 'will-manifold-have-100k-in-donation',
    });
  });
});

describe('bare words', () => {
  it('a Kalshi market or event ticker (test/fixtures/real/kalshi)', () => {
    expect(readings('KXFEDDECISION-26JUL-H0')).toEqual([
      { venue: 'kalshi', kind: 'either', by: 'ticker', value: 'KXFEDDECISION-26JUL-H0' },
    ]);
    expect(readings('KXNEWPOPE-70')[0]).toMatchObject({ venue: 'kalshi', kind: 'either' });
    // an old ticker with a decimal strike is not an address
    expect(readings('USDJPYH-24JUL1710-T161.999')[0]).toMatchObject({ venue: 'kalshi' });
  });
  it('a Polymarket numeric id: its market, then its event', () => {
    expect(readings('2774056').map((r) => `${r.venue}:${r.kind}`)).toEqual(['polymarket:market', 'polymarket:event']);
  });
  it('a lower-case slug: Polymarket (market, event), Manifold; a one-venue board keeps its own', () => {
    const p = parseTarget('trump-wins-nobel-peace-prize-2026');
    expect(p.ok && p.readings.map((r) => `${r.venue}:${r.kind}`)).toEqual([
      'polymarket:market',
      'polymarket:event',
      'manifold:market',
    ]);
    expect(p.ok && readingsFor(p, 'manifold')).toEqual([
      { venue: 'manifold', kind: 'market', by: 'slug', value: 'trump-wins-nobel-peace-prize-2026' },
    ]);
  });
  // Kalshi's tickers are upper case; its addresses lower-case them (kalshi.com/markets/kxfeddecision): a lower-case
  // word is one only with a ticker's shape — a series word from a letter, or an event's code with a digit second, ≤ 4
  // parts
  it('a lower-case word is also a Kalshi ticker only when it has the shape of one', () => {
    const kalshi = (w: string) => readings(w).filter((r) => r.venue === 'kalshi');
    expect(kalshi('kxfeddecision-26jul-h0')).toEqual([
      { venue: 'kalshi', kind: 'either', by: 'ticker', value: 'KXFEDDECISION-26JUL-H0' },
    ]);
    expect(kalshi('kxnewpope')).toEqual([{ venue: 'kalshi', kind: 'series', by: 'ticker', value: 'KXNEWPOPE' }]);
    for (const w of ['kxsenateild-26', 'kxelonmars-99', 'kxatpsetwinner-26aug24drorin-1-dro', 'kxhighny-26jul05-t91'])
      expect(kalshi(w), w).toHaveLength(1);
    for (const w of ['fed-decision-in-september-762', 'fed-cut-2026', 'will-trump-win', '73y2fs1i7b', 'a-1-b-c-d'])
      expect(kalshi(w), w).toEqual([]);
    // the upper-case forms of every recorded ticker shape are still read
    expect(kalshi('KXATPSETWINNER-26AUG24DRORIN-1-DRO')).toHaveLength(1);
  });
  it('a Manifold id, and user/slug', () => {
    expect(readings('5SEnEAddg5')).toEqual([{ venue: 'manifold', kind: 'market', by: 'id', value: '5SEnEAddg5' }]);
    // an all-capitals id is a Kalshi series too: Kalshi is tried first
    expect(readings('ZQ68UAANNS').map((r) => r.venue)).toEqual(['kalshi', 'manifold']);
    expect(readings('ttoe/how-will-i-rate-del-campo-vilenkin')).toEqual([
      { venue: 'manifold', kind: 'market', by: 'slug', value: 'how-will-i-rate-del-campo-vilenkin' },
    ]);
  });
  // most recorded Manifold ids are all lower case (`73y2fs1i7b`, `wtbuohcray` in
  // v0-markets-list-open-closing-within-60-days-2024-06-24-first-120.json): such a word is Manifold's slug, then its
  // id; an id is 10 to 20 letters and digits (docs/links.md has the evidence)
  it('a lower-case word that can be a Manifold id: its slug first, then its id', () => {
    const p = parseTarget('73y2fs1i7b');
    expect(p.ok && readingsFor(p, 'manifold')).toEqual([
      { venue: 'manifold', kind: 'market', by: 'slug', value: '73y2fs1i7b' },
      { venue: 'manifold', kind: 'market', by: 'id', value: '73y2fs1i7b' },
    ]);
    expect(p.ok && p.understood).toBe('slug or Manifold id 73y2fs1i7b');
    expect(readings('wtbuohcray').filter((r) => r.by === 'id')).toHaveLength(1);
    // the lengths ids have: 10 (today's) to 20 (2022's, `l6jsJPhOWSztXtzqhpU7`)
    for (const w of ['bitcoin', 'abcdefghi', 'abcdefghijklmnopqrstu', 'fed-cut-2026'])
      expect(
        readings(w).filter((r) => r.by === 'id'),
        w,
      ).toEqual([]);
    expect(readings('l6jsJPhOWSztXtzqhpU7')).toEqual([
      { venue: 'manifold', kind: 'market', by: 'id', value: 'l6jsJPhOWSztXtzqhpU7' },
    ]);
  });
});

describe('a venue prefix (the form the board shows an id in: `manifold:73y2fs1i7b`)', () => {
  const p = (input: string) => {
    const r = parseTarget(input);
    if (!r.ok) throw new Error(r.message);
    return r;
  };
  it('Manifold: a word with a digit is its id first, then its slug; a word without, its slug first', () => {
    expect(p('manifold:73y2fs1i7b').readings).toEqual([
      { venue: 'manifold', kind: 'market', by: 'id', value: '73y2fs1i7b' },
      { venue: 'manifold', kind: 'market', by: 'slug', value: '73y2fs1i7b' },
    ]);
    expect(p('manifold:73y2fs1i7b').understood).toBe('Manifold id or slug 73y2fs1i7b');
    expect(p('manifold:wtbuohcray').readings.map((r) => r.by)).toEqual(['slug', 'id']);
    expect(p('manifold:trump-wins-nobel-peace-prize-2026').readings.map((r) => r.by)).toEqual(['slug']);
    // an all-capitals id is Manifold's only, with its prefix
    expect(p('manifold:ZQ68UAANNS').readings).toEqual([
      { venue: 'manifold', kind: 'market', by: 'id', value: 'ZQ68UAANNS' },
    ]);
  });
  it('Kalshi and Polymarket: that venue’s readings only', () => {
    expect(p('kalshi:kxnewpope-70').readings).toEqual([
      { venue: 'kalshi', kind: 'either', by: 'ticker', value: 'KXNEWPOPE-70' },
    ]);
    expect(p('polymarket:2252244').readings.map((r) => `${r.venue}:${r.kind}`)).toEqual([
      'polymarket:market',
      'polymarket:event',
    ]);
    expect(p('polymarket:2252244').understood).toBe('Polymarket id 2252244');
  });
  it('a prefix with no id, or a word the venue cannot name: the one line', () => {
    for (const [input, said] of [
      ['manifold:', /manifold: names a venue but no id/],
      ['manifold:KXNEWPOPE-70', /“KXNEWPOPE-70” is no Manifold address, slug or id/],
      ['kalshi:5SEnEAddg5', /is no Kalshi address or ticker/],
    ] as const) {
      const r = parseTarget(input);
      expect(r.ok, input).toBe(false);
      if (!r.ok) expect(r.message).toMatch(said);
    }
  });
});

describe('not understood: one line saying what was understood and what is accepted', () => {
  const cases: [string, RegExp][] = [
    ['https://example.com/event/something', /example\.com is not Polymarket, Kalshi or Manifold/],
    ['https://polymarket.com/leaderboard', /polymarket\.com page that is not a market or an event/],
    ['https://kalshi.com/portfolio/positions', /kalshi\.com page that is not a market, event or series/],
    ['https://manifold.markets/JimMcMillan', /a profile, not a market/],
    ['ftp://polymarket.com/event/x', /ftp address/],
    ['fed decision december', /has spaces/],
    ['', /Nothing to go to/],
    ['?!*', /no address, ticker, slug or id/],
    ['polymarket.com', /home page names no market/],
    ['a\u0007b', /control characters/],
  ];
  it.each(cases)('%j', (input, said) => {
    const p = parseTarget(input);
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.message).toMatch(said);
    expect(p.message).toMatch(/accepted: a market or event address/);
    expect(p.message).not.toMatch(/\n/);
    expect(p.message).not.toMatch(/[\x00-\x1f]/);
  });
});
