/**
 * `serve --replay DIR --source manifold`: Manifold's v0 routes answered from a recording, with its paging and
 * filters (replaySearch.ts), its parameter checks and its error bodies (`{"message"}`, 400 `details`):
 *   /markets            limit ≤ 1000 (default 500), sort, order, before (unknown id: the first page), userId, groupId
 *   /search-markets     term, filter, sort, contractType, topicSlug, creatorId, limit ≤ 1000 (default 100),
 *                       offset ≤ 1000 (beyond: the server's 400), beforeTime, liquidity, token
 *   /market/{id}        /slug/{slug}    404 {"message":"Contract not found"}
 *   /market-probs       ids (repeated, ≤ 100; one lone value is not an array: 400, as the server's schema says)
 *   /groups             the recorded topics, else one per `groupSlugs` slug seen in the details (named by its slug)
 *   /bets               the recorded bets (DIR/bets/, replayBets.ts); none recorded for a market → []
 * Unknown parameters on the strict routes are a 400, as the server's `.strict()` schemas make them. Statuses that
 * depend on the close time are judged at `now()`.
 */
import { join } from 'node:path';
import { isRecord, type Rec } from '../../api/normalizeFields.js';
import { manifestIfAny } from '../../server/replay/asRecorded.js';
import type { ReplayAnswer, ReplayRequest, SourceReplay } from '../types.js';
import { answerManifoldPositions, asksUserBets, derivedBets, loadManifoldPositions } from './positionsReplay.js';
import { validationBody } from './errors.js';
import { BetsInvalid, betsAnswer, loadBets } from './replayBets.js';
import { fromItems, loadManifold, type Loaded } from './replayLoad.js';
import { marketsPage, passesFilter, passesTerm, passesType, sortMarkets } from './replaySearch.js';
import {
  CONTRACT_TYPES,
  MARKETS_SORTS,
  MAX_LIMIT,
  MAX_OFFSET,
  MAX_PROB_IDS,
  ORDERS,
  SEARCH_FILTERS,
  SEARCH_SORTS,
} from './routes.js';

/** The search sorts the server's schema takes (the docs' list plus `prob-50`). */
const SEARCH_SORT_WORDS: readonly string[] = [...SEARCH_SORTS, 'prob-50'];
const SEARCH_PARAMS = [
  'term',
  'filter',
  'sort',
  'contractType',
  'offset',
  'limit',
  'beforeTime',
  'topicSlug',
  'forYou',
  'creatorId',
  'isPrizeMarket',
  'token',
  'gids',
  'liquidity',
  'hasBets',
  'includeLiteAnswers',
];
const MARKETS_PARAMS = ['limit', 'sort', 'order', 'before', 'userId', 'groupId'];
const ID_WORD = /^[a-zA-Z0-9_-]+$/;
/** The server's words past the search offset cap (`backend/api/src/search-contracts.ts`). */
export const OFFSET_MESSAGE =
  'offset must be <= 1000. Use sort=newest with the beforeTime parameter to page through contracts ' +
  'to see our entire market list.';

export interface ManifoldReplayOptions {
  now?: () => number;
  /** Serve as of the recording (replayLoad.ts `LoadOptions.asRecorded`). */
  asRecorded?: boolean;
  /** Folders of recorded `/bets` answers besides DIR/bets/ (the staged fixtures keep theirs deeper). */
  bets?: readonly string[];
}

class Invalid extends Error {
  constructor(readonly details: Array<{ field: string | null; error: string }>) {
    super('invalid');
  }
}

const ok = (body: unknown): ReplayAnswer => ({ status: 200, body });
const notFound = (): ReplayAnswer => ({ status: 404, body: { message: 'Contract not found' } });

function strict(q: URLSearchParams, allowed: readonly string[]): void {
  const extra = [...new Set([...q.keys()].filter((k) => !allowed.includes(k)))];
  if (extra.length > 0)
    throw new Invalid([
      { field: null, error: `Unrecognized key(s) in object: ${extra.map((k) => `'${k}'`).join(', ')}` },
    ]);
}

function word(q: URLSearchParams, name: string, words: readonly string[], dflt: string): string {
  const v = q.get(name);
  if (v === null) return dflt;
  if (!words.includes(v)) throw new Invalid([{ field: name, error: 'Invalid input' }]);
  return v;
}

function count(q: URLSearchParams, name: string, dflt: number, max: number, min = 0): number {
  const v = q.get(name);
  if (v === null) return dflt;
  const n = v.trim() === '' ? Number.NaN : Number(v);
  if (!Number.isFinite(n)) throw new Invalid([{ field: name, error: 'Expected number, received nan' }]);
  if (n < min || n > max)
    throw new Invalid([
      {
        field: name,
        error: `Number must be ${n < min ? `greater than or equal to ${min}` : `less than or equal to ${max}`}`,
      },
    ]);
  return Math.floor(n);
}

export function createManifoldReplayFrom(
  data: Loaded,
  options: ManifoldReplayOptions = {},
  bets: readonly Rec[] = [],
): SourceReplay {
  const now = options.now ?? Date.now;
  const all = (): Rec[] =>
    data.order.flatMap((id): Rec[] => {
      const o = data.byId.get(id);
      return o ? [o] : [];
    });
  const bySlug = (slug: string) => all().find((o) => o.slug === slug);
  const slugsOf = (o: Rec): string[] =>
    Array.isArray(o.groupSlugs) ? o.groupSlugs.filter((s): s is string => typeof s === 'string') : [];

  function groups(): Rec[] {
    if (data.groups.length > 0) return data.groups;
    const seen = new Map<string, number>();
    for (const o of all()) for (const s of slugsOf(o)) seen.set(s, (seen.get(s) ?? 0) + 1);
    return [...seen].map(([slug, n]) => ({
      id: slug,
      slug,
      name: slug,
      totalMembers: n,
      importanceScore: n,
      privacyStatus: 'public',
    }));
  }

  function markets(q: URLSearchParams): ReplayAnswer {
    strict(q, MARKETS_PARAMS);
    const limit = count(q, 'limit', 500, MAX_LIMIT);
    const sort = word(q, 'sort', MARKETS_SORTS, 'created-time');
    const order = word(q, 'order', ORDERS, 'desc');
    let list = all();
    const userId = q.get('userId');
    if (userId !== null) list = list.filter((o) => o.creatorId === userId);
    const groupId = q.get('groupId');
    if (groupId !== null) {
      const slug = groups().find((g) => g.id === groupId)?.slug;
      list = list.filter((o) => slug !== undefined && slugsOf(o).includes(slug as string));
    }
    return ok(marketsPage(list, sort, order, q.get('before') ?? undefined).slice(0, limit));
  }

  function search(q: URLSearchParams): ReplayAnswer {
    strict(q, SEARCH_PARAMS);
    const filter = word(q, 'filter', [...SEARCH_FILTERS, 'uncertain'], 'all');
    const sort = word(q, 'sort', SEARCH_SORT_WORDS, 'score');
    const type = word(q, 'contractType', CONTRACT_TYPES, 'ALL');
    const token = word(q, 'token', ['MANA', 'CASH', 'ALL', 'CASH_AND_MANA'], 'MANA');
    const offset = count(q, 'offset', 0, Number.MAX_SAFE_INTEGER);
    const limit = count(q, 'limit', 100, MAX_LIMIT, 1);
    if (offset > MAX_OFFSET)
      return {
        status: 400,
        body: {
          message: OFFSET_MESSAGE,
        },
      };
    const at = now();
    const topic = q.get('topicSlug');
    const creator = q.get('creatorId');
    // the schema's FIRESTORE_DOC_REF_ID_REGEX (topicSlug also takes 'recent' and 'followed')
    if (topic !== null && !ID_WORD.test(topic)) throw new Invalid([{ field: 'topicSlug', error: 'Invalid input' }]);
    if (creator !== null && !ID_WORD.test(creator)) throw new Invalid([{ field: 'creatorId', error: 'Invalid' }]);
    const beforeTime = q.has('beforeTime') ? count(q, 'beforeTime', 0, Number.MAX_SAFE_INTEGER) : undefined;
    const minLiquidity = q.has('liquidity') ? count(q, 'liquidity', 0, Number.MAX_SAFE_INTEGER) : undefined;
    const list = all().filter(
      (o) =>
        passesFilter(o, filter, at) &&
        (filter !== 'uncertain' ||
          (o.outcomeType === 'BINARY' &&
            typeof o.probability === 'number' &&
            o.probability >= 0.3 &&
            o.probability <= 0.7)) &&
        passesType(o, type) &&
        passesTerm(o, q.get('term') ?? '') &&
        (topic === null || slugsOf(o).includes(topic)) &&
        (creator === null || o.creatorId === creator) &&
        (beforeTime === undefined || (typeof o.createdTime === 'number' && o.createdTime < beforeTime)) &&
        (minLiquidity === undefined || (typeof o.totalLiquidity === 'number' && o.totalLiquidity >= minLiquidity)) &&
        (token === 'ALL' ||
          (token === 'CASH' ? o.token === 'CASH' : token === 'MANA' ? o.token !== 'CASH' : 'siblingContractId' in o)),
    );
    return ok(sortMarkets(list, sort, at).slice(offset, offset + limit));
  }

  function probs(q: URLSearchParams): ReplayAnswer {
    strict(q, ['ids']);
    const ids = q.getAll('ids');
    if (ids.length < 2)
      throw new Invalid([{ field: 'ids', error: ids.length === 0 ? 'Required' : 'Expected array, received string' }]);
    if (ids.length > MAX_PROB_IDS)
      throw new Invalid([{ field: 'ids', error: `Array must contain at most ${MAX_PROB_IDS} element(s)` }]);
    const out: Record<string, unknown> = {};
    for (const id of ids) {
      const o = data.byId.get(id);
      if (!o) continue;
      if (o.mechanism === 'cpmm-1') out[id] = { prob: o.probability };
      else {
        const answers = Array.isArray(o.answers) ? o.answers.filter(isRecord) : [];
        out[id] = { answerProbs: Object.fromEntries(answers.map((a) => [String(a.id), a.probability])) };
      }
    }
    return ok(out);
  }

  return {
    answer(req: ReplayRequest): ReplayAnswer | undefined {
      const [head, arg, ...rest] = req.segments;
      try {
        if (rest.length > 0) return undefined;
        if (head === 'markets' && arg === undefined) return markets(req.query);
        if (head === 'search-markets' && arg === undefined) return search(req.query);
        if (head === 'market-probs' && arg === undefined) return probs(req.query);
        if (head === 'bets' && arg === undefined)
          return betsAnswer(bets, req.query, (slug) => bySlug(slug)?.id as string | undefined);
        if (head === 'groups' && arg === undefined) {
          strict(req.query, ['beforeTime', 'availableToUserId', 'limit']);
          return ok(groups().slice(0, count(req.query, 'limit', 500, MAX_LIMIT)));
        }
        if (head === 'market' && arg !== undefined) return data.byId.has(arg) ? ok(data.byId.get(arg)) : notFound();
        if (head === 'slug' && arg !== undefined) {
          const o = bySlug(arg);
          return o ? ok(o) : notFound();
        }
        return undefined;
      } catch (e) {
        if (e instanceof Invalid) return { status: 400, body: validationBody(e.details) };
        if (e instanceof BetsInvalid)
          return { status: 400, body: validationBody([{ field: e.field, error: e.error }]) };
        throw e;
      }
    },
    marketIdOf(segments) {
      const [head, arg] = segments;
      if (segments.length !== 2 || arg === undefined) return undefined;
      if (head === 'market') return arg;
      if (head === 'slug') return bySlug(arg)?.id as string | undefined;
      return undefined;
    },
    listedIds(body) {
      return Array.isArray(body) ? body.flatMap((o) => (isRecord(o) && typeof o.id === 'string' ? [o.id] : [])) : [];
    },
  };
}

/** The replay of a recording directory (RecordingError when it holds no Manifold market). */
export function createManifoldReplay(dir: string, options: ManifoldReplayOptions = {}): SourceReplay {
  const now = options.now ?? Date.now;
  const at = now();
  const data = loadManifold(dir, { asRecorded: options.asRecorded, now: at });
  const bets = loadBets(
    [join(dir, 'bets'), ...(options.bets ?? [])],
    options.asRecorded ? { now: at, recordedAt: manifestIfAny(dir) } : undefined,
  );
  const positions = loadManifoldPositions(dir);
  const replay = createManifoldReplayFrom(data, options, bets);
  const derived = derivedBets(positions, bets);
  // a person's bets asked by user: the recorded ones and, for one whose bets are not recorded, those derived
  const byUser = derived.length > 0 ? createManifoldReplayFrom(data, options, [...bets, ...derived]) : replay;
  return {
    ...replay,
    answer: (req) => answerManifoldPositions(positions, req) ?? (asksUserBets(req) ? byUser : replay).answer(req),
  };
}

/** A replay of objects given in memory (tests). */
export function replayOf(
  values: ReadonlyArray<readonly [unknown, boolean]>,
  options: ManifoldReplayOptions = {},
): SourceReplay {
  return createManifoldReplayFrom(fromItems(values), options);
}
