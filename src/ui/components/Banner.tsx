import { Box } from 'ink';
import { shortCause } from '../../store/connection.js';
import type { ConnectionState, RateState, VenueStatus } from '../../store/types.js';
import { SOURCE_NAMES, VENUE_LETTERS } from '../../sources/names.js';
import type { SourceId } from '../../sources/types.js';
import { sanitize } from '../../util/sanitize.js';
import { formatAge, formatClock, formatCoarseAge, secondsUntil } from '../format.js';
import { maskedKey } from './Header.js';
import { Line, type Seg } from './Line.js';
import { G } from '../glyphs.js';

export interface BannerInput {
  connection: ConnectionState;
  rate: RateState;
  keyHint: string;
  now: number;
  /**
   * When the data on screen arrived — the header's figure (viewModel's shownDataAt: the list's last answer) — so both
   * say the same age; without it, the last answer of any kind.
   */
  dataAt?: number | undefined;
  /** Several venues: the one these lines are about (each line starts with its name, or its letter when narrow). */
  venue?: SourceId | undefined;
}

/**
 * The server's message (or the reason), dimmed at the end of a line: the first thing the line gives up, but cut to the
 * room there is, with '…', while at least 12 cells of it fit; when fewer do, what the header says too gives way for
 * them first (SAID_ROOM); dropped whole only when nothing else can (docs/faults.md).
 */
function saidSeg(prefix: string, said: string): Seg {
  return { text: said ? `${prefix}${said}` : '', dim: true, priority: -3, minCut: prefix.length + 12 };
}

/**
 * What the header says too (the cause, the next try) or what matters least (since when), dropped to make room for the
 * server's message on a narrow line: `since` first, then the next try, then the cause.
 */
const SAID_ROOM = { since: -2, header: -1 } as const;

function nextTry(rate: RateState, now: number, word: string): string {
  const at = rate.backoffUntil ?? rate.nextRequestAt;
  if (at === undefined) return '';
  const s = secondsUntil(at, now);
  return s <= 0 ? ` ${G.dot} ${word} now` : ` ${G.dot} ${word} in ${formatAge(s * 1000)}`;
}

/** In the steps the rows and the header count in (10 s under a minute): the three never disagree on the data's age. */
function lastData({ connection, dataAt, now }: BannerInput): string {
  const at = dataAt ?? connection.lastSuccessAt;
  return at === undefined ? 'no data yet' : `last data ${formatCoarseAge(now - at)} ago`;
}

/**
 * Several venues: the age of this venue's own data, for the lines that give none of their own (auth failed, rate
 * limited) — the header's `data … old` is the board's newest, `0s` while another venue answers.
 */
function venueAge(input: BannerInput): string {
  return input.venue === undefined ? '' : ` ${G.dot} ${lastData(input)}`;
}

/** 401: with a key, the key was rejected (no anonymous fallback); without one, the service refused anonymous access. */
function authLines(input: BannerInput): Seg[][] {
  const { connection, rate, keyHint, now } = input;
  const badge: Seg = { text: ` AUTH FAILED${venueAge(input)} `, color: 'white', backgroundColor: 'red', bold: true };
  const said = sanitize(connection.lastError?.message ?? '');
  const check = nextTry(rate, now, 'checking again').replace(` ${G.dot} `, '  ') || '  checking again soon';
  if (rate.mode === 'anon') {
    return [
      [badge, { text: ' The service refused anonymous access (401).', color: 'red' }],
      [{ text: `${check} (r: now)`, dim: true }, saidSeg(' Server said: ', said)],
    ];
  }
  const k = maskedKey(keyHint);
  return [
    [
      badge,
      {
        text: ` The API key${k ? ` ${k}` : ''} was rejected (401). oddsboard will not fall back to anonymous access.`,
        color: 'red',
      },
    ],
    [
      { text: `${check} (r: now); if it stays rejected, fix ODDSBOARD_API_KEY and restart.`, dim: true },
      saidSeg(' Server said: ', said),
    ],
  ];
}

/** The lines of the state banner (auth failure, degraded, offline, rate limited); empty when all is well. */
export function bannerLines(input: BannerInput): Seg[][] {
  const { connection, rate, now } = input;
  const lines: Seg[][] = [];
  const why = sanitize(connection.lastError?.message ?? '');
  if (connection.status === 'auth_failed') {
    lines.push(...authLines(input));
  } else if (connection.status === 'offline') {
    lines.push([
      { text: ` OFFLINE ${G.dot} ${lastData(input)} `, color: 'black', backgroundColor: 'yellow', bold: true },
      { text: nextTry(rate, now, 'retrying'), color: 'yellow', priority: SAID_ROOM.header },
      saidSeg('  ', why),
    ]);
  } else if (connection.status === 'degraded') {
    const since =
      connection.troubleSince === undefined ? '' : ` since ${formatClock(connection.troubleSince).slice(0, 5)}`;
    const cause = connection.lastError ? shortCause(connection.lastError) : '';
    const n = connection.consecutiveFailures;
    lines.push([
      { text: ` DEGRADED ${G.dot} ${lastData(input)} `, color: 'black', backgroundColor: 'yellow', bold: true },
      { text: ` ${n} failed answer${n === 1 ? '' : 's'}`, color: 'yellow' },
      { text: since, color: 'yellow', priority: SAID_ROOM.since },
      { text: cause ? ` (${cause})` : '', color: 'yellow', priority: SAID_ROOM.header },
      { text: nextTry(rate, now, 'retrying'), color: 'yellow', priority: SAID_ROOM.header },
      saidSeg('  ', why),
    ]);
  }
  if (rate.backoffReason === 'rate_limited' && rate.backoffUntil !== undefined && rate.backoffUntil > now) {
    lines.push([
      {
        text: ` RATE LIMITED ${G.dot} retry in ${secondsUntil(rate.backoffUntil, now)}s `,
        color: 'black',
        backgroundColor: 'yellow',
        bold: true,
      },
      // a line above already gives the age (offline, degraded); else, on a board of several, the venue's own
      {
        text: lines.length > 0 || input.venue === undefined ? '' : `${G.dot} ${lastData(input)} `,
        color: 'black',
        backgroundColor: 'yellow',
        bold: true,
        priority: -1,
      },
      { text: '  the server answered 429; requests are paused, the data below keeps its age', dim: true, priority: -1 },
    ]);
  }
  const v = input.venue;
  if (v === undefined) return lines;
  const label: Seg = { text: ` ${SOURCE_NAMES[v]} `, short: ` ${VENUE_LETTERS[v]} `, bold: true, inverse: true };
  return lines.map((l) => [label, ...l]);
}

export function Banner({ lines, width }: { lines: Seg[][]; width: number }) {
  if (lines.length === 0) return null;
  return (
    <Box flexDirection="column" width={width} height={lines.length} overflowY="hidden">
      {lines.map((segs, i) => (
        <Line key={i} width={width} segs={segs} />
      ))}
    </Box>
  );
}

/** The rows App keeps for the rest (src/ui/App.tsx: the header, tabs and footer, and three rows of the body). */
const NOT_BANNER_ROWS = 6;

/**
 * The board's banner. With several venues, every shown venue in trouble has its lines, each named and giving the age
 * of that venue's own data, not the board's newest (`shownAt`: the screen's data age). Before, only the first venue in
 * trouble was spoken of: a second one down at the same time had only its header state, no age. Two or more in
 * trouble: all their lines while the rows allow (`rows` less the chrome and three body rows), else each venue's first
 * line, else one line naming them all (each venue's name, or letter, and its badge).
 */
export function boardBanner(
  s: {
    connection: ConnectionState;
    rate: RateState;
    venues?: readonly VenueStatus[] | undefined;
    venueFilter?: SourceId | undefined;
  },
  shownAt: number | undefined,
  keyHint: string,
  now: number,
  rows = Number.POSITIVE_INFINITY,
): Seg[][] {
  const base = { keyHint, now };
  if (!s.venues || s.venues.length < 2)
    return bannerLines({ ...base, connection: s.connection, rate: s.rate, dataAt: shownAt });
  const shown = s.venues.filter((v) => s.venueFilter === undefined || v.id === s.venueFilter);
  const each = shown
    .map((v) => bannerLines({ ...base, connection: v.connection, rate: v.rate, dataAt: v.dataAt, venue: v.id }))
    .filter((lines) => lines.length > 0);
  if (each.length < 2) return each[0] ?? [];
  const room = Math.max(1, rows - NOT_BANNER_ROWS);
  const all = each.flat();
  if (all.length <= room) return all;
  const firsts = each.map((lines) => lines[0]!);
  if (firsts.length <= room) return firsts;
  // one line: each venue's name and badge (its state and data age: the segments drawn on a colour), nothing else
  return [firsts.flatMap((line) => line.filter((seg) => seg.inverse === true || seg.backgroundColor !== undefined))];
}
