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
  formatMoney,
  formatPrice,
  formatPriceMove,
  formatVolume,
  missing,
  padStartWidth,
} from '../../ui/format.js';
import { BADGES, BADGE_WIDTH, badgeWord } from '../../ui/theme.js';
import { marketClosingText } from '../../ui/viewModel.js';
import { nothingFilled } from '../../ui/quoteFill.js';
import { formatTradeMoney, formatTradeShares } from '../../positions/format.js';
import { sanitize } from '../../util/sanitize.js';
import type { Paint } from './paint.js';
import type { Part } from './run.js';
import { packed, wrapWhole } from './wrap.js';

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

/** A list command's venues' answers as one table's rows, venue by venue in the order of --source. */
export function rowsOf<T>(parts: readonly Part<readonly T[]>[]): Rows<T> {
  return {
    items: parts.flatMap((p) => p.data),
    venues: parts.flatMap((p) => p.data.map(() => p.venue)),
  };
}

/** The V column (a letter and a space) when several venues were asked. */
function venueCell(rows: Rows<unknown>, i: number, v: TableView): string {
  if (!v.marks || !rows.venues) return '';
  return `${VENUE_LETTERS[rows.venues[i]!]} `;
}

const venueHead = (rows: Rows<unknown>, v: TableView) => (v.marks && rows.venues ? 'V ' : '');

/** The status as the dashboard's badge reads it (badgeWord: an unknown one by the source's own word). */
function badge(m: Market, v: TableView, pad: boolean): string {
  const word = badgeWord(m.status, m.rawStatus);
  return v.paint(pad ? word.padEnd(BADGE_WIDTH) : word, (BADGES[m.status] ?? BADGES.unknown).color, true);
}

/** The CLOSES column: marketClosingText's column words, `passed 1234d ago` the longest below 10,000 days. */
const CLOSES_W = 16;
/** A title narrower than this says nothing: its column is left out (docs/commands.md, Output). */
const TITLE_MIN = 8;

/**
 * Leaves out the shown columns of `order`, first first, while the line is wider than `width`; then takes back, the
 * last left out first, each that fits again (the title beside an id once the leading outcome has made room).
 */
function fitColumns<K extends string>(
  show: Record<K, boolean>,
  order: readonly K[],
  used: () => number,
  width: number,
) {
  const off: K[] = [];
  for (const k of order)
    if (show[k] && used() > width) {
      show[k] = false;
      off.push(k);
    }
  for (const k of off.reverse()) {
    show[k] = true;
    if (used() > width) show[k] = false;
  }
}

/**
 * Columns from the left; the title takes what is left and is cut with '…'. An id is never cut (a script copies it
 * back): its column is as wide as the longest. A short width leaves out volume and close first (wide terminals),
 * then the title, then the leading outcome with its price, then the status; only an id that cannot fit even alone
 * makes the lines longer than the width (the header as long as the rows, so the columns still line up).
 */
export function marketsTable(rows: Rows<Market>, v: TableView): string {
  const markets = rows.items;
  if (markets.length === 0) return 'No markets match.\n';
  const idW = Math.max(2, ...markets.map((m) => displayWidth(m.id)));
  const vHead = venueHead(rows, v);
  const show = { wide: v.width >= 100, title: true, lead: true, status: true };
  const used = () =>
    vHead.length +
    (show.status ? BADGE_WIDTH + 1 : 0) +
    idW +
    (show.lead ? 1 + 14 + 1 + 7 : 0) +
    (show.wide ? 1 + 8 + 1 + CLOSES_W : 0) +
    (show.title ? 1 + TITLE_MIN : 0);
  fitColumns(show, ['wide', 'title', 'lead', 'status'], used, v.width);
  const titleW = v.width - used() + TITLE_MIN;
  const head =
    `${vHead}${show.status ? `${'STATUS'.padEnd(BADGE_WIDTH)} ` : ''}${'ID'.padEnd(idW)}` +
    (show.lead ? ` ${'LEADING'.padEnd(14)} ${'PRICE'.padStart(7)}` : '') +
    (show.wide ? ` ${'VOLUME'.padStart(8)} ${'CLOSES'.padEnd(CLOSES_W)}` : '') +
    (show.title ? ' TITLE' : '');
  const lines = [fitWidth(head.trimEnd(), Math.max(v.width, used()))];
  for (const [i, m] of markets.entries()) {
    const lead = leadingOutcome(m);
    const cells = [
      fitWidth(m.id, idW, show.lead || show.title),
      ...(show.lead ? [fitWidth(lead?.name ?? missing(), 14, true), padStartWidth(formatPrice(lead?.price), 7)] : []),
      ...(show.wide ? [padStartWidth(formatVolume(m.volume), 8), fitWidth(closesCell(m, v.now), CLOSES_W, true)] : []),
      ...(show.title ? [fitWidth(m.title, titleW)] : []),
    ];
    lines.push(`${venueCell(rows, i, v)}${show.status ? `${badge(m, v, true)} ` : ''}${cells.join(' ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * When it closes, as the dashboard and `market` say it (marketClosingText): a market its venue still calls active
 * past its close time reads `passed 121d ago`, never a bare `121d ago` as if it had closed.
 */
const closesCell = (m: Market, now: number) =>
  m.closesAt === undefined ? missing() : marketClosingText(m, m.status, now, true);

export function marketDetail(m: Market, v: TableView): string {
  const lines = [v.paint(fitWidth(m.title, v.width), undefined, true)];
  const status = badgeWord(m.status, m.rawStatus);
  const facts = [
    m.closesAt === undefined ? undefined : marketClosingText(m, m.status, v.now),
    m.category,
    m.eventId === undefined ? undefined : `event ${m.eventId}`,
  ];
  const shown = facts.filter((f) => f !== undefined);
  lines.push(...packed([status, ...shown], v.width, badge(m, v, false)));
  const more = [`id ${m.id}`, `vol ${formatVolume(m.volume)}`, `liq ${formatVolume(m.liquidity)}`];
  if (m.resolvedOutcome !== undefined) more.push(`resolved: ${m.resolvedOutcome}`);
  lines.push(...packed(more, v.width));
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
/** A sale through a book or a pool is of shares; the interface's (no basis, or `service`) of the money wanted back. */
const salesShares = (q: Quote) => q.action === 'sell' && (q.basis === 'book' || q.basis === 'pool');

/**
 * An amount as asked, never rounded away: two decimals, more where the amount has them (`--amount 0.001` read
 * `buy 0.00 of “Yes”`), up to nine.
 */
export function exactAmount(n: number | undefined): string {
  if (n === undefined || !Number.isFinite(n) || Math.abs(n - Math.round(n * 100) / 100) < 1e-12) return formatMoney(n);
  return n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 9 });
}

/**
 * An amount of the quote: money for a buy, shares for a sale (the interface's sale: the money wanted back); as asked
 * (`exact`), else as worked out (what fills): a figure above zero that two decimals would show as 0.00 reads `< 0.01`,
 * as the dashboard's quote form writes it (formatTradeMoney).
 */
const amountOf = (q: Quote, n: number | undefined, exact = true, mana = false) => {
  if (salesShares(q)) return `${exact ? exactAmount(n) : formatTradeShares(n)} shares`;
  return exact ? `${mana && n !== undefined ? 'M$' : ''}${exactAmount(n)}` : tradeMoney(n, mana);
};

/**
 * Money a quote moves: plain, as the one-shot's columns write dollars and USDC (decision: docs/commands.md#output),
 * but mana as `M$`, as every other place writes it, so a Manifold amount never reads as dollars.
 */
const tradeMoney = (n: number | undefined, mana: boolean) => formatTradeMoney(n, mana ? 'mana' : undefined);

function fillText(q: Quote, mana: boolean): string | undefined {
  if (q.filled === undefined) return undefined;
  const of = (n: number | undefined, exact = true) => amountOf(q, n, exact, mana);
  if (!(q.filled > 0)) return q.basis === 'book' || q.basis === 'pool' ? `nothing: ${nothingFilled(q)}` : 'nothing';
  const rest =
    q.basis === 'book'
      ? 'the rest found no orders'
      : q.basis === 'pool'
        ? "the rest would pass the pool's price limit"
        : 'the rest does not fill';
  return `only ${of(q.filled, false)} of ${of(q.amount)}; ${rest}`;
}

export function quoteBlock(marketId: string, q: Quote, v: TableView, venue?: SourceId): string {
  const id = q.marketId ?? marketId;
  const mana = venue === 'manifold';
  const outcome = `“${sanitize(q.outcome ?? missing())}”`;
  const what =
    q.action === 'sell' && !salesShares(q)
      ? `sell ${outcome} for ${amountOf(q, q.amount, true, mana)}`
      : `${q.action ?? missing()} ${amountOf(q, q.amount, true, mana)} of ${outcome}`;
  const [before, after, impact] = formatPriceMove(q.priceBefore, q.priceAfter, q.priceImpact);
  const impactColor =
    q.priceImpact === undefined || q.priceImpact === 0 ? undefined : q.priceImpact > 0 ? 'green' : 'red';
  // a value longer than its line goes on under itself, at its column, whole; a word wider than the column (a figure)
  // is not cut either: a long line beats a wrong figure (the filled line was cut at 80 columns, the others at 28)
  const rows = (k: string, val: string) =>
    wrapWhole(val, Math.max(1, v.width - 14)).map((l, i) => `  ${(i === 0 ? k : '').padEnd(11)} ${l}`);
  const fill = fillText(q, mana);
  const move = `  ${'price'.padEnd(11)} ${before} → ${after} (impact `;
  // the impact coloured when its line is whole
  const price =
    displayWidth(`${move}${impact})`) <= v.width
      ? [`${move}${v.paint(impact, impactColor)})`]
      : rows('price', `${before} → ${after} (impact ${impact})`);
  // the id whole on the first line, what is asked under it (its amount was cut: `Quote mkt-0auq2x · buy 123,…`)
  const head = `Quote ${id} · ${what}`;
  const heading =
    displayWidth(head) <= v.width
      ? [head]
      : [`Quote ${id}`, ...wrapWhole(what, Math.max(1, v.width - 2)).map((l) => `  ${l}`)];
  const lines = [
    ...heading.map((l) => v.paint(l, undefined, true)),
    ...(fill === undefined ? [] : rows('filled', fill).map((l) => v.paint(l, 'yellow', true))),
    ...rows('shares', formatTradeShares(q.shares)),
    ...rows('avg price', formatPrice(q.averagePrice)),
    ...price,
    ...rows('fee', tradeMoney(q.fee, mana)),
    ...rows(q.action === 'sell' ? 'you receive' : 'total', tradeMoney(q.total, mana)),
  ];
  return `${lines.join('\n')}\n`;
}

/** As the markets table: the id never cut; a short width leaves out the title, then the category, then the count. */
export function eventsTable(rows: Rows<MarketEvent>, v: TableView): string {
  const events = rows.items;
  if (events.length === 0) return 'No events.\n';
  const idW = Math.max(2, ...events.map((e) => displayWidth(e.id)));
  const catW = Math.min(14, Math.max(8, ...events.map((e) => displayWidth(e.category ?? missing()))));
  const vHead = venueHead(rows, v);
  const show = { title: true, category: true, count: true };
  const used = () =>
    vHead.length + idW + (show.count ? 8 : 0) + (show.category ? 1 + catW : 0) + (show.title ? 1 + TITLE_MIN : 0);
  fitColumns(show, ['title', 'category', 'count'], used, v.width);
  const titleW = v.width - used() + TITLE_MIN;
  const head =
    `${vHead}${'ID'.padEnd(idW)}${show.count ? ` ${'MARKETS'.padStart(7)}` : ''}` +
    `${show.category ? ` ${'CATEGORY'.padEnd(catW)}` : ''}${show.title ? ' TITLE' : ''}`;
  const lines = [fitWidth(head.trimEnd(), Math.max(v.width, used()))];
  for (const [i, e] of events.entries()) {
    const cells = [
      fitWidth(e.id, idW, show.count),
      ...(show.count ? [String(e.markets.length).padStart(7)] : []),
      ...(show.category ? [fitWidth(e.category ?? missing(), catW, show.title)] : []),
      ...(show.title ? [fitWidth(e.title, titleW)] : []),
    ];
    lines.push(`${venueCell(rows, i, v)}${cells.join(' ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** `n markets`, one `market`. */
const marketCount = (n: number) => `${n} market${n === 1 ? '' : 's'}`;

export function eventDetail(e: MarketEvent, v: TableView): string {
  const facts = [`id ${e.id}`, e.category, marketCount(e.markets.length)].filter((f): f is string => !!f);
  const head = [v.paint(fitWidth(e.title, v.width), undefined, true), ...packed(facts, v.width)];
  return `${head.join('\n')}\n${marketsTable({ items: e.markets }, v)}`;
}
