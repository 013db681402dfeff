/**
 * Suspend and resume, as every full-screen program does. A SIGTSTP (Ctrl-Z, or `kill -TSTP`) stopped the dashboard
 * with its alternate screen up and the terminal raw: the shell's prompt landed among the rows, and after `fg` the
 * terminal was the shell's cooked one (keys echoed, none reached the dashboard until Enter) under a torn screen. So on
 * SIGTSTP the terminal is given back — the primary screen, the cursor, cooked mode — before the process stops itself;
 * on SIGCONT (after `fg`, or `kill -CONT` after a SIGSTOP) it is taken again and the whole screen drawn anew, at the
 * window's size now.
 */
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

/** Installs the SIGTSTP / SIGCONT handlers; returns their removal. */
export function suspendOnSignals(term: SuspendTerminal, ink: Repaintable, proc: Signals = process): () => void {
  const raw = (on: boolean) => {
    if (term.stdin.isTTY && term.stdin.setRawMode) term.stdin.setRawMode(on);
  };
  const onStop = () => {
    term.stdout.write(`${LEAVE_ALT}${SHOW_CURSOR}`);
    raw(false);
    // a handler for SIGTSTP replaces its default action: stopping is now ours to do
    proc.kill(proc.pid, 'SIGSTOP');
  };
  const onContinue = () => {
    raw(true);
    term.stdout.write(`${ENTER_ALT}${HIDE_CURSOR}\x1b[2J\x1b[H`);
    ink.clear();
    ink.redraw();
    // a window resized meanwhile told the shell (SIGWINCH goes to the terminal's foreground job), not us: the size is
    // read again as on a SIGWINCH, and a new one redraws the screen at it (resizeRepaint.ts)
    proc.kill(proc.pid, 'SIGWINCH');
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
