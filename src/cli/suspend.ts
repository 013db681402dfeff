/**
 * Suspend and resume, as every full-screen program does. A SIGTSTP (Ctrl-Z, or `kill -TSTP`) stopped the dashboard
 * with its alternate screen up and the terminal raw: the shell's prompt landed among the rows, and after `fg` the
 * terminal was the shell's cooked one (keys echoed, none reached the dashboard until Enter) under a torn screen. So on
 * SIGTSTP the terminal is given back — the primary screen, the cursor, cooked mode — before the job stops; once it
 * runs again (after `fg`, or `kill -CONT` after a SIGSTOP) it is taken again and the whole screen drawn anew, at the
 * window's size now.
 *
 * The stop is the signal's own default action, sent to the whole process group as the terminal would (vim does the
 * same): a wrapper that started the dashboard (`npm start`, a script) stops with it, so the shell sees its job stop,
 * where stopping this process alone left the shell waiting on a wrapper still running and no prompt. And where no shell
 * can ever continue the job — the dashboard is the terminal's own program (`tmux new 'oddsboard'`), its process group
 * orphaned — the kernel discards the stop: Ctrl-Z does nothing there, rather than freeze the board for good.
 */
import { readFileSync } from 'node:fs';
import type { Repaintable } from './resizeRepaint.js';

const ENTER_ALT = '\x1b[?1049h';
const LEAVE_ALT = '\x1b[?1049l';
const HIDE_CURSOR = '\x1b[?25l';
const SHOW_CURSOR = '\x1b[?25h';

export interface SuspendTerminal {
  stdin: { isTTY?: boolean; setRawMode?: (on: boolean) => unknown };
  stdout: { write(s: string): unknown };
}

type Signals = Pick<NodeJS.Process, 'on' | 'off' | 'kill' | 'pid'>;

/**
 * Whether this process leads its session (Linux: /proc/self/stat), so that no shell's job control can continue it once
 * stopped. Elsewhere, or unreadable: false (the kernel's discard of an orphaned group's stop still holds).
 */
export function leadsSession(stat = '/proc/self/stat', pid = process.pid): boolean {
  try {
    // "pid (comm) state ppid pgrp session …": the name may hold spaces and parentheses, so read after its last ')'
    const text = readFileSync(stat, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return Number(fields[3]) === pid;
  } catch {
    return false;
  }
}

/** A SIGCONT this soon after onStop's own take-back is the same `fg`'s. */
const SAME_RESUME_MS = 500;

export interface SuspendOptions {
  proc?: Signals;
  /** A monotonic clock in ms (default performance.now). */
  now?: () => number;
  /** Whether a stop now could never be continued by a shell (default: leadsSession). */
  noJobControl?: () => boolean;
}

/** Installs the SIGTSTP / SIGCONT handlers; returns their removal. */
export function suspendOnSignals(term: SuspendTerminal, ink: Repaintable, opts: SuspendOptions = {}): () => void {
  const proc = opts.proc ?? process;
  const now = opts.now ?? (() => performance.now());
  const noJobControl = opts.noJobControl ?? (() => leadsSession());
  let given = false;
  // when onStop last took the terminal back itself: the SIGCONT of that same `fg`, read a loop turn later, has nothing
  // left to do (a discarded stop brings none, so it is a moment, not a flag)
  let tookBackAt = Number.NEGATIVE_INFINITY;
  const raw = (on: boolean) => {
    if (term.stdin.isTTY && term.stdin.setRawMode) term.stdin.setRawMode(on);
  };
  const takeBack = () => {
    if (given) {
      given = false;
      raw(true);
      term.stdout.write(`${ENTER_ALT}${HIDE_CURSOR}\x1b[2J\x1b[H`);
    }
    ink.clear();
    ink.redraw();
    // a window resized meanwhile told the shell (SIGWINCH goes to the terminal's foreground job), not us: the size is
    // read again as on a SIGWINCH, and a new one redraws the screen at it (resizeRepaint.ts)
    proc.kill(proc.pid, 'SIGWINCH');
  };
  const onStop = () => {
    if (noJobControl()) return;
    given = true;
    term.stdout.write(`${LEAVE_ALT}${SHOW_CURSOR}`);
    raw(false);
    // without our handler the signal's default action is back: the job stops here, until `fg`
    proc.off('SIGTSTP', onStop);
    proc.kill(0, 'SIGTSTP');
    proc.on('SIGTSTP', onStop);
    // running again: continued, or the stop discarded (an orphaned group)
    takeBack();
    tookBackAt = now();
  };
  // continued after a stop from elsewhere (SIGSTOP): the screen may be torn, the window resized
  const onContinue = () => {
    if (now() - tookBackAt > SAME_RESUME_MS) takeBack();
  };
  proc.on('SIGTSTP', onStop);
  proc.on('SIGCONT', onContinue);
  return () => {
    proc.off('SIGTSTP', onStop);
    proc.off('SIGCONT', onContinue);
  };
}

/** What Ctrl-Z does: what the terminal's own Ctrl-Z would, had raw mode not turned it into a key. */
export const suspendSelf = (proc: Pick<NodeJS.Process, 'kill' | 'pid'> = process): void => {
  proc.kill(proc.pid, 'SIGTSTP');
};
