import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TmuxSession } from './tmux.js';

/**
 * The built CLI in a real terminal, as a person uses it: start on the embedded
 * demo service, wait for market rows, move the selection, type a quote and
 * read its result, quit, and check the terminal is given back.
 */
const root = resolve(import.meta.dirname, '../..');
const cli = join(root, 'dist/cli.js');

const ROW = /^(?:▸| ) +(?:ACTIVE|CLOSED|SETTLING|RESOLVED) /;
const rows = (screen: string) => screen.split('\n').filter((line) => ROW.test(line));
const selected = (screen: string) =>
  rows(screen)
    .find((line) => line.startsWith('▸'))
    ?.split('│')[0]
    ?.trim();

let session: TmuxSession | undefined;

/** The shell takes input again and echoes it: the terminal is back in cooked mode. */
async function shellIsBack(t: TmuxSession): Promise<string> {
  await t.run('echo shell-$((40+2))');
  return t.waitFor('the shell to answer', (s) => /^shell-42$/m.test(s));
}
afterEach(() => session?.kill());

/** The dashboard on the demo in a fresh tmux; `before` runs first on the same command line. */
async function startDashboard(cols: number, lines: number, args: string, before = ''): Promise<TmuxSession> {
  if (!TmuxSession.available())
    throw new Error('tmux is required for this test (apt-get install tmux); .ci/run installs it');
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: `npm test` builds it first');
  const t = new TmuxSession(`dash${cols}`);
  const home = mkdtempSync(join(tmpdir(), 'oddsboard-e2e-'));
  // No base URL and no key: the embedded demo service. CI=true stays set on purpose (Ink must stay interactive).
  t.start(root, cols, lines, {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_STATE_HOME: join(home, 'state'),
    ODDSBOARD_BASE_URL: '',
    ODDSBOARD_API_KEY: '',
  });
  session = t;
  await t.run(`${before}${process.execPath} ${cli} ${args}; echo "EXIT=$?"`);
  return t;
}

// each test's waits add up to more than vitest's 20 s: a slow step fails its own wait, with the screen
describe('the dashboard in a real terminal (tmux)', { timeout: 120_000 }, () => {
  it('shows markets, moves, quotes, quits and restores the terminal', async () => {
    const t = await startDashboard(120, 36, '--speed 20');
    const first = await t.waitFor('10 market rows', (s) => rows(s).length >= 10 && /DEMO/.test(s), 15_000);
    expect(t.alternateScreenOn()).toBe(true);
    expect(first).toMatch(/\d+\/30/); // the budget in the header
    const before = selected(first);
    expect(before).toBeTruthy();

    t.keys('j');
    await t.waitFor('the selection to move', (s) => selected(s) !== undefined && selected(s) !== before);

    t.keys('Enter');
    await t.waitFor('the detail pane to take focus', (s) => /◆ Detail/.test(s));
    t.keys('Enter');
    await t.waitFor('the quote form to take focus', (s) => /◆ Quote/.test(s));
    t.type('25');
    const quoted = await t.waitFor('a quote result', (s) => /shares/.test(s) && /avg/.test(s), 10_000);
    expect(quoted).toMatch(/25/);
    expect(quoted).not.toMatch(/NaN|undefined/);

    // Back out to the list one Esc at a time (an Esc followed at once by q reads as Alt-q, as in any terminal).
    for (let i = 0, screen = await t.screen(); i < 3 && !/◆ Markets/.test(screen); i++) {
      t.keys('Escape');
      const was = screen;
      screen = await t.waitFor('focus to move back', (s) => s !== was && /◆/.test(s));
    }
    await t.waitFor('the list to have focus', (s) => /◆ Markets/.test(s));
    t.keys('q');
    await t.waitFor('the dashboard to exit', (s) => /EXIT=0/.test(s));
    expect(t.alternateScreenOn()).toBe(false);
    const after = await shellIsBack(t);
    // The dashboard drew on the alternate screen only: nothing of it is left on the shell's screen.
    expect(after).not.toMatch(/ACTIVE|req\/min/);
  });

  it('a first start (no config) says the markets are simulated and how to see real ones; --demo does not', async () => {
    // the header said DEMO and nothing said where real markets are (README § Sources) until the user went looking
    const t = await startDashboard(120, 30, '');
    const first = await t.waitFor('the demo notice', (s) => /Simulated markets \(the demo\)/.test(s), 15_000);
    expect(first).toMatch(/DEMO/);
    // the notice wraps under its marker: its words read as one text
    expect(first.replace(/\s+/g, ' ')).toMatch(
      /Real ones, no account needed: quit \(q\) and run oddsboard --source polymarket/,
    );
    t.keys('q');
    await t.waitFor('the dashboard to exit', (s) => /EXIT=0/.test(s));
    t.kill();
    const asked = await startDashboard(120, 30, '--demo');
    const shown = await asked.waitFor('market rows', (s) => rows(s).length >= 5 && /DEMO/.test(s), 15_000);
    expect(shown).not.toMatch(/Simulated markets/);
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('gives the terminal back on %s (exit %i)', async (signal, code) => {
    const t = await startDashboard(100, 30, '');
    await t.waitFor('market rows', (s) => rows(s).length >= 5, 15_000);
    process.kill(t.childPid(), signal);
    await t.waitFor(`the dashboard to exit on ${signal}`, (s) => new RegExp(`EXIT=${code}`).test(s));
    expect(t.alternateScreenOn()).toBe(false);
    await shellIsBack(t);
  });

  it.each(['q', 'SIGTERM'] as const)(
    'writes nothing to a stderr sent to a file, and shows the cursor again on the terminal (%s)',
    async (how) => {
      // restore-cursor (under Ink's cli-cursor) wrote ESC[?25h to stderr on exit, whatever stderr was
      const t = await startDashboard(100, 30, '2>"$HOME/err.log"');
      const out = join(mkdtempSync(join(tmpdir(), 'oddsboard-e2e-out-')), 'terminal.bin');
      t.recordOutput(out);
      await t.waitFor('market rows', (s) => rows(s).length >= 5, 15_000);
      if (how === 'q') t.keys('q');
      else process.kill(t.childPid(), how);
      await t.waitFor('the dashboard to exit', (s) => /EXIT=(?:0|143)/.test(s));
      await t.run('wc -c < "$HOME/err.log"; echo "LOG=$?"');
      const after = await t.waitFor('the log size', (s) => /^LOG=0$/m.test(s));
      expect(after).toMatch(/^\s*0\s*$/m);
      // the terminal's last word on the cursor is "show" (ESC[?25h after the last ESC[?25l)
      const bytes = readFileSync(out, 'latin1');
      expect(bytes.lastIndexOf('\x1b[?25h')).toBeGreaterThan(bytes.lastIndexOf('\x1b[?25l'));
    },
  );

  it('draws from the first column when the cursor was left further right (the header whole, nothing wrapped)', async () => {
    // the cursor after printf's text, as after a prompt the shell printed late
    const t = await startDashboard(160, 30, '', "printf 'cursor-here '; ");
    const screen = await t.waitFor('market rows', (s) => rows(s).length >= 5, 15_000);
    expect(screen.split('\n')[0]).toMatch(/^oddsboard {2}DEMO · simulated data .* \d\d:\d\d:\d\d$/);
    expect(screen.split('\n')[1]).toMatch(/^ 1 Markets /);
    t.keys('q');
    await t.waitFor('the dashboard to exit', (s) => /EXIT=0/.test(s));
  });
});
