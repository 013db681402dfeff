/**
 * What a Gamma event states for the markets it nests (polymarketEvent.ts), on the recorded Lions vs. Bills event
 * (test/fixtures/real/pairs/nfl-det-buf-2026-09/, kv1514/arb-engine): the moneyline takes the event's description as
 * its rules, the spread and the total beside it do not; the teams are read; a market's own description wins.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeEventList, normalizeMarket } from './normalize.js';
import type { Market } from './types.js';
import { eventContextOf, rulesFromEvent } from './polymarketEvent.js';

const DIR = 'test/fixtures/real/pairs/nfl-det-buf-2026-09/polymarket';
const FILE = `${DIR}/gamma-events-810546-lions-vs-bills-moneyline-spread-total.json`;
const events = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>[];
const NOW = Date.parse('2026-09-16T05:19:37Z');

describe("a Gamma event's rules and teams for its markets", () => {
  const [moneyline, spread, total] = normalizeEventList(events, { now: NOW })[0]!.markets;
  const rulesOf = (m: Market) => rulesFromEvent(m.raw as Record<string, unknown>, m.eventContext);

  it("the moneyline (no description of its own, every outcome named in the event's) takes the event's rules", () => {
    expect(moneyline!.id).toBe('3398287');
    expect(rulesOf(moneyline!)).toMatch(/^In the upcoming NFL game, scheduled for September 17/);
    expect(rulesOf(moneyline!)).toContain('If Lions wins, the market will resolve to "Lions".');
    expect(moneyline!.eventContext?.teams).toEqual([
      { name: 'Detroit Lions', alias: 'Lions', abbreviation: 'det' },
      { name: 'Buffalo Bills', alias: 'Bills', abbreviation: 'buf' },
    ]);
  });

  it('the spread and the total beside it get the teams, not the rules (the description states the moneyline)', () => {
    for (const m of [spread!, total!]) {
      expect(rulesOf(m)).toBeUndefined();
      expect(m.eventContext?.teams).toHaveLength(2);
    }
  });

  it("a market's own description wins; an event with one market lends it its description", () => {
    const ev = events[0]!;
    const own = { id: '1', question: 'Q?', description: 'Its own rules.', outcomes: '["Lions","Bills"]' };
    expect(rulesFromEvent({ ...own, sportsMarketType: 'moneyline' }, eventContextOf(ev))).toBeUndefined();
    const single = { id: '9', title: 'E', description: 'This market will resolve to "Yes" if X.', markets: [{}] };
    expect(rulesFromEvent({ id: '2', question: 'Q?', outcomes: '["Yes","No"]' }, eventContextOf(single))).toBe(
      'This market will resolve to "Yes" if X.',
    );
  });

  it('the same from the inline event of a market route (events[0]), and nothing from odd shapes', () => {
    const { markets: _m, ...own } = events[0]!;
    const raw = { ...((events[0]!.markets as unknown[])[0] as object), events: [own] };
    const m = normalizeMarket(raw, { now: NOW })!;
    expect(rulesOf(m)).toContain('If Bills wins');
    for (const odd of [null, 7, 'x', [], { description: 5, teams: 'no' }, { teams: [null, { name: 3 }] }])
      expect(eventContextOf(odd)).toBeUndefined();
    const hostile = {
      description: 'If \u001b[31mA\u001b[0m wins, resolve to "A" or "B".',
      teams: [{ name: 'A\u0007' }],
    };
    const ctx = eventContextOf(hostile);
    const market = { id: '1', outcomes: '["A","B"]', sportsMarketType: 'moneyline' };
    expect(rulesFromEvent(market, ctx)).toBe('If A wins, resolve to "A" or "B".');
    expect(ctx?.teams).toEqual([{ name: 'A' }]);
  });
});
