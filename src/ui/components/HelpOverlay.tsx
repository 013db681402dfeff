import { Box } from 'ink';
import { KEY_BINDINGS, type Binding, type HelpGroup } from '../key/keyBindings.js';
import { Line, type Seg } from './Line.js';

const GROUPS: readonly HelpGroup[] = ['Move', 'List', 'Quote form', 'Text fields', 'App'];
const LABEL_WIDTH = 12;

/** Help lines built from the key registry, grouped. */
export function helpLines(): Seg[][] {
  const bindings = Object.values(KEY_BINDINGS) as Binding[];
  const lines: Seg[][] = [[{ text: 'Keys', bold: true, color: 'cyan' }, { text: '  (Esc or ? closes)', dim: true }]];
  for (const g of GROUPS) {
    lines.push([{ text: g, bold: true }]);
    for (const b of bindings.filter((x) => x.group === g)) {
      lines.push([{ text: `  ${b.label}`.padEnd(LABEL_WIDTH), color: 'cyan' }, { text: ` ${b.help}` }]);
    }
  }
  return lines;
}

/** The help overlay, in two columns when wide enough, cut to `height` lines. */
export function HelpOverlay({ width, height }: { width: number; height: number }) {
  const lines = helpLines();
  const columns = width >= 110 && lines.length > height ? 2 : 1;
  const colWidth = Math.floor((width - (columns - 1) * 2) / columns);
  const perCol = Math.ceil(lines.length / columns);
  const cols = Array.from({ length: columns }, (_, i) => lines.slice(i * perCol, (i + 1) * perCol).slice(0, Math.max(0, height)));
  return (
    <Box width={width} height={height} overflow="hidden" columnGap={2}>
      {cols.map((col, i) => (
        <Box key={i} flexDirection="column" width={colWidth} overflow="hidden">
          {col.map((segs, j) => (
            <Line key={j} width={colWidth} segs={segs} />
          ))}
        </Box>
      ))}
    </Box>
  );
}
