/**
 * Paper positions on disk (issue #28), stored like the watchlist (src/watch/persist.ts): one readable JSON file in the
 * state directory, `paper.json`, shared by every venue (each position names its market as `venue:id`), written
 * atomically (src/util/files.ts) so a crash leaves the old file or the new one, never half. A file that cannot be
 * understood is moved aside (never overwritten) and reported in one line; entries that cannot be understood are
 * reported and the file is moved aside with them in it, the rest loaded — nothing a person kept is lost.
 */
import { join } from 'node:path';
import { isRecord, NAME_MAX, toText, TITLE_MAX } from '../api/normalizeFields.js';
import { writeFileAtomic, type WriteHooks } from '../util/files.js';
import { readPersonFile } from '../util/personFile.js';
import { parseRefKey, refKey } from '../venue/ref.js';
import { EMPTY_PAPER, PAPER_MAX, type PaperBook, type PaperPosition, type PaperTrade } from './paper.js';
import { fold } from './paperHolding.js';
import type { Currency } from './types.js';

export const PAPER_FILE = 'paper.json';
export const PAPER_FILE_MAX_BYTES = 2_000_000;
const FORMAT = 1;
/**
 * A book holding a fold (past PAPER_TRADES_MAX trades on a position) is written as format 2, which every version before
 * this one refuses whole — moved aside, named in its notice, nothing deleted — where it read format 1's fold as a plain
 * buy, losing what it realized and oversold (and dropped the position of a fold of no share). A book without one stays
 * format 1, for them to read as before (docs/positions.md, "Folded trades").
 */
const FORMAT_FOLDED = 2;
const CURRENCIES: readonly Currency[] = ['USDC', 'USD', 'mana'];
/** A trade's id as kept (a UUID); the same format reads a file without ids, whose trades have none. */
const TRADE_ID = /^[\w-]{1,64}$/;

const iso = (ms: number): string => new Date(ms).toISOString();
const time = (v: unknown): number | undefined => {
  if (typeof v !== 'string') return undefined;
  const t = Date.parse(v);
  return Number.isFinite(t) ? t : undefined;
};
const amount = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;

/** The book as written: a position past PAPER_TRADES_MAX trades has its oldest folded into one (paperHolding.ts). */
export function encodePaper(book: PaperBook): string {
  const positions = book.positions.map((p) => ({
    market: refKey(p.ref),
    title: p.title,
    outcome: p.outcome,
    currency: p.currency,
    trades: fold(p.trades).map((t) => ({ ...t, at: iso(t.at) })),
    ...(p.settled ? { settled: { at: iso(p.settled.at), paid: p.settled.paid } } : {}),
  }));
  const format = positions.some((p) => p.trades.some((t) => t.folded)) ? FORMAT_FOLDED : FORMAT;
  return `${JSON.stringify({ oddsboardPaper: format, positions }, null, 2)}\n`;
}

/** A fold's figures (paperHolding.ts): realized may be a loss; oversold is shares. */
function decodeFolded(v: unknown): PaperTrade['folded'] {
  if (!isRecord(v)) return undefined;
  const realized = typeof v.realized === 'number' && Number.isFinite(v.realized) ? v.realized : undefined;
  const oversold = amount(v.oversold);
  return realized === undefined || oversold === undefined ? undefined : { realized, oversold };
}

function decodeTrade(v: unknown): PaperTrade | undefined {
  if (!isRecord(v)) return undefined;
  const at = time(v.at);
  const shares = amount(v.shares);
  const avgPrice = amount(v.avgPrice);
  const fee = amount(v.fee);
  const total = amount(v.total);
  const folded = v.action === 'buy' ? decodeFolded(v.folded) : undefined;
  if (v.folded !== undefined && folded === undefined) return undefined;
  // a trade holds shares; a fold of trades that sold out holds none (one without `folded`, and nothing in it, is what
  // the version before folds carried their figures wrote: its position was dropped as unreadable)
  const none = v.action === 'buy' && (folded !== undefined || total === 0);
  if (at === undefined || shares === undefined || (shares <= 0 && !none) || avgPrice === undefined) return undefined;
  if (fee === undefined || total === undefined || (v.action !== 'buy' && v.action !== 'sell')) return undefined;
  // an id that is not one (a hand edit) is left out: the trade is merged as a file without ids has it (merge.ts)
  const id = typeof v.id === 'string' && TRADE_ID.test(v.id) ? { id: v.id } : {};
  return { ...id, at, action: v.action, shares, avgPrice, fee, total, ...(folded ? { folded } : {}) };
}

function decodePosition(v: unknown): PaperPosition | undefined {
  if (!isRecord(v) || !Array.isArray(v.trades)) return undefined;
  const ref = typeof v.market === 'string' ? parseRefKey(v.market) : undefined;
  const title = toText(v.title, TITLE_MAX);
  const outcome = toText(v.outcome, NAME_MAX);
  const currency = CURRENCIES.find((c) => c === v.currency);
  const trades = v.trades.map(decodeTrade);
  if (!ref || !title || !outcome || !currency || trades.length === 0 || trades.some((t) => t === undefined))
    return undefined;
  let settled: PaperPosition['settled'];
  if (v.settled !== undefined) {
    const at = isRecord(v.settled) ? time(v.settled.at) : undefined;
    const paid = isRecord(v.settled) ? amount(v.settled.paid) : undefined;
    if (at === undefined || paid === undefined) return undefined;
    settled = { at, paid };
  }
  return { ref, title, outcome, currency, trades: trades as PaperTrade[], ...(settled ? { settled } : {}) };
}

export class PaperDecodeError extends Error {}

/** The book in a file's text, and how many entries could not be understood. */
export function decodePaper(text: string): { book: PaperBook; dropped: number } {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new PaperDecodeError('not JSON');
  }
  const format = isRecord(v) ? v.oddsboardPaper : undefined;
  if (typeof format === 'number' && Number.isInteger(format) && format > FORMAT_FOLDED)
    throw new PaperDecodeError(
      `written by a newer oddsboard (format ${format}; this one reads ${FORMAT} and ${FORMAT_FOLDED})`,
    );
  if (!isRecord(v) || (format !== FORMAT && format !== FORMAT_FOLDED) || !Array.isArray(v.positions))
    throw new PaperDecodeError(`not an oddsboard paper file (format ${FORMAT} or ${FORMAT_FOLDED})`);
  const positions = v.positions.slice(0, PAPER_MAX).map(decodePosition);
  const kept = positions.filter((p): p is PaperPosition => p !== undefined);
  return { book: { positions: kept }, dropped: v.positions.length - kept.length };
}

/** How paper.json is read, at start and before each write (readPersonFile, readToMerge in src/util/files.ts). */
export function paperFileSpec(dir: string, now: number) {
  return {
    path: join(dir, PAPER_FILE),
    maxBytes: PAPER_FILE_MAX_BYTES,
    now,
    decode: (text: string) => {
      const d = decodePaper(text);
      return { value: d.book, dropped: d.dropped };
    },
    encode: encodePaper,
    isDecodeError: (e: unknown) => e instanceof PaperDecodeError,
    empty: 'no paper positions',
    entries: (n: number) => `${n} paper position${n === 1 ? '' : 's'}`,
    // too large, or not readable: left as it is (a book is never replaced by an empty one)
    tooLarge: 'keep' as const,
    unreadable: 'paper positions are not read or written this session',
  };
}

/** Reads the paper file of the state directory; a missing file is an empty book, a broken one is moved aside. */
export function loadPaper(dir: string, now: number): { book: PaperBook; problem?: string; keepOut?: true } {
  const r = readPersonFile(paperFileSpec(dir, now));
  return {
    book: r.value ?? EMPTY_PAPER,
    ...(r.problems[0] !== undefined ? { problem: r.problems[0] } : {}),
    ...(r.keepOut ? { keepOut: true as const } : {}),
  };
}

/** Writes the book atomically. Throws the file system's error (the caller reports it and keeps the old file). */
export function savePaper(dir: string, book: PaperBook, hooks?: WriteHooks): void {
  writeFileAtomic(join(dir, PAPER_FILE), encodePaper(book), hooks);
}
