/**
 * Polymarket's Data API positions (`GET /positions?user=`, docs.polymarket.com "Get current positions for a user",
 * data-openapi.yaml `Position`) as Positions. A row is one outcome token the wallet holds:
 * `size` shares bought at `avgPrice` on average, `initialValue` the cost still in them, `curPrice` the outcome's
 * price now, `currentValue` = size × curPrice, `cashPnl` = currentValue − initialValue, `percentPnl` its percent,
 * `realizedPnl` from shares already sold, `redeemable` once the market resolved and the tokens can be redeemed.
 * We keep the Data API's own cost (`initialValue`) and value (`currentValue`) and work the P&L out from them; a row
 * without `currentValue` is valued at size × curPrice. Markets are keyed here by their `conditionId` (the Data API's
 * name for a market; the board's Gamma id is not in the row); the reader then re-keys them by Gamma id
 * (polymarketJoin.ts). `/value` → `[{user, value}]`.
 */
import { isRecord, NAME_MAX, toNumber, toText, TITLE_MAX, type Rec } from '../api/normalizeFields.js';
import { markToMarket, pnlOf, round9 } from './pnl.js';
import type { Position } from './types.js';

const CONDITION_ID = /^0x[0-9a-fA-F]{64}$/;

/** One `/positions` row as a Position; undefined for a row we cannot read (no market, no size). */
export function polymarketPosition(row: unknown): Position | undefined {
  if (!isRecord(row)) return undefined;
  const conditionId = typeof row.conditionId === 'string' && CONDITION_ID.test(row.conditionId) ? row.conditionId : '';
  const shares = toNumber(row.size);
  if (conditionId === '' || shares === undefined || shares <= 0) return undefined;
  const price = unit(row.curPrice);
  const avgPrice = unit(row.avgPrice);
  const cost = nonNegative(row.initialValue) ?? (avgPrice !== undefined ? round9(shares * avgPrice) : undefined);
  const reported = nonNegative(row.currentValue);
  const marked =
    reported !== undefined ? { value: reported, ...pnlOf(reported, cost) } : markToMarket(shares, price, cost);
  const realized = toNumber(row.realizedPnl);
  const redeemable = row.redeemable === true;
  const p: Position = {
    ref: { venue: 'polymarket', id: conditionId },
    title: toText(row.title, TITLE_MAX) ?? conditionId,
    outcome: toText(row.outcome, NAME_MAX) ?? outcomeByIndex(row),
    shares,
    ...(avgPrice !== undefined ? { avgPrice } : {}),
    ...(price !== undefined ? { price } : {}),
    ...(cost !== undefined ? { cost } : {}),
    ...marked,
    ...(realized !== undefined && realized !== 0 ? { realized } : {}),
    currency: 'USDC',
    // a redeemable winner pays 1 a share (curPrice 1); a redeemable loser is resolved and pays nothing
    state: redeemable ? (price !== undefined && price > 0 ? 'redeemable' : 'resolved') : 'open',
  };
  if (redeemable && marked.value !== undefined) p.paid = marked.value;
  return p;
}

function outcomeByIndex(row: Rec): string {
  const i = toNumber(row.outcomeIndex);
  return i === 0 ? 'Yes' : i === 1 ? 'No' : '?';
}

const unit = (v: unknown): number | undefined => {
  const n = toNumber(v);
  return n !== undefined && n >= 0 && n <= 1 ? n : undefined;
};
const nonNegative = (v: unknown): number | undefined => {
  const n = toNumber(v);
  return n !== undefined && n >= 0 ? n : undefined;
};

/** A `/positions` answer (a list of rows) as Positions; undefined when the answer is not a list. */
export function polymarketPositions(body: unknown): Position[] | undefined {
  if (!Array.isArray(body)) return undefined;
  return body.map(polymarketPosition).filter((p): p is Position => p !== undefined);
}

/** A `/value` answer (`[{user, value}]`) → the value for `user`, when it says. */
export function polymarketValue(body: unknown, user: string): number | undefined {
  if (!Array.isArray(body)) return undefined;
  const row = body.find(
    (r) => isRecord(r) && typeof r.user === 'string' && r.user.toLowerCase() === user.toLowerCase(),
  );
  return isRecord(row) ? nonNegative(row.value) : undefined;
}
