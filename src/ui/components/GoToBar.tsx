import { Box, Text } from 'ink';
import type { TextState } from '../textEdit.js';
import { Line } from './Line.js';
import { TextField } from './TextField.js';

const HINT = '  ⏎ go · Esc cancel';

/** The go-to box (`g`): one line, like the search box; the field scrolls with its cursor. */
export function GoToBar({ state, width }: { state: TextState; width: number }) {
  const hintW = width >= 50 ? HINT.length : 0;
  const fieldW = Math.max(1, width - 6 - hintW);
  return (
    <Box width={width} height={1} overflow="hidden">
      <Line width={6} segs={[{ text: 'go to ', color: 'cyan', bold: true }]} />
      <Box width={fieldW} overflow="hidden">
        <Text wrap="truncate-end">
          <TextField state={state} width={fieldW} focused placeholder="paste an address, a ticker, a slug or an id" />
        </Text>
      </Box>
      {hintW ? <Line width={hintW} segs={[{ text: HINT, dim: true }]} /> : null}
    </Box>
  );
}

/** An address cut into lines of `width` (no `…`: every character is shown, to be copied). */
export function wrapAddress(address: string, width: number): string[] {
  const w = Math.max(1, width);
  const out: string[] = [];
  for (let i = 0; i < address.length; i += w) out.push(address.slice(i, i + w));
  return out;
}
