/**
 * Money of a position or a trade in its own currency — "$1,234.56" (USD), "1,234.56 USDC", "M$1,234.56" (mana, as
 * Manifold writes it) — signed for a P&L ("+$0.40", "−1.50 USDC"), and a percent ("+15.4%"). Never NaN: unknown is
 * "—".
 */
import { missing, formatMoney, formatShares } from '../ui/format.js';
import type { Currency } from './types.js';
import { G } from '../ui/glyphs.js';

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const digits = (n: number): string => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatAmount(v: number | undefined, currency: Currency, signed = false): string {
  if (!isNum(v)) return missing();
  const abs = digits(Math.abs(v));
  const sign = v < 0 && abs !== '0.00' ? G.minus : signed && abs !== '0.00' ? '+' : '';
  if (currency === 'USD') return `${sign}$${abs}`;
  if (currency === 'mana') return `${sign}M$${abs}`;
  return `${sign}${abs} USDC`;
}

/** A figure above zero that two decimals show as 0.00: `< 0.01`, as `text` writes 0.01; else `text` of it. */
function underAHundredth(v: number | undefined, text: (n: number | undefined) => string): string {
  const t = text(v);
  return isNum(v) && v > 0 && digits(v) === '0.00' ? `< ${text(0.01)}` : t;
}

/**
 * Money a trade moves — a quote's total, fee and what fills, on the dashboard's quote form and in `oddsboard quote`
 * alike: in the venue's money as formatAmount (no currency: plain, as the one-shot's columns write it), and a figure
 * above zero that two decimals would show as 0.00 as `< $0.01` (`< 0.01 USDC`, `< M$0.01`, plain `< 0.01`): a quote
 * of 0.001 read `total $0.00`.
 */
export function formatTradeMoney(v: number | undefined, currency?: Currency): string {
  return underAHundredth(v, (n) => (currency === undefined ? formatMoney(n) : formatAmount(n, currency)));
}

/** Shares a trade buys, sells or fills, as formatTradeMoney: 0.0025 of them read `0.00 shares`, now `< 0.01`. */
export function formatTradeShares(v: number | undefined): string {
  return underAHundredth(v, formatShares);
}

export function formatPct(v: number | undefined): string {
  if (!isNum(v)) return missing();
  const t = Math.abs(v).toFixed(1);
  return `${v < 0 && t !== '0.0' ? G.minus : t !== '0.0' ? '+' : ''}${t}%`;
}

/** What a position's state says in a word: open, "awaiting settlement", "paid", "redeem". */
export const STATE_WORDS = {
  open: 'open',
  closed: 'awaiting settlement',
  resolved: 'settled',
  redeemable: 'redeemable',
} as const;
