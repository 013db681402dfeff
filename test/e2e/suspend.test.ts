import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe('Ctrl-Z and fg (tmux)', { timeout: 120_000 }, () => {
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

  it("where no shell can continue it (the terminal's own program), Ctrl-Z leaves the board running", async () => {
    const r = await replayChild('polymarket');
    started.service(r.child);
    const args = `--source polymarket --base-url ${r.url}`;
    const t = started.session(await dashboardIn('suspend-exec', args, {}, true));
    await t.waitFor('the board', (s) => whole(s, 160), 20_000);
    // stopped here, nothing but a SIGCONT from elsewhere could run it again: in a terminal that runs it directly
    // (`xterm -e oddsboard`) the board froze for good. (tmux itself continues a stopped pane's program, so what shows
    // here is that nothing at all happens: not even the screen given back and taken again.)
    const bytes = join(mkdtempSync(join(tmpdir(), 'oddsboard-suspend-')), 'out');
    t.recordOutput(bytes);
    t.keys('C-z');
    t.keys('5');
    const events = await t.waitFor('the Events view, keys still read', (s) => /^◆ Events /m.test(s), 10_000);
    expect(events).not.toMatch(/Stopped/);
    expect(t.alternateScreenOn()).toBe(true);
    expect(readFileSync(bytes, 'latin1')).not.toContain('\x1b[?1049l');
    t.keys('q');
  });
});
