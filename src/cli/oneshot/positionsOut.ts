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

export interface JsonPositions {
  venue: string;
  identity: string | null;
  currency: Position['currency'];
  positions: JsonPosition[];
  totals: Totals[];
  reportedValue: number | null;
  balance: number | null;
  more: boolean;
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

export function jsonPositions(v: VenuePositions): JsonPositions {
  return {
    venue: v.venue,
    identity: v.identity === '' ? null : v.identity,
    currency: v.currency,
    positions: v.positions.map(jsonPosition),
    totals: totalsByCurrency(v.positions),
    reportedValue: orNull(v.reportedValue),
    balance: orNull(v.balance),
    more: v.more === true,
  };
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
  for (const tot of totalsByCurrency(v.positions)) {
    const unpriced = tot.unpriced > 0 ? ` (${tot.unpriced} without a price, not counted)` : '';
    lines.push(
      fitWidth(
        `Total ${tot.currency}: value ${formatAmount(tot.value, tot.currency)} · ` +
          `cost ${formatAmount(tot.cost, tot.currency)} · ` +
          `P&L ${formatAmount(tot.pnl, tot.currency, true)}${unpriced}`,
        t.width,
      ),
    );
  }
  if (v.reportedValue !== undefined)
    lines.push(`${v.venue} reports the positions' value as ${formatAmount(v.reportedValue, v.currency)}`);
  if (v.balance !== undefined) lines.push(`Cash balance: ${formatAmount(v.balance, v.currency)}`);
  if (v.more) lines.push('More positions exist than were read.');
  return `${lines.join('\n')}\n`;
}
