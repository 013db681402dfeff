import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { leadsSession, suspendOnSignals, suspendSelf } from './suspend.js';

/** What the handlers touch, each call recorded in order: the process's signals, the terminal, Ink. */
function rig(isTTY = true, orphaned = false) {
  const calls: string[] = [];
  const clock = { t: 1_000 };
  const proc = Object.assign(new EventEmitter(), {
    pid: 4242,
    kill: (pid: number, signal: string) => {
      // the default action while no handler is there: recorded as what the kernel does with it
      const handled = proc.listenerCount(signal) > 0;
      calls.push(`kill ${pid} ${signal}${signal === 'SIGTSTP' && pid === 0 && !handled ? ' (default: stop)' : ''}`);
      return true;
    },
  });
  const term = {
    stdin: { isTTY, setRawMode: (on: boolean) => calls.push(`raw ${on}`) },
    stdout: { write: (s: string) => calls.push(`write ${JSON.stringify(s)}`) },
  };
  const ink = { clear: () => calls.push('clear'), redraw: () => calls.push('redraw') };
  const stop = suspendOnSignals(term, ink, {
    proc: proc as unknown as NonNullable<Parameters<typeof suspendOnSignals>[2]>['proc'],
    noJobControl: () => orphaned,
    now: () => clock.t,
  });
  return { calls, proc, stop, clock };
}

describe('suspend and resume (SIGTSTP, SIGCONT)', () => {
  it('SIGTSTP gives the terminal back, stops the whole job by the default action, takes it back once continued', () => {
    const { calls, proc } = rig();
    proc.emit('SIGTSTP');
    expect(calls).toEqual([
      `write ${JSON.stringify('\x1b[?1049l\x1b[?25h')}`,
      'raw false',
      // to the process group (a wrapper such as `npm start` stops too), with our handler out of the way
      'kill 0 SIGTSTP (default: stop)',
      // past the kill: continued (`fg`)
      'raw true',
      `write ${JSON.stringify('\x1b[?1049h\x1b[?25l\x1b[2J\x1b[H')}`,
      'clear',
      'redraw',
      'kill 4242 SIGWINCH',
    ]);
    // the handler is back for the next Ctrl-Z
    expect(proc.listenerCount('SIGTSTP')).toBe(1);
  });

  it("fg's own SIGCONT, read a moment after the take-back, draws nothing twice; one much later redraws", () => {
    const { calls, proc, clock } = rig();
    proc.emit('SIGTSTP');
    const once = calls.length;
    clock.t += 5;
    proc.emit('SIGCONT');
    expect(calls).toHaveLength(once);
    // a SIGSTOP and SIGCONT from elsewhere, long after
    clock.t += 60_000;
    proc.emit('SIGCONT');
    expect(calls.slice(once)).toEqual(['clear', 'redraw', 'kill 4242 SIGWINCH']);
  });

  it('SIGCONT after a stop from elsewhere draws the whole screen and reads the window size a resize changed', () => {
    const { calls, proc } = rig();
    proc.emit('SIGCONT');
    expect(calls).toEqual(['clear', 'redraw', 'kill 4242 SIGWINCH']);
  });

  it("with no shell to continue the job (the terminal's own program), SIGTSTP does nothing, as the kernel's", () => {
    const { calls, proc } = rig(true, true);
    proc.emit('SIGTSTP');
    expect(calls).toEqual([]);
  });

  it('leadsSession reads the session of /proc/<pid>/stat, a name with spaces and parentheses included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-stat-'));
    const stat = (session: number) => {
      const f = join(dir, `stat-${session}`);
      writeFileSync(f, `77 (node (x) y) S 1 77 ${session} 34816 77 4194560 1 0 0 0`);
      return f;
    };
    expect(leadsSession(stat(77), 77)).toBe(true);
    expect(leadsSession(stat(12), 77)).toBe(false);
    expect(leadsSession(join(dir, 'missing'), 77)).toBe(false);
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
