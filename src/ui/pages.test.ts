/** The pages the screen shows (pages.ts) and the event pane's `Page` line, on recorded objects. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeEvent } from '../api/normalize.js';
import type { MarketEntry } from '../store/types.js';
import { eventPaneLines } from './components/EventPane.js';
import { shownPages } from './pages.js';

const event = normalizeEvent(
  JSON.parse(
    readFileSync(
      'test/fixtures/real/polymarket/gamma-event-481717-detail-fed-september-negrisk-5-markets.json',
      'utf8',
    ),
  ),
)!;
const entry = { market: event.markets[0]! } as MarketEntry;
const text = (lines: { text: string }[][]) => lines.map((l) => l.map((s) => s.text).join('')).join('\n');

describe('shownPages', () => {
  it('the market in its known event, and the event', () => {
    const p = shownPages('polymarket', entry, { [event.id]: event }, event);
    expect(p.market).toBe(
      'https://polymarket.com/event/fed-decision-in-september-762/will-the-fed-decrease-interest-rates-by-50-bps-after-the-september-2026-meeting-863',
    );
    expect(p.event).toBe('https://polymarket.com/event/fed-decision-in-september-762');
  });
  it('none on the interface’s board', () => {
    expect(shownPages('demo', entry, {}, event)).toEqual({});
  });
});

describe('the event pane', () => {
  it('shows the event’s page when there is one', () => {
    const base = { event, markets: {}, receivedAt: 0, now: 0, width: 80, height: 20, focused: false };
    const page = 'https://polymarket.com/event/fed-decision-in-september-762';
    const linked = eventPaneLines({ ...base, page });
    expect(text(linked)).toContain(`Page ${page}`);
    expect(linked.flat().find((s) => s.text === page)?.link).toBe(page);
    expect(text(eventPaneLines(base))).not.toContain('Page ');
  });
});
