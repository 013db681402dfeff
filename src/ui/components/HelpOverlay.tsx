import { Box } from 'ink';
import { memo } from 'react';
import { helpSections } from '../key/keyLookup.js';
import { Line, type Seg } from './Line.js';

const LABEL_WIDTH = 12;

/**
 * Help lines from the key registry: each context's title, then its keys (a key already listed above is not repeated).
 */
export function helpLines(): Seg[][] {
  const lines: Seg[][] = [
    [
      { text: 'Keys', bold: true, color: 'cyan' },
      { text: '  (Esc or ? closes)', dim: true },
    ],
  ];
  for (const section of helpSections()) {
    if (section.bindings.length === 0) continue; // every key of it is listed above
    lines.push([{ text: section.title, bold: true }]);
    for (const b of section.bindings)
      lines.push([{ text: `  ${b.label}`.padEnd(LABEL_WIDTH), color: 'cyan' }, { text: ` ${b.help}` }]);
  }
  return lines;
}

/** The help overlay: two columns when wide enough, else one that scrolls (↑/↓, PgUp/PgDn) from `top`. */
export const HelpOverlay = memo(function HelpOverlay({
  width,
  height,
  top,
}: {
  width: number;
  height: number;
  top: number;
}) {
  const lines = helpLines();
  const columns = twoColumns(width, height, lines.length) ? 2 : 1;
  const colWidth = Math.floor((width - (columns - 1) * 2) / columns);
  const perCol = Math.ceil(lines.length / columns);
  const cols = Array.from({ length: columns }, (_, i) => lines.slice(i * perCol, (i + 1) * perCol));
  const scroll = columns === 1 && lines.length > height;
  const shown = scroll ? scrollWindow(lines, height, top) : cols.map((c) => c.slice(0, Math.max(0, height)));
  return (
    <Box width={width} height={height} overflow="hidden" columnGap={2}>
      {shown.map((col, i) => (
        <Box key={i} flexDirection="column" width={colWidth} overflow="hidden">
          {col.map((segs, j) => (
            <Line key={j} width={colWidth} segs={segs} />
          ))}
        </Box>
      ))}
    </Box>
  );
});

/** Two columns when one does not fit, the terminal is wide, and two do fit; otherwise one column that scrolls. */
function twoColumns(width: number, height: number, n: number): boolean {
  return width >= 110 && n > height && Math.ceil(n / 2) <= height;
}

/**
 * Lines top.. that fit in `height`, the last one replaced by a "more" hint when some are left below, the first by one
 * when some are above (a page, `helpPage`, is two lines short of the height so that no line is skipped).
 */
function scrollWindow(lines: Seg[][], height: number, top: number): Seg[][][] {
  const t = Math.max(0, Math.min(top, lines.length - height));
  const part = lines.slice(t, t + height);
  if (t + height < lines.length && height > 1)
    part[height - 1] = [{ text: `  ↓ ${lines.length - t - height + 1} more (↓/PgDn)`, dim: true }];
  if (t > 0 && height > 2) part[0] = [{ text: `  ↑ ${t + 1} more (↑/PgUp)`, dim: true }];
  return [part];
}

/** How far PgUp/PgDn scroll the help: every line between the two hints is new, none is skipped. */
export const helpPage = (rows: number): number => Math.max(1, rows - 2);

/** Whether the overlay scrolls at this size, and how many lines it has (for the key handler). */
let helpLineCount: number | undefined;

export function helpMetrics(width: number, height: number): { lines: number; rows: number } {
  // The registry is fixed: count its lines once, not on every render of the App.
  const n = (helpLineCount ??= helpLines().length);
  return twoColumns(width, height, n) ? { lines: 0, rows: height } : { lines: n, rows: height };
}
