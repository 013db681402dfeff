import { Box } from 'ink';
import type { Twin } from '../../venues/across/twins.js';
import type { ListQuery, MarketEntry } from '../../store/types.js';
import type { Clock } from '../../util/clock.js';
import { sanitize } from '../../util/sanitize.js';
import { leadingOutcome, priceChange } from '../../store/outcomes.js';
import { changeLegend } from '../format.js';
import { DimLines, Line, paneTitle, type Seg } from './Line.js';
import { MarketRow, rowColumns } from './MarketRow.js';
import { rangeText } from './rowParts.js';
import { PUBLIC_CAPS } from '../../sources/caps.js';
import type { SourceCaps } from '../../sources/types.js';
import { Spinner } from './Spinner.js';
import { colors, BADGE_WIDTH } from '../theme.js';
import { rowMark } from './venueMark.js';
import { effectiveStatus } from '../viewModel.js';
import { budgetWaitWords } from '../budgetWait.js';
import { G } from '../glyphs.js';

export interface MarketListProps {
  ids: readonly string[];
  markets: Readonly<Record<string, MarketEntry>>;
  cursor: number;
  top: number;
  rows: number;
  width: number;
  height: number;
  focused: boolean;
  /** The title line, given how many rows are drawn. */
  title: (shown: number) => Seg[];
  /** Nothing listed and something on its way: a spinner with this label. */
  loading?: string;
  /** Nothing listed: this line. */
  empty: string;
  now: number;
  intervalMs: number;
  clock: Clock;
  /** The watchlist (watched ids as keys): their rows get a ★; one not loaded yet shows the title it was saved with. */
  watched?: Readonly<Record<string, { title?: string | undefined; goneAt?: number | undefined }>>;
  /** Markets in a confirmed pair: their twin's price after the title. */
  twins?: Readonly<Record<string, Twin>>;
}

/** Which kinds of change figure the shown rows carry (their leading outcome's). */
export function changeBases(
  ids: readonly string[],
  markets: MarketListProps['markets'],
): { has24h: boolean; hasSeen: boolean } {
  let has24h = false;
  let hasSeen = false;
  for (const id of ids) {
    const e = markets[id];
    const basis = e ? priceChange(e.firstPrices, leadingOutcome(e.market))?.basis : undefined;
    if (basis === '24h') has24h = true;
    else if (basis === 'seen') hasSeen = true;
  }
  return { has24h, hasSeen };
}

/** Keys the change column when a service's 24 h figures are among the rows (empty otherwise). */
function legendOf(ids: readonly string[], markets: MarketListProps['markets']): string {
  const b = changeBases(ids, markets);
  return changeLegend(b.has24h, b.hasSeen);
}

export interface ListTitleProps {
  ids: readonly string[];
  top: number;
  focused: boolean;
  query: ListQuery;
  pending?: boolean;
  /** The page shown (1-based) and whether the last answer was a full page (a next one may follow). */
  page: number;
  full: boolean;
  /** What the source sorts and groups by (default: the interface's): a source without sorts shows its own order. */
  caps?: Pick<SourceCaps, 'sorts' | 'categoryWord' | 'searchIgnores' | 'searchScopeShort'>;
  /** The source's labels of its groupings by id. */
  categoryLabels?: Readonly<Record<string, string>>;
  /** Several venues shown together: one section per venue, each in its own order (docs/views.md). */
  together?: boolean;
  /** Who a pending list waits for a rate-budget slot of (src/ui/budgetWait.ts). */
  budgetWait?: string | undefined;
  /** The listed markets: rows whose status is not the filter's are counted in the title (statusOthers). */
  markets?: Readonly<Record<string, MarketEntry>>;
}

/**
 * " · 1 of them settling" when listed rows are not in the status the list filters on: a venue's list may hold them
 * (Polymarket's active list, a market whose oracle was asked before it closed: docs/views.md#a-row-in-another-status),
 * and the title would otherwise say "status active" over a SETTLING row. Empty when every row is in it.
 */
export function statusOthers(
  ids: readonly string[],
  markets: Readonly<Record<string, MarketEntry>> | undefined,
  status: string,
): string {
  if (!markets || status === '' || status === 'all') return '';
  const counts = new Map<string, number>();
  for (const id of ids) {
    const e = markets[id];
    const st = e ? effectiveStatus(e) : status;
    if (st !== status && st !== 'unknown') counts.set(st, (counts.get(st) ?? 0) + 1);
  }
  if (counts.size === 0) return '';
  return ` ${G.dot} ${[...counts].map(([st, n], i) => `${n}${i === 0 ? ' of them' : ''} ${st}`).join(', ')}`;
}

/** The Markets view's title: counts, the page once there is more than one, and the query's sort and filters. */
export function listTitle(p: ListTitleProps, shown: number): Seg[] {
  const q = p.query;
  const sorts = p.caps?.sorts ?? PUBLIC_CAPS.sorts;
  const word = p.caps ? p.caps.categoryWord : PUBLIC_CAPS.categoryWord;
  // what a typed search leaves out is not named as applied
  const ignored = (what: 'status' | 'sort') => q.q !== '' && p.caps?.searchIgnores?.includes(what) === true;
  // together, an empty sort is the venues' differing ones (src/venues/join.ts): no one ranking to name
  const each = ignored('sort') ? 'by relevance' : sorts.length > 0 && q.sort ? `by ${q.sort}` : 'in its own order';
  const sortText = p.together
    ? ` ${G.dot} by venue, each ${each}`
    : ignored('sort')
      ? ` ${G.dot} by relevance`
      : sorts.length > 0
        ? ` ${G.dot} sort ${q.sort || sorts[0]}`
        : ` ${G.dot} the source's order`;
  return [
    paneTitle('Markets', p.focused),
    { text: rangeText(p.ids.length, p.top, shown), dim: true },
    { text: p.page > 1 || p.full ? ` ${G.dot} page ${p.page}` : '', bold: true },
    { text: p.pending ? ` ${G.dot} loading${G.ell}` : '', color: 'yellow' },
    { text: p.pending ? budgetWaitWords(p.budgetWait) : '', color: 'yellow', priority: -1 },
    { text: sortText, dim: true, priority: -1 },
    {
      text: ignored('status') ? ` ${G.dot} any status` : ` ${G.dot} status ${q.status || 'all'}`,
      dim: true,
      priority: -1,
    },
    { text: ignored('status') ? '' : statusOthers(p.ids, p.markets, q.status), color: 'yellow', priority: -1 },
    {
      text:
        word !== undefined
          ? ` ${G.dot} ${word} ${sanitize(p.categoryLabels?.[q.category] ?? q.category) || 'all'}`
          : '',
      dim: true,
      priority: -2,
    },
    // together: the categories a venue's list still applies (src/venues/joinQuery.ts): the sort and status go first
    { text: p.together && q.category ? ` ${G.dot} ${sanitize(q.category)}` : '', color: 'yellow' },
    // the search decides which rows are listed, and nothing else on screen says so once its box is closed: kept while
    // the sort and filters give up their room (cut with … last, as the count)
    // with what it looks through where that is not the whole list (Kalshi's first events)
    {
      text: q.q
        ? ` ${G.dot} search ${G.lquo}${sanitize(q.q)}${G.rquo}` +
          `${p.caps?.searchScopeShort ? ` in ${p.caps.searchScopeShort}` : ''}`
        : '',
      color: 'yellow',
    },
  ];
}

/**
 * A listed market whose data has not arrived (a watched one after a restart while its venue is down): the title it
 * was saved with, when known, and what it waits for — never a bare '…'.
 */
export function awaitedRow(
  id: string,
  watched: { title?: string | undefined; goneAt?: number | undefined } | undefined,
  selected: boolean,
): Seg[] {
  const savedTitle = watched?.title;
  return [
    { text: selected ? `${G.sel} ` : '  ', color: colors.accent, bold: true },
    { text: G.ell.padEnd(BADGE_WIDTH + 1), dim: true },
    ...rowMark(id),
    ...(watched ? [{ text: `${G.star} `, color: colors.warn, bold: true }] : []),
    { text: sanitize(savedTitle ?? '') || 'a market not loaded yet', dim: true, bold: selected },
    // a 404 (private, under review, removed): asked for again 30 min later, not waited for
    {
      text: watched?.goneAt !== undefined ? '  no longer available: asked again later' : '  waiting for its data',
      dim: true,
    },
  ];
}

/** Market rows under a title line: the Markets, Watchlist and open-event lists. */
export function MarketList(p: MarketListProps) {
  const visible = p.ids.slice(p.top, p.top + Math.max(0, p.rows));
  let body;
  if (p.loading !== undefined && p.ids.length === 0)
    body = <Spinner clock={p.clock} width={p.width} label={p.loading} />;
  else if (p.ids.length === 0) body = <DimLines width={p.width} rows={p.rows} text={p.empty} />;
  else
    body = visible.map((id, i) => {
      const entry = p.markets[id];
      if (!entry)
        return <Line key={id} width={p.width} segs={awaitedRow(id, p.watched?.[id], p.top + i === p.cursor)} />;
      return (
        <MarketRow
          key={id}
          entry={entry}
          selected={p.top + i === p.cursor}
          focused={p.focused}
          now={p.now}
          intervalMs={p.intervalMs}
          width={p.width}
          watched={p.watched?.[id] !== undefined}
          {...(p.twins?.[id] ? { twin: p.twins[id] } : {})}
        />
      );
    });
  return (
    <Box flexDirection="column" width={p.width} height={p.height} overflowY="hidden">
      {/* the arrows' key goes first when the title is too long: before the query's category */}
      <Line
        width={p.width}
        segs={[
          ...p.title(visible.length),
          // only over a change column: a narrow row has none (rowColumns)
          { text: rowColumns(p.width).change ? legendOf(visible, p.markets) : '', dim: true, priority: -3 },
        ]}
      />
      {body}
    </Box>
  );
}
