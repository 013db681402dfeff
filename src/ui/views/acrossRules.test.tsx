import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { board } from '../../../test/support/acrossBoard.js';
import { compare } from '../../pairs/compare.js';
import { signature } from '../../pairs/signature.js';
import { bare } from '../../venues/across/desk.js';
import type { AcrossRow } from '../../venues/across/rows.js';
import { RulesPane } from './acrossRules.js';

afterEach(() => cleanup());

/** ⏎ on an Across row: the matcher's reasons, each marked as what it is, then both rules texts. */
function reasonsOf(a: string, b: string): string[] {
  const [ma, mb] = [board(a), board(b)];
  const comparison = compare(signature(bare(ma)), signature(bare(mb)));
  const row: AcrossRow = { id: b, kind: 'candidate', a, b, confirmed: false, comparison };
  const markets = { [a]: { market: ma }, [b]: { market: mb } };
  const { lastFrame } = render(
    <RulesPane row={row} markets={markets} width={120} height={12} top={0} focused={true} />,
  );
  const lines = (lastFrame() ?? '').split('\n').map((l) => l.trimEnd());
  return lines.slice(1, 1 + comparison.reasons.length);
}

describe('the rules side by side', () => {
  it("a related pair's disagreements are marked ≠, what one side does not state ?, none of them = (they were)", () => {
    // Kalshi's Detroit wins vs Polymarket's spread (Bills −1.5) nested in the same game's event (nfl-det-buf-2026-09)
    const reasons = reasonsOf('kalshi:KXNFLGAME-26SEP17DETBUF-DET', 'polymarket:3517184');
    expect(reasons).toContain('  ≠ Polymarket also names spread buffalo');
    expect(reasons).toContain('  ≠ would be complements, but');
    expect(reasons).toContain('  ? no date read from Polymarket');
    expect(reasons.filter((r) => r.startsWith('  = '))).toEqual([]);
    // the disagreements first
    expect(reasons.findIndex((r) => r.startsWith('  ?'))).toBeGreaterThan(
      reasons.findLastIndex((r) => r.startsWith('  ≠')),
    );
  });

  it('a same pair: what agrees is marked =', () => {
    const reasons = reasonsOf('kalshi:KXFEDDECISION-26SEP-H0', 'polymarket:2252244');
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.some((r) => r.startsWith('  = '))).toBe(true);
    expect(reasons.filter((r) => r.startsWith('  ≠'))).toEqual([]);
  });
});
