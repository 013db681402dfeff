/**
 * ⏎ on a row of the Across view: both venues' rules side by side (issue #29), the differences the matcher read marked
 * first (`≠`, in the warning colour; what agrees dimmed `=`, what one side does not state dimmed `?`), then each
 * venue's title, option and full rules text in its own column. A venue that published no rules in the record says so:
 * no pair is an edge without both.
 */
import { Box } from 'ink';
import type { Market } from '../../api/types.js';
import { textsOf } from '../../pairs/texts.js';
import { sanitize } from '../../util/sanitize.js';
import { bare } from '../../venues/across/desk.js';
import type { AcrossRow } from '../../venues/across/rows.js';
import { fitWidth, wrap } from '../format.js';
import { Line, paneTitle, type Seg } from '../components/Line.js';
import { rowMark } from '../components/venueMark.js';
import { G } from '../glyphs.js';

/** A reason saying what one side does not state (compare.ts's notes): neither an agreement nor a disagreement. */
const unknown = (r: string) => /^no (names|date) read from |^no rules text from |, unknown on /.test(r);

/**
 * How a reason is marked: what one side does not state `?`; a disagreement `≠` — every other reason of a pair that is
 * neither same nor complement (compare.ts lists its disagreements and then its notes: "Polymarket also names spread
 * buffalo", "a threshold only on Kalshi" were drawn `=`), and one worded as such ("x vs y", "… only", "… has a gap");
 * else an agreement `=`.
 */
function mark(r: string, relation: string): Seg {
  if (unknown(r)) return { text: `  ? ${sanitize(r)}`, dim: true };
  if (relation === 'related' || relation === 'different' || / vs |only$|gap|unreadable|not the same|contradict/.test(r))
    return { text: `  ${G.ne} ${sanitize(r)}`, color: 'yellow' };
  return { text: `  = ${sanitize(r)}`, dim: true };
}

function column(m: Market | undefined, width: number): string[] {
  if (!m) return ['(not loaded)'];
  const t = textsOf(bare(m));
  const head = [sanitize(t.title), ...(t.option ? [`option: ${sanitize(t.option)}`] : [])];
  const rules = t.rules === '' ? ['(no rules text in this record: no edge is shown)'] : [sanitize(t.rules)];
  return [...head, '', ...rules].flatMap((p) => (p === '' ? [''] : wrap(p, width)));
}

export function RulesPane(props: {
  row: AcrossRow;
  markets: Readonly<Record<string, { market: Market }>>;
  width: number;
  height: number;
  top: number;
  focused: boolean;
}) {
  const { row, width, height } = props;
  const colW = Math.max(8, Math.floor((width - 3) / 2));
  const reasons = row.comparison.reasons.map((r): Seg[] => [mark(r, row.comparison.relation)]);
  const left = column(props.markets[row.a]?.market, colW);
  const right = column(props.markets[row.b]?.market, colW);
  const n = Math.max(left.length, right.length);
  const body: Seg[][] = [];
  for (let i = 0; i < n; i++)
    body.push([
      { text: fitWidth(left[i] ?? '', colW, true) },
      { text: ` ${G.bar} `, dim: true },
      { text: fitWidth(right[i] ?? '', colW, true) },
    ]);
  const lines: Seg[][] = [
    [
      paneTitle('Rules', props.focused),
      { text: ' ' },
      ...rowMark(row.a),
      { text: `${G.bar} `, dim: true },
      ...rowMark(row.b),
      { text: `${row.comparison.relation} ${G.dot} Esc closes`, dim: true },
    ],
    ...[...reasons.filter((r) => r[0]!.color), ...reasons.filter((r) => !r[0]!.color)],
    ...body,
  ].slice(0, Math.max(0, height));
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {lines.map((segs, i) => (
        <Line key={i} width={width} segs={segs} />
      ))}
    </Box>
  );
}
