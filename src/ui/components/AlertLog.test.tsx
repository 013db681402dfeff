import { describe, expect, it } from 'vitest';
import type { AlertFired, AlertsState } from '../../store/watchTypes.js';
import { displayWidth } from '../format.js';
import { alertLogLines, entryText } from './AlertLog.js';

const fired = (text: string, marketId = 'm1'): AlertFired => ({
  seq: 1,
  at: 0,
  ruleId: 'r1',
  source: 'form',
  kind: 'below',
  marketId,
  title: 't',
  text,
});
const text = (segs: { text: string }[]) => segs.map((s) => s.text).join('');

describe('the alert log at 80 columns', () => {
  it('an entry too long gives up cells of its title, not the end that says what happened', () => {
    const long = '“Will Solana close above $94k on December 30?” Yes moved +77.3¢ in 30 min (now 100.0¢)';
    for (const marketId of ['m1', 'kalshi:KXSOL']) {
      const alerts: AlertsState = { rules: [], state: {}, log: [fired(long, marketId)], seq: 1 };
      const lines = alertLogLines({ alerts, titleOf: () => undefined, cursor: 0, now: 2_000, width: 80, height: 20 });
      const entry = text(lines.at(-1)!);
      expect(entry).toMatch(/» (K )?“Will Solana close ab[^”]*…” Yes moved \+77\.3¢ in 30 min \(now 100\.0¢\)$/);
      expect(entry.includes('» K “')).toBe(marketId.startsWith('kalshi:'));
      expect(displayWidth(entry)).toBeLessThanOrEqual(80);
    }
  });

  it('a text that fits, or has no quoted title, is left as it is', () => {
    expect(entryText('“Short” resolved: Yes', 40)).toBe('“Short” resolved: Yes');
    expect(entryText('no title here', 5)).toBe('no title here');
  });
});
