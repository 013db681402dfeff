import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { suspendOnSignals, suspendSelf } from './suspend.js';

/** What the handlers touch, each call recorded in order: the process's signals, the terminal, Ink. */
function rig(isTTY = true) {
  const calls: string[] = [];
  const proc = Object.assign(new EventEmitter(), {
    pid: 4242,
    kill: (pid: number, signal: string) => (calls.push(`kill ${pid} ${signal}`), true),
  });
  const term = {
    stdin: { isTTY, setRawMode: (on: boolean) => calls.push(`raw ${on}`) },
    stdout: { write: (s: string) => calls.push(`write ${JSON.stringify(s)}`) },
  };
  const ink = { clear: () => calls.push('clear'), redraw: () => calls.push('redraw') };
  const stop = suspendOnSignals(term, ink, proc as unknown as Parameters<typeof suspendOnSignals>[2]);
  return { calls, proc, stop };
}

describe('suspend and resume (SIGTSTP, SIGCONT)', () => {
  it('SIGTSTP gives the terminal back (primary screen, cursor, cooked mode) and only then stops the process', () => {
    const { calls, proc } = rig();
    proc.emit('SIGTSTP');
    expect(calls).toEqual([`write ${JSON.stringify('\x1b[?1049l\x1b[?25h')}`, 'raw false', 'kill 4242 SIGSTOP']);
  });

  it('SIGCONT takes it again, draws the whole screen, and reads the window size a resize meanwhile changed', () => {
    const { calls, proc } = rig();
    proc.emit('SIGCONT');
    expect(calls).toEqual([
      'raw true',
      `write ${JSON.stringify('\x1b[?1049h\x1b[?25l\x1b[2J\x1b[H')}`,
      'clear',
      'redraw',
      'kill 4242 SIGWINCH',
    ]);
  });

  it('leaves the raw mode alone without a terminal to read keys from, and removes its handlers', () => {
    const { calls, proc, stop } = rig(false);
    proc.emit('SIGTSTP');
    expect(calls).not.toContain('raw false');
    stop();
    expect(proc.listenerCount('SIGTSTP') + proc.listenerCount('SIGCONT')).toBe(0);
  });

  it('Ctrl-Z sends the process the SIGTSTP the terminal would have sent outside raw mode', () => {
    const sent: string[] = [];
    suspendSelf({ pid: 7, kill: (pid: number, s?: string | number) => (sent.push(`${pid} ${s}`), true) });
    expect(sent).toEqual(['7 SIGTSTP']);
  });
});
