/**
 * TERM=dumb (Emacs' M-x shell, a CI log) has no cursor addressing: the dashboard's cursor moves and alternate screen
 * were written there as escapes. It now refuses at once, as tcell's k9s and lazygit do, and says what works there
 * (docs/views.md § Terminals without UTF-8 or cursor addressing).
 */
import { describe, expect, it } from 'vitest';
import { runDashboard, type DashboardIo } from './dashboard.js';

function io(env: NodeJS.ProcessEnv): { io: DashboardIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  const sink = (to: string[]) => ({ isTTY: true, write: (s: string) => to.push(s) > 0 });
  return {
    io: {
      stdin: { isTTY: true } as unknown as NodeJS.ReadStream,
      stdout: sink(out) as unknown as NodeJS.WriteStream,
      stderr: sink(err) as unknown as NodeJS.WriteStream,
      env: { ODDSBOARD_CONFIG: '/nonexistent/config.json', ...env },
    },
    out,
    err,
  };
}

describe('the dashboard on TERM=dumb', () => {
  it('exits 2 before drawing anything, naming what works there', async () => {
    const t = io({ TERM: 'dumb' });
    expect(await runDashboard([], t.io)).toBe(2);
    expect(t.out).toEqual([]);
    const said = t.err.join('');
    expect(said).toMatch(/^oddsboard: the dashboard needs a terminal that can move the cursor \(TERM=dumb cannot\)/);
    expect(said).toContain('oddsboard markets');
    expect(said).toContain('TERM=xterm-256color oddsboard');
    expect(said.trim().split('\n')).toHaveLength(3);
  });
});
