import { describe, expect, it } from 'vitest';
import type { Market } from '../../api/types.js';
import type { MarketEntry } from '../../store/types.js';
import type { AlertFired, AlertRule, AlertsState } from '../../store/watchTypes.js';
import { market } from '../../../test/support/markets.js';
import { displayWidth } from '../format.js';
import { alertLogLines } from './AlertLog.js';
import { setGlyphs } from '../glyphs.js';

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
/** No market known, the cursor on the first alert, 2 s after the clock's start. */
const bare = { titleOf: () => undefined, entryOf: () => undefined, cursor: 0, now: 2_000 };

describe('the alert log at 80 columns', () => {
  it('an entry too long gives up cells of its title, not the end that says what happened', () => {
    const long = '“Will Solana close above $94k on December 30?” Yes moved +77.3¢ in 30 min (now 100.0¢)';
    for (const marketId of ['m1', 'kalshi:KXSOL']) {
      const alerts: AlertsState = { rules: [], state: {}, log: [fired(long, marketId)], seq: 1 };
      const lines = alertLogLines({ ...bare, alerts, width: 80, height: 20 });
      const entry = text(lines.at(-1)!);
      expect(entry).toMatch(/» (K )?“Will Solana close ab[^”]*…” Yes moved \+77\.3¢ in 30 min \(now 100\.0¢\)$/);
      expect(entry.includes('» K “')).toBe(marketId.startsWith('kalshi:'));
      expect(displayWidth(entry)).toBeLessThanOrEqual(80);
    }
  });

  it('in ASCII, an entry saved in Unicode (an older log, or one written under UTF-8) is drawn in ASCII', () => {
    setGlyphs('ascii');
    try {
      // the title's own dash and quotes are the service's text: kept; the log's glyphs get their stand-ins
      const saved = '“Fed — Powell’s cut?” Yes moved −7.3¢ in 30 min (now 40.0¢) · ended';
      const alerts: AlertsState = { rules: [], state: {}, log: [fired(saved)], seq: 1 };
      const props = { ...bare, height: 20 };
      const entry = text(alertLogLines({ ...props, alerts, width: 80 }).at(-1)!);
      expect(entry).toMatch(/> "Fed — Powell’s cut\?" Yes moved -7\.3c in 30 min \(now 40\.0c\) - ended$/);
      // one saved under ASCII is drawn as saved
      const ascii = '"Fed" Yes moved -7.3c in 30 min (now 40.0c)';
      const again: AlertsState = { ...alerts, log: [fired(ascii)] };
      expect(text(alertLogLines({ ...props, alerts: again, width: 80 }).at(-1)!)).toMatch(/> "Fed" Yes moved -7\.3c/);
    } finally {
      setGlyphs('unicode');
    }
  });

  it("a gap alert's entry, which quotes two titles, gives up cells of both and keeps what happened", () => {
    // as src/venues/across/gapAlerts.ts writes it
    const gap =
      'Gap after fees 4.2¢ for 100 contracts: Kalshi “Will the Fed cut rates in December 2026 by 25 basis points or ' +
      'more?” YES 48.6¢ · Polymarket “Fed decision in December: 25 bps cut or larger” NO 52.8¢ (above 4¢)';
    const alerts: AlertsState = { rules: [], state: {}, log: [fired(gap)], seq: 1 };
    const lines = alertLogLines({ ...bare, alerts, width: 140, height: 20 });
    const entry = text(lines.at(-1)!);
    // the second title was kept whole, so the end was cut: "NO 52.8¢ (above 4¢)" lost
    expect(entry).toMatch(/^ +2s ago +» Gap after fees 4\.2¢ for 100 contracts: Kalshi “Will[^”]*…” YES 48\.6¢ · /);
    expect(entry).toMatch(/ · Polymarket “Fed[^”]*…” NO 52\.8¢ \(above 4¢\)$/);
    expect(displayWidth(entry)).toBeLessThanOrEqual(140);
  });
});

describe('the alert log with no alert set', () => {
  const none = (log: AlertFired[], width: number, height: number) =>
    alertLogLines({ ...bare, alerts: { rules: [], state: {}, log, seq: log.length }, width, height }).map(text);

  it('says what to do whole, wrapped, while nothing has fired (was cut at “(on a po…” at 40 columns)', () => {
    const lines = none([], 40, 12);
    expect(lines[0]).toMatch(/^Alerts set · 0/);
    expect(lines.slice(1, 5)).toEqual([
      '  none: a on a market sets one (on a',
      '  position in Positions, on a pair in',
      '  Across); watched markets (★) alert on',
      '  every status change',
    ]);
    expect(lines.slice(5)).toEqual(['', 'Alert log · 0, newest first', '  nothing has fired yet']);
    for (const l of none([], 80, 24)) expect(displayWidth(l)).toBeLessThanOrEqual(80);
  });

  it('a short window or a log to page: one line, cut with …', () => {
    expect(none([], 40, 5)[1]).toBe('  none: a on a market sets one (on a po…');
    const lines = none([fired('“t” Yes at 6.2¢ (below 10¢)')], 40, 12);
    expect(lines[1]).toBe('  none: a on a market sets one (on a po…');
    expect(lines[2]).toBe('');
  });
});

describe('an alert set on a market that has ended', () => {
  const entry = (status: Market['status']): MarketEntry => ({
    market: market('m1', { status, ...(status === 'resolved' ? { resolvedOutcome: 'No' } : {}) }),
    receivedAt: 0,
    firstSeenAt: 0,
    firstPrices: {},
  });
  const line = (rule: Omit<AlertRule, 'id' | 'marketId' | 'createdAt'>, status: Market['status']) =>
    text(
      alertLogLines({
        alerts: { rules: [{ id: 'cfg:1', marketId: 'm1', createdAt: 0, ...rule }], state: {}, log: [], seq: 0 },
        titleOf: () => 'Market m1',
        entryOf: () => entry(status),
        cursor: 0,
        now: 2_000,
        width: 140,
        height: 12,
      })[1]!,
    );

  it('says plainly, as a on it would, that it changes no more (a config alert is not refused at start)', () => {
    const above = line({ kind: 'above', outcome: 'Yes', cents: 70, source: 'config' }, 'resolved');
    expect(above).toContain(' · resolved (No): nothing on it changes any more · config file');
    const price = line({ kind: 'above', outcome: 'Yes', cents: 70, source: 'form' }, 'closed');
    expect(price).toContain(' · closed: its price no longer trades');
    // a closed market's status alert still tells the result; an active market's alerts say nothing more
    expect(line({ kind: 'status', source: 'config' }, 'closed')).not.toMatch(/closed:|resolved/);
    expect(line({ kind: 'above', outcome: 'Yes', cents: 70, source: 'config' }, 'active')).toMatch(
      /70¢ · config file$/,
    );
  });
});

describe('an alert on an ended market that is not loaded', () => {
  const rule: AlertRule = {
    id: 'cfg:1',
    marketId: 'm1',
    kind: 'above',
    outcome: 'Yes',
    cents: 70,
    source: 'config',
    createdAt: 0,
  };
  const status = (to: Market['status'], winner?: string): AlertFired => ({
    ...fired('“Market m1” resolved', 'm1'),
    kind: 'status',
    ruleId: 'watch:m1',
    source: 'watch',
    to,
    ...(winner ? { winner } : {}),
  });
  const line = (alerts: Partial<AlertsState>, watched?: Market['status']) =>
    text(
      alertLogLines({
        alerts: { rules: [rule], state: {}, log: [], seq: 1, ...alerts },
        titleOf: () => 'Market m1',
        entryOf: () => undefined,
        ...(watched ? { watchedStatus: () => watched } : {}),
        cursor: 0,
        now: 2_000,
        width: 140,
        height: 12,
      })[1]!,
    );

  it('says it from what the alert log, an alert’s state or the watchlist last knew of it', () => {
    // the log told its resolution (the winner with it); the market is not in memory (said nothing before)
    expect(line({ log: [status('resolved', 'No \x1b[31mred')] })).toContain(
      ' · resolved (No red): nothing on it changes any more · config file',
    );
    // a status alert's last status, the watchlist's
    const closed = { rules: [rule, { ...rule, id: 'cfg:2', kind: 'status' as const }], state: {} };
    expect(line({ ...closed, state: { 'cfg:2': { armed: true, status: 'closed' } } })).toContain(
      ' · closed: its price no longer trades',
    );
    expect(line({}, 'settling')).toContain(' · settling: its price no longer trades');
    // nothing known: nothing said
    expect(line({}, 'active')).toMatch(/70¢ · config file$/);
  });
});
