import { describe, expect, it } from 'vitest';
import type { Market } from '../../api/types.js';
import { displayWidth } from '../../ui/format.js';
import { pairsDocument, pairsText, type PairsResult } from './pairsOut.js';

/** Polymarket's July 2026 Fed market as the recording has it (test/fixtures/real/polymarket): open, closing July 29. */
const JULY_29 = Date.parse('2026-07-29T00:00:00Z');
const DAY = 86_400_000;
const fed = (m: Partial<Market> = {}): Market => ({
  id: '1654958',
  title: 'Will there be no change in Fed interest rates after the July 2026 meeting?',
  status: 'active',
  outcomes: [],
  closesAt: JULY_29,
  raw: {},
  ...m,
});
const noCandidates = (market: Market): PairsResult => ({
  market,
  marketVenue: 'polymarket',
  rows: [],
  problems: [],
  size: 100,
});

describe('pairs MARKET with no candidates', () => {
  it('says why for a market no longer open, and how to pair it by hand, within the width', () => {
    const text = pairsText(noCandidates(fed()), 80, JULY_29 + 120 * DAY);
    const words = text.replace(/\n\s*/g, ' ');
    // its venue still calls it active: its close time passed, not "closed"
    expect(words).toContain('No candidates on the other venues. This market passed its close time on 2026-07-29: its');
    expect(words).toContain("a venue's search may not find a closed market");
    expect(words).toContain('To pair it by hand: oddsboard pairs polymarket:1654958 --confirm VENUE:ID');
    for (const line of text.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    const resolved = pairsText(noCandidates(fed({ status: 'resolved' })), 80, JULY_29 - DAY);
    expect(resolved).toContain('No candidates on the other venues. This market is resolved: its twin');
  });

  it('an open market: the bare line', () => {
    expect(pairsText(noCandidates(fed()), 80, JULY_29 - DAY)).toBe(
      'Candidates for polymarket:1654958  Will there be no change in Fed interest rate…\n\n' +
        'No candidates on the other venues.\n',
    );
  });
});

describe('pairs with a venue that failed', () => {
  it('says the candidates are of the venues that answered, not that there are none', () => {
    const failed = { ...noCandidates(fed()), problems: ['Kalshi: search failed (connection refused)'] };
    // it said "No candidates on the other venues." though Kalshi was never read
    expect(pairsText(failed, 80, JULY_29 - DAY)).toContain(
      '\nNo candidates on the other venues that answered (not every venue did).\n',
    );
    expect(pairsText({ rows: [], problems: failed.problems, size: 100 }, 80)).toBe(
      'No confirmed pairs and no candidates among the venues that answered (not every\n  venue did).\n',
    );
    expect(pairsText({ rows: [], problems: [], size: 100 }, 80)).toBe('No confirmed pairs and no candidates.\n');
  });
});

describe('pairs --json', () => {
  it('dates the document by the clock it is given, as every time inside it', () => {
    const doc = pairsDocument(noCandidates(fed()), [], JULY_29 - DAY);
    expect(doc.fetchedAt).toBe('2026-07-28T00:00:00.000Z');
  });
});
