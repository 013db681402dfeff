/**
 * Polymarket's Data API positions routes answered from a recording (issue #28), beside Gamma and the CLOB on the same
 * replay (one `--base-url` serves all three): `GET /positions?user=` — the recorded rows of that wallet
 * (`DIR/positions/*.json`: a row, or a list of rows, each with its `proxyWallet`), `size` ≥ `sizeThreshold` (default
 * 1, as documented), sorted by `sortBy` (CURRENT, INITIAL, TOKENS, CASHPNL, PERCENTPNL, TITLE, PRICE, AVGPRICE;
 * default TOKENS) and `sortDirection` (default DESC), paged by `limit` (0..500, default 100) and `offset`
 * (0..10000); `GET /value?user=` — the recorded `/value` answer of that wallet, else the sum of its rows'
 * `currentValue`. A bad `user` or parameter → 400 `{"error": …}` (the Data API's `ErrorResponse`).
 */
import { isRecord, type Rec } from '../../api/normalizeFields.js';
import { personJson } from '../personFiles.js';
import type { ReplayAnswer, ReplayRequest } from '../types.js';

const WALLET = /^0x[0-9a-fA-F]{40}$/;
export const POSITIONS_MAX_LIMIT = 500;
export const POSITIONS_MAX_OFFSET = 10_000;
const SORT_FIELDS: Readonly<Record<string, string>> = {
  CURRENT: 'currentValue',
  INITIAL: 'initialValue',
  TOKENS: 'size',
  CASHPNL: 'cashPnl',
  PERCENTPNL: 'percentPnl',
  TITLE: 'title',
  PRICE: 'curPrice',
  AVGPRICE: 'avgPrice',
};

const fail = (message: string): ReplayAnswer => ({ status: 400, body: { error: message } });
const ok = (body: unknown): ReplayAnswer => ({ status: 200, body });

export interface DataRecording {
  rows: Rec[];
  values: Map<string, number>;
}

export function loadDataRecording(dir: string): DataRecording {
  const rows: Rec[] = [];
  const values = new Map<string, number>();
  for (const [, body] of personJson(dir, 'positions')) {
    for (const o of Array.isArray(body) ? body : [body]) {
      if (!isRecord(o)) continue;
      if (typeof o.proxyWallet === 'string' && typeof o.conditionId === 'string') rows.push(o);
      else if (typeof o.user === 'string' && typeof o.value === 'number') values.set(o.user.toLowerCase(), o.value);
    }
  }
  return { rows, values };
}

function num(q: URLSearchParams, name: string, min: number, max: number, dflt: number): number | string {
  const v = q.get(name);
  if (v === null) return dflt;
  const n = Number(v);
  return v.trim() !== '' && Number.isFinite(n) && n >= min && n <= max
    ? n
    : `${name} must be a number from ${min} to ${max}`;
}

/** The answer for a Data API route, or undefined when the path is not one. */
export function answerData(rec: DataRecording, req: ReplayRequest): ReplayAnswer | undefined {
  const [first, ...rest] = req.segments;
  if (rest.length > 0 || (first !== 'positions' && first !== 'value')) return undefined;
  const user = req.query.get('user') ?? '';
  if (!WALLET.test(user)) return fail('user: must be a 0x-prefixed address of 40 hex characters');
  const mine = rec.rows.filter((r) => String(r.proxyWallet).toLowerCase() === user.toLowerCase());
  if (first === 'value') {
    const value =
      rec.values.get(user.toLowerCase()) ??
      mine.reduce((s, r) => s + (typeof r.currentValue === 'number' ? r.currentValue : 0), 0);
    return ok([{ user: user.toLowerCase(), value }]);
  }
  const limit = num(req.query, 'limit', 0, POSITIONS_MAX_LIMIT, 100);
  const offset = num(req.query, 'offset', 0, POSITIONS_MAX_OFFSET, 0);
  const threshold = num(req.query, 'sizeThreshold', 0, Number.MAX_VALUE, 1);
  for (const v of [limit, offset, threshold]) if (typeof v === 'string') return fail(v);
  const sortBy = (req.query.get('sortBy') ?? 'TOKENS').toUpperCase();
  const field = SORT_FIELDS[sortBy];
  if (field === undefined) return fail(`sortBy: one of ${Object.keys(SORT_FIELDS).join(', ')}`);
  const dir = (req.query.get('sortDirection') ?? 'DESC').toUpperCase();
  if (dir !== 'ASC' && dir !== 'DESC') return fail('sortDirection: ASC or DESC');
  const sign = dir === 'ASC' ? 1 : -1;
  const list = mine
    .filter((r) => typeof r.size === 'number' && r.size >= (threshold as number))
    .sort((a, b) => {
      const x = a[field];
      const y = b[field];
      if (typeof x === 'number' && typeof y === 'number') return sign * (x - y);
      return sign * String(x ?? '').localeCompare(String(y ?? ''));
    });
  return ok(list.slice(offset as number, (offset as number) + (limit as number)));
}
