/**
 * `oddsboard positions` as JSON (docs/schema.json `positionsDocument`) and as a table. Every money figure is in the
 * venue's currency, named beside it; totals are per currency and never summed across them.
 */
import type { Position, VenuePositions } from '../../positions/types.js';
import { coverageNote, round9, soldOut, totalsByCurrency, type Totals } from '../../positions/pnl.js';
import { formatAmount, formatPct, STATE_WORDS } from '../../positions/format.js';
import { SOURCE_NAMES } from '../../sources/names.js';
import { refKey } from '../../venue/ref.js';
import { displayWidth, fitWidth, formatPrice, formatShares, padStartWidth, wrap } from '../../ui/format.js';
import type { TableView } from './table.js';

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
/** A figure as money is kept (9 decimals): a price of 1 − 0.93 is 0.07, not 0.0699999999999999. */
const figure = (v: number | undefined): number | null => (v === undefined ? null : round9(v));

export interface JsonPosition {
  ref: string;
  venue: string;
  marketId: string;
  title: string;
  outcome: string;
  shares: number;
  avgPrice: number | null;
  price: number | null;
  cost: number | null;
  value: number | null;
  pnl: number | null;
  pnlPct: number | null;
  realized: number | null;
  /** A paper position's shares sold beyond what it held (booked as nothing); null when none. */
  oversold: number | null;
  fees: number | null;
  paid: number | null;
  currency: Position['currency'];
  state: Position['state'];
  paper: boolean;
}

export function jsonPosition(p: Position): JsonPosition {
  return {
    ref: refKey(p.ref),
    venue: p.ref.venue,
    marketId: p.ref.id,
    title: p.title,
    outcome: p.outcome,
    shares: round9(p.shares),
    avgPrice: figure(p.avgPrice),
    price: figure(p.price),
    cost: figure(p.cost),
    value: figure(p.value),
    pnl: figure(p.pnl),
    pnlPct: figure(p.pnlPct),
    realized: figure(p.realized),
    oversold: figure(p.oversold),
    fees: figure(p.fees),
    paid: figure(p.paid),
    currency: p.currency,
    state: p.state,
    paper: p.paper === true,
  };
}

/** What one venue answered besides its positions: whose they are, its totals and its own figures. */
export interface JsonAccount {
  venue: string;
  identity: string | null;
  currency: Position['currency'];
  totals: Totals[];
  reportedValue: number | null;
  balance: number | null;
  more: boolean;
}

/**
 * The document's `data`, with one venue as with several: every venue's positions (venue by venue in the order of
 * --source, each naming its venue), the totals per currency over all of them, and one account per venue that
 * answered. A venue that failed or was left out is in the document's `venues`.
 */
export interface JsonPositionsData {
  positions: JsonPosition[];
  totals: Totals[];
  accounts: JsonAccount[];
}

export function jsonAccount(v: VenuePositions): JsonAccount {
  return {
    venue: v.venue,
    identity: v.identity === '' ? null : v.identity,
    currency: v.currency,
    totals: totalsByCurrency(v.positions),
    reportedValue: orNull(v.reportedValue),
    balance: orNull(v.balance),
    more: v.more === true,
  };
}

export function jsonPositionsData(parts: readonly { data: VenuePositions }[]): JsonPositionsData {
  const all = parts.flatMap((p) => p.data.positions);
  return {
    positions: all.map(jsonPosition),
    totals: totalsByCurrency(all),
    accounts: parts.map((p) => jsonAccount(p.data)),
  };
}

/**
 * Parts joined by ' · ' on as few lines as hold them, the lines after the first indented — so that a figure is moved
 * to the next line rather than cut; only a part longer than a line alone is cut.
 */
function packed(parts: readonly string[], width: number): string[] {
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines[lines.length - 1];
    if (last !== undefined && displayWidth(last) + 3 + displayWidth(part) <= width)
      lines[lines.length - 1] = `${last} · ${part}`;
    else lines.push(fitWidth(last === undefined ? part : `  ${part}`, width));
  }
  return lines;
}

/** The totals lines of a table, one per currency (wrapped at its ' · ' on a narrow terminal, never a figure cut). */
function totalsLines(positions: readonly Position[], t: TableView, label: string): string[] {
  return totalsByCurrency(positions).flatMap((tot) => {
    return packed(
      [
        `${label} ${tot.currency}: value ${formatAmount(tot.value ?? undefined, tot.currency)}`,
        `cost ${formatAmount(tot.cost ?? undefined, tot.currency)}`,
        `P&L ${formatAmount(tot.pnl ?? undefined, tot.currency, true)}${coverageNote(tot, 'without a price')}`,
        ...(tot.realized !== 0 ? [`realized ${formatAmount(tot.realized, tot.currency, true)}`] : []),
      ],
      t.width,
    );
  });
}

/** Each venue's table; with several, then the totals of every venue per currency (never added across them). */
export function positionsTables(parts: readonly { data: VenuePositions }[], t: TableView): string {
  const tables = parts.map((p) => positionsTable(p.data, t));
  if (parts.length < 2) return tables.join('');
  const all = parts.flatMap((p) => p.data.positions);
  const overall = all.length === 0 ? [] : [t.paint(fitWidth('All venues', t.width), undefined, true)];
  return [...tables, ...(overall.length ? [`${[...overall, ...totalsLines(all, t, 'Total')].join('\n')}\n`] : [])].join(
    '\n',
  );
}

/** The market's title may get this short before a figure is left out (the markets table's title too). */
const MARKET_MIN = 8;

interface Column {
  head: string;
  /** Left-aligned (the outcome); the figures are right-aligned. */
  left?: boolean;
  /** At most this wide, cut with '…' (the outcome). */
  max?: number;
  text: (p: Position) => string;
  color?: (p: Position) => string | undefined;
}

/** The row's P&L: what is held against its cost; a paper position sold out, what its sales realized. */
const rowPnl = (p: Position) => (soldOut(p) ? p.realized : p.pnl);
const pnlColor = (p: Position) => {
  const v = rowPnl(p);
  return v === undefined || v === 0 ? undefined : v > 0 ? 'green' : 'red';
};

/** The figures, in order; a short width leaves out AVG, then SHARES, P&L% and PRICE (OPTIONAL, first first). */
const COLUMNS = {
  outcome: { head: 'OUTCOME', left: true, max: 16, text: (p) => p.outcome },
  shares: { head: 'SHARES', text: (p) => formatShares(p.shares) },
  avg: { head: 'AVG', text: (p) => formatPrice(p.avgPrice) },
  price: { head: 'PRICE', text: (p) => formatPrice(p.price) },
  value: { head: 'VALUE', text: (p) => formatAmount(p.value, p.currency) },
  pnl: { head: 'P&L', text: (p) => formatAmount(rowPnl(p), p.currency, true), color: pnlColor },
  pct: { head: 'P&L%', text: (p) => formatPct(p.pnlPct), color: pnlColor },
} satisfies Record<string, Column>;
const OPTIONAL: readonly (keyof typeof COLUMNS)[] = ['avg', 'shares', 'pct', 'price'];

/** A row's first words, kept whole: paper, and a sale beyond what was held (before what the row's state says). */
const warning = (p: Position) => (p.paper ? 'PAPER · ' : '') + ((p.oversold ?? 0) > 0 ? 'oversold · ' : '');

/** What a row's state says before its title: in full, or short (the Positions view's words) where room is short. */
function stateWords(p: Position, short: boolean): string {
  const paid = () => formatAmount(p.paid, p.currency);
  if (soldOut(p)) return short ? 'sold · ' : 'sold, P&L realized · ';
  if (p.state === 'open') return '';
  if (p.state === 'closed') return short ? 'awaiting · ' : 'awaiting settlement · ';
  if (short) return `${p.state === 'redeemable' ? 'redeem' : 'paid'} ${paid()} · `;
  return `${STATE_WORDS[p.state]}, paid ${paid()} · `;
}

/**
 * The header and one line per position, every line within the width: each figure's column as wide as its widest,
 * the market's title the rest, a figure left out when the title would get shorter than MARKET_MIN. A line that still
 * does not fit (a very narrow terminal) is cut like its header, uncoloured.
 */
function positionLines(positions: readonly Position[], t: TableView): string[] {
  const cols = (Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]).map((key) => {
    const c: Column = COLUMNS[key];
    const widest = Math.max(displayWidth(c.head), ...positions.map((p) => displayWidth(c.text(p))));
    return { key, c, w: Math.min(c.max ?? widest, widest) };
  });
  const used = () => cols.reduce((n, col) => n + col.w + 1, 0);
  // a row's warning is never cut, and its title keeps MARKET_MIN after it and the state's short words: the figures
  // give way for them as for the title alone (docs/positions.md)
  const least = Math.max(
    MARKET_MIN,
    ...positions.map((p) => displayWidth(warning(p) + stateWords(p, true)) + MARKET_MIN),
  );
  for (const key of OPTIONAL)
    if (t.width - used() < least)
      cols.splice(
        cols.findIndex((col) => col.key === key),
        1,
      );
  const titleW = Math.max(1, t.width - used());
  const cell = (col: (typeof cols)[number], text: string) =>
    col.c.left ? fitWidth(text, col.w, true) : padStartWidth(text, col.w);
  const head = `${cols.map((col) => cell(col, col.c.head)).join(' ')} MARKET`;
  return [
    fitWidth(head, t.width),
    ...positions.map((p) => {
      // the state's words, shortened when the title would be left fewer than MARKET_MIN (the view's own words)
      const long = warning(p) + stateWords(p, false);
      const note = titleW - displayWidth(long) >= MARKET_MIN ? long : warning(p) + stateWords(p, true);
      const cells = cols.map((col) => cell(col, col.c.text(p)));
      const market = fitWidth(`${note}${p.title}`, titleW);
      const plain = `${cells.join(' ')} ${market}`;
      if (displayWidth(plain) > t.width) return fitWidth(plain, t.width);
      return `${cols.map((col, i) => t.paint(cells[i]!, col.c.color?.(p))).join(' ')} ${market}`;
    }),
  ];
}

/** The interface has paper positions only: none kept yet (the table's line; among several venues, its left-out one). */
export const noPaper = (no: 'No' | 'no') =>
  `${no} paper positions kept yet (p in the dashboard quote form keeps one); a venue's own positions: ` +
  '--source polymarket | kalshi | manifold';

/** One line per position; the title takes what is left. Then the totals per currency. */
export function positionsTable(v: VenuePositions, t: TableView): string {
  // whose: the wallet, username or key id is never cut; on its own line when the heading cannot hold it
  const name = SOURCE_NAMES[v.venue];
  const head = `Positions · ${name}`;
  const whole = v.identity ? `${head} · ${v.identity}` : head;
  const lines =
    displayWidth(whole) <= t.width
      ? [t.paint(whole, undefined, true)]
      : [
          t.paint(fitWidth(head, t.width), undefined, true),
          ...(v.identity ? [displayWidth(v.identity) + 2 <= t.width ? `  ${v.identity}` : v.identity] : []),
        ];
  if (v.positions.length === 0) lines.push(...wrap(v.venue === 'public' ? noPaper('No') : 'No positions.', t.width));
  else lines.push(...positionLines(v.positions, t));
  // what an oversold row's figures leave out, in words (its row has room for one only): never cut, wrapped
  for (const p of v.positions)
    if ((p.oversold ?? 0) > 0)
      lines.push(
        ...wrap(
          `Oversold: ${formatShares(p.oversold)} paper shares of “${p.outcome}” in ${p.title} were sold beyond what ` +
            'was held (the same shares sold in two dashboards); that part of the sale is not booked.',
          t.width,
        ),
      );
  lines.push(...totalsLines(v.positions, t, 'Total'));
  if (v.reportedValue !== undefined)
    lines.push(
      ...wrap(`${name} reports the positions' value as ${formatAmount(v.reportedValue, v.currency)}`, t.width),
    );
  if (v.balance !== undefined) lines.push(fitWidth(`Cash balance: ${formatAmount(v.balance, v.currency)}`, t.width));
  if (v.more) lines.push(fitWidth('More positions exist than were read.', t.width));
  return `${lines.join('\n')}\n`;
}
