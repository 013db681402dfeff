/**
 * `oddsboard record --source polymarket DIR`: Gamma's own routes, answers written verbatim (the recorder paces the
 * requests and never sends a key). Lists: `/markets/keyset` pages (open markets by volume) into
 * `markets-keyset-0001.json`…; then market details into `markets/<id>.json`, each followed by the CLOB's book of
 * each of its outcomes (`books/<token>.json`) and their 24 h and 7 d histories (`prices-history/<token>-24h.json`,
 * `-7d.json`), asked on the CLOB beside the recorded base (clobBaseOf); `/events/keyset` into
 * `events-keyset-0001.json` and the events the markets name but the list lacked into `events/<id>.json`; the tags
 * into `tags.json`. `createPolymarketReplay` serves such a folder.
 */
import { isApiError } from '../../api/errors.js';
import type { Query, Recorder, RecordPlan } from '../types.js';
import { normalizeMarket } from '../../api/normalize.js';
import { CLOB_BASE_URL, GAMMA_BASE_URL, MAX_EVENTS_PAGE, MAX_MARKETS_PAGE } from './client.js';
import { historyQuery } from './clob.js';
import { knownOf } from './trader.js';
import { recordPolymarketPositions } from '../recordPositions.js';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const idText = (v: unknown): string | undefined =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
/** An id as a file name: Gamma's ids are digits; anything else is made safe. */
export const safeName = (id: string): string => id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 120);
const nth = (n: number): string => String(n).padStart(4, '0');

/** One answer into `file` (its body; undefined when skipped): a 404 skips it, any other failure stops the recording. */
async function detail(r: Recorder, path: string, file: string, query?: Query, base?: string): Promise<unknown> {
  try {
    const body = await r.get(path, query, base);
    r.write(file, body);
    return body;
  } catch (e) {
    if (!isApiError(e) || e.kind !== 'not_found') throw e;
    r.say(`${path}: not found, skipped`);
    return undefined;
  }
}

/** The CLOB beside the Gamma base being recorded: the real CLOB for the real Gamma, else the same server. */
export function clobBaseOf(recorded: string | undefined): string {
  const base = recorded?.replace(/\/+$/, '');
  return base === undefined || base === GAMMA_BASE_URL ? CLOB_BASE_URL : base;
}

/** The book and the 24 h and 7 d histories of each outcome of a recorded market detail (3 CLOB requests each). */
async function recordTrader(r: Recorder, body: unknown): Promise<void> {
  const m = normalizeMarket(body);
  if (!m) return;
  const k = knownOf(m);
  const clob = clobBaseOf(r.baseUrl);
  for (const { token } of k.tokens) {
    await detail(r, '/book', `books/${safeName(token)}.json`, [['token_id', token]], clob);
    for (const range of ['24h', '7d'] as const)
      await detail(
        r,
        '/prices-history',
        `prices-history/${safeName(token)}-${range}.json`,
        historyQuery(token, range, k.endedMs),
        clob,
      );
  }
}

export async function recordPolymarket(r: Recorder, plan: RecordPlan): Promise<void> {
  const marketIds: string[] = [];
  const eventIds = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < plan.pages; page++) {
    const q: Query = [
      ['closed', 'false'],
      ['order', 'volumeNum'],
      ['ascending', 'false'],
      ['limit', String(MAX_MARKETS_PAGE)],
      ...(cursor !== undefined ? ([['after_cursor', cursor]] as Query) : []),
    ];
    const body = await r.get('/markets/keyset', q);
    r.write(`markets-keyset-${nth(page + 1)}.json`, body);
    const markets = isObj(body) && Array.isArray(body.markets) ? body.markets : [];
    for (const m of markets) {
      const id = isObj(m) ? idText(m.id) : undefined;
      if (id !== undefined) marketIds.push(id);
      const ev = isObj(m) && Array.isArray(m.events) && isObj(m.events[0]) ? idText(m.events[0].id) : undefined;
      if (ev !== undefined) eventIds.add(ev);
    }
    r.say(`markets page ${page + 1}: ${markets.length} markets`);
    cursor =
      isObj(body) && typeof body.next_cursor === 'string' && body.next_cursor !== '' ? body.next_cursor : undefined;
    if (cursor === undefined) break;
  }
  for (const id of marketIds.slice(0, plan.details)) {
    const body = await detail(r, `/markets/${encodeURIComponent(id)}`, `markets/${safeName(id)}.json`);
    if (body !== undefined) await recordTrader(r, body);
  }
  if (plan.events > 0) {
    const body = await r.get('/events/keyset', [
      ['limit', String(Math.min(plan.events, MAX_EVENTS_PAGE))],
      ['closed', 'false'],
      ['order', 'volume24hr'],
      ['ascending', 'false'],
    ]);
    r.write(`events-keyset-${nth(1)}.json`, body);
    const listed = isObj(body) && Array.isArray(body.events) ? body.events : [];
    for (const e of listed) eventIds.delete(isObj(e) ? (idText(e.id) ?? '') : '');
    r.say(`events: ${listed.length}`);
    for (const id of [...eventIds].slice(0, plan.events)) {
      await detail(r, `/events/${encodeURIComponent(id)}`, `events/${safeName(id)}.json`);
    }
  }
  r.write('tags.json', await r.get('/tags', [['limit', '100']]));
  r.say('tags recorded');
  if (plan.polymarketWallet) await recordPolymarketPositions(r, plan.polymarketWallet);
}
