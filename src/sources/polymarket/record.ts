/**
 * `oddsboard record --source polymarket DIR`: Gamma's own routes, answers written verbatim (the recorder paces the
 * requests and never sends a key). Lists: `/markets/keyset` pages (open markets by volume) into
 * `markets-keyset-0001.json`…; then market details into `markets/<id>.json`; `/events/keyset` into
 * `events-keyset-0001.json` and the events the markets name but the list lacked into `events/<id>.json`; the tags
 * into `tags.json`. `createPolymarketReplay` serves such a folder.
 */
import { isApiError } from '../../api/errors.js';
import type { Query, Recorder, RecordPlan } from '../types.js';
import { MAX_EVENTS_PAGE, MAX_MARKETS_PAGE } from './client.js';

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const idText = (v: unknown): string | undefined =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
/** An id as a file name: Gamma's ids are digits; anything else is made safe. */
export const safeName = (id: string): string => id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 120);
const nth = (n: number): string => String(n).padStart(4, '0');

/** One detail into `file`; a 404 (gone since it was listed) skips it, any other failure stops the recording. */
async function detail(r: Recorder, path: string, file: string): Promise<void> {
  try {
    r.write(file, await r.get(path));
  } catch (e) {
    if (!isApiError(e) || e.kind !== 'not_found') throw e;
    r.say(`${path}: not found, skipped`);
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
    await detail(r, `/markets/${encodeURIComponent(id)}`, `markets/${safeName(id)}.json`);
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
}
