import { Box, Text } from 'ink';
import type { TextState } from '../textEdit.js';
import { Line } from './Line.js';
import { TextField } from './TextField.js';
import { G } from '../glyphs.js';

const HINT = () => `  ${G.ret} go ${G.dot} Esc cancel`;

/** The go-to box (`g`): one line, like the search box; the field scrolls with its cursor. */
export function GoToBar({ state, width }: { state: TextState; width: number }) {
  const hintW = width >= 50 ? HINT().length : 0;
  const fieldW = Math.max(1, width - 6 - hintW);
  return (
    <Box width={width} height={1} overflow="hidden">
      <Line width={6} segs={[{ text: 'go to ', color: 'cyan', bold: true }]} />
      <Box width={fieldW} overflow="hidden">
        <Text wrap="truncate-end">
          <TextField state={state} width={fieldW} focused placeholder="paste an address, a ticker, a slug or an id" />
        </Text>
      </Box>
      {hintW ? <Line width={hintW} segs={[{ text: HINT(), dim: true }]} /> : null}
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

/** Lines an address shown to copy takes (0 when none). */
export function copyLineCount(address: string | undefined, width: number): number {
  return address === undefined ? 0 : wrapAddress(address, width).length;
}

/** A page address `o` could not open, whole, wrapped at the width, to copy. */
export function CopyAddress({ address, width }: { address: string; width: number }) {
  return (
    <Box flexDirection="column" width={width} height={copyLineCount(address, width)} overflow="hidden">
      {wrapAddress(address, width).map((l, i) => (
        <Line key={i} width={width} segs={[{ text: l, color: 'cyan' }]} />
      ))}
    </Box>
  );
}
