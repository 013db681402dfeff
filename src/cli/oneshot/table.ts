/**
 * The readable output of the one-shot commands: tables and short blocks cut to
 * the terminal's width (80 columns when piped), status as a word (coloured
 * when colour is on), prices in cents like the dashboard.
 */
import type { Market, MarketEvent, Quote } from '../../api/types.js';
import { VENUE_LETTERS } from '../../sources/names.js';
import type { SourceId } from '../../sources/types.js';
import { leadingOutcome } from '../../store/outcomes.js';
import {
  displayWidth,
  fitWidth,
  formatClosesIn,
  formatMoney,
  formatPrice,
  formatPriceMove,
  formatShares,
  formatVolume,
  MISSING,
  padStartWidth,
} from '../../ui/format.js';
import { BADGES, BADGE_WIDTH } from '../../ui/theme.js';
import { sanitize } from '../../util/sanitize.js';
import type { Paint } from './paint.js';

export interface TableView {
  width: number;
  now: number;
  paint: Paint;
  /** Several venues asked: a list's rows carry their venue's letter (V). */
  marks?: boolean;
}

/** A list's rows with the venue each came from, venue by venue in the order of --source. */
export interface Rows<T> {
  items: readonly T[];
  /** `venues[i]` is the venue of `items[i]`; absent for one venue's list (an event's markets). */
  venues?: readonly SourceId[];
}

/** The V column (a letter and a space) when several venues were asked. */
function venueCell(rows: Rows<unknown>, i: number, v: TableView): string {
  if (!v.marks || !rows.venues) return '';
  return `${VENUE_LETTERS[rows.venues[i]!]} `;
}

const venueHead = (rows: Rows<unknown>, v: TableView) => (v.marks && rows.venues ? 'V ' : '');

function badge(m: Market, v: TableView, pad: boolean): string {
  const b = BADGES[m.status] ?? BADGES.unknown;
  return v.paint(pad ? b.text.padEnd(BADGE_WIDTH) : b.text, b.color, true);
}

/** Columns from the left; the title takes what is left and is cut with '…'. */
export function marketsTable(rows: Rows<Market>, v: TableView): string {
  const markets = rows.items;
  if (markets.length === 0) return 'No markets match.\n';
  const idW = Math.min(24, Math.max(2, ...markets.map((m) => displayWidth(m.id))));
  const wide = v.width >= 100;
  const vHead = venueHead(rows, v);
  const fixed = vHead.length + BADGE_WIDTH + 1 + idW + 1 + 14 + 1 + 7 + 1 + (wide ? 8 + 1 + 11 + 1 : 0);
  const titleW = Math.max(8, v.width - fixed);
  const head =
    `${vHead}${'STATUS'.padEnd(BADGE_WIDTH)} ${'ID'.padEnd(idW)} ${'LEADING'.padEnd(14)} ${'PRICE'.padStart(7)} ` +
    `${wide ? `${'VOLUME'.padStart(8)} ${'CLOSES'.padEnd(11)} ` : ''}TITLE`;
  const lines = [fitWidth(head, v.width)];
  for (const [i, m] of markets.entries()) {
    const lead = leadingOutcome(m);
    const cells = [
      venueCell(rows, i, v) + badge(m, v, true),
      fitWidth(m.id, idW, true),
      fitWidth(lead?.name ?? MISSING, 14, true),
      padStartWidth(formatPrice(lead?.price), 7),
      ...(wide
        ? [padStartWidth(formatVolume(m.volume), 8), fitWidth(formatClosesIn(m.closesAt, v.now), 11, true)]
        : []),
      fitWidth(m.title, titleW),
    ];
    lines.push(cells.join(' '));
  }
  return `${lines.join('\n')}\n`;
}

/** When it closes, or — the time passed — when it closed. */
function closing(closesAt: number, now: number): string {
  return `${closesAt <= now ? 'closed' : 'closes'} ${formatClosesIn(closesAt, now)}`;
}

export function marketDetail(m: Market, v: TableView): string {
  const lines = [v.paint(fitWidth(m.title, v.width), undefined, true)];
  const status = (BADGES[m.status] ?? BADGES.unknown).text;
  const facts = [
    m.closesAt === undefined ? undefined : closing(m.closesAt, v.now),
    m.category,
    m.eventId === undefined ? undefined : `event ${m.eventId}`,
  ];
  const rest = facts.filter((f) => f !== undefined).join(' · ');
  lines.push(`${badge(m, v, false)}${rest ? ` · ${fitWidth(rest, Math.max(1, v.width - status.length - 3))}` : ''}`);
  const more = [`id ${m.id}`, `vol ${formatVolume(m.volume)}`, `liq ${formatVolume(m.liquidity)}`];
  if (m.resolvedOutcome !== undefined) more.push(`resolved: ${m.resolvedOutcome}`);
  lines.push(fitWidth(more.join(' · '), v.width));
  const nameW = Math.max(4, Math.min(40, v.width - 11, Math.max(0, ...m.outcomes.map((o) => displayWidth(o.name)))));
  for (const o of m.outcomes)
    lines.push(`  ${fitWidth(o.name, nameW, true)}  ${padStartWidth(formatPrice(o.price), 7)}`);
  if (m.outcomes.length === 0) lines.push('  (no outcomes)');
  return `${lines.join('\n')}\n`;
}

/**
 * A quote that does not fill the whole amount says so first, as the dashboard's quote pane does: how much fills
 * (money for a buy, shares for a sell) of how much, and why the rest does not; an empty book as such.
 */
function fillText(q: Quote): string | undefined {
  if (q.filled === undefined) return undefined;
  const sell = q.action === 'sell';
  const of = (n: number | undefined) => (sell ? `${formatShares(n)} shares` : formatMoney(n));
  if (!(q.filled > 0)) {
    if (q.basis === 'pool') return "nothing: the pool's price is at its limit";
    if (q.basis === 'book')
      return q.priceBefore === undefined
        ? 'nothing: the book is empty, no orders on either side'
        : `nothing: the book has no orders to ${sell ? 'sell to' : 'buy from'}`;
    return 'nothing';
  }
  const rest =
    q.basis === 'book'
      ? 'the rest found no orders'
      : q.basis === 'pool'
        ? "the rest would pass the pool's price limit"
        : 'the rest does not fill';
  return `only ${of(q.filled)} of ${of(q.amount)}; ${rest}`;
}

export function quoteBlock(marketId: string, q: Quote, v: TableView): string {
  const id = q.marketId ?? marketId;
  const what = `${q.action ?? MISSING} ${formatMoney(q.amount)} of “${sanitize(q.outcome ?? MISSING)}”`;
  const [before, after, impact] = formatPriceMove(q.priceBefore, q.priceAfter, q.priceImpact);
  const impactColor =
    q.priceImpact === undefined || q.priceImpact === 0 ? undefined : q.priceImpact > 0 ? 'green' : 'red';
  const row = (k: string, val: string) => fitWidth(`  ${k.padEnd(11)} ${val}`, v.width);
  const fill = fillText(q);
  const move = `  ${'price'.padEnd(11)} ${before} → ${after} (impact `;
  // the impact coloured when its line is whole
  const price =
    displayWidth(`${move}${impact})`) <= v.width
      ? `${move}${v.paint(impact, impactColor)})`
      : fitWidth(`${move}${impact})`, v.width);
  const lines = [
    v.paint(fitWidth(`Quote ${id} · ${what}`, v.width), undefined, true),
    ...(fill === undefined ? [] : [v.paint(row('filled', fill), 'yellow', true)]),
    row('shares', formatShares(q.shares)),
    row('avg price', formatPrice(q.averagePrice)),
    price,
    row('fee', formatMoney(q.fee)),
    row(q.action === 'sell' ? 'you receive' : 'total', formatMoney(q.total)),
  ];
  return `${lines.join('\n')}\n`;
}

export function eventsTable(rows: Rows<MarketEvent>, v: TableView): string {
  const events = rows.items;
  if (events.length === 0) return 'No events.\n';
  const idW = Math.min(24, Math.max(2, ...events.map((e) => displayWidth(e.id))));
  const catW = Math.min(14, Math.max(8, ...events.map((e) => displayWidth(e.category ?? MISSING))));
  const vHead = venueHead(rows, v);
  const titleW = Math.max(8, v.width - (vHead.length + idW + 1 + 7 + 1 + catW + 1));
  const lines = [
    fitWidth(`${vHead}${'ID'.padEnd(idW)} ${'MARKETS'.padStart(7)} ${'CATEGORY'.padEnd(catW)} TITLE`, v.width),
  ];
  for (const [i, e] of events.entries())
    lines.push(
      `${venueCell(rows, i, v)}${fitWidth(e.id, idW, true)} ${String(e.markets.length).padStart(7)} ` +
        `${fitWidth(e.category ?? MISSING, catW, true)} ${fitWidth(e.title, titleW)}`,
    );
  return `${lines.join('\n')}\n`;
}

/** `n markets`, one `market`. */
const marketCount = (n: number) => `${n} market${n === 1 ? '' : 's'}`;

export function eventDetail(e: MarketEvent, v: TableView): string {
  const head = [
    v.paint(fitWidth(e.title, v.width), undefined, true),
    fitWidth([`id ${e.id}`, e.category, marketCount(e.markets.length)].filter(Boolean).join(' · '), v.width),
  ];
  return `${head.join('\n')}\n${marketsTable({ items: e.markets }, v)}`;
}
