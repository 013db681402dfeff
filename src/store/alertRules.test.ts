import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { endedRefusal } from './alertRules.js';
import type { MarketEntry } from './types.js';
import { SCOPE_KINDS } from './watchTypes.js';

const entry = (status: Market['status'], over: Partial<Market> = {}): MarketEntry =>
  ({ market: { id: 'm1', title: 'Fed holds', status, outcomes: [], raw: {}, ...over } }) as unknown as MarketEntry;
const kinds = Object.values(SCOPE_KINDS).flat();

describe('endedRefusal: what a market that has ended takes', () => {
  it('an active market, an unknown status or a market not loaded: every kind', () => {
    for (const k of kinds) {
      expect(endedRefusal(k, entry('active'))).toBeUndefined();
      expect(endedRefusal(k, entry('unknown'))).toBeUndefined();
      expect(endedRefusal(k, undefined)).toBeUndefined();
    }
  });

  it('a resolved market: no kind, the winner named', () => {
    for (const k of kinds)
      expect(endedRefusal(k, entry('resolved', { resolvedOutcome: 'No' }))).toBe(
        '“Fed holds” is resolved (No): nothing on it changes any more, so no alert is set',
      );
  });

  it('a closed or settling market: its status alert only; each other kind says why and what tells the result', () => {
    for (const status of ['closed', 'settling'] as const) {
      expect(endedRefusal('status', entry(status))).toBeUndefined();
      for (const k of ['above', 'below', 'move'] as const)
        expect(endedRefusal(k, entry(status))).toBe(
          `“Fed holds” is ${status}: its price no longer trades; a status alert tells the result`,
        );
      for (const k of SCOPE_KINDS.position) expect(endedRefusal(k, entry(status))).toContain('its P&L moves only');
      expect(endedRefusal('gap', entry(status))).toContain('a gap is traded only while both legs trade');
    }
  });

  it('the last status seen counts when the newest answer says none', () => {
    const e = { ...entry('unknown'), knownStatus: 'closed' } as MarketEntry;
    expect(endedRefusal('above', e)).toContain('is closed');
  });
});
