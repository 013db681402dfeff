import { Box } from 'ink';
import { DimLines, Line, type Seg } from '../components/Line.js';
import { highlightRow } from '../components/MarketRow.js';
import { keepVisible } from '../uiState.js';
import type { ViewListProps } from './types.js';
import { G } from '../glyphs.js';

const PENDING = (): Seg[] => [{ text: `  ${G.ell}`, dim: true }];

export interface ListPaneProps {
  view: Pick<ViewListProps, 'rows' | 'top' | 'visible' | 'cursor' | 'focused' | 'width' | 'height'>;
  /** The title line, given how many rows are shown from which (the first drawn). */
  title: (shown: number, top: number) => Seg[];
  /** Lines between the title and the rows (the Positions view's totals when the title cannot hold them). */
  under?: readonly Seg[][];
  /** Said (dimmed, indented) when the list has no rows. */
  empty: string;
  /**
   * A row's segments, or undefined while what it draws has not arrived (drawn as '…'); a row of several lines (the
   * Positions view's market with several positions) is a list of lines, drawn whole or not at all.
   */
  row: (id: string, selected: boolean) => Seg[] | Seg[][] | undefined;
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
  const drawn = rowsIn(ids, top, room, Math.max(0, p.cursor), (id, i) => {
    const selected = i === p.cursor;
    const segs = row(id, selected);
    const lines = segs === undefined ? [PENDING()] : isLines(segs) ? segs : [segs];
    return lines.map((l) => highlightRow(l, selected, p.focused));
  });
  return (
    <Box flexDirection="column" width={p.width} height={p.height} overflow="hidden">
      <Line width={p.width} segs={title(drawn.rows, drawn.top)} />
      {under.map((segs, i) => (
        <Line key={`under-${i}`} width={p.width} segs={segs} />
      ))}
      {ids.length === 0 ? (
        <DimLines width={p.width} rows={room} text={empty} />
      ) : (
        drawn.lines.map(([key, segs]) => <Line key={key} width={p.width} segs={segs} />)
      )}
    </Box>
  );
}

const isLines = (v: Seg[] | Seg[][]): v is Seg[][] => Array.isArray(v[0]);

/**
 * The rows from `top` whose lines fit in `room` lines, each row whole; when the cursor's row would fall below them
 * (rows of several lines: fewer rows fit than the caller counted), the first row drawn moves down until it is in sight.
 */
function rowsIn(
  ids: readonly string[],
  top: number,
  room: number,
  cursor: number,
  linesOf: (id: string, index: number) => Seg[][],
): { top: number; rows: number; lines: [string, Seg[]][] } {
  const all = new Map<number, Seg[][]>();
  const at = (i: number) => all.get(i) ?? all.set(i, linesOf(ids[i]!, i)).get(i)!;
  const fitFrom = (start: number) => {
    let used = 0;
    let end = start;
    while (end < ids.length && (end === start || used + at(end).length <= room) && used < room)
      used += at(end++).length;
    return end;
  };
  let start = top;
  while (start < cursor && cursor < ids.length && fitFrom(start) <= cursor) start++;
  const end = fitFrom(start);
  const lines: [string, Seg[]][] = [];
  for (let i = start; i < end; i++)
    at(i).forEach((l, j) => lines.push([j === 0 ? ids[i]! : `${ids[i]!}\u0000${j}`, l]));
  return { top: start, rows: end - start, lines: lines.slice(0, room) };
}
