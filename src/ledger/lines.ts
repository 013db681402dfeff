/** The ledger file's lines (file.ts): `s <epoch ms> <process>` for a send, `p <until> <process>` for a pause. */
import { credible, FUTURE_NOTICE, MAX_PAUSE_MS } from './types.js';

/** The longest step back whose lines are moved (caughtUp): a line further ahead is a hand edit, left out. */
export const STEP_BACK_MAX_MS = 86_400_000;

export interface Line {
  kind: 's' | 'p';
  at: number;
  proc: string;
}

/** The whole lines of `text` (what follows the last newline is still being written), and how many were not ours. */
export function parse(text: string): { lines: Line[]; bad: number } {
  const lines: Line[] = [];
  let bad = 0;
  const whole = text.slice(0, text.lastIndexOf('\n') + 1);
  for (const raw of whole.split('\n')) {
    if (raw === '') continue;
    const [kind, at, proc] = raw.split(' ');
    const t = Number(at);
    if ((kind === 's' || kind === 'p') && Number.isFinite(t) && proc) lines.push({ kind, at: t, proc });
    else bad++;
  }
  return { lines, bad };
}

export const lineText = (l: Line): string => `${l.kind} ${l.at} ${l.proc}\n`;

/** Whether a line was written on this machine (hosts.ts `own`). */
export type Own = (l: Line) => boolean;

/**
 * Whether a line is believed at `now`: this machine's as `credible` says; another machine's up to a day ahead (its
 * clock may be ahead by any skew: hosts.ts counts it from when it was first read), further ahead a hand edit.
 */
export function believed(l: Line, now: number, own: Own): boolean {
  if (own(l)) return credible(l.kind, l.at, now);
  return l.at <= now + STEP_BACK_MAX_MS + (l.kind === 'p' ? MAX_PAUSE_MS : 0);
}

/** Leaves out the lines from the future (types.ts `credible`) and says so once, to a listener that may come later. */
export class Distrust {
  private state: 'none' | 'seen' | 'told' = 'none';
  private onNotice: ((text: string) => void) | undefined;

  listen(onNotice: (text: string) => void): void {
    this.onNotice = onNotice;
    this.tell();
  }

  /** `lines` without those no oddsboard whose clock agrees with `now` could have written (`own`: this machine's). */
  trusted(lines: Line[], now: number, own: Own): Line[] {
    // all of them as a rule: no copy (asked for every candidate of a scheduling pass, pausedUntil)
    if (lines.every((l) => believed(l, now, own))) return (this.tell(), lines);
    const ok = (caughtUp(lines, now, own) ?? lines).filter((l) => believed(l, now, own));
    if (ok.length < lines.length && this.state === 'none') this.state = 'seen';
    this.tell();
    return ok;
  }

  private tell(): void {
    if (this.state !== 'seen' || !this.onNotice) return;
    this.state = 'told';
    this.onNotice(FUTURE_NOTICE);
  }
}

/**
 * The wall clock was set back by -by (`by` < 0): the lines stamped before the step, now beyond what any oddsboard could
 * have written (`credible`), moved back with it — a line that moved is credible, so another process seeing the same
 * step leaves it; one no step explains (a hand edit: `s 4102444800000`) stays out. Undefined: nothing to move.
 */
export function movedBack(lines: Line[], by: number, now: number, own: Own): Line[] | undefined {
  let moved = false;
  const out = lines.map((l) => {
    if (!own(l) || credible(l.kind, l.at, now) || !credible(l.kind, l.at + by, now)) return l;
    moved = true;
    return { ...l, at: l.at + by };
  });
  return moved ? out : undefined;
}

/**
 * The wall clock was set ahead by `by` (> 0) and reads `now`: the sends stamped before the step — at or before
 * `now - by` — that were in the window then (after `now - by - spanMs`) move ahead with it, never past `now`. Pauses
 * stay (docs/rate-budget.md § Clock steps). A line written after the step is stamped after `now - by` unless the step
 * was seen later than its own length after it (a step of a second seen 2 s late): such a line moves too, on the safe
 * side (counted longer, never past now). Once per step longer than a window: a moved line is then newer than
 * `now - by` for any process seeing the same step later; after a shorter one a second process may move the older
 * lines of the minute again, on the same safe side. Undefined: nothing to move.
 */
export function movedAhead(lines: Line[], by: number, now: number, spanMs: number, own: Own): Line[] | undefined {
  const before = now - by;
  let moved = false;
  const out = lines.map((l) => {
    if (l.kind !== 's' || !own(l) || l.at > before || l.at <= before - spanMs) return l;
    moved = true;
    return { ...l, at: l.at + by };
  });
  return moved ? out : undefined;
}

/**
 * The wall clock was set back and this process did not see it (a one-shot command keeps no steady clock), or saw it
 * while the lock was held elsewhere: the lines from the clock's future up to a day ahead are moved back together, as
 * far as the newest needs to be credible (it lands at `now`). The true step was at least that long, so they count a
 * little longer than they went out, never less; once moved they are credible, so no process moves them again (nor
 * `movedBack`, the exact move, after it). Undefined: nothing to move.
 */
export function caughtUp(lines: Line[], now: number, own: Own): Line[] | undefined {
  const room = (l: Line) => now + (l.kind === 'p' ? MAX_PAUSE_MS : 0) - l.at;
  const ahead = lines.filter((l) => own(l) && !credible(l.kind, l.at, now) && room(l) >= -STEP_BACK_MAX_MS);
  if (ahead.length === 0) return undefined;
  const by = Math.min(...ahead.map(room));
  const moved = new Set(ahead);
  return lines.map((l) => (moved.has(l) ? { ...l, at: l.at + by } : l));
}
