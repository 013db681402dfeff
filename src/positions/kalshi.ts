/**
 * Kalshi's portfolio positions (`GET /portfolio/positions`, docs.kalshi.com "Get Positions", `MarketPosition`) as
 * Positions. A row is the signed key's holding in one market: `position_fp` contracts (positive YES, negative NO),
 * `market_exposure_dollars` "cost of the aggregate market position", `realized_pnl_dollars` locked in from contracts
 * already sold, `fees_paid_dollars`, `total_traded_dollars`. The legacy integer-cents fields (`position`,
 * `market_exposure`, `realized_pnl`, `fees_paid`) are read when the dollar strings are absent — as the market
 * normalizer reads both shapes. A row has no price: the position is valued against its market (settle.ts), the board's
 * copy when it has one. `GET /portfolio/balance` → `balance` in cents (and `balance_dollars` where sent).
 */
import type { Market } from '../api/types.js';
import { isRecord, toNumber, toText, TITLE_MAX, type Rec } from '../api/normalizeFields.js';
import { round9 } from './pnl.js';
import { valueAgainst } from './settle.js';
import type { Position } from './types.js';

const TICKER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** A dollar amount from `<name>_dollars` (a decimal string), else the legacy `<name>` in cents. */
function dollars(row: Rec, name: string): number | undefined {
  const d = toNumber(row[`${name}_dollars`]);
  if (d !== undefined) return d;
  const cents = toNumber(row[name]);
  return cents === undefined ? undefined : round9(cents / 100);
}

/** One `market_positions` row as a Position (undefined when flat or unreadable), valued against its market. */
export function kalshiPosition(row: unknown, market?: Market): Position | undefined {
  if (!isRecord(row) || typeof row.ticker !== 'string' || !TICKER.test(row.ticker)) return undefined;
  const signed = toNumber(row.position_fp) ?? toNumber(row.position);
  if (signed === undefined || signed === 0) return undefined;
  const shares = Math.abs(signed);
  const outcome = signed > 0 ? 'Yes' : 'No';
  const exposure = dollars(row, 'market_exposure');
  const cost = exposure !== undefined && exposure >= 0 ? exposure : undefined;
  const realized = dollars(row, 'realized_pnl');
  const fees = dollars(row, 'fees_paid');
  return {
    ref: { venue: 'kalshi', id: row.ticker },
    title: market?.title ?? toText(row.ticker, TITLE_MAX) ?? row.ticker,
    outcome,
    shares,
    ...(cost !== undefined ? { cost, avgPrice: round9(cost / shares) } : {}),
    ...valueAgainst(market, outcome, shares, cost),
    ...(realized !== undefined && realized !== 0 ? { realized } : {}),
    ...(fees !== undefined && fees > 0 ? { fees } : {}),
    currency: 'USD',
  };
}

/** A `/portfolio/positions` answer: its rows and the next page's cursor (none: the last page). */
export function kalshiPositionsPage(body: unknown): { rows: unknown[]; cursor?: string } | undefined {
  if (!isRecord(body) || !Array.isArray(body.market_positions)) return undefined;
  const cursor = typeof body.cursor === 'string' && body.cursor !== '' ? body.cursor : undefined;
  return { rows: body.market_positions, ...(cursor !== undefined ? { cursor } : {}) };
}

/** A `/portfolio/balance` answer → the cash balance in dollars. */
export function kalshiBalance(body: unknown): number | undefined {
  if (!isRecord(body)) return undefined;
  const b = dollars(body, 'balance');
  return b !== undefined && b >= 0 ? b : undefined;
}
