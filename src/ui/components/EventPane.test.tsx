/**
 * The event pane's preview rows (beside the Events list): each market as the freshest copy the store holds — its
 * cached entry, or the events list's copy when its request left later (olderThanHeld) — and a status mark on a market
 * that is not trading.
 * A market that had just resolved showed its old price there ("Ethereum 11.1¢") while the open event said RESOLVED.
 * Pinned on the recorded Kraken event (Polymarket, PM-EVT): "Kraken IPO in 2025?" resolved No (prices 0 / 1).
 */
import { describe, expect, it } from 'vitest';
import { krakenEvent, krakenResolved, tradingCopy } from '../../../test/support/krakenEvent.js';
import type { Market } from '../../api/types.js';
import type { MarketEntry } from '../../store/types.js';
import { eventPaneLines, type EventPaneProps } from './EventPane.js';

const event = krakenEvent;
const resolved = krakenResolved;
const open = event.markets.find((m) => m.id === '691547')!;
// the trading copy as a list read it, without the recorded updatedAt (the fixture's is the resolved copy's): the send
// times decide between them
const { updatedAt: _u, ...before } = tradingCopy;
const entry = (market: Market, at: number): MarketEntry => ({
  market,
  receivedAt: at,
  firstSeenAt: at,
  firstPrices: {},
});
const base: EventPaneProps = {
  event,
  markets: {},
  receivedAt: 1_000,
  sentAt: 900,
  now: 2_000,
  width: 80,
  height: 20,
  focused: false,
};
const rowOf = (p: EventPaneProps, title: string) => {
  const line = eventPaneLines(p).find((l) =>
    l
      .map((s) => s.text)
      .join('')
      .includes(title),
  );
  return { text: line?.map((s) => s.text).join('') ?? '', segs: line ?? [] };
};

describe('the event pane’s preview rows', () => {
  it('keep the events list’s copy when the cached entry is older: resolved, not the old price', () => {
    const p = { ...base, markets: { [resolved.id]: entry(before, 500) } };
    const row = rowOf(p, 'Kraken IPO in 2025?');
    expect(row.text).toMatch(/No +100\.0¢ *$/);
    expect(row.text).not.toContain('11.1¢');
  });

  it('take the cached entry when it came after the events list', () => {
    const p = { ...base, markets: { [resolved.id]: entry(before, 1_500) } };
    expect(rowOf(p, 'Kraken IPO in 2025?').text).toMatch(/Yes +11\.1¢ *$/);
  });

  it('weigh the copies by when their requests left, not when they arrived; no send time keeps the entry', () => {
    // a detail left at 1_200 and arrived at 1_500; the events list left at 1_000 and arrived at 2_000: older
    const detail = { ...entry(before, 1_500), sentAt: 1_200 };
    const late = { ...base, receivedAt: 2_000, sentAt: 1_000, markets: { [resolved.id]: detail } };
    expect(rowOf(late, 'Kraken IPO in 2025?').text).toMatch(/Yes +11\.1¢ *$/);
    // the events list left at 1_300, after the detail, though it arrived first (1_400): newer
    const early = { ...late, receivedAt: 1_400, sentAt: 1_300 };
    expect(rowOf(early, 'Kraken IPO in 2025?').text).toMatch(/No +100\.0¢ *$/);
    const { sentAt: _s, ...unknown } = early;
    expect(rowOf(unknown, 'Kraken IPO in 2025?').text).toMatch(/Yes +11\.1¢ *$/);
  });

  it('mark a market that is not trading with its status, and none on a trading one', () => {
    const res = rowOf(base, 'Kraken IPO in 2025?');
    const mark = res.segs.find((s) => s.text.trim() === 'RESOLVED');
    expect(mark).toMatchObject({ color: 'cyan', bold: true });
    const trading = rowOf(base, 'Kraken IPO by December 31, 2026?');
    expect(open.status).toBe('active');
    expect(trading.text).not.toMatch(/ACTIVE|RESOLVED|CLOSED/);
    // the row still fits the pane
    for (const l of eventPaneLines(base)) expect(l.map((s) => s.text).join('').length).toBeLessThanOrEqual(80);
  });
});
