/**
 * The joined read layer: one AppState for the screen out of N venue stores (each keyed by refKeys, prefixClient.ts).
 * Every field is a memoized function of the venues' own objects, so an answer on one venue rebuilds only the fields it
 * changed, and a field nobody changed keeps its identity (the App's shallow compares stay quiet). No work per frame:
 * this runs when a venue's store changes.
 *
 * Order across venues (docs/views.md § Several venues): a list the service ordered (Markets, Events) is one section
 * per venue, each in that venue's own order, venues in the configured order; Closing soon is merged on the close time
 * every venue gives; the watchlist in the order markets were added; logs newest first.
 */
import type { MarketEvent } from '../api/types.js';
import { ALERT_LOG_CAP } from '../store/alerts.js';
import { NOTICE_CAP } from '../store/store.js';
import type { AcrossState } from '../pairs/board.js';
import type { AppState, MarketEntry, Notice, Outage, StatusTransition } from '../store/types.js';
import type { AlertsState, WatchState } from '../store/watchTypes.js';
import { SOURCE_NAMES } from '../sources/names.js';
import type { SourceCaps, SourceId } from '../sources/types.js';
import { categoryWords, jointCaps, jointQuery } from './joinQuery.js';
import { memo, memoList } from './memo.js';

const CHANGES_CAP = 20;
/** Several venues shown: no categories (one venue's own), the same empty list every time so the field never changes. */
const NO_CATEGORIES: readonly string[] = [];

function mergeRecords<T>(records: readonly Readonly<Record<string, T>>[]): Record<string, T> {
  if (records.length === 1) return records[0] as Record<string, T>;
  return Object.assign({}, ...records) as Record<string, T>;
}

const newestFirst = <T extends { at: number }>(lists: readonly (readonly T[])[], cap: number): T[] =>
  lists
    .flat()
    .sort((a, b) => b.at - a.at)
    .slice(0, cap);

/** When a venue's data on screen arrived: its list's last answer, before the first its newest answer of any kind. */
const dataAt = (s: AppState) => s.list.loadedAt ?? s.connection.lastSuccessAt;

/** A venue's notice on a board of several: its name first, once. */
export function namedOnce(venue: SourceId, text: string): string {
  const name = SOURCE_NAMES[venue];
  return text.startsWith(`${name} `) || text.startsWith(`${name}: `) ? text : `${name}: ${text}`;
}

/** The venue a refKey names (its prefix), when it is one of `ids`. */
export function venueOf(key: string | undefined, ids: readonly SourceId[]): SourceId | undefined {
  if (key === undefined) return undefined;
  const at = key.indexOf(':');
  const v = key.slice(0, at) as SourceId;
  return at > 0 && ids.includes(v) ? v : undefined;
}

export interface JoinInput {
  ids: readonly SourceId[];
  states: readonly AppState[];
  /** The venue `v` narrowed to, if any. */
  filter: SourceId | undefined;
  selectedId: string | undefined;
  /** The venue the last `g` was routed to: its lookup's outcome is the screen's. */
  goToVenue?: SourceId | undefined;
  /** The board's pairs across venues (src/venues/across/desk.ts), when it has them. */
  across?: AcrossState | undefined;
}

/** The joiner: call with the venues' states; answers the joined AppState (same fields' objects when unchanged). */
export function createJoiner(): (input: JoinInput) => AppState {
  const markets = memoList((xs: readonly Record<string, MarketEntry>[]) => mergeRecords(xs));
  const history = memoList((xs: readonly AppState['history'][]) => mergeRecords(xs));
  const quotes = memoList((xs: readonly AppState['quotes'][]) => mergeRecords(xs));
  const books = memoList((xs: readonly AppState['books'][]) => mergeRecords(xs));
  const series = memoList((xs: readonly AppState['series'][]) => mergeRecords(xs));
  const bookErrors = memoList((xs: readonly AppState['bookErrors'][]) => mergeRecords(xs));
  // each venue's store holds its own paper positions (src/venues/paper.ts): the board shows them all
  const paper = memoList((xs: readonly AppState['paper'][]) => ({ positions: xs.flatMap((p) => p.positions) }));
  // and its own real positions (src/sync/positions.ts): the Positions view shows each venue's
  const real = memoList((xs: readonly AppState['realPositions'][]) => xs.filter((x) => x !== undefined));
  const listOf = memo((categories: string, ...parts: unknown[]) => {
    const xs = parts.slice(0, parts.length / 2) as AppState['list'][];
    const caps = parts.slice(parts.length / 2) as SourceCaps[];
    const query = jointQuery(
      xs.map((l) => l.query),
      caps,
      categories,
    );
    // a typed search hides the rows of a venue that cannot search (its list is not an answer to it)
    const ids = xs.flatMap((l, i) => (query.q !== '' && !caps[i]!.search ? [] : l.ids));
    const loadedAt = Math.max(...xs.map((l) => l.loadedAt ?? Number.NEGATIVE_INFINITY));
    const pinned = xs.find((l) => l.pinned !== undefined)?.pinned;
    return {
      ids,
      query,
      loading: xs.every((l) => l.loading),
      ...(xs.some((l) => l.pending) ? { pending: true } : {}),
      ...(Number.isFinite(loadedAt) ? { loadedAt } : {}),
      ...(xs.length === 1 && xs[0]!.lastCount !== undefined ? { lastCount: xs[0]!.lastCount } : {}),
      ...(xs.length === 1 && xs[0]!.more !== undefined ? { more: xs[0]!.more } : {}),
      // a market gone to with `g` is pinned in its venue's list: the first shown venue's pin comes first
      ...(pinned !== undefined ? { pinned } : {}),
    } satisfies AppState['list'];
  });
  const list = (xs: readonly AppState['list'][], caps: readonly SourceCaps[], categories: string) =>
    listOf(categories, ...xs, ...caps);
  // every venue's events (byId for the open event and the rows), the ids of the shown ones ('0,2': their places)
  const events = memoList((all: readonly AppState['events'][], shownKey: string) => {
    const shown = shownKey.split(',').map((i) => all[Number(i)]!);
    const byId = mergeRecords(all.map((e) => e.byId)) as Record<string, MarketEvent>;
    const loadedAt = Math.max(...shown.map((e) => e.loadedAt ?? Number.NEGATIVE_INFINITY));
    const openId = all.find((e) => e.openId !== undefined)?.openId;
    // each event's age is its own venue's: a venue gone quiet must not borrow another's fresh answer
    const listedAt = Object.fromEntries(
      all.flatMap((e) => (e.loadedAt === undefined ? [] : e.ids.map((id) => [id, e.loadedAt!] as const))),
    );
    return {
      ids: shown.flatMap((e) => e.ids),
      byId,
      detailAt: mergeRecords(all.map((e) => e.detailAt)),
      sentAt: mergeRecords(all.map((e) => e.sentAt ?? {})),
      receivedAt: mergeRecords(all.map((e) => e.receivedAt ?? {})),
      listedAt,
      ...(Number.isFinite(loadedAt) ? { loadedAt } : {}),
      ...(openId !== undefined ? { openId } : {}),
    } satisfies AppState['events'];
  });
  // several venues' answers merged on the close time; one venue's (`v`) is its own object, whatever the cache does
  const merged = memoList((xs: readonly AppState['closing'][], ms: Record<string, MarketEntry>) => {
    const close = (id: string) => ms[id]?.market.closesAt ?? Number.POSITIVE_INFINITY;
    const loadedAt = Math.max(...xs.map((c) => c.loadedAt ?? Number.NEGATIVE_INFINITY));
    const ids = xs.flatMap((c) => c.ids).sort((a, b) => close(a) - close(b));
    return { ids, ...(Number.isFinite(loadedAt) ? { loadedAt } : {}) };
  });
  const closing = (xs: readonly AppState['closing'][], ms: Record<string, MarketEntry>) =>
    xs.length === 1 ? xs[0]! : merged(xs, ms);
  const watch = memoList((xs: readonly WatchState[]): WatchState => {
    const byId = mergeRecords(xs.map((w) => w.byId));
    const ids = xs.flatMap((w) => w.ids).sort((a, b) => (byId[a]?.addedAt ?? 0) - (byId[b]?.addedAt ?? 0));
    return { ids, byId };
  });
  const alerts = memoList((xs: readonly AlertsState[]): AlertsState => ({
    rules: xs.flatMap((a) => a.rules),
    state: mergeRecords(xs.map((a) => a.state)),
    log: newestFirst(
      xs.map((a) => a.log),
      ALERT_LOG_CAP,
    ),
    seq: Math.max(...xs.map((a) => a.seq)),
  }));
  // a venue's notices and outages name it (once: a notice that already begins with its name is left as it is, a
  // position alert's 'Manifold “…”', the stack's 'Kalshi: positions not read…'); a joined notice's id is unique
  // across venues and stable
  const notices = memoList((xs: readonly Notice[][], ids: readonly SourceId[]) =>
    xs
      .flatMap((ns, v) =>
        // a notice about the board's shared files names no venue
        ns.map((n) => ({ ...n, id: n.id * ids.length + v, text: n.board ? n.text : namedOnce(ids[v]!, n.text) })),
      )
      .sort((a, b) => a.at - b.at || a.id - b.id)
      .slice(-NOTICE_CAP),
  );
  const transitions = memoList((xs: readonly StatusTransition[][]) => newestFirst(xs, CHANGES_CAP));
  const outages = memoList((xs: readonly Outage[][], ids: readonly SourceId[]) =>
    xs
      .flatMap((os, v) => os.map((o) => ({ ...o, venue: ids[v]! })))
      .sort((a, b) => b.to - a.to)
      .slice(0, CHANGES_CAP),
  );
  const jointOf = (xs: readonly SourceCaps[], sel: SourceCaps | undefined, shownIds: string) => {
    if (xs.length === 1) return xs[0]!;
    const joint = jointCaps(xs, shownIds.split(',') as SourceId[]);
    // the selected market's trader's view is its venue's
    return sel
      ? {
          ...joint,
          quotes: sel.quotes,
          ...(sel.book ? { book: true } : {}),
          ...(sel.history ? { history: true } : {}),
        }
      : joint;
  };
  // one memo for the state with nothing selected, one for a selection: the board asks for both on one change (the
  // market drawn with none selected, then the state with it selected), and neither answer is worked out again
  const capsNone = memoList(jointOf);
  const capsSelected = memoList(jointOf);
  // each venue's connection, then each one's rate, then when its shown data arrived: the header redraws when one of
  // those changes, not on every answer
  const venues = memoList((parts: readonly unknown[], ids: readonly SourceId[]) =>
    ids.map((id, i) => {
      const [connection, rate, at] = [0, 1, 2].map((k) => parts[k * ids.length + i]);
      return { id, connection, rate, ...(at !== undefined ? { dataAt: at } : {}) } as NonNullable<
        AppState['venues']
      >[0];
    }),
  );

  /**
   * Everything but the selection (its id and the caps of its venue), the same answer for the same venues' states: the
   * board asks for the state with nothing selected and then with the market drawn selected, on every change of a venue.
   */
  const common = memo(
    (
      ids: readonly SourceId[],
      filter: SourceId | undefined,
      goToVenue: SourceId | undefined,
      ...states: AppState[]
    ): Omit<AppState, 'selectedId' | 'caps'> => {
      const shownIdx = filter ? [ids.indexOf(filter)] : ids.map((_, i) => i);
      const shown = shownIdx.map((i) => states[i]!);
      const lead = shown[0]!;
      // the banner's connection: the first shown venue in trouble, else the first shown
      const trouble = shown.find((s) => s.connection.status !== 'online' && s.connection.status !== 'connecting');
      const ms = markets(states.map((s) => s.markets));
      const one = shown.length === 1;
      const goTo = goToVenue ? states[ids.indexOf(goToVenue)]?.goTo : undefined;
      return {
        list: list(
          shown.map((s) => s.list),
          shown.map((s) => s.caps),
          categoryWords(
            shownIdx.map((i) => ids[i]!),
            shown,
          ),
        ),
        markets: ms,
        history: history(states.map((s) => s.history)),
        quotes: quotes(states.map((s) => s.quotes)),
        events: events(
          states.map((s) => s.events),
          shownIdx.join(','),
        ),
        closing: closing(
          shown.map((s) => s.closing),
          ms,
        ),
        categories: one ? lead.categories : (NO_CATEGORIES as string[]),
        ...(one && lead.sourceCategories ? { sourceCategories: lead.sourceCategories } : {}),
        ...(one && lead.categoryLabels ? { categoryLabels: lead.categoryLabels } : {}),
        ...(one && lead.categoriesError ? { categoriesError: lead.categoriesError } : {}),
        ...(goTo ? { goTo } : {}),
        connection: (trouble ?? lead).connection,
        rate: (trouble ?? lead).rate,
        notices: notices(
          states.map((s) => s.notices),
          ids,
        ),
        transitions: transitions(states.map((s) => s.transitions)),
        outages: outages(
          states.map((s) => s.outages),
          ids,
        ),
        watch: watch(states.map((s) => s.watch)),
        alerts: alerts(states.map((s) => s.alerts)),
        books: books(states.map((s) => s.books)),
        series: series(states.map((s) => s.series)),
        bookErrors: bookErrors(states.map((s) => s.bookErrors)),
        paper: paper(states.map((s) => s.paper)),
        realByVenue: real(states.map((s) => s.realPositions)),
        prefixed: true,
        historyRange: states[0]!.historyRange,
        venues: venues([...states.map((s) => s.connection), ...states.map((s) => s.rate), ...states.map(dataAt)], ids),
        ...(filter !== undefined ? { venueFilter: filter } : {}),
      };
    },
  );

  /**
   * The state handed out: the joined fields, the selection and the pairs, in one object made once for the same ones (a
   * slot for the state with nothing selected, which the board asks for first on every change, and one for the other).
   */
  const whole = () =>
    memo(
      (
        base: Omit<AppState, 'selectedId' | 'caps'>,
        selectedId: string | undefined,
        caps: SourceCaps,
        across: AcrossState | undefined,
      ): AppState => ({
        ...base,
        ...(selectedId !== undefined ? { selectedId } : {}),
        caps,
        ...(across !== undefined ? { across } : {}),
      }),
    );
  const none = whole();
  const chosen = whole();

  return ({ ids, states, filter, selectedId, goToVenue, across }) => {
    const base = common(ids, filter, goToVenue, ...states);
    const shownIdx = filter ? [ids.indexOf(filter)] : ids.map((_, i) => i);
    const selVenue = venueOf(selectedId, ids);
    const selCaps = shownIdx.length > 1 && selVenue ? states[ids.indexOf(selVenue)]!.caps : undefined;
    const caps = (selCaps ? capsSelected : capsNone)(
      shownIdx.map((i) => states[i]!.caps),
      selCaps,
      shownIdx.map((i) => ids[i]!).join(','),
    );
    return (selectedId === undefined ? none : chosen)(base, selectedId, caps, across);
  };
}
