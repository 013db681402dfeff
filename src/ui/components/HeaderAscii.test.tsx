/**
 * The header in ASCII (docs/views.md § Terminals without UTF-8): the connection's word without its dot, and where
 * only a mark fits (`K●8/60`) a sign of its own — `+` online, `x` offline — never a letter of the word.
 */
import { cleanup, render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RateState } from '../../store/types.js';
import { ManualClock } from '../../util/clock.js';
import { waitForFrame } from '../../../test/support/wait.js';
import { setGlyphs } from '../glyphs.js';
import { Header, type HeaderProps } from './Header.js';

beforeEach(() => setGlyphs('ascii'));
afterEach(() => {
  cleanup();
  setGlyphs('unicode');
});

const now = new ManualClock().now();
const rate: RateState = {
  mode: 'demo',
  limit: 60,
  effectiveLimit: 60,
  usedInWindow: 4,
  othersInWindow: 0,
  nextListRefreshAt: now + 2000,
  totalRequests: 4,
  total429: 0,
};
const props: HeaderProps = {
  mode: 'demo',
  demo: false,
  keyHint: '',
  rate,
  connection: { status: 'online', consecutiveFailures: 0 },
  newestAt: now - 13_000,
  now,
  width: 100,
};
const venue = (id: 'kalshi' | 'polymarket' | 'manifold', status: 'online' | 'offline', used: number) => ({
  id,
  connection: { status, consecutiveFailures: status === 'online' ? 0 : 2 },
  rate: { ...rate, mode: id, usedInWindow: used, ...(id === 'kalshi' ? { effectiveLimit: 42 } : {}) },
});
const venues = [venue('polymarket', 'online', 12), venue('kalshi', 'online', 8), venue('manifold', 'offline', 0)];

async function header(p: Partial<HeaderProps>): Promise<string> {
  const t = render(<Header {...props} {...p} />);
  return waitForFrame(t, (f) => f.trim() !== '');
}

describe('the header in ASCII', () => {
  it('several venues: the word without its dot when it fits, a sign of its own when only a mark does', async () => {
    const wide = await header({ venues, width: 160 });
    expect(wide).toMatch(/^oddsboard P Polymarket online 12\/60 req\/min {2}K Kalshi online 8\/60 req\/min/);
    expect(wide).toMatch(/M Manifold offline/);
    const f = await header({ venues, width: 80 });
    expect(f).toMatch(/^P online 12\/60 {2}K online 8\/60 \(<=42\) {2}M offline 0\/60/);
    const tight = await header({ venues, width: 40 });
    expect(tight).toMatch(/^P\+12\/60 K\+8\/60 Mx0\/60/);
    for (const [w, s] of [
      [160, wide],
      [80, f],
      [40, tight],
    ] as const) {
      expect(stringWidth(s)).toBeLessThanOrEqual(w);
      expect(s).toMatch(/^[\x20-\x7e]*$/);
    }
  });

  it('one venue in trouble: its word, its cause and count, in ASCII', async () => {
    const f = await header({
      connection: {
        status: 'degraded',
        consecutiveFailures: 3,
        lastError: { kind: 'network', code: 'ECONNRESET', message: 'reset', at: now },
      },
      width: 120,
    });
    expect(f).toMatch(/ degraded - .* x3/);
    expect(f).toMatch(/^[\x20-\x7e]*$/);
  });
});
