/**
 * The reference for bench:render: a bare Ink 8 app with what the dashboard
 * minimally has to do — a header with a 1 Hz clock above 100 lines of
 * table-like text as wide as the terminal, on the alternate screen, with the
 * dashboard's Ink options (15 fps, incremental rendering). Like the
 * dashboard's list it draws the lines that fit (a column of more Texts than
 * rows would make Yoga shrink them onto each other). `j` moves an
 * inverse bar down (wrapping within the visible lines), `g` back to the top,
 * `q` quits. Run with the same Node and flags as the dashboard.
 */
import { Box, render, Text, useApp, useInput, useWindowSize } from 'ink';
import { useEffect, useState } from 'react';
import { formatClock } from '../src/ui/format.js';

const LINES = 100;
const WORDS = [
  'Will',
  'the',
  'index',
  'close',
  'above',
  'its',
  'level',
  'at',
  'quarter',
  'end',
  'market',
  'resolve',
  'yes',
  'by',
  'June',
];

/** Line i: a title, a price, a change and a volume, filled to `width` columns with plain ASCII. */
function referenceLine(i: number, width: number): string {
  const title = Array.from({ length: 8 }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]).join(' ');
  const text = `${String(i + 1).padStart(3)}  ACTIVE  ${title}?  yes ${(((i * 37) % 1000) / 10).toFixed(1)}c  +${((i % 9) / 10).toFixed(1)}c  ${(i * 1.7).toFixed(1)}k  `;
  return text.length >= width ? text.slice(0, width) : text + '.'.repeat(width - text.length);
}

function useClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let handle: NodeJS.Timeout;
    const tick = () => {
      setNow(Date.now());
      handle = setTimeout(tick, 1000 - (Date.now() % 1000));
    };
    handle = setTimeout(tick, 1000 - (Date.now() % 1000));
    return () => clearTimeout(handle);
  }, []);
  return now;
}

function BareApp() {
  const { exit } = useApp();
  const { columns, rows } = useWindowSize();
  const now = useClock();
  const [selected, setSelected] = useState(0);
  const visible = Math.max(1, Math.min(LINES, rows - 1));
  useInput((input) => {
    if (input === 'j') setSelected((s) => (s + 1) % visible);
    else if (input === 'g') setSelected(0);
    else if (input === 'q') exit();
  });
  return (
    <Box flexDirection="column" width={columns} height={rows} overflow="hidden">
      <Text bold wrap="truncate-end">
        bare ink reference · {LINES} lines · {formatClock(now)}
      </Text>
      {Array.from({ length: visible }, (_, i) => (
        <Text key={i} inverse={i === selected} wrap="truncate-end">
          {referenceLine(i, columns)}
        </Text>
      ))}
    </Box>
  );
}

const instance = render(<BareApp />, {
  alternateScreen: true,
  interactive: true,
  maxFps: 15,
  incrementalRendering: true,
  patchConsole: true,
});
const stop = () => instance.unmount();
process.on('SIGTERM', stop);
process.on('SIGHUP', stop);
await instance.waitUntilExit();
