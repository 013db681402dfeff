import { Box } from 'ink';
import { Line } from './Line.js';
import { G } from '../glyphs.js';

/** The least window the board is drawn in: a list title with three rows under the header and tabs, and the footer. */
export const MIN_COLUMNS = 30;
export const MIN_ROWS = 8;

export const tooSmall = (columns: number, rows: number): boolean => columns < MIN_COLUMNS || rows < MIN_ROWS;

/**
 * In place of the board on a window smaller than that: what the size is and what it needs, whole on one line when the
 * width allows, else in three short lines (the keys still work: q quits).
 */
export function TooSmall({ columns, rows }: { columns: number; rows: number }) {
  const now = `${columns}${G.times}${rows}`;
  const need = `${MIN_COLUMNS}${G.times}${MIN_ROWS}`;
  const whole = `Terminal too small (${now}): oddsboard needs ${need} or more ${G.dot} q quits`;
  const lines = whole.length <= columns ? [whole] : ['Too small', `needs ${need}`, 'q quits'];
  return (
    <Box flexDirection="column" width={columns} height={rows} overflowY="hidden">
      {lines.slice(0, Math.max(1, rows)).map((text) => (
        <Line key={text} width={columns} segs={[{ text, bold: text === lines[0] }]} />
      ))}
    </Box>
  );
}
