/**
 * The alert log overlay (`A`), in place of the panes: the alerts set (the
 * cursor picks one to remove), then every alert that fired, newest first.
 */
import { Box } from 'ink';
import { NO_LONGER_TRADES, resolvedWordsOf } from '../../store/alertRules.js';
import { ruleText } from '../../store/alerts.js';
import type { MarketStatus } from '../../api/types.js';
import type { MarketEntry } from '../../store/types.js';
import { scopeOf, type AlertFired, type AlertRule, type AlertsState } from '../../store/watchTypes.js';
import { sanitize } from '../../util/sanitize.js';
import { fitWidth, formatAge, wrap } from '../format.js';
import { colors } from '../theme.js';
import { Line, type Seg } from './Line.js';
import { rowMark } from './venueMark.js';
import { fitQuotes } from '../quotes.js';
import { G, inGlyphs, inQuotes, perGlyphSet } from '../glyphs.js';

/** The fewest cells a title of a log entry keeps (one line each: the entry never wraps). */
const ENTRY_TITLE_MIN = 8;

export interface AlertLogProps {
  alerts: AlertsState;
  /** A market's title by id, when known. */
  titleOf: (id: string) => string | undefined;
  /** A market's entry by id, when loaded: what an alert on a market that has ended says. */
  entryOf: (id: string) => MarketEntry | undefined;
  /** The status the watchlist last announced for a market (a watched one not loaded: what endedNote says). */
  watchedStatus?: (id: string) => MarketStatus | undefined;
  cursor: number;
  /** The first entry of the log shown (PgDn / PgUp). */
  logTop?: number;
  now: number;
  width: number;
  height: number;
}

const AGE_W = 9;

/**
 * An alert on a market that has ended, as `a` on it says (endedRefusal): a resolved market changes no more, a closed
 * or settling one's price no longer trades (its status alert still tells the result). A config file's alerts are set
 * at start without the markets known, so this is where the person sees it; one set with `a` before the market ended
 * says it too.
 */
function endedNote(r: AlertRule, end: KnownEnd | undefined): string {
  const status = end?.status;
  if (!end || scopeOf(r.kind) !== 'market') return '';
  if (status === 'resolved') return ` ${G.dot} ${resolvedWordsOf(end.winner)}`;
  if ((status === 'closed' || status === 'settling') && r.kind !== 'status')
    return ` ${G.dot} ${status}: ${NO_LONGER_TRADES}`;
  return '';
}

interface KnownEnd {
  status: MarketStatus;
  winner?: string;
}

/**
 * How the market of an alert stands, for endedNote: its entry's status while it is loaded; else what the session last
 * knew without it — the alert log's newest status entry on it (with the winner it named), a status alert's last status,
 * the watchlist's — a resolution first, as nothing on a resolved market changes. A config alert on a market nobody
 * loaded said nothing there, though the log had told its end.
 */
function knownEnd(r: AlertRule, p: AlertLogProps): KnownEnd | undefined {
  const e = p.entryOf(r.marketId);
  if (e) return { status: e.knownStatus ?? e.market.status, ...winnerOf(e.market.resolvedOutcome) };
  const told = p.alerts.log.find((f) => f.marketId === r.marketId && f.kind === 'status' && f.to !== undefined);
  const fromRules = p.alerts.rules.filter((o) => o.marketId === r.marketId).map((o) => p.alerts.state[o.id]?.status);
  const seen = [told?.to, ...fromRules, p.watchedStatus?.(r.marketId)];
  const status = seen.find((s) => s === 'resolved') ?? seen.find((s) => s === 'closed' || s === 'settling');
  if (!status) return undefined;
  const winner = p.alerts.log.find((f) => f.marketId === r.marketId && f.to === 'resolved' && f.winner)?.winner;
  return { status, ...(status === 'resolved' ? winnerOf(winner) : {}) };
}

/**
 * An entry's text, cleaned and in the set drawn (`inGlyphs`), made once for each entry in each set: the log is read
 * at every frame, and mapping every saved entry's characters anew each time cost a long log's worth per frame.
 */
const entryTexts = perGlyphSet(() => new WeakMap<AlertFired, string>());
function entryText(f: AlertFired): string {
  const made = entryTexts();
  let t = made.get(f);
  if (t === undefined) made.set(f, (t = inGlyphs(sanitize(f.text))));
  return t;
}

const winnerOf = (w: string | undefined) => (w ? { winner: w } : {});

function quotedTitle(t: string | undefined, id: string, width: number): string {
  return inQuotes(fitWidth(sanitize(t ?? '') || id, Math.max(4, width)));
}

/** How many lines the alerts set gets: at most half the room while there is a log to show. */
function ruleRoomOf(rules: number, log: number, height: number): number {
  const room = Math.max(0, height - 3);
  return Math.max(1, Math.min(Math.max(1, rules), log ? Math.ceil(room / 2) : room));
}

/** How many entries of the log show at `height` (a page for PgDn / PgUp). */
export function alertLogRoom(rules: number, log: number, height: number): number {
  return Math.max(1, height - 3 - ruleRoomOf(rules, log, height));
}

const NONE_SET = () =>
  'none: a on a market sets one (on a position in Positions, on a pair in Across); ' +
  `watched markets (${G.star}) alert on every status change`;

/**
 * What to do when no alert is set, wrapped into at most `lines` lines (more than one only while the log is empty: the
 * log's paging counts one line for it), the last cut with '…' when it needs more.
 */
function noneSet(width: number, lines: number): string[] {
  const w = Math.max(1, width - 2);
  const all = wrap(NONE_SET(), w);
  const n = Math.max(1, lines);
  return all.length <= n ? all : [...all.slice(0, n - 1), fitWidth(all.slice(n - 1).join(' '), w)];
}

export function alertLogLines(p: AlertLogProps): Seg[][] {
  const { rules, log } = p.alerts;
  const cursor = Math.min(p.cursor, Math.max(0, rules.length - 1));
  const ruleLines: Seg[][] = rules.length
    ? rules.map((r, i) => [
        { text: i === cursor ? `${G.sel} ` : '  ', color: colors.accent, bold: true },
        ...rowMark(r.marketId),
        r.kind === 'gap' && r.title
          ? { text: fitWidth(sanitize(r.title), Math.max(4, Math.floor(p.width / 2))), bold: i === cursor }
          : {
              text: quotedTitle(p.titleOf(r.marketId) ?? r.title, r.marketId, Math.floor(p.width / 2)),
              bold: i === cursor,
            },
        { text: ` ${G.dot} ${sanitize(ruleText(r))}` },
        { text: p.alerts.state[r.id]?.ended !== undefined ? ` ${G.dot} ended` : '', color: colors.warn },
        { text: endedNote(r, knownEnd(r, p)), color: colors.warn },
        { text: r.source === 'config' ? ` ${G.dot} config file` : '', dim: true, priority: -1 },
      ])
    : noneSet(p.width, log.length ? 1 : p.height - 4).map((text) => [{ text: `  ${text}`, dim: true }]);
  // the log from logTop: a page of it, the range said when it does not all fit
  const logRoom = alertLogRoom(rules.length, log.length, p.height);
  const top = Math.max(0, Math.min(p.logTop ?? 0, log.length - logRoom));
  // only the entries that can show are drawn (not a whole long log each frame)
  const logLines: Seg[][] = log.length
    ? log.slice(top, top + Math.max(0, p.height)).map((f) => [
        { text: `  ${`${formatAge(p.now - f.at)} ago`.padEnd(AGE_W)}`, dim: true },
        { text: f.source === 'watch' ? `${G.star} ` : `${G.said} `, color: colors.warn, bold: true },
        // several venues: the venue's letter
        ...rowMark(f.marketId),
        {
          // too long, its titles give up cells first (a gap alert quotes two), so what happened — "Yes at 6.2¢ (below
          // 10¢)" — is read whole, not cut to "(below …"
          text: fitQuotes(entryText(f), p.width - 2 - AGE_W - 2 - 2 * rowMark(f.marketId).length, ENTRY_TITLE_MIN),
          ...(f.kind === 'status' || f.ended ? { bold: true } : {}),
        },
      ])
    : [[{ text: '  nothing has fired yet', dim: true }]];
  const rulesHead: Seg[] = [
    { text: 'Alerts set', bold: true, color: colors.accent },
    { text: ` ${G.dot} ${rules.length}`, dim: true },
    { text: `   x removes the one under ${G.sel} ${G.dot} Esc closes`, dim: true, priority: -1 },
  ];
  // the alerts set get at most half the room while there is a log to show; the cursor's line stays in view
  const ruleRoom = rules.length ? ruleRoomOf(rules.length, log.length, p.height) : ruleLines.length;
  const first = Math.max(0, Math.min(cursor - ruleRoom + 1, ruleLines.length - ruleRoom));
  const paged = log.length > logRoom;
  const logHead: Seg[] = [
    { text: 'Alert log', bold: true, color: colors.accent },
    {
      text: paged
        ? ` ${G.dot} ${top + 1}${G.endash}${Math.min(log.length, top + logRoom)} of ${log.length}, newest first`
        : ` ${G.dot} ${log.length}, newest first`,
      dim: true,
    },
    { text: paged ? `   PgDn older ${G.dot} PgUp newer` : '', dim: true, priority: -1 },
  ];
  return [rulesHead, ...ruleLines.slice(first, first + ruleRoom), [], logHead, ...logLines].slice(
    0,
    Math.max(0, p.height),
  );
}

export function AlertLog(p: AlertLogProps) {
  const lines = alertLogLines(p);
  return (
    <Box flexDirection="column" width={p.width} height={p.height} overflow="hidden">
      {lines.map((segs, i) => (
        <Line key={i} width={p.width} segs={segs.length ? segs : [{ text: ' ' }]} />
      ))}
    </Box>
  );
}
