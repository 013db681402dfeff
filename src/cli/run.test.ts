import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI_RUN_DEADLINE_MS } from '../../test/support/wait.js';

/** The built CLI as a script or a person calls it without a terminal: messages and exit codes. */
const root = resolve(import.meta.dirname, '../..');
const cli = join(root, 'dist/cli.js');
const env = {
  ...process.env,
  ODDSBOARD_CONFIG: '/nonexistent/config.json',
  ODDSBOARD_BASE_URL: '',
  ODDSBOARD_API_KEY: '',
};
/** One run of the built CLI; a run killed at the deadline fails here, saying so, not as an exit status of null. */
function run(args: string[], extraEnv: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], {
    encoding: 'utf8',
    env: { ...env, ...extraEnv },
    stdio: ['pipe', 'pipe', 'pipe'],
    timeout: CLI_RUN_DEADLINE_MS,
  });
  if (r.error || r.signal)
    throw new Error(
      `oddsboard ${args[0] ?? ''} … did not exit within ${CLI_RUN_DEADLINE_MS} ms (${r.error?.message ?? r.signal}); ` +
        `stderr: ${r.stderr}`,
    );
  return r;
}

beforeAll(() => {
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: `npm test` builds it first');
});

// each run is a Node start-up of the built CLI, about 3 s at load 25: a test of nine took 29 s (vitest's default: 20)
describe('oddsboard without a terminal', { timeout: 120_000 }, () => {
  it('explains that the dashboard needs a terminal and points at serve (exit 2)', () => {
    const r = run([]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/needs an interactive terminal/);
    expect(r.stderr).toMatch(/oddsboard serve/);
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/); // no stack
  });

  it('rejects a bad flag in one line (exit 2)', () => {
    const r = run(['--bogus']);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/unknown flag --bogus/);
  });

  it('refuses a key on the command line without echoing it (exit 2)', () => {
    const r = run(['--api-key=sekrit-value-1234']);
    expect(r.status).toBe(2);
    expect(r.stderr + r.stdout).not.toContain('sekrit');
  });

  it('names a broken config file (exit 2)', () => {
    const r = run([], { ODDSBOARD_CONFIG: join(root, 'package-lock.json.nope') });
    expect(r.status).toBe(2); // missing file is fine; it then fails for lack of a terminal
    const bad = run([], { ODDSBOARD_CONFIG: join(root, 'tsconfig.build.json') });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/config file .*tsconfig\.build\.json line \d+: unknown setting "extends"/);
  });

  it('never repeats a stray argument or flag: it may be a key pasted in the wrong place (exit 2)', () => {
    for (const args of [
      ['sk_live_0123456789abcdef'],
      ['--demo', 'sk_live_0123456789abcdef'],
      ['--sk_live_0123456789abcdef'],
      ['market', 'm1', 'sk_live_0123456789abcdef'],
    ]) {
      const r = run(args);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr + r.stdout).not.toContain('sk_live');
    }
  });

  it('prints help and version (exit 0)', () => {
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/ODDSBOARD_API_KEY/);
    // exit 6 as docs/commands.md has it: a 403 exits 6 too (it said 401 alone)
    expect(help.stdout).toContain('6 key rejected or refused (401 / 403)');
    // `help [COMMAND]` as well: it said "argument 1 is not a command"
    const word = run(['help']);
    expect(word.status).toBe(0);
    expect(word.stdout).toBe(help.stdout);
    const of = run(['help', 'quote']);
    expect(of.status).toBe(0);
    expect(of.stdout).toBe(run(['quote', '--help']).stdout);
    const stray = run(['help', 'sk_live_0123456789abcdef']);
    expect(stray.status).toBe(2);
    expect(stray.stderr).toMatch(/^oddsboard: argument 2 is not a command \(commands: markets, /);
    expect(stray.stderr).not.toContain('sk_live');
    // a command it is close to is named, and the word typed when it reads as a word (main.test.ts)
    expect(run(['maket', 'x']).stderr).toMatch(
      /^oddsboard: maket \(argument 1\) is not a command: did you mean market\? /,
    );
    expect(run(['help', 'quote', 'x']).stderr).toBe(
      'oddsboard: unexpected argument 3 (help takes one command; see oddsboard --help)\n',
    );
    const version = run(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
