/**
 * The one argument parser of every subcommand: meow over a flag table.
 * A command declares its flags once (name, type, help line); this turns argv
 * into their values and throws one UsageError for anything else. Messages name
 * the flag or the argument's position, never a value: a value (or a stray
 * word) may be an API key pasted in the wrong place.
 */
import meow from 'meow';
import { UsageError } from './errors.js';
import { takenElsewhere } from './flagHomes.js';
import { nearest, sayable as sayableWord } from './nearest.js';

export interface FlagSpec {
  type: 'string' | 'boolean';
  /** Help text (one line). */
  help: string;
  /** The value's placeholder in help: `--limit N`. */
  arg?: string;
  /** A one-letter alias: `-h`. */
  short?: string;
  /** How help writes the flag when not `--name`, e.g. `--no-wait` for a boolean that defaults to on. */
  shown?: string;
  /** A string flag that may be given more than once (`--base-url kalshi=URL --base-url polymarket=URL`). */
  multiple?: boolean;
}

/** Flags by their kebab-case name (`base-url`). */
export type FlagTable = Readonly<Record<string, FlagSpec>>;

/**
 * Values by kebab-case name; a flag that was not given is absent. A `multiple` flag given more than once is the list
 * of its values (given once, its one value).
 */
export type FlagValues = Partial<Record<string, string | boolean | string[]>>;

export interface Parsed {
  flags: FlagValues;
  /** Positional arguments in order. */
  input: string[];
}

/** Names under which people try to pass a key: refused with a pointer to the environment. */
const KEY_FLAGS = new Set(['api-key', 'apikey', 'key', 'token', 'secret', 'api-token', 'auth', 'password']);

const camel = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** A flag name that reads like one (letters and dashes, short) may be repeated back; anything else could be a key. */
const sayable = (name: string) => /^[a-z][a-z-]{0,23}$/.test(name);

/** Letters and digits only, lower case: how meow's camel-casing and our kebab names compare. */
const bare = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Position of the argument that carried flag `name` (as meow names it, or a short letter), for messages; `first`:
 * the position of argv[0] on the command line.
 */
function positionOf(argv: readonly string[], name: string, first: number): number | undefined {
  for (let i = 0; i < argv.length; i++) {
    const tok = argv[i]!;
    if (tok === '--') break;
    if (tok.startsWith('--')) {
      const n = tok.slice(2).split('=')[0]!;
      if (bare(n) === bare(name) || bare(n.replace(/^no-/, '')) === bare(name)) return i + first;
    } else if (tok.startsWith('-') && tok.slice(1).includes(name)) return i + first;
  }
  return undefined;
}

function unknownFlag(argv: readonly string[], name: string, table: FlagTable, owner?: string): UsageError {
  // counted as a person counts the words after `oddsboard`: a command's name is argument 1 (docs/commands.md)
  const first = owner ? 2 : 1;
  const k = kebab(name);
  if (KEY_FLAGS.has(k) || KEY_FLAGS.has(k.replace(/-/g, ''))) {
    return new UsageError(
      `--${k} is not accepted: a key on the command line shows in ps and shell history; set ODDSBOARD_API_KEY instead`,
    );
  }
  const at = positionOf(argv, name, first);
  const dashes = name.length === 1 ? '-' : '--';
  // meow reads `--no-bell` as `bell`: name the flag as it was typed
  const typed = (f: string) => argv.some((tok) => tok === `--${f}` || tok.startsWith(`--${f}=`));
  const said = typed(`no-${k}`) && !typed(k) ? `no-${k}` : k;
  // a flag of other commands (`markets --data-url`, `pairs --demo`) is said to be theirs, not unknown
  const elsewhere = owner !== undefined && sayable(said) ? takenElsewhere(said, owner) : undefined;
  if (elsewhere !== undefined) return new UsageError(elsewhere);
  // a flag of the table it is close to (`--colour` → `--color`), said as --help writes it
  const written = Object.entries(table).map(([n, spec]) => (spec.shown ?? `--${n}`).replace(/^--/, ''));
  const meant = sayable(said) ? nearest(said, written) : undefined;
  const hint = meant ? `did you mean --${meant}? ` : '';
  return new UsageError(
    sayable(said)
      ? `unknown flag ${dashes}${said} (${hint}see --help)`
      : `unknown flag${at ? ` in argument ${at}` : ''} (see --help)`,
  );
}

/**
 * Parses argv (without node, script and command name) against `table`, the flags of command `owner` (its name, '' the
 * dashboard's; a flag of another command is said to be theirs). Throws UsageError: an unknown flag, a flag given
 * twice, a string flag without a value. A flag it cannot name is counted among the words after `oddsboard`: after a
 * command's name (`owner` not empty), argv[0] is argument 2.
 */
export function parseArgs(table: FlagTable, argv: readonly string[], owner?: string): Parsed {
  const flags: Record<string, { type: 'string' | 'boolean'; shortFlag?: string; isMultiple?: boolean }> = {};
  const known = new Map<string, string>(); // camelCase or short letter → kebab name
  for (const [name, spec] of Object.entries(table)) {
    flags[camel(name)] = {
      type: spec.type,
      ...(spec.short ? { shortFlag: spec.short } : {}),
      ...(spec.multiple ? { isMultiple: true } : {}),
    };
    known.set(camel(name), name);
    if (spec.short) known.set(spec.short, name);
  }
  refuseSwitchValues(table, argv);
  refuseMiswritten(table, argv, owner ? 2 : 1);
  let cli;
  try {
    cli = meow('', {
      importMeta: import.meta,
      // given, so meow neither searches for package.json nor names the process after nothing
      pkg: { name: 'oddsboard', bin: { oddsboard: 'dist/cli.js' } },
      description: false,
      argv: [...argv],
      autoHelp: false,
      autoVersion: false,
      allowUnknownFlags: true, // reported below as a UsageError instead of meow's print-and-exit
      booleanDefault: undefined,
      flags,
    });
  } catch (e) {
    // meow's own complaints name the flag only ("The flag --limit can only be set once.")
    const m = /--([a-z][a-z0-9-]*)/i.exec((e as Error).message);
    throw new UsageError(m ? `--${kebab(m[1]!)} is given more than once` : 'the flags could not be read (see --help)');
  }
  const raw = cli.unnormalizedFlags as Record<string, unknown>;
  for (const name of Object.keys(raw)) if (!known.has(name)) throw unknownFlag(argv, name, table, owner);
  const out: FlagValues = {};
  for (const [name, spec] of Object.entries(table)) {
    const v = raw[camel(name)];
    if (v === undefined) continue;
    if (spec.multiple && Array.isArray(v)) {
      const values = v.map(String);
      if (values.length === 0) {
        // meow gives [] for a bare `--base-url`
        const flagsPart = argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv;
        if (flagsPart.some((tok) => tok === `--${name}` || tok.startsWith(`--${name}=`)))
          throw new UsageError(`--${name} needs a value`);
        continue;
      }
      if (values.some((x) => x === '') && !hasExplicitValue(argv, name))
        throw new UsageError(`--${name} needs a value`);
      out[name] = values.length === 1 ? values[0]! : values;
    } else if (spec.type === 'string' && typeof v === 'string') {
      if (v === '' && !hasExplicitValue(argv, name)) throw new UsageError(`--${name} needs a value`);
      out[name] = v;
    } else if (spec.type === 'boolean' && typeof v === 'boolean') out[name] = v;
    else throw new UsageError(`--${name} ${spec.type === 'boolean' ? 'takes no value' : 'needs a value'}`);
  }
  return { flags: out, input: cli.input.map(String) };
}

/**
 * A long flag written other than --help writes it but folding to one (`--LIMIT`, `---limit`, `--baseUrl`) is refused:
 * meow folds case, dashes and camelCase, so each was taken as `--limit` or `--base-url`. The flag it folds to is
 * named; the token is said back only when sayable, else by its position.
 */
function refuseMiswritten(table: FlagTable, argv: readonly string[], first: number): void {
  for (const [i, tok] of argv.entries()) {
    if (tok === '--') return;
    if (!tok.startsWith('--')) continue;
    const name = tok.slice(2).split('=')[0]!;
    if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) continue;
    const written = Object.entries(table).flatMap(([n, spec]) => [
      spec.shown ?? `--${n}`,
      ...(spec.type === 'boolean' ? [`--no-${n}`] : []),
    ]);
    // one that folds to no flag of the table is left to the unknown flag's message (a key flag's, a guess)
    const meant = written.find((w) => bare(w) === bare(name));
    if (meant === undefined) continue;
    const said = sayableWord(name) ? `--${name}` : `in argument ${i + first}`;
    throw new UsageError(`unknown flag ${said} (did you mean ${meant}? see --help)`);
  }
}

/**
 * A value written onto a switch (`--json=1`, `--no-wait=false`, `--help=x`) is refused: meow read `--json=1` as
 * false (a table printed where JSON was asked for) and `--help=x` as no help, and `--no-bell=false` was "unknown flag
 * --no-bell", a flag --help lists. The name is a table's (or its `no-` form), safe to say.
 */
function refuseSwitchValues(table: FlagTable, argv: readonly string[]): void {
  for (const tok of argv) {
    if (tok === '--') return;
    const name = /^--([a-z][a-z0-9-]*)=/.exec(tok)?.[1];
    if (name === undefined) continue;
    const base = Object.hasOwn(table, name) ? name : name.startsWith('no-') ? name.slice(3) : undefined;
    if (base !== undefined && Object.hasOwn(table, base) && table[base]!.type === 'boolean')
      throw new UsageError(`--${name} takes no value`);
  }
}

/** Whether a string flag was written with an explicit (possibly empty) value: `--query=` or `--query ''`. */
function hasExplicitValue(argv: readonly string[], name: string): boolean {
  for (let i = 0; i < argv.length; i++) {
    const tok = argv[i]!;
    if (tok === '--') return false;
    if (tok === `--${name}=`) return true;
    if (tok === `--${name}` && argv[i + 1] === '') return true;
  }
  return false;
}

/**
 * Help lines for a flag table: `    --limit N          markets in the list, 1..100`; the texts in one column, at least
 * `width` in (a longer flag, `--polymarket-wallet 0x…`, moves the column: its text began a cell to the right of the
 * others', run on from the placeholder).
 */
export function flagHelp(table: FlagTable, indent = '    ', width = 22): string {
  const rows = Object.entries(table).map(([name, spec]) => {
    const flag = spec.shown ?? `--${name}`;
    return [`${flag}${spec.arg ? ` ${spec.arg}` : ''}${spec.short ? `, -${spec.short}` : ''}`, spec.help] as const;
  });
  const column = Math.max(width, ...rows.map(([label]) => label.length + 1));
  return rows.map(([label, help]) => `${indent}${label.padEnd(column)} ${help}`).join('\n');
}

export type Invocation = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; flags: FlagValues; args: string[] };

/**
 * A command's argv read against its table: `--help`/`--version` first, then exactly
 * `args.length` positional arguments (named in messages by position, never echoed; a `NAME?` one may be left out).
 */
export function readInvocation(
  cmd: { name: string; args: readonly string[]; flags: FlagTable },
  argv: readonly string[],
): Invocation {
  const { flags, input } = parseArgs(cmd.flags, argv, cmd.name);
  const where = cmd.name === '' ? 'oddsboard --help' : `oddsboard ${cmd.name} --help`;
  // a stray argument is refused with --help and --version too (`--help extra` printed the help, exit 0, the word
  // ignored); one left out is not: `market --help` is how one learns it takes an ID
  if (input.length > cmd.args.length) {
    // position in the whole command line: the command's name is argument 1
    const at = argv.indexOf(input[cmd.args.length]!) + 1 + (cmd.name === '' ? 0 : 1);
    const hint = cmd.name === '' ? ' (commands: see oddsboard --help)' : ` (see ${where})`;
    throw new UsageError(`unexpected argument${at > 0 ? ` ${at}` : ''}${hint}`);
  }
  if (flags.help === true) return { kind: 'help' };
  if (flags.version === true) return { kind: 'version' };
  // an argument named `NAME?` may be left out (`pairs [MARKET]`)
  const required = cmd.args.filter((a) => !a.endsWith('?')).length;
  if (input.length < required)
    throw new UsageError(`${cmd.name} needs ${cmd.args.slice(input.length, required).join(' ')} (see ${where})`);
  for (const [i, value] of input.entries())
    if (value.trim() === '') throw new UsageError(`${cmd.args[i]} must not be empty`);
  return { kind: 'run', flags, args: input };
}

/**
 * Any form of a JSON switch asked before a `--` (`--json`, `--json=1`, `--NDJSON`): its usage error comes as the JSON
 * error document too (`--json=1` gave "--json takes no value" as text on stderr to a script parsing stdout).
 */
export function asksJson(argv: readonly string[], names: readonly string[] = ['json', 'ndjson']): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => {
    const flag = /^--+([^=]+)/.exec(a)?.[1]?.toLowerCase();
    return flag !== undefined && names.includes(flag);
  });
}
