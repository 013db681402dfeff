import meow from 'meow';
import { checkValue, UsageError, type SettingsInput } from './config.js';

export const HELP = `
  Usage
    $ oddsboard [flags]            the dashboard (full screen; q quits)
    $ oddsboard serve [flags]      the reference service with a live simulator (see: oddsboard serve --help)

  Flags
    --base-url URL     the market data service (default: ODDSBOARD_BASE_URL, the config file,
                       else the embedded demo service with simulated data)
    --demo             use the embedded demo service even when a base URL is configured
    --query TEXT       search the market list (the service's q)
    --status S         active | closed | settling | resolved | all        (default active)
    --category NAME    only this category
    --sort S           volume | newest | closing | liquidity              (default volume)
    --limit N          markets in the list, 1..100                        (default 50)
    --speed X          demo only: how much faster simulated time runs     (default 1)
    --seed N           demo only: the simulator's seed                    (default 1)
    --no-bell          no terminal bell when an alert fires (config: "bell": false)
    --help, --version

  Environment
    ODDSBOARD_API_KEY   your API key (read only from here, never from a flag; shown as …abcd)
    ODDSBOARD_BASE_URL  the service's base URL
    ODDSBOARD_CONFIG    path of the config file (default $XDG_CONFIG_HOME/oddsboard/config.json)

  Exit codes
    0 quit normally   1 unexpected failure   2 bad flag, config or environment   143 SIGTERM
`;

const KNOWN = new Set(['base-url', 'demo', 'query', 'status', 'category', 'sort', 'limit', 'speed', 'seed', 'bell', 'help', 'version', 'h', 'v']);
const KEY_FLAGS = new Set(['api-key', 'apikey', 'key', 'token']);

export type ParsedArgs = { kind: 'help' } | { kind: 'version' } | { kind: 'run'; flags: SettingsInput };

/** Parses the dashboard's argv (without node and script). Throws UsageError with a one-line message. */
export function parseDashboardArgs(argv: string[]): ParsedArgs {
  for (const token of argv) {
    if (token === '--') break;
    if (!token.startsWith('-') || token === '-' || /^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/i.test(token)) continue;
    const name = token.replace(/^--?/, '').split('=')[0]!.replace(/^no-/, '');
    if (KEY_FLAGS.has(name.toLowerCase())) {
      throw new UsageError(`--${name} is not accepted: a key on the command line shows in ps and shell history; set ODDSBOARD_API_KEY instead`);
    }
    if (!KNOWN.has(name)) throw new UsageError(`unknown flag ${token.split('=')[0]} (see oddsboard --help)`);
  }
  const cli = meow(HELP, {
    importMeta: import.meta,
    argv,
    autoHelp: false,
    autoVersion: false,
    allowUnknownFlags: true,
    flags: {
      baseUrl: { type: 'string' },
      demo: { type: 'boolean' },
      query: { type: 'string' },
      status: { type: 'string' },
      category: { type: 'string' },
      sort: { type: 'string' },
      limit: { type: 'string' },
      speed: { type: 'string' },
      seed: { type: 'string' },
      bell: { type: 'boolean' },
      help: { type: 'boolean', shortFlag: 'h' },
      version: { type: 'boolean', shortFlag: 'v' },
    },
    booleanDefault: undefined,
  });
  const f = cli.flags;
  if (f.help) return { kind: 'help' };
  if (f.version) return { kind: 'version' };
  if (cli.input.length > 0) throw new UsageError(`unexpected argument "${cli.input[0]}" (commands: serve; see oddsboard --help)`);
  const flags: SettingsInput = {};
  const take = (key: keyof SettingsInput, flag: string, value: unknown) => {
    if (value === undefined) return;
    if (value === '' && key !== 'query' && key !== 'category') throw new UsageError(`--${flag} needs a value`);
    (flags as Record<string, unknown>)[key] = checkValue(key, value, `--${flag}`);
  };
  take('baseUrl', 'base-url', f.baseUrl);
  take('demo', 'demo', f.demo);
  take('query', 'query', f.query);
  take('status', 'status', f.status);
  take('category', 'category', f.category);
  take('sort', 'sort', f.sort);
  take('limit', 'limit', f.limit);
  take('speed', 'speed', f.speed);
  take('seed', 'seed', f.seed);
  take('bell', 'bell', f.bell);
  return { kind: 'run', flags };
}
