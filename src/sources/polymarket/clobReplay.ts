/**
 * The CLOB's `/book` and `/prices-history` answered from a recording (`serve --replay DIR --source polymarket`; one
 * server answers Gamma and the CLOB). Recorded answers are read from `books/` and `prices-history/` in DIR or in
 * DIR/clob (what `record` writes, and where the staged real answers sit out of reach of the market loader):
 *  - a book is any object with `asset_id`, `bids` and `asks` in a file under `books/` (a bare `/book` answer, or
 *    one wrapped by a recorder), served verbatim by its `asset_id`;
 *  - a history is a `{history: [{t, p}]}` answer in `prices-history/<token>….json` (the token leads the name).
 * A token of a recorded market with nothing recorded: an empty book (`bids: []`, `asks: []`) / `{history: []}`,
 * never a 404. A token no recorded market names: the CLOB's 404 "No orderbook exists for the requested token id"
 * (its words as quoted in UMAprotocol/protocol#4843). History windows: `interval` ends at the recording's last
 * point (the recording's "now"), `startTs`/`endTs` are taken as asked, `fidelity` keeps one point per so many
 * minutes; both forms at once → 400 (documented as mutually exclusive). As of the recording (`--as-recorded`): every
 * point's `t` and every book's `timestamp` moved forward by the same shift as the Gamma objects, and `interval` ends
 * at the replay's own clock, as the CLOB's does.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { toArray, type Rec } from '../../api/normalizeFields.js';
import type { ReplayAnswer, ReplayRequest } from '../types.js';
import { isClobBook } from './clob.js';
import type { GammaRecording } from './replayData.js';

export interface ClobRecording {
  books: Map<string, Rec>;
  histories: Map<string, { t: number; p: number }[]>;
  /** Every token a recorded market names, with its market's condition id. */
  tokens: Map<string, string>;
  /** As of the recording: the replay's clock, where `interval` windows end. */
  now?: () => number;
}

/** Replayed as of the recording: times moved by `shiftMs` (whole seconds), `interval` ending at `now()`. */
export interface ClobShift {
  shiftMs: number;
  now: () => number;
}

/** A book's `timestamp` (epoch ms, as text on the wire) moved by `shiftMs`; anything else as it was. */
function shiftBook(b: Rec, shiftMs: number): Rec {
  const ts = b.timestamp;
  if (typeof ts === 'string' && /^\d{10,16}$/.test(ts)) return { ...b, timestamp: String(Number(ts) + shiftMs) };
  if (typeof ts === 'number' && Number.isFinite(ts)) return { ...b, timestamp: ts + shiftMs };
  return b;
}

const isObj = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);
const MAX_FILE_BYTES = 8 * 1024 * 1024;

function jsonFiles(dir: string): string[] {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  return readdirSync(dir)
    .sort()
    .filter((n) => n.endsWith('.json'))
    .map((n) => join(dir, n))
    .filter((f) => statSync(f).isFile() && statSync(f).size <= MAX_FILE_BYTES);
}

function parse(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

/** The books in a value, however deep a recorder wrapped them (at most 4 levels). */
function booksIn(v: unknown, depth = 0, out: Rec[] = []): Rec[] {
  if (isClobBook(v)) out.push(v);
  else if (depth < 4 && (isObj(v) || Array.isArray(v)))
    for (const x of Object.values(v as object) as unknown[]) booksIn(x, depth + 1, out);
  return out;
}

export function loadClobRecording(dir: string, rec: GammaRecording, shift?: ClobShift): ClobRecording {
  const byS = shift ? Math.round(shift.shiftMs / 1000) : 0;
  const books = new Map<string, Rec>();
  const histories = new Map<string, { t: number; p: number }[]>();
  for (const base of [join(dir, 'clob'), dir]) {
    for (const file of jsonFiles(join(base, 'books')))
      for (const recorded of booksIn(parse(file))) {
        const b = shift ? shiftBook(recorded, byS * 1000) : recorded;
        const had = books.get(b.asset_id as string);
        if (!had || Number(b.timestamp) >= Number(had.timestamp)) books.set(b.asset_id as string, b);
      }
    for (const file of jsonFiles(join(base, 'prices-history'))) {
      const token = /^(\d+)/.exec(file.slice(file.lastIndexOf('/') + 1))?.[1];
      const body = parse(file);
      if (token === undefined || !isObj(body) || !Array.isArray(body.history)) continue;
      const byT = new Map((histories.get(token) ?? []).map((h) => [h.t, h.p]));
      for (const h of body.history)
        if (isObj(h) && typeof h.t === 'number' && typeof h.p === 'number') byT.set(h.t + byS, h.p);
      histories.set(
        token,
        [...byT].sort((a, b) => a[0] - b[0]).map(([t, p]) => ({ t, p })),
      );
    }
  }
  const tokens = new Map<string, string>();
  for (const m of rec.markets)
    for (const t of toArray(m.clobTokenIds) ?? [])
      if (typeof t === 'string') tokens.set(t, typeof m.conditionId === 'string' ? m.conditionId : '');
  return { books, histories, tokens, ...(shift ? { now: shift.now } : {}) };
}

const clobError = (status: number, error: string): ReplayAnswer => ({ status, body: { error } });
const ok = (body: unknown): ReplayAnswer => ({ status: 200, body });

const INTERVAL_SECONDS: Record<string, number> = {
  '1h': 3600,
  '6h': 6 * 3600,
  '1d': 86_400,
  '1w': 7 * 86_400,
  '1m': 30 * 86_400,
};

function book(c: ClobRecording, q: URLSearchParams): ReplayAnswer {
  const token = q.get('token_id') ?? '';
  if (!/^\d+$/.test(token)) return clobError(400, 'Invalid token id');
  const b = c.books.get(token);
  if (b) return ok(b);
  if (!c.tokens.has(token)) return clobError(404, 'No orderbook exists for the requested token id');
  return ok({ market: c.tokens.get(token), asset_id: token, bids: [], asks: [] });
}

const seconds = (v: string | null): number | undefined => (v !== null && /^\d+$/.test(v) ? Number(v) : undefined);

function history(c: ClobRecording, q: URLSearchParams): ReplayAnswer {
  const token = q.get('market') ?? '';
  if (!/^\d+$/.test(token)) return clobError(400, 'Invalid market');
  const interval = q.get('interval');
  const startTs = seconds(q.get('startTs'));
  const endTs = seconds(q.get('endTs'));
  if (interval !== null && (q.has('startTs') || q.has('endTs')))
    return clobError(400, 'interval and startTs/endTs are mutually exclusive');
  if (interval !== null && interval !== 'max' && INTERVAL_SECONDS[interval] === undefined)
    return clobError(400, 'Invalid interval');
  if ((q.has('startTs') && startTs === undefined) || (q.has('endTs') && endTs === undefined))
    return clobError(400, 'Invalid startTs or endTs');
  const fidelity = q.has('fidelity') ? seconds(q.get('fidelity')) : 1;
  if (fidelity === undefined || fidelity < 1) return clobError(400, 'Invalid fidelity');
  const all = c.histories.get(token) ?? [];
  const last = c.now ? Math.floor(c.now() / 1000) : (all.at(-1)?.t ?? 0);
  const from = interval !== null && interval !== 'max' ? last - INTERVAL_SECONDS[interval]! : (startTs ?? 0);
  const to = interval !== null ? last : (endTs ?? Number.MAX_SAFE_INTEGER);
  const seen = new Set<number>();
  const points = all.filter((h) => {
    if (h.t < from || h.t > to) return false;
    const bucket = Math.floor(h.t / (fidelity * 60));
    if (seen.has(bucket)) return false;
    seen.add(bucket);
    return true;
  });
  return ok({ history: points });
}

/** The CLOB's answer for a request, or undefined when the path is not a CLOB route. */
export function answerClob(c: ClobRecording, { segments: s, query: q }: ReplayRequest): ReplayAnswer | undefined {
  if (s.length !== 1) return undefined;
  if (s[0] === 'book') return book(c, q);
  if (s[0] === 'prices-history') return history(c, q);
  return undefined;
}
