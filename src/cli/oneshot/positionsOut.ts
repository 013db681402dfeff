/**
 * `oddsboard positions` as JSON (docs/schema.json `positionsDocument`) and as a table. Every money figure is in the
 * venue's currency, named beside it; totals are per currency and never summed across them.
 */
import type { Position, VenuePositions } from '../../positions/types.js';
import { totalsByCurrency, type Totals } from '../../positions/pnl.js';
import { formatAmount, formatPct, STATE_WORDS } from '../../positions/format.js';
import { refKey } from '../../venue/ref.js';
import { displayWidth, fitWidth, formatPrice, formatShares, padStartWidth } from '../../ui/format.js';
import type { TableView } from './table.js';

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

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
    shares: p.shares,
    avgPrice: orNull(p.avgPrice),
    price: orNull(p.price),
    cost: orNull(p.cost),
    value: orNull(p.value),
    pnl: orNull(p.pnl),
    pnlPct: orNull(p.pnlPct),
    realized: orNull(p.realized),
    fees: orNull(p.fees),
    paid: orNull(p.paid),
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

/** The totals lines of a table, one per currency. */
function totalsLines(positions: readonly Position[], t: TableView, label: string): string[] {
  return totalsByCurrency(positions).map((tot) => {
    const unpriced = tot.unpriced > 0 ? ` (${tot.unpriced} without a price, not counted)` : '';
    return fitWidth(
      `${label} ${tot.currency}: value ${formatAmount(tot.value, tot.currency)} · ` +
        `cost ${formatAmount(tot.cost, tot.currency)} · ` +
        `P&L ${formatAmount(tot.pnl, tot.currency, true)}${unpriced}`,
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

/** One line per position; the title takes what is left. Then the totals per currency. */
export function positionsTable(v: VenuePositions, t: TableView): string {
  const head = `Positions · ${v.venue}${v.identity ? ` · ${v.identity}` : ''}`;
  const lines = [t.paint(fitWidth(head, t.width), undefined, true)];
  if (v.positions.length === 0) lines.push('No positions.');
  else {
    const outW = Math.min(16, Math.max(7, ...v.positions.map((p) => displayWidth(p.outcome))));
    const moneyW = 16;
    const fixed = outW + 1 + 10 + 1 + 7 + 1 + 7 + 1 + moneyW + 1 + moneyW + 1 + 7 + 1;
    const titleW = Math.max(8, t.width - fixed);
    lines.push(
      fitWidth(
        `${'OUTCOME'.padEnd(outW)} ${'SHARES'.padStart(10)} ${'AVG'.padStart(7)} ${'PRICE'.padStart(7)} ` +
          `${'VALUE'.padStart(moneyW)} ${'P&L'.padStart(moneyW)} ${'P&L%'.padStart(7)} MARKET`,
        t.width,
      ),
    );
    for (const p of v.positions) {
      const pnlColor = p.pnl === undefined || p.pnl === 0 ? undefined : p.pnl > 0 ? 'green' : 'red';
      const note =
        (p.paper ? 'PAPER · ' : '') +
        (p.state === 'open'
          ? ''
          : p.state === 'closed'
            ? 'awaiting settlement · '
            : `${STATE_WORDS[p.state]}, paid ${formatAmount(p.paid, p.currency)} · `);
      lines.push(
        [
          fitWidth(p.outcome, outW, true),
          padStartWidth(formatShares(p.shares), 10),
          padStartWidth(formatPrice(p.avgPrice), 7),
          padStartWidth(formatPrice(p.price), 7),
          padStartWidth(formatAmount(p.value, p.currency), moneyW),
          t.paint(padStartWidth(formatAmount(p.pnl, p.currency, true), moneyW), pnlColor),
          t.paint(padStartWidth(formatPct(p.pnlPct), 7), pnlColor),
          fitWidth(`${note}${p.title}`, titleW),
        ].join(' '),
      );
    }
  }
  lines.push(...totalsLines(v.positions, t, 'Total'));
  if (v.reportedValue !== undefined)
    lines.push(`${v.venue} reports the positions' value as ${formatAmount(v.reportedValue, v.currency)}`);
  if (v.balance !== undefined) lines.push(`Cash balance: ${formatAmount(v.balance, v.currency)}`);
  if (v.more) lines.push('More positions exist than were read.');
  return `${lines.join('\n')}\n`;
}
