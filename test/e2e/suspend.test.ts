import { describe, expect, it } from 'vitest';
import { dashboardIn, killedAfterEach, replayChild } from '../support/e2eKit.js';

/**
 * Ctrl-Z and `fg`, as a person does them in a shell (tmux, Polymarket's replay). The dashboard reads keys in raw
 * mode, so Ctrl-Z used to be a key that did nothing; and a SIGTSTP from elsewhere stopped it with its screen up and
 * the terminal raw under the shell, and after `fg` keys echoed and reached nothing under a torn screen.
 */
const started = killedAfterEach();

/** The dashboard's whole frame: the header, the tabs, the list and one separator column, every line within `cols`. */
function whole(screen: string, cols: number): boolean {
  const lines = screen.split('\n');
  if (!/● online/.test(lines[0] ?? '') || !/^ 1 Markets .* 2 Watchlist /.test(lines[1] ?? '')) return false;
  if (!(lines[2] ?? '').startsWith('◆ Markets') || !/^▸ ACTIVE /.test(lines[3] ?? '')) return false;
  if (/E2E\$|Stopped|\bfg\b/.test(screen)) return false;
  const at = new Set(lines.filter((l) => l.includes('│')).map((l) => l.indexOf('│')));
  return at.size === 1 && [...at][0]! < cols;
}

describe('Ctrl-Z and fg (tmux)', () => {
  it('gives the shell back its screen and terminal, and comes back whole at the new size, keys working', async () => {
    const r = await replayChild('polymarket');
    started.service(r.child);
    const t = started.session(await dashboardIn('suspend', `--source polymarket --base-url ${r.url}`));
    await t.waitFor('the board', (s) => whole(s, 160), 20_000);

    t.keys('C-z');
    await t.waitFor('the shell, told the job stopped', (s) => /Stopped/.test(s), 10_000);
    await t.waitForPrompt();
    expect(t.alternateScreenOn()).toBe(false);

    // resized while the shell has the terminal: the SIGWINCH goes to the shell, not to the stopped dashboard
    t.resize(120, 30);
    await t.run('fg');
    const back = await t.waitFor('the board again, whole at 120 columns', (s) => whole(s, 120), 10_000);
    expect(t.alternateScreenOn()).toBe(true);
    expect(back).not.toMatch(/NaN|undefined/);

    // raw mode again: one key is one key, not a line the terminal holds until Enter
    t.keys('5');
    await t.waitFor('the Events view', (s) => /^◆ Events /m.test(s), 10_000);
    t.keys('q');
    await t.waitForPrompt();
    expect(t.alternateScreenOn()).toBe(false);
  });
});
