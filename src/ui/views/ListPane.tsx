import { Box } from 'ink';
import { Line, type Seg } from '../components/Line.js';
import { highlightRow } from '../components/MarketRow.js';
import type { ViewListProps } from './types.js';

const PENDING: Seg[] = [{ text: '  …', dim: true }];

export interface ListPaneProps {
  view: Pick<ViewListProps, 'rows' | 'top' | 'visible' | 'cursor' | 'focused' | 'width' | 'height'>;
  /** The title line, given how many rows are shown. */
  title: (shown: number) => Seg[];
  /** Said (dimmed, indented) when the list has no rows. */
  empty: string;
  /** A row's segments, or undefined while what it draws has not arrived (drawn as '…'). */
  row: (id: string, selected: boolean) => Seg[] | undefined;
}

/**
 * A view's list pane: a title line, then the rows that fit from `top` (the cursor's row highlighted), or one line
 * saying why there are none. The closing-soon, movers and events lists are drawn by it.
 */
export function ListPane({ view: p, title, empty, row }: ListPaneProps) {
  const ids = p.rows.ids;
  const visible = ids.slice(p.top, p.top + Math.max(0, p.visible));
  return (
    <Box flexDirection="column" width={p.width} height={p.height} overflow="hidden">
      <Line width={p.width} segs={title(visible.length)} />
      {ids.length === 0 ? (
        <Line width={p.width} segs={[{ text: `  ${empty}`, dim: true }]} />
      ) : (
        visible.map((id, i) => {
          const selected = p.top + i === p.cursor;
          const segs = row(id, selected);
          return <Line key={id} width={p.width} segs={segs ? highlightRow(segs, selected, p.focused) : PENDING} />;
        })
      )}
    </Box>
  );
}
