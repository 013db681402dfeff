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
  /** Since when the data on screen is, for the age shown (the App passes viewModel's shownDataAt: the list's last answer). */
  newestAt: number | undefined;
  now: number;
  width: number;
}

/** Never more than the last 4 characters of the key, whatever the caller passed. */
export function maskedKey(hint: string): string {
  const tail = Array.from(sanitize(hint).replace(/^[.…\s]+/, '')).slice(-4).join('');
  return tail ? `…${tail}` : '';
}

/** How much the header shortens its labels: 0 full, 1 short, 2 shortest (80 columns and below). */
type Level = 0 | 1 | 2;

function modeSeg(mode: Mode, demo: boolean, keyHint: string, level: Level): Seg {
  const style = { color: 'black', bold: true } as const;
  if (demo || mode === 'demo') {
    const text = level === 0 ? ' DEMO · simulated data ' : level === 1 ? ' DEMO · simulated ' : ' DEMO ';
    return { text, ...style, backgroundColor: 'yellow' };
  }
  if (mode === 'anon') return { text: ' ANON ', ...style, backgroundColor: 'white' };
  const k = maskedKey(keyHint);
  return { text: ` KEY${k ? ` ${k}` : ''} `, ...style, backgroundColor: 'green' };
}

const CONNECTION: Record<ConnectionState['status'], Seg> = {
  connecting: { text: '◌ connecting', color: 'yellow' },
  online: { text: '● online', color: 'green' },
  offline: { text: '○ offline', color: 'red', bold: true },
  auth_failed: { text: '✗ auth failed', color: 'red', bold: true },
};

function segsAt(p: Omit<HeaderProps, 'width'>, level: Level): Seg[] {
  const r = p.rate;
  const segs: Seg[] = [];
  if (level === 0) segs.push({ text: 'oddsboard ', bold: true, color: 'cyan', priority: -3 });
  segs.push(modeSeg(p.mode, p.demo, p.keyHint, level), { text: ` ${r.usedInWindow}/${r.limit}${level === 0 ? ' req/min' : '/min'}` });
  if (r.effectiveLimit < r.limit) segs.push({ text: level === 0 ? ` (eased to ${r.effectiveLimit})` : ` (≤${r.effectiveLimit})`, dim: true, priority: -2 });
  if (r.nextListRefreshAt !== undefined) {
    const s = secondsUntil(r.nextListRefreshAt, p.now);
    const text = s <= 0 ? ' · refreshing' : level === 0 ? ` · next refresh in ${s}s` : ` · next ${s}s`;
    segs.push({ text, dim: true, priority: -1 });
  }
  segs.push({ text: '  ' }, CONNECTION[p.connection.status] ?? CONNECTION.connecting);
  const age = p.newestAt === undefined ? undefined : formatAge(p.now - p.newestAt);
  const ageText = age === undefined ? (level === 2 ? '  no data' : '  no data yet') : level === 2 ? `  data ${age}` : `  data ${age} old`;
  segs.push({ text: ageText, dim: true });
  return segs;
}

const widthOf = (segs: readonly Seg[]) => segs.reduce((n, s) => n + displayWidth(s.text), 0);

/**
 * The header's left part: mode, budget, next refresh, connection and the age
 * of the data shown, with labels shortened until it fits `width`; only then
 * do the optional bits (next refresh, eased limit) drop.
 */
export function headerSegs(p: Omit<HeaderProps, 'width'>, width = Infinity): Seg[] {
  for (const level of [0, 1] as const) {
    const segs = segsAt(p, level);
    if (widthOf(segs) <= width) return segs;
  }
  return segsAt(p, 2);
}

export function Header(props: HeaderProps) {
  const clock = formatClock(props.now);
  const cw = displayWidth(clock);
  const showClock = props.width >= cw + 48;
  const leftWidth = showClock ? props.width - cw - 1 : props.width;
  return (
    <Box width={props.width} height={1} justifyContent="space-between" overflowY="hidden">
      <Box width={leftWidth} overflowY="hidden">
        <Line width={leftWidth} segs={headerSegs(props, leftWidth)} />
      </Box>
      {showClock ? <Line width={cw} segs={[{ text: clock, dim: true }]} /> : null}
    </Box>
  );
}
