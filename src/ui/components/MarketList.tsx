import { Box } from 'ink';
import type { ListQuery, MarketEntry } from '../../store/types.js';
import type { Clock } from '../../util/clock.js';
import { sanitize } from '../../util/sanitize.js';
import { Line, paneTitle, type Seg } from './Line.js';
import { MarketRow } from './MarketRow.js';
import { Spinner } from './Spinner.js';

export interface MarketListProps {
  ids: readonly string[];
  markets: Readonly<Record<string, MarketEntry>>;
  cursor: number;
  top: number;
  rows: number;
  width: number;
  height: number;
  focused: boolean;
  loading: boolean;
  /** The list has been answered at least once (an empty answer means nothing matches). */
  loaded: boolean;
  query: ListQuery;
  now: number;
  intervalMs: number;
  clock: Clock;
}

export function listTitle(p: Pick<MarketListProps, 'ids' | 'top' | 'rows' | 'focused' | 'query'>, shown: number): Seg[] {
  const q = p.query;
  const range = p.ids.length > shown && shown > 0 ? ` ${p.top + 1}–${p.top + shown} of ${p.ids.length}` : ` ${p.ids.length}`;
  return [
    paneTitle('Markets', p.focused),
    { text: range, dim: true },
    { text: ` · sort ${q.sort || 'volume'}`, dim: true, priority: -1 },
    { text: ` · status ${q.status || 'all'}`, dim: true, priority: -1 },
    { text: ` · category ${sanitize(q.category) || 'all'}`, dim: true, priority: -2 },
    { text: q.q ? ` · search “${sanitize(q.q)}”` : '', color: 'yellow', priority: -1 },
  ];
}

export function MarketList(p: MarketListProps) {
  const visible = p.ids.slice(p.top, p.top + Math.max(0, p.rows));
  let body;
  if (p.loading && p.ids.length === 0) body = <Spinner clock={p.clock} width={p.width} label="Loading markets…" />;
  else if (p.ids.length === 0)
    body = <Line width={p.width} segs={[{ text: p.loaded ? '  No markets match this filter.' : '  No data yet.', dim: true }]} />;
  else
    body = visible.map((id, i) => {
      const entry = p.markets[id];
      if (!entry) return <Line key={id} width={p.width} segs={[{ text: '  …', dim: true }]} />;
      return (
        <MarketRow
          key={id}
          entry={entry}
          selected={p.top + i === p.cursor}
          focused={p.focused}
          now={p.now}
          intervalMs={p.intervalMs}
          width={p.width}
        />
      );
    });
  return (
    <Box flexDirection="column" width={p.width} height={p.height} overflowY="hidden">
      <Line width={p.width} segs={listTitle(p, visible.length)} />
      {body}
    </Box>
  );
}
