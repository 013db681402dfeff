import { Box } from 'ink';
import { shortCause } from '../../store/connection.js';
import type { ConnectionState, Mode, RateState, VenueStatus } from '../../store/types.js';
import type { SourceId } from '../../sources/types.js';
import { venueMarkSeg, venueName } from './venueMark.js';
import { sanitize } from '../../util/sanitize.js';
import { displayWidth, formatClock, formatCoarseAge, secondsUntil } from '../format.js';
import { Line, type Seg } from './Line.js';
import { G, perGlyphSet } from '../glyphs.js';

export interface HeaderProps {
  mode: Mode;
  demo: boolean;
  keyHint: string;
  rate: RateState;
  connection: ConnectionState;
  /** When the data on screen arrived, for its age (the App passes viewModel's shownDataAt: the list's last answer). */
  newestAt: number | undefined;
  now: number;
  width: number;
  /** Several venues: each one's state and budget instead of the one mode, budget and connection. */
  venues?: readonly VenueStatus[] | undefined;
  /** The venue `v` narrowed the lists to (the others drawn dim). */
  venueFilter?: SourceId | undefined;
}

/** Never more than the last 4 characters of the key, whatever the caller passed. */
export function maskedKey(hint: string): string {
  const tail = Array.from(sanitize(hint).replace(/^[.…~\s]+/, ''))
    .slice(-4)
    .join('');
  return tail ? `${G.ell}${tail}` : '';
}

/** How much the header shortens its labels: 0 full, 1 short, 2 shortest (80 columns and below). */
type Level = 0 | 1 | 2;

function modeSeg(mode: Mode, demo: boolean, keyHint: string, level: Level): Seg {
  const style = { color: 'black', bold: true } as const;
  if (demo || mode === 'demo') {
    const text = level === 0 ? ` DEMO ${G.dot} simulated data ` : level === 1 ? ` DEMO ${G.dot} simulated ` : ' DEMO ';
    return { text, ...style, backgroundColor: 'yellow' };
  }
  if (mode === 'anon') return { text: ' ANON ', ...style, backgroundColor: 'white' };
  if (mode === 'polymarket' || mode === 'kalshi' || mode === 'manifold')
    return { text: ` ${mode.toUpperCase()} `, ...style, backgroundColor: 'cyan' };
  const k = maskedKey(keyHint);
  return { text: ` KEY${k ? ` ${k}` : ''} `, ...style, backgroundColor: 'green' };
}

/** The connection's named state: a symbol and a word, so it reads without colour. */
const CONNECTION = perGlyphSet((): Record<ConnectionState['status'], Seg> => ({
  connecting: { text: `${G.connecting}connecting`, color: 'yellow' },
  online: { text: `${G.online}online`, color: 'green' },
  degraded: { text: `${G.degraded}degraded`, color: 'yellow', bold: true },
  offline: { text: `${G.offline}offline`, color: 'red', bold: true },
  rate_limited: { text: `${G.limited}RATE LIMITED`, color: 'yellow', bold: true },
  auth_failed: { text: `${G.bad} AUTH FAILED`, color: 'red', bold: true },
}));
/** The state's mark alone, where the word does not fit (in ASCII a sign of its own: the dot is not drawn). */
const MARK = perGlyphSet((): Record<ConnectionState['status'], string> => ({
  connecting: G.connectingMark,
  online: G.onlineMark,
  degraded: G.degradedMark,
  offline: G.offlineMark,
  rate_limited: G.limitedMark,
  auth_failed: G.bad,
}));

/**
 * The state, then while in trouble its cause and count (degraded) and when
 * the next try goes out; the cause goes first when room is short.
 */
function connectionSegs(p: Omit<HeaderProps, 'width'>, level: Level): Seg[] {
  const c = p.connection;
  const segs: Seg[] = [CONNECTION()[c.status] ?? CONNECTION().connecting];
  if (c.status === 'online' || c.status === 'connecting') return segs;
  if (c.status === 'degraded' && c.lastError)
    segs.push({
      text: ` ${G.dot} ${shortCause(c.lastError)} ${G.times}${c.consecutiveFailures}`,
      dim: true,
      priority: -1,
    });
  const next = p.rate.backoffUntil ?? p.rate.nextRequestAt;
  if (next !== undefined) {
    const s = secondsUntil(next, p.now);
    const word = c.status === 'auth_failed' ? 'check' : 'retry';
    segs.push({
      text: s <= 0 ? ` ${G.dot} ${word}ing` : level === 2 ? ` ${G.dot} ${word} ${s}s` : ` ${G.dot} ${word} in ${s}s`,
      dim: true,
    });
  }
  return segs;
}

/** The state's glyph alone (80 columns with several venues). */
const GLYPH = (status: ConnectionState['status']): Seg => {
  const c = CONNECTION()[status] ?? CONNECTION().connecting;
  return { ...c, text: MARK()[status] ?? G.connectingMark };
};

/**
 * Several venues: per venue its mark, its state and its requests in the last minute — in words when wide
 * (`Kalshi ● online 8/60 req/min`), a word when there is room (`K ● online 8/60`), else `K●8/60`.
 */
function venueSegs(p: Omit<HeaderProps, 'width'>, venues: readonly VenueStatus[], level: Level): Seg[] {
  const segs: Seg[] = [];
  if (level === 0) segs.push({ text: 'oddsboard ', bold: true, color: 'cyan', priority: -3 });
  for (const [i, v] of venues.entries()) {
    const hidden = p.venueFilter !== undefined && p.venueFilter !== v.id;
    const part: Seg[] = [];
    if (i > 0) part.push({ text: level === 2 ? ' ' : '  ' });
    part.push(venueMarkSeg(v.id));
    if (level === 0) part.push({ text: ` ${venueName(v.id, v.rate.mode)}`, bold: true });
    const r = v.rate;
    if (level === 2) part.push(GLYPH(v.connection.status), { text: `${r.usedInWindow}/${r.limit}` });
    else {
      const own = { ...p, connection: v.connection, rate: v.rate };
      part.push({ text: ' ' }, ...(level === 0 ? connectionSegs(own, level) : [CONNECTION()[v.connection.status]]));
      part.push({ text: ` ${r.usedInWindow}/${r.limit}${level === 0 ? ' req/min' : ''}` });
      if (r.othersInWindow > 0) part.push({ text: ` +${r.othersInWindow}`, color: 'yellow' });
      // the venue's own limit cut after a 429 (back in three clean minutes), as a venue alone says it
      if (r.effectiveLimit < r.limit)
        part.push({
          text: level === 0 ? ` (eased to ${r.effectiveLimit})` : ` (${G.le}${r.effectiveLimit})`,
          dim: true,
          priority: -2,
        });
    }
    segs.push(...(hidden ? part.map((s): Seg => ({ ...s, dim: true, bold: false })) : part));
  }
  const age = p.newestAt === undefined ? undefined : formatCoarseAge(p.now - p.newestAt);
  segs.push({
    text:
      age === undefined
        ? level === 2
          ? '  no data'
          : '  no data yet'
        : level === 2
          ? `  ${age}`
          : `  data ${age} old`,
    dim: true,
    priority: -1,
  });
  return segs;
}

function segsAt(p: Omit<HeaderProps, 'width'>, level: Level): Seg[] {
  if (p.venues) return venueSegs(p, p.venues, level);
  const r = p.rate;
  const segs: Seg[] = [];
  if (level === 0) segs.push({ text: 'oddsboard ', bold: true, color: 'cyan', priority: -3 });
  segs.push(modeSeg(p.mode, p.demo, p.keyHint, level), {
    text: ` ${r.usedInWindow}/${r.limit}${level === 0 ? ' req/min' : '/min'}`,
  });
  // a platform: its documented limit beside the polite cadence we keep
  if (r.documentedLimit !== undefined && r.documentedLimit > r.limit)
    segs.push({
      text: level === 0 ? ` (allows ${r.documentedLimit})` : ` ${G.le}${r.documentedLimit}`,
      dim: true,
      priority: -3,
    });
  // the sends of other oddsboard runs on the same budget (the shared ledger): those running now and one that quit
  // within the minute (a restart's previous run), so not "other processes"
  if (r.othersInWindow > 0)
    segs.push({ text: ` +${r.othersInWindow}${[' by other runs', ' by others', ''][level]}`, color: 'yellow' });
  if (r.effectiveLimit < r.limit)
    segs.push({
      text: level === 0 ? ` (eased to ${r.effectiveLimit})` : ` (${G.le}${r.effectiveLimit})`,
      dim: true,
      priority: -2,
    });
  const calm = p.connection.status === 'online' || p.connection.status === 'connecting';
  if (r.nextListRefreshAt !== undefined && calm) {
    const s = secondsUntil(r.nextListRefreshAt, p.now);
    const text =
      s <= 0 ? ` ${G.dot} refreshing` : level === 0 ? ` ${G.dot} next refresh in ${s}s` : ` ${G.dot} next ${s}s`;
    segs.push({ text, dim: true, priority: -1 });
  }
  segs.push({ text: '  ' }, ...connectionSegs(p, level));
  // in the rows' steps (10 s under a minute): a stale row's '40s ago' and the header never disagree
  const age = p.newestAt === undefined ? undefined : formatCoarseAge(p.now - p.newestAt);
  const ageText =
    age === undefined
      ? level === 2
        ? '  no data'
        : '  no data yet'
      : level === 2
        ? `  data ${age}`
        : `  data ${age} old`;
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
