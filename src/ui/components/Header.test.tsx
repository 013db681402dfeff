import { cleanup, render } from 'ink-testing-library';
import stringWidth from 'string-width';
import { afterEach, describe, expect, it } from 'vitest';
import type { RateState } from '../../store/types.js';
import { ManualClock } from '../../util/clock.js';
import { formatClock } from '../format.js';
import { waitForFrame } from '../../../test/support/wait.js';
import { Header, type HeaderProps } from './Header.js';

afterEach(() => cleanup());

const now = new ManualClock().now();
const rate: RateState = {
  mode: 'demo',
  limit: 30,
  effectiveLimit: 30,
  usedInWindow: 4,
  othersInWindow: 0,
  nextListRefreshAt: now + 2000,
  totalRequests: 4,
  total429: 0,
};
const props: HeaderProps = {
  mode: 'demo',
  demo: true,
  keyHint: '',
  rate,
  connection: { status: 'online', consecutiveFailures: 0 },
  // 13 s: drawn as 10 s, in the rows' steps
  newestAt: now - 13_000,
  now,
  width: 100,
};

async function header(p: Partial<HeaderProps>): Promise<string> {
  const t = render(<Header {...props} {...p} />);
  return waitForFrame(t, (f) => f.trim() !== '');
}

describe('header', () => {
  it('a platform source: its name, the polite cadence and the documented limit it stays under', async () => {
    const kalshi = { ...rate, mode: 'kalshi' as const, limit: 60, effectiveLimit: 60, documentedLimit: 1200 };
    const f = await header({ mode: 'kalshi', demo: false, rate: kalshi, width: 120 });
    expect(f).toMatch(/^oddsboard {2}KALSHI {2}4\/60 req\/min \(allows 1200\) · next refresh in 2s {2}● online/);
    const narrow = await header({ mode: 'manifold', demo: false, rate: { ...kalshi, mode: 'manifold' }, width: 80 });
    expect(narrow).toContain(' MANIFOLD ');
    expect(stringWidth(narrow)).toBeLessThanOrEqual(80);
  });

  it('at 100 columns: mode, budget, next refresh, connection, data age and clock in full words', async () => {
    const f = await header({ width: 100 });
    expect(f).toMatch(
      /^oddsboard {2}DEMO · simulated data {2}4\/30 req\/min · next refresh in 2s {2}● online {2}data 10s old +\d\d:\d\d:\d\d$/,
    );
    expect(stringWidth(f)).toBe(100);
  });

  it.each([80, 72])(
    'at %i columns it shortens labels but keeps mode, budget, connection, data age and clock',
    async (width) => {
      const f = await header({ width });
      expect(f).toContain('DEMO');
      expect(f).toContain('4/30/min');
      expect(f).toContain('● online');
      expect(f).toMatch(/data 10s/);
      expect(f).toContain(formatClock(now));
      expect(stringWidth(f)).toBeLessThanOrEqual(width);
    },
  );

  it('counts the sends of other oddsboard runs on the same budget (+N by other runs), down to 60 columns', async () => {
    const shared = { ...rate, mode: 'key' as const, usedInWindow: 12, othersInWindow: 3 };
    // not only the processes running now: one that quit within the minute counts too (its sends are in the ledger),
    // so "+3 other" after a restart read as another dashboard running
    expect(await header({ width: 120, mode: 'key', demo: false, keyHint: '…abcd', rate: shared })).toMatch(
      /12\/30 req\/min \+3 by other runs/,
    );
    expect(await header({ width: 100, mode: 'key', demo: false, keyHint: '…abcd', rate: shared })).toMatch(
      /12\/30(\/min| req\/min) \+3 by other/,
    );
    expect(await header({ width: 80, mode: 'key', demo: false, keyHint: '…abcd', rate: shared })).toMatch(
      /12\/30\/min \+3/,
    );
    expect(await header({ width: 60, mode: 'key', demo: false, keyHint: '…abcd', rate: shared })).toMatch(
      /12\/30\/min \+3/,
    );
    expect(await header({ width: 100 })).not.toMatch(/other/);
  });

  it('with a key and an eased limit at 80 columns: the key shows its last 4 characters only', async () => {
    const f = await header({
      width: 80,
      mode: 'key',
      demo: false,
      keyHint: 'sk_live_secret_9f3a',
      rate: { ...rate, mode: 'key', effectiveLimit: 20 },
    });
    expect(f).toContain('KEY …9f3a');
    expect(f).not.toContain('secret');
    expect(f).toMatch(/4\/30\/min \(≤20\)/);
    expect(f).toContain('data 10s old');
  });

  it('says when there is no data yet, and when the connection is down', async () => {
    const f = await header({
      width: 80,
      newestAt: undefined,
      connection: { status: 'offline', consecutiveFailures: 2 },
    });
    expect(f).toContain('○ offline');
    expect(f).toContain('no data');
  });

  it.each([
    [
      'degraded',
      {
        status: 'degraded',
        consecutiveFailures: 14,
        troubleSince: now - 480_000,
        lastError: { kind: 'server', status: 503, code: 'HTTP_503', message: 'x', at: now },
      },
      /◐ degraded · HTTP 503 ×14 · retry in 8s {2}data 8m old/,
    ],
    [
      'offline',
      {
        status: 'offline',
        consecutiveFailures: 3,
        lastError: { kind: 'timeout', code: 'TIMEOUT', message: 'x', at: now },
      },
      /○ offline · retry in 8s {2}data 8m old/,
    ],
    ['rate_limited', { status: 'rate_limited', consecutiveFailures: 1 }, /◍ RATE LIMITED · retry in 8s {2}data 8m old/],
    ['auth_failed', { status: 'auth_failed', consecutiveFailures: 1 }, /✗ AUTH FAILED · check in 8s {2}data 8m old/],
  ] as const)(
    'names the %s state with the age of the last good data and the next try, instead of the next refresh',
    async (_name, connection, shown) => {
      const f = await header({
        width: 120,
        newestAt: now - 480_000,
        connection,
        rate: { ...rate, backoffUntil: now + 8_000 },
      });
      expect(f).toMatch(shown);
      expect(f).not.toContain('next refresh');
      const narrow = await header({
        width: 80,
        newestAt: now - 480_000,
        connection,
        rate: { ...rate, backoffUntil: now + 8_000 },
      });
      expect(narrow).toContain(
        connection.status === 'degraded'
          ? '◐ degraded'
          : connection.status === 'offline'
            ? '○ offline'
            : connection.status === 'rate_limited'
              ? 'RATE LIMITED'
              : 'AUTH FAILED',
      );
      expect(stringWidth(narrow)).toBeLessThanOrEqual(80);
    },
  );
});

describe('header with several venues', () => {
  const venue = (id: 'kalshi' | 'polymarket' | 'manifold', status: 'online' | 'offline', used: number) => ({
    id,
    connection: { status, consecutiveFailures: status === 'online' ? 0 : 2 },
    rate: { ...rate, mode: id, limit: 60, effectiveLimit: 60, usedInWindow: used },
  });
  const venues = [venue('polymarket', 'online', 12), venue('kalshi', 'online', 8), venue('manifold', 'offline', 0)];

  it('names each venue, its state and its requests in the last minute, in words when wide', async () => {
    const f = await header({ venues, width: 160 });
    expect(f).toMatch(
      /^oddsboard P Polymarket ● online 12\/60 req\/min {2}K Kalshi ● online 8\/60 req\/min {2}M Manifold ○ offline/,
    );
    expect(stringWidth(f)).toBeLessThanOrEqual(160);
  });

  it('fits 80 columns with a letter and a glyph per venue (the letter reads without colour)', async () => {
    const f = await header({ venues, width: 80 });
    expect(f).toMatch(/^P ● online 12\/60 {2}K ● online 8\/60 {2}M ○ offline 0\/60/);
    expect(stringWidth(f)).toBeLessThanOrEqual(80);
    const tight = await header({ venues, width: 40 });
    expect(tight).toMatch(/^P●12\/60 K●8\/60 M○0\/60/);
    expect(stringWidth(tight)).toBeLessThanOrEqual(40);
  });

  it("says a venue's own limit eased after a 429, as the header of one venue does, while it has room", async () => {
    const eased = venues.map((v) => (v.id === 'kalshi' ? { ...v, rate: { ...v.rate, effectiveLimit: 42 } } : v));
    const wide = await header({ venues: eased, width: 160 });
    expect(wide).toMatch(/K Kalshi ● online 8\/60 req\/min \(eased to 42\) {2}M Manifold/);
    expect(stringWidth(wide)).toBeLessThanOrEqual(160);
    const f = await header({ venues: eased, width: 80 });
    expect(f).toMatch(/^P ● online 12\/60 {2}K ● online 8\/60 \(≤42\) {2}M ○ offline 0\/60/);
    expect(stringWidth(f)).toBeLessThanOrEqual(80);
    const tight = await header({ venues: eased, width: 40 });
    expect(tight).toMatch(/^P●12\/60 K●8\/60 M○0\/60/);
    expect(stringWidth(tight)).toBeLessThanOrEqual(40);
  });
});
