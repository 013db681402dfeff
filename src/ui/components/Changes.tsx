/**
 * Recent status changes (the store's transitions): a small pane under the quote
 * form when the panes sit side by side, a one-line ticker when they stack.
 */
import { Box } from 'ink';
import type { StatusTransition } from '../../store/types.js';
import { sanitize } from '../../util/sanitize.js';
import { displayWidth, fitWidth, formatAge } from '../format.js';
import { BADGE_WIDTH, colors } from '../theme.js';
import { Line, type Seg } from './Line.js';
import { badgeSeg } from './badge.js';

/** Widest resolved outcome shown beside a title. */
const OUTCOME_MAX = 14;

function ago(t: StatusTransition, now: number): string {
  return `${formatAge(now - t.at)} ago`;
}

function outcomeText(t: StatusTransition): string {
  const o = t.to === 'resolved' && t.resolvedOutcome ? sanitize(t.resolvedOutcome).trim() : '';
  return o ? ` → ${fitWidth(o, OUTCOME_MAX)}` : '';
}

/**
 * One change: badge, title (cut to what is left), the resolved outcome, "2m ago";
 * `tail` (e.g. "+3 more") stays at the end. Never wider than `width`.
 */
export function changeSegs(t: StatusTransition, now: number, width: number, lead: Seg[] = [], tail = ''): Seg[] {
  const age = ` ${ago(t, now)}`;
  const outcome = outcomeText(t);
  const leadW = lead.reduce((n, s) => n + displayWidth(s.text), 0);
  const fixed = leadW + BADGE_WIDTH + 1 + displayWidth(outcome) + displayWidth(age) + displayWidth(tail);
  const titleW = width - fixed;
  const segs: Seg[] = [...lead, badgeSeg(t.to, true), { text: ' ' }];
  if (titleW >= 6) segs.push({ text: fitWidth(sanitize(t.title) || '(untitled)', titleW, true) });
  if (outcome) segs.push({ text: outcome, color: colors.accent, bold: true });
  segs.push({ text: age, dim: true, priority: -1 });
  if (tail) segs.push({ text: tail, dim: true });
  return segs;
}

/** The stacked layout's one line: the newest change and how many more. */
export function tickerSegs(transitions: readonly StatusTransition[], now: number, width: number): Seg[] {
  const t = transitions[0];
  if (!t) return [];
  const more = transitions.length - 1;
  return changeSegs(t, now, width, [{ text: 'Changed ', dim: true, bold: true }], more > 0 ? `  +${more} more` : '');
}

export function ChangesTicker({ transitions, now, width }: { transitions: readonly StatusTransition[]; now: number; width: number }) {
  return (
    <Box width={width} height={1} overflowY="hidden">
      <Line width={width} segs={tickerSegs(transitions, now, width)} />
    </Box>
  );
}

export interface ChangesPaneProps {
  transitions: readonly StatusTransition[];
  now: number;
  width: number;
  /** Lines including the title; nothing is drawn below 2. */
  height: number;
}

/** The wide layout's pane: a title, then the newest changes, as many as fit. */
export function changesPaneLines(p: ChangesPaneProps): Seg[][] {
  if (p.height < 2) return [];
  const rows = p.height - 1;
  const shown = p.transitions.slice(0, rows);
  const hidden = p.transitions.length - shown.length;
  const title: Seg[] = [
    { text: 'Recent changes', bold: true, dim: true },
    { text: p.transitions.length ? ` · ${p.transitions.length}` : '', dim: true },
    { text: hidden > 0 ? ` (${hidden} more)` : '', dim: true },
  ];
  if (shown.length === 0) return [title, [{ text: 'none yet: markets that close, settle or resolve show here', dim: true }]];
  return [title, ...shown.map((t) => changeSegs(t, p.now, p.width))];
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
