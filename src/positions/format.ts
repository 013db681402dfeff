/**
 * Money of a position in its own currency — "$1,234.56" (USD), "1,234.56 USDC", "M$1,234.56" (mana, as Manifold
 * writes it) — signed for a P&L ("+$0.40", "−1.50 USDC"), and a percent ("+15.4%"). Never NaN: unknown is "—".
 */
import { MISSING } from '../ui/format.js';
import type { Currency } from './types.js';

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const digits = (n: number): string => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatAmount(v: number | undefined, currency: Currency, signed = false): string {
  if (!isNum(v)) return MISSING;
  const abs = digits(Math.abs(v));
  const sign = v < 0 && abs !== '0.00' ? '−' : signed && abs !== '0.00' ? '+' : '';
  if (currency === 'USD') return `${sign}$${abs}`;
  if (currency === 'mana') return `${sign}M$${abs}`;
  return `${sign}${abs} USDC`;
}

export function formatPct(v: number | undefined): string {
  if (!isNum(v)) return MISSING;
  const t = Math.abs(v).toFixed(1);
  return `${v < 0 && t !== '0.0' ? '−' : t !== '0.0' ? '+' : ''}${t}%`;
}

/** What a position's state says in a word: open, "awaiting settlement", "paid", "redeem". */
export const STATE_WORDS = {
  open: 'open',
  closed: 'awaiting settlement',
  resolved: 'settled',
  redeemable: 'redeemable',
} as const;
