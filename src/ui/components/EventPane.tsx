import { Box } from 'ink';
import type { Market, MarketEvent } from '../../api/types.js';
import { leadingOutcome } from '../../store/outcomes.js';
import { olderThanHeld } from '../../store/entries.js';
import type { MarketEntry } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { displayWidth, fitWidth, formatCoarseAge, formatPrice, formatVolume, padStartWidth } from '../format.js';
import { eventVolume } from '../views/events.js';
import { Line, paneTitle, type Seg } from './Line.js';
import { pageLine } from './pageLine.js';
import { badgeSeg } from './badge.js';
import { G } from '../glyphs.js';

export interface EventPaneProps {
  /** The event under the cursor in the events list. */
  event: MarketEvent | undefined;
  markets: Readonly<Record<string, MarketEntry>>;
  /** When its data arrived (its own detail, else the events list). */
  receivedAt: number | undefined;
  /** When the request that brought the event's copy left (EventsState.sentAt); none: not known. */
  sentAt?: number;
  /** The event's page on its platform (src/links/page.ts: built from its ids), drawn as a link where supported. */
  page?: string;
  now: number;
  width: number;
  height: number;
  focused: boolean;
}

const PRICE_W = 8;

/**
 * The side pane beside the events list: the event under the cursor, its category and its markets with their leading
 * prices.
 */
export function eventPaneLines(p: EventPaneProps): Seg[][] {
  const e = p.event;
  const head = paneTitle('Event', p.focused);
  if (!e) return [[head, { text: '  no event', dim: true }]];
  const n = e.markets.length;
  const lines: Seg[][] = [
    [head, { text: ' ' }, { text: sanitize(e.title) || '(untitled)', bold: true }],
    [
      { text: sanitize(e.category) || 'no category', dim: true },
      { text: ` ${G.dot} ${n} market${n === 1 ? '' : 's'}` },
      { text: ` ${G.dot} vol ${formatVolume(eventVolume(e))}`, dim: true, priority: -1 },
      {
        text: p.receivedAt === undefined ? '' : ` ${G.dot} data ${formatCoarseAge(p.now - p.receivedAt)} old`,
        dim: true,
        priority: -2,
      },
    ],
    [{ text: `${G.ret} opens it: its markets, each with its detail and quote`, dim: true }],
  ];
  if (p.page) lines.push(pageLine(p.page, p.width));
  const room = Math.max(0, p.height - lines.length);
  const shown = n <= room ? e.markets : e.markets.slice(0, Math.max(0, room - 1));
  for (const nested of shown) {
    const m = freshest(p, nested);
    const lead = leadingOutcome(m);
    // a market not trading says so (RESOLVED, CLOSED, SETTLING, the venue's word): its price alone reads as trading
    const mark = m.status === 'active' ? undefined : badgeSeg(m.status, false, m.rawStatus);
    const tail =
      `${lead ? fitWidth(sanitize(lead.name), 8) : G.dash} ` +
      `${padStartWidth(formatPrice(lead?.price), PRICE_W - 1)}`;
    const markW = mark ? displayWidth(mark.text) + 1 : 0;
    lines.push([
      {
        text:
          fitWidth(
            `  ${sanitize(m.title) || '(untitled)'}`,
            Math.max(1, p.width - displayWidth(tail) - markW - 1),
            true,
          ) + ' ',
      },
      ...(mark ? [mark, { text: ' ' }] : []),
      { text: tail },
    ]);
  }
  if (shown.length < n) lines.push([{ text: `  +${n - shown.length} more`, dim: true }]);
  return lines;
}

/**
 * The freshest copy the store holds of a market in the event: its cached entry (refreshed more often than the events
 * list) unless the event's own copy is newer (a market that left the lists keeps an old entry; a status the events
 * list revealed is taken into the entry whole, prices and all: src/store/events.ts). Newer by the store's one rule,
 * olderThanHeld: by updatedAt, else by when each copy's request left, not when it arrived (an events answer sent
 * before a detail but read after it is older). A copy whose send time is not known does not replace the entry.
 */
function freshest(p: EventPaneProps, nested: Market): Market {
  const cached = p.markets[nested.id];
  if (!cached) return nested;
  return p.sentAt !== undefined && !olderThanHeld(cached, nested, p.sentAt) ? nested : cached.market;
}

export function EventPane(p: EventPaneProps) {
  const lines = eventPaneLines(p).slice(0, Math.max(0, p.height));
  return (
    <Box flexDirection="column" width={p.width} height={lines.length} overflow="hidden">
      {lines.map((segs, i) => (
        <Line key={i} width={p.width} segs={segs} />
      ))}
    </Box>
  );
}
