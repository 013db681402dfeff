import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS, DASHBOARD } from './commands.js';
import { EXIT } from './errors.js';
import { commandHelp, mainHelp } from './help.js';
import { parseArgs, readInvocation, type FlagTable } from './parse.js';

const TABLE: FlagTable = {
  'base-url': { type: 'string', arg: 'URL', help: 'where' },
  limit: { type: 'string', arg: 'N', help: 'how many' },
  json: { type: 'boolean', help: 'json' },
  wait: { type: 'boolean', shown: '--no-wait', help: 'do not wait' },
  help: { type: 'boolean', short: 'h', help: 'help' },
  version: { type: 'boolean', help: 'version' },
};

function usage(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect((e as Error).name).toBe('UsageError');
    return (e as Error).message;
  }
  throw new Error('expected a UsageError');
}

describe('parseArgs: one parser for every command', () => {
  it('reads kebab-case flags, negated booleans, short flags and positionals', () => {
    expect(parseArgs(TABLE, ['mkt-1', '--base-url=https://x', '--limit', '5', '--json', '--no-wait', '-h'])).toEqual({
      flags: { 'base-url': 'https://x', limit: '5', json: true, wait: false, help: true },
      input: ['mkt-1'],
    });
    expect(parseArgs(TABLE, ['--', '--not-a-flag'])).toEqual({ flags: {}, input: ['--not-a-flag'] });
    expect(parseArgs(TABLE, ['--limit', '-1'])).toEqual({ flags: { limit: '-1' }, input: [] });
  });

  it('refuses, in one line that never repeats a value: unknown, repeated, valueless and key flags', () => {
    expect(usage(() => parseArgs(TABLE, ['--bogus']))).toBe('unknown flag --bogus (see --help)');
    expect(usage(() => parseArgs(TABLE, ['-x']))).toBe('unknown flag -x (see --help)');
    // as typed: meow reads --no-bell as bell (`oddsboard markets --no-bell` said "unknown flag --bell")
    expect(usage(() => parseArgs(TABLE, ['--no-bell']))).toBe('unknown flag --no-bell (see --help)');
    // a flag it is close to, as --help writes it (it said only "see --help")
    expect(usage(() => parseArgs(TABLE, ['--limt', '5']))).toBe(
      'unknown flag --limt (did you mean --limit? see --help)',
    );
    expect(usage(() => parseArgs(TABLE, ['--no-wiat']))).toBe(
      'unknown flag --no-wiat (did you mean --no-wait? see --help)',
    );
    expect(usage(() => parseArgs(TABLE, ['--limit', '1', '--limit', '2']))).toBe('--limit is given more than once');
    expect(usage(() => parseArgs(TABLE, ['--limit']))).toBe('--limit needs a value');
    for (const argv of [
      ['--api-key', 'sk_live_abcdef123456'],
      ['--token=sk_live_abcdef123456'],
      ['--KEY', 'sk_live_abcdef123456'],
    ]) {
      const m = usage(() => parseArgs(TABLE, argv));
      expect(m).toMatch(/set ODDSBOARD_API_KEY instead/);
      expect(m).not.toContain('sk_live');
    }
    const pasted = usage(() => parseArgs(TABLE, ['--json', '--sk_live_abcdef123456']));
    expect(pasted).toBe('unknown flag in argument 2 (see --help)');
  });

  // `markets --LIMIT 1`, `---limit 1` and `--baseUrl X` were taken as --limit and --base-url: meow folds the names
  it('refuses a flag written other than --help writes it, naming the one meant', () => {
    const meant = (flag: string) => `(did you mean ${flag}? see --help)`;
    expect(usage(() => parseArgs(TABLE, ['--LIMIT', '1']))).toBe(`unknown flag --LIMIT ${meant('--limit')}`);
    expect(usage(() => parseArgs(TABLE, ['--json', '---limit', '1']))).toBe(
      `unknown flag in argument 2 ${meant('--limit')}`,
    );
    expect(usage(() => parseArgs(TABLE, ['--baseUrl=x']))).toBe(`unknown flag --baseUrl ${meant('--base-url')}`);
    expect(usage(() => parseArgs(TABLE, ['--No-Wait']))).toBe(`unknown flag --No-Wait ${meant('--no-wait')}`);
    // after `--` nothing is a flag
    expect(parseArgs(TABLE, ['--', '--LIMIT'])).toEqual({ flags: {}, input: ['--LIMIT'] });
  });

  // `markets ---limit 1` said "argument 1" while `market m1 extra` said "argument 3": one counted from after the
  // command's name, the other from it. Both count the words after `oddsboard` now: the command's name is argument 1
  it('counts a flag it cannot name as a stray argument is counted: the words after oddsboard', () => {
    const market = { name: 'market', args: ['ID'], flags: TABLE };
    expect(usage(() => readInvocation(market, ['---limit', '1']))).toBe(
      'unknown flag in argument 2 (did you mean --limit? see --help)',
    );
    expect(usage(() => readInvocation(market, ['m1', '--sk_live_abcdef123456']))).toBe(
      'unknown flag in argument 3 (see --help)',
    );
    expect(usage(() => readInvocation(market, ['m1', 'sk_live_abcdef123456']))).toBe(
      'unexpected argument 3 (see oddsboard market --help)',
    );
    // the dashboard has no command's name: its first word is argument 1
    const dashboard = { name: '', args: [], flags: TABLE };
    expect(usage(() => readInvocation(dashboard, ['---limit', '1']))).toBe(
      'unknown flag in argument 1 (did you mean --limit? see --help)',
    );
    expect(usage(() => readInvocation(dashboard, ['--json', 'sk_live_abcdef123456']))).toBe(
      'unexpected argument 2 (commands: see oddsboard --help)',
    );
  });

  // `--json=1` was read as false (a table where JSON was asked for), `--help=x` as no help, and `--no-wait=false` was
  // "unknown flag --no-wait", a flag --help lists
  it('refuses a value written onto a switch, naming the flag as typed', () => {
    expect(usage(() => parseArgs(TABLE, ['--json=1']))).toBe('--json takes no value');
    expect(usage(() => parseArgs(TABLE, ['--json=true']))).toBe('--json takes no value');
    expect(usage(() => parseArgs(TABLE, ['--help=x']))).toBe('--help takes no value');
    expect(usage(() => parseArgs(TABLE, ['--no-wait=false']))).toBe('--no-wait takes no value');
    // a string flag keeps its `=value`; after `--` nothing is a flag; a name not in the table is still unknown
    expect(parseArgs(TABLE, ['--limit=5', '--', '--json=1'])).toEqual({ flags: { limit: '5' }, input: ['--json=1'] });
    expect(usage(() => parseArgs(TABLE, ['--constructor=1']))).toBe('unknown flag --constructor (see --help)');
  });

  it('readInvocation: help first, then exactly the positional arguments, named by position', () => {
    const cmd = { name: 'market', args: ['ID'], flags: TABLE };
    expect(readInvocation(cmd, ['--help'])).toEqual({ kind: 'help' });
    expect(readInvocation(cmd, ['m1', '--json'])).toEqual({ kind: 'run', flags: { json: true }, args: ['m1'] });
    expect(usage(() => readInvocation(cmd, []))).toBe('market needs ID (see oddsboard market --help)');
    const extra = usage(() => readInvocation(cmd, ['m1', 'sk_live_abcdef123456']));
    expect(extra).toBe('unexpected argument 3 (see oddsboard market --help)');
    expect(usage(() => readInvocation(cmd, ['  ']))).toBe('ID must not be empty');
  });

  // `oddsboard --help extra` and `--version extra` printed the help or the version, exit 0, the word ignored
  it('readInvocation: --help and --version refuse a stray argument as a run does, a missing one not', () => {
    const cmd = { name: 'market', args: ['ID'], flags: TABLE };
    expect(readInvocation(cmd, ['m1', '--help'])).toEqual({ kind: 'help' });
    expect(usage(() => readInvocation(cmd, ['m1', 'extra', '--help']))).toBe(
      'unexpected argument 3 (see oddsboard market --help)',
    );
    const dashboard = { name: '', args: [], flags: TABLE };
    for (const flag of ['--help', '-h', '--version']) {
      expect(usage(() => readInvocation(dashboard, [flag, 'extra']))).toBe(
        'unexpected argument 2 (commands: see oddsboard --help)',
      );
    }
    expect(readInvocation(dashboard, ['--version'])).toEqual({ kind: 'version' });
  });
});

describe('help comes from the command table', () => {
  it('every flag of every command is in its help, and every command in the main help', () => {
    const main = mainHelp();
    for (const [name, spec] of Object.entries(DASHBOARD.flags)) expect(main).toContain(spec.shown ?? `--${name}`);
    for (const cmd of COMMANDS) {
      expect(main).toContain(`$ oddsboard ${[cmd.name, ...cmd.args].join(' ')}`);
      const help = commandHelp(cmd);
      for (const [name, spec] of Object.entries(cmd.flags))
        expect(help).toContain(`${spec.shown ?? `--${name}`}${spec.arg ? ` ${spec.arg}` : ''}`);
    }
  });

  it('pairs, which never runs the demo, does not offer it in its help', () => {
    // its --base-url said "(default: ODDSBOARD_BASE_URL, the config file, else the embedded demo …)"
    const pairs = commandHelp(COMMANDS.find((c) => c.name === 'pairs')!);
    expect(pairs).toMatch(/--base-url URL +VENUE=URL: that venue's service/);
    expect(pairs).not.toMatch(/demo/);
  });

  it('--data-url (Polymarket positions) is offered and taken only where positions are read', () => {
    // `markets --help` listed it "for positions" and `markets --data-url X` was accepted and ignored
    const readers = COMMANDS.filter((c) => 'data-url' in c.flags).map((c) => c.name);
    expect(readers).toEqual(['positions']);
    expect(DASHBOARD.flags['data-url']).toBeDefined();
    for (const cmd of COMMANDS.filter((c) => c.name !== 'positions')) {
      expect(commandHelp(cmd), cmd.name).not.toContain('--data-url');
      const argv = [...cmd.args.filter((a) => !a.endsWith('?')).map(() => 'x'), '--data-url', 'http://127.0.0.1:1'];
      expect(
        usage(() => readInvocation(cmd, argv)),
        cmd.name,
      ).toBe(
        `--data-url is not a flag of ${cmd.name}: the dashboard and positions take it ` +
          `(see oddsboard ${cmd.name} --help)`,
      );
    }
  });

  it('a flag of other commands is named with the commands that take it, not as unknown', () => {
    // `oddsboard pairs --demo` said "unknown flag --demo", as if there were no such flag
    const cmd = (name: string) => COMMANDS.find((c) => c.name === name)!;
    expect(usage(() => readInvocation(cmd('pairs'), ['--demo']))).toBe(
      '--demo is not a flag of pairs: the dashboard, markets, market, quote, events, event, watch and positions ' +
        'take it (see oddsboard pairs --help)',
    );
    // the dashboard's --port said "did you mean --sort?": the flag is serve's
    expect(usage(() => readInvocation(DASHBOARD, ['--port', '1']))).toBe(
      '--port is not a flag of the dashboard: serve takes it (see oddsboard --help)',
    );
    // as help writes it (--no-wait, --no-bell), and a short one
    expect(usage(() => readInvocation(cmd('serve'), ['--no-wait']))).toMatch(/^--no-wait is not a flag of serve: /);
    expect(usage(() => readInvocation(cmd('markets'), ['--no-bell']))).toBe(
      '--no-bell is not a flag of markets: the dashboard takes it (see oddsboard markets --help)',
    );
    expect(usage(() => readInvocation(cmd('markets'), ['-v']))).toMatch(/^-v is not a flag of markets: the dashboard/);
    // a flag no command takes is still unknown, with its likely spelling
    expect(usage(() => readInvocation(cmd('markets'), ['--limt', '1']))).toBe(
      'unknown flag --limt (did you mean --limit? see --help)',
    );
  });

  it('the flags’ texts stand in one column, clear of the longest flag', () => {
    const columns = (help: string) =>
      new Set(
        help
          .split('\n')
          .filter((l) => /^ {2,4}--/.test(l))
          .map((l) => {
            const gap = / {2,}(?=\S)/.exec(l.trimStart())!;
            return l.length - l.trimStart().length + gap.index + gap[0].length;
          }),
      );
    // --polymarket-wallet 0x… ran into its text ("0x… whose Polymarket positions"), a cell right of the others'
    for (const help of [mainHelp(), ...COMMANDS.map((cmd) => commandHelp(cmd))]) expect(columns(help).size).toBe(1);
  });

  it('every variable of docs/configuration.md that oddsboard reads itself is in --help', () => {
    // ODDSBOARD_SOURCE (README's first way to pick a platform) and the positions' identities were missing
    const doc = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
    const table = doc.slice(doc.indexOf('## Environment'), doc.indexOf('## The config file'));
    const names = [...table.matchAll(/`((?:ODDSBOARD|KALSHI)_[A-Z_]+)`/g)].map((m) => m[1]!);
    expect(names).toContain('ODDSBOARD_SOURCE');
    const main = mainHelp();
    for (const name of names) expect(main).toContain(name);
  });

  it('every exit code is in --help', () => {
    const main = mainHelp();
    for (const code of Object.values(EXIT)) expect(main).toMatch(new RegExp(`(^|\\D)${code}(\\D|$)`));
    expect(main).toMatch(/130.*SIGINT|SIGHUP \/ SIGINT/);
  });
});

describe('a flag that may be given more than once', () => {
  const MULTI: FlagTable = { ...TABLE, 'base-url': { type: 'string', arg: 'URL', multiple: true, help: 'where' } };
  it('is its one value given once, the list of its values given again; other flags still refuse a second', () => {
    expect(parseArgs(MULTI, ['--base-url', 'kalshi=http://a']).flags['base-url']).toBe('kalshi=http://a');
    expect(
      parseArgs(MULTI, ['--base-url', 'kalshi=http://a', '--base-url=manifold=http://b']).flags['base-url'],
    ).toEqual(['kalshi=http://a', 'manifold=http://b']);
    expect(usage(() => parseArgs(MULTI, ['--limit', '1', '--limit', '2']))).toMatch(/--limit is given more than once/);
    expect(usage(() => parseArgs(MULTI, ['--base-url']))).toMatch(/--base-url needs a value/);
    // after `--` it is an argument, not the flag: `market -- -5 --base-url URL` said "--base-url needs a value"
    expect(parseArgs(MULTI, ['--', '-5', '--base-url', 'http://a']).input).toEqual(['-5', '--base-url', 'http://a']);
  });
});
