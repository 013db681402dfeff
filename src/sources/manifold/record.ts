/**
 * `oddsboard record --source manifold DIR`: what it fetches from the real v0 routes (paced by the recorder, never
 * with a key) and the file each answer goes to — a directory `createManifoldReplay` serves:
 *   groups.json                  GET /groups (the topics `c` cycles)
 *   markets-<n>.json             GET /markets?limit=100[&before=<last id of page n−1>], `plan.pages` pages
 *   search-<name>.json           GET /search-markets: open by 24-hour volume, closing soon, resolved, closed
 *   market-<id>.json             GET /market/{id} for the first `plan.details` markets of the open search and the list
 *   bets/bets-<id>.json          GET /bets?contractId=<id>&limit=1000 for each of those markets: its newest 1000 bets,
 *                                the price history the replay answers (`/bets` with any `afterTime` filters them)
 * Manifold has no events: `plan.events` is not used.
 */
import { isRecord } from '../../api/normalizeFields.js';
import type { Query, Recorder, RecordPlan } from '../types.js';
import { recordManifoldPositions } from '../recordPositions.js';

export const PAGE = 100;

export const SEARCHES: ReadonlyArray<readonly [string, Query]> = [
  [
    'search-open-volume.json',
    [
      ['term', ''],
      ['filter', 'open'],
      ['sort', '24-hour-vol'],
      ['limit', String(PAGE)],
    ],
  ],
  [
    'search-open-closing.json',
    [
      ['term', ''],
      ['filter', 'open'],
      ['sort', 'close-date'],
      ['limit', String(PAGE)],
    ],
  ],
  [
    'search-resolved.json',
    [
      ['term', ''],
      ['filter', 'resolved'],
      ['sort', 'resolve-date'],
      ['limit', String(PAGE)],
    ],
  ],
  [
    'search-closed.json',
    [
      ['term', ''],
      ['filter', 'closed'],
      ['sort', 'newest'],
      ['limit', String(PAGE)],
    ],
  ],
];

const idsOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.flatMap((o) => (isRecord(o) && typeof o.id === 'string' && o.id !== '' ? [o.id] : [])) : [];

/** A file name for an id (Manifold ids are letters and digits; anything else becomes `_`). */
export const fileOf = (id: string): string => `market-${safe(id)}.json`;
export const betsFileOf = (id: string): string => `bets/bets-${safe(id)}.json`;
const safe = (id: string): string => id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80);
/** The bets one history request reads ("The default and maximum are both 1000."). */
export const BETS_PAGE = 1000;

export async function recordManifold(r: Recorder, plan: RecordPlan): Promise<void> {
  r.say('Manifold: topics');
  r.write('groups.json', await r.get('/groups'));
  const listed: string[] = [];
  let before: string | undefined;
  for (let page = 1; page <= plan.pages; page++) {
    const q: [string, string][] = [['limit', String(PAGE)]];
    if (before !== undefined) q.push(['before', before]);
    r.say(`Manifold: /markets page ${page}`);
    const body = await r.get('/markets', q);
    r.write(`markets-${page}.json`, body);
    const ids = idsOf(body);
    listed.push(...ids);
    before = ids[ids.length - 1];
    if (ids.length < PAGE || before === undefined) break;
  }
  const searched: string[] = [];
  for (const [file, q] of SEARCHES) {
    r.say(`Manifold: ${file.replace(/\.json$/, '')}`);
    const body = await r.get('/search-markets', q);
    r.write(file, body);
    if (searched.length === 0) searched.push(...idsOf(body));
  }
  const details = [...new Set([...searched, ...listed])].slice(0, Math.max(0, plan.details));
  for (const id of details) {
    r.say(`Manifold: market ${id}`);
    r.write(fileOf(id), await r.get(`/market/${encodeURIComponent(id)}`));
  }
  for (const id of details) {
    r.say(`Manifold: bets of ${id}`);
    r.write(
      betsFileOf(id),
      await r.get('/bets', [
        ['contractId', id],
        ['limit', String(BETS_PAGE)],
      ]),
    );
  }
  if (plan.manifoldUser) await recordManifoldPositions(r, plan.manifoldUser, fileOf);
}
