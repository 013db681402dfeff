import { Box } from 'ink';
import { DimLines, Line, type Seg } from '../components/Line.js';
import { highlightRow } from '../components/MarketRow.js';
import { keepVisible } from '../uiState.js';
import type { ViewListProps } from './types.js';

const PENDING: Seg[] = [{ text: '  …', dim: true }];

export interface ListPaneProps {
  view: Pick<ViewListProps, 'rows' | 'top' | 'visible' | 'cursor' | 'focused' | 'width' | 'height'>;
  /** The title line, given how many rows are shown from which (the first drawn). */
  title: (shown: number, top: number) => Seg[];
  /** Lines between the title and the rows (the Positions view's totals when the title cannot hold them). */
  under?: readonly Seg[][];
  /** Said (dimmed, indented) when the list has no rows. */
  empty: string;
  /** A row's segments, or undefined while what it draws has not arrived (drawn as '…'). */
  row: (id: string, selected: boolean) => Seg[] | undefined;
}

/**
 * A view's list pane: a title line (and the lines `under` it), then the rows that fit from `top` (the cursor's row
 * highlighted), or one line saying why there are none. Lines under the title are taken from the rows, never added to
 * the pane's height; the rows then start where the cursor's row stays in sight. The closing-soon, movers, events and
 * positions lists are drawn by it.
 */
export function ListPane({ view: p, title, under = [], empty, row }: ListPaneProps) {
  const ids = p.rows.ids;
  const room = Math.max(0, Math.min(p.visible, p.height - 1 - under.length));
  const top = under.length ? keepVisible(p.top, Math.max(0, p.cursor), room, ids.length) : p.top;
  const visible = ids.slice(top, top + room);
  return (
    <Box flexDirection="column" width={p.width} height={p.height} overflow="hidden">
      <Line width={p.width} segs={title(visible.length, top)} />
      {under.map((segs, i) => (
        <Line key={`under-${i}`} width={p.width} segs={segs} />
      ))}
      {ids.length === 0 ? (
        <DimLines width={p.width} text={empty} />
      ) : (
        visible.map((id, i) => {
          const selected = top + i === p.cursor;
          const segs = row(id, selected);
          return <Line key={id} width={p.width} segs={segs ? highlightRow(segs, selected, p.focused) : PENDING} />;
        })
      )}
    </Box>
  );
}
