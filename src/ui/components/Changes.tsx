/**
 * Recent changes — the markets seen to change status (the store's transitions)
 * and the outages of a minute or more, newest first: a small pane under the
 * quote form when the panes sit side by side, a one-line ticker when they stack.
 */
import { Box } from 'ink';
import { outageCauses, outageLength } from '../../store/connection.js';
import type { Outage, StatusTransition, TroubleStatus } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { displayWidth, fitWidth, formatAge, formatClock } from '../format.js';
import { BADGE_WIDTH, colors } from '../theme.js';
import { Line, type Seg } from './Line.js';
import { rowMark, venueMarkSeg } from './venueMark.js';
import { badgeSeg } from './badge.js';
import { G } from '../glyphs.js';

/** Widest resolved outcome shown beside a title. */
const OUTCOME_MAX = 14;

function ago(at: number, now: number): string {
  return `${formatAge(now - at)} ago`;
}

/** One line of the pane: a market's status change or an outage. */
export type Change = { kind: 'status'; at: number; t: StatusTransition } | { kind: 'outage'; at: number; o: Outage };

/** Both lists (each newest first) as one, newest first: an outage goes in at its end, before the older changes. */
export function changeList(transitions: readonly StatusTransition[], outages: readonly Outage[] = []): Change[] {
  const out: Change[] = [];
  let j = 0;
  for (const t of transitions) {
    for (; j < outages.length && outages[j]!.to >= t.at; j++)
      out.push({ kind: 'outage', at: outages[j]!.to, o: outages[j]! });
    out.push({ kind: 'status', at: t.at, t });
  }
  for (; j < outages.length; j++) out.push({ kind: 'outage', at: outages[j]!.to, o: outages[j]! });
  return out;
}

const OUTAGE_BADGE: Record<TroubleStatus, { text: string; color: string }> = {
  offline: { text: 'OFFLINE', color: 'red' },
  degraded: { text: 'DEGRADED', color: 'yellow' },
  rate_limited: { text: 'LIMITED', color: 'yellow' },
  auth_failed: { text: 'AUTH', color: 'red' },
};

const hhmm = (t: number) => formatClock(t).slice(0, 5);

/**
 * "OFFLINE  12:03–12:17, 14 min · HTTP 503 ×14  2m ago" (Line drops the cause, then the age, when narrow); with
 * several venues the venue's letter before the times ("OFFLINE  K 12:03–…"), so it is named however narrow. Two
 * spaces before the age: "14 min 2m ago" read as one length.
 */
export function outageSegs(o: Outage, now: number, lead: Seg[] = [], tail = ''): Seg[] {
  const b = OUTAGE_BADGE[o.status];
  return [
    ...lead,
    { text: b.text.padEnd(BADGE_WIDTH), color: b.color, bold: true },
    ...(o.venue ? [{ text: ' ' }, venueMarkSeg(o.venue)] : []),
    { text: ` ${hhmm(o.from)}${G.endash}${hhmm(o.to)}, ${outageLength(o.to - o.from)}` },
    { text: o.cause ? ` ${G.dot} ${outageCauses(o)}` : '', dim: true, priority: -2 },
    { text: `  ${ago(o.to, now)}`, dim: true, priority: -1 },
    { text: tail, dim: true },
  ];
}

function changeLine(c: Change, now: number, width: number, lead: Seg[] = [], tail = ''): Seg[] {
  return c.kind === 'status' ? changeSegs(c.t, now, width, lead, tail) : outageSegs(c.o, now, lead, tail);
}

function outcomeText(t: StatusTransition): string {
  const o = t.to === 'resolved' && t.resolvedOutcome ? sanitize(t.resolvedOutcome).trim() : '';
  return o ? ` ${G.to} ${fitWidth(o, OUTCOME_MAX)}` : '';
}

/**
 * One change: badge, title (cut to what is left), the resolved outcome, "2m ago";
 * `tail` (e.g. "+3 more") stays at the end. Never wider than `width`.
 */
export function changeSegs(t: StatusTransition, now: number, width: number, lead: Seg[] = [], tail = ''): Seg[] {
  const age = ` ${ago(t.at, now)}`;
  const outcome = outcomeText(t);
  const leadW = lead.reduce((n, s) => n + displayWidth(s.text), 0);
  const fixed = leadW + BADGE_WIDTH + 1 + displayWidth(outcome) + displayWidth(age) + displayWidth(tail);
  // several venues: the venue's letter before the title
  const mark = rowMark(t.id);
  const titleW = width - fixed - 2 * mark.length;
  const segs: Seg[] = [...lead, badgeSeg(t.to, true), { text: ' ' }];
  if (titleW >= 6) segs.push(...mark, { text: fitWidth(sanitize(t.title) || '(untitled)', titleW, true) });
  if (outcome) segs.push({ text: outcome, color: colors.accent, bold: true });
  segs.push({ text: age, dim: true, priority: -1 });
  if (tail) segs.push({ text: tail, dim: true });
  return segs;
}

/** The stacked layout's one line: the newest change and how many more. */
export function tickerSegs(
  transitions: readonly StatusTransition[],
  now: number,
  width: number,
  outages: readonly Outage[] = [],
): Seg[] {
  const all = changeList(transitions, outages);
  const c = all[0];
  if (!c) return [];
  const more = all.length - 1;
  return changeLine(c, now, width, [{ text: 'Changed ', dim: true, bold: true }], more > 0 ? `  +${more} more` : '');
}

export function ChangesTicker({
  transitions,
  outages,
  now,
  width,
}: {
  transitions: readonly StatusTransition[];
  outages?: readonly Outage[];
  now: number;
  width: number;
}) {
  return (
    <Box width={width} height={1} overflowY="hidden">
      <Line width={width} segs={tickerSegs(transitions, now, width, outages)} />
    </Box>
  );
}

export interface ChangesPaneProps {
  transitions: readonly StatusTransition[];
  outages?: readonly Outage[];
  now: number;
  width: number;
  /** Lines including the title; nothing is drawn below 2. */
  height: number;
}

/** The wide layout's pane: a title, then the newest changes, as many as fit. */
export function changesPaneLines(p: ChangesPaneProps): Seg[][] {
  if (p.height < 2) return [];
  const rows = p.height - 1;
  const all = changeList(p.transitions, p.outages);
  const shown = all.slice(0, rows);
  const hidden = all.length - shown.length;
  const title: Seg[] = [
    { text: 'Recent changes', bold: true, dim: true },
    { text: all.length ? ` ${G.dot} ${all.length}` : '', dim: true },
    { text: hidden > 0 ? ` (${hidden} more)` : '', dim: true },
  ];
  if (shown.length === 0)
    return [title, [{ text: 'none yet: markets that close, settle or resolve show here', dim: true }]];
  return [title, ...shown.map((c) => changeLine(c, p.now, p.width))];
}

export function ChangesPane(p: ChangesPaneProps) {
  const lines = changesPaneLines(p);
  if (lines.length === 0) return null;
  return (
    <Box flexDirection="column" width={p.width} height={lines.length} overflowY="hidden">
      {lines.map((segs, i) => (
        <Line key={i} width={p.width} segs={segs} />
      ))}
    </Box>
  );
}
