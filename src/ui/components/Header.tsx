import { Box } from 'ink';
import type { ConnectionState, Mode, RateState } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { displayWidth, formatAge, formatClock, secondsUntil } from '../format.js';
import { Line, type Seg } from './Line.js';

export interface HeaderProps {
  mode: Mode;
  demo: boolean;
  keyHint: string;
  rate: RateState;
  connection: ConnectionState;
  newestAt: number | undefined;
  now: number;
  width: number;
}

/** Never more than the last 4 characters of the key, whatever the caller passed. */
export function maskedKey(hint: string): string {
  const tail = Array.from(sanitize(hint).replace(/^[.…\s]+/, '')).slice(-4).join('');
  return tail ? `…${tail}` : '';
}

function modeSeg(mode: Mode, demo: boolean, keyHint: string): Seg {
  if (demo || mode === 'demo') return { text: ' DEMO · simulated data ', color: 'black', backgroundColor: 'yellow', bold: true };
  if (mode === 'anon') return { text: ' ANON ', color: 'black', backgroundColor: 'white', bold: true };
  const k = maskedKey(keyHint);
  return { text: ` KEY${k ? ` ${k}` : ''} `, color: 'black', backgroundColor: 'green', bold: true };
}

const CONNECTION: Record<ConnectionState['status'], Seg> = {
  connecting: { text: '◌ connecting', color: 'yellow' },
  online: { text: '● online', color: 'green' },
  offline: { text: '○ offline', color: 'red', bold: true },
  auth_failed: { text: '✗ auth failed', color: 'red', bold: true },
};

export function headerSegs(p: Omit<HeaderProps, 'width'>): Seg[] {
  const r = p.rate;
  const segs: Seg[] = [
    { text: 'oddsboard ', bold: true, color: 'cyan', priority: -3 },
    modeSeg(p.mode, p.demo, p.keyHint),
    { text: ` ${r.usedInWindow}/${r.limit} req/min` },
  ];
  if (r.effectiveLimit < r.limit) segs.push({ text: ` (eased to ${r.effectiveLimit})`, dim: true, priority: -2 });
  if (r.nextListRefreshAt !== undefined) {
    const s = secondsUntil(r.nextListRefreshAt, p.now);
    segs.push({ text: s > 0 ? ` · next refresh in ${s}s` : ' · refreshing', dim: true, priority: -1 });
  }
  segs.push({ text: '  ' }, CONNECTION[p.connection.status] ?? CONNECTION.connecting);
  segs.push({ text: p.newestAt === undefined ? '  no data yet' : `  data ${formatAge(p.now - p.newestAt)} old`, dim: true, priority: -1 });
  return segs;
}

export function Header(props: HeaderProps) {
  const clock = formatClock(props.now);
  const cw = displayWidth(clock);
  const showClock = props.width >= cw + 40;
  const leftWidth = showClock ? props.width - cw - 1 : props.width;
  return (
    <Box width={props.width} height={1} justifyContent="space-between" overflow="hidden">
      <Box width={leftWidth} overflow="hidden">
        <Line width={leftWidth} segs={headerSegs(props)} />
      </Box>
      {showClock ? <Line width={cw} segs={[{ text: clock, dim: true }]} /> : null}
    </Box>
  );
}
