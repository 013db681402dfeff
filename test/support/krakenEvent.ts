/**
 * The recorded Kraken event (Polymarket, gamma-events-kraken-ipo-multi-outcome-event-with-tags.json), normalized:
 * "Kraken IPO in 2025?" (516950) resolved No (prices 0 / 1), and `tradingCopy`, the same market as a list read it
 * while it still traded (Yes 11.1¢) — a status learned from an events list over an older copy.
 */
import { normalizeEventList } from '../../src/api/normalize.js';
import type { Market, MarketEvent } from '../../src/api/types.js';
import { realFile } from './realFixtures.js';

export const krakenEvent = normalizeEventList(
  realFile('polymarket', 'gamma-events-kraken-ipo-multi-outcome-event-with-tags.json'),
)[0] as MarketEvent;

export const krakenResolved: Market = krakenEvent.markets.find((m) => m.id === '516950')!;

export const tradingCopy: Market = (() => {
  const m: Market = {
    ...krakenResolved,
    status: 'active',
    outcomes: [
      { name: 'Yes', price: 0.111 },
      { name: 'No', price: 0.889 },
    ],
  };
  delete m.resolvedOutcome;
  return m;
})();
