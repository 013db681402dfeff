import { Box, Text } from 'ink';
import type { TextState } from '../textEdit.js';
import { Line } from './Line.js';
import { TextField } from './TextField.js';
import { G } from '../glyphs.js';

const HINT = () => `  ${G.ret} search ${G.dot} Esc cancel`;

export function SearchBar({ state, width }: { state: TextState; width: number }) {
  const hintW = width >= 50 ? HINT().length : 0;
  const fieldW = Math.max(1, width - 2 - hintW);
  return (
    <Box width={width} height={1} overflow="hidden">
      <Line width={2} segs={[{ text: '/ ', color: 'cyan', bold: true }]} />
      <Box width={fieldW} overflow="hidden">
        <Text wrap="truncate-end">
          <TextField state={state} width={fieldW} focused placeholder="search titles and categories" />
        </Text>
      </Box>
      {hintW ? <Line width={hintW} segs={[{ text: HINT(), dim: true }]} /> : null}
    </Box>
  );
}
