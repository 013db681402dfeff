/**
 * Every subcommand in one table: its name, positional arguments, flags (with
 * their help lines) and a lazy loader, so `oddsboard --version` or
 * `oddsboard market ID --json` never loads Ink or React.
 *
 * Adding a flag: one entry in the command's table below or in the shared tables
 * (flagTables.ts; parser, unknown-flag check and help follow), then read
 * `flags['the-name']` in the command.
 * Adding a subcommand: one entry in COMMANDS and a module exporting
 * `run(argv, io)`.
 */
import type { FlagTable } from './parse.js';
import { IDENTITY_FLAGS } from './identityFlags.js';
import {
  DASHBOARD_FLAGS,
  HELP_FLAGS,
  LIST_FLAGS,
  NDJSON_FLAG,
  OUTPUT_FLAGS,
  RECORD_FLAGS,
  SERVE_FLAGS,
  SOURCE_FLAGS,
} from './flagTables.js';

export { DASHBOARD_FLAGS, IDENTITY_FLAGS, LIST_FLAGS, RECORD_FLAGS, SERVE_FLAGS, SOURCE_FLAGS };

/** What a command writes to and reads from; tests pass their own. */
export interface CommandIo {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  /** Stops a long-running command like SIGINT does (for tests and embedding). */
  signal?: AbortSignal;
  /** Wall-clock time and sleeping while a one-shot command waits for the rate budget (tests pass a virtual one). */
  timing?: { now(): number; sleep(ms: number, signal?: AbortSignal): Promise<void> };
}

export type RunCommand = (argv: string[], io: CommandIo) => Promise<number>;

export interface Command {
  name: string;
  /** `market ID` */
  usage: string;
  summary: string;
  /** Names of the positional arguments, required in order. */
  args: readonly string[];
  flags: FlagTable;
  load(): Promise<RunCommand>;
}

/**
 * The one-shots' flags: the source flags but `--data-url`, Polymarket's Data API, read only for positions (the
 * `positions` command and the dashboard); elsewhere it would be taken and ignored, so it is refused there
 * (naming where it applies: flagHomes.ts).
 */
const ONESHOT: FlagTable = {
  ...Object.fromEntries(Object.entries(SOURCE_FLAGS).filter(([k]) => k !== 'data-url')),
  ...OUTPUT_FLAGS,
  ...HELP_FLAGS,
};

/** `pairs` reads the platforms only: the source flags without the interface's (demo) and positions' ones. */
const PAIRS_SOURCE_FLAGS: FlagTable = {
  source: {
    type: 'string',
    arg: 'S',
    help: 'the venues to look on: a list (kalshi,polymarket) or all (default: the three platforms)',
  },
  // its own help: the shared one's "else the embedded demo" is not so here (pairs never runs the demo)
  'base-url': {
    type: 'string',
    arg: 'URL',
    multiple: true,
    help:
      "VENUE=URL: that venue's service instead of its public base (e.g. a replay), repeatable; a bare URL with one " +
      '--source venue',
  },
  ...Object.fromEntries(
    Object.entries(SOURCE_FLAGS).filter(([k]) => ['clob-url', 'rate', 'color', 'theme'].includes(k)),
  ),
};

export const COMMANDS: readonly Command[] = [
  {
    name: 'markets',
    usage: 'markets',
    summary: 'the market list (one page, or --all pages)',
    args: [],
    flags: {
      ...LIST_FLAGS,
      offset: { type: 'string', arg: 'N', help: 'skip this many markets, 0..10000' },
      all: { type: 'boolean', help: 'every page (limit 100 each, one request a page, within the rate budget)' },
      ...NDJSON_FLAG,
      ...ONESHOT,
    },
    load: async () => (await import('./oneshot/commands.js')).runMarkets,
  },
  {
    name: 'market',
    usage: 'market ID|ADDRESS',
    summary: "one market with its outcomes (an id, ticker, slug or the platform page's address)",
    args: ['ID'],
    flags: ONESHOT,
    load: async () => (await import('./oneshot/commands.js')).runMarket,
  },
  {
    name: 'quote',
    usage: 'quote ID|ADDRESS --outcome O --amount N [--action buy|sell]',
    summary: 'preview a trade: shares, average price, impact, fee',
    args: ['ID'],
    flags: {
      outcome: { type: 'string', arg: 'O', help: "the outcome's name or id" },
      amount: { type: 'string', arg: 'N', help: 'currency units, above 0, at most 1000000000' },
      action: { type: 'string', arg: 'A', help: 'buy | sell (default buy)' },
      ...ONESHOT,
    },
    load: async () => (await import('./oneshot/commands.js')).runQuote,
  },
  {
    name: 'events',
    usage: 'events',
    summary: 'the events with their markets',
    args: [],
    flags: { limit: { type: 'string', arg: 'N', help: 'events in the list, 1..100' }, ...NDJSON_FLAG, ...ONESHOT },
    load: async () => (await import('./oneshot/commands.js')).runEvents,
  },
  {
    name: 'event',
    usage: 'event ID|ADDRESS',
    summary: "one event with its markets (an id, ticker, slug or the platform page's address)",
    args: ['ID'],
    flags: ONESHOT,
    load: async () => (await import('./oneshot/commands.js')).runEvent,
  },
  {
    name: 'watch',
    usage: 'watch',
    summary: 'the markets you watch in the dashboard (w), each fetched by id',
    args: [],
    flags: { ...NDJSON_FLAG, ...ONESHOT },
    load: async () => (await import('./oneshot/watch.js')).runWatch,
  },
  {
    name: 'pairs',
    usage: 'pairs [MARKET]',
    summary: 'the same question on several venues: confirmed pairs and candidates, the gap and the gap after fees',
    args: ['MARKET?'],
    flags: {
      ...PAIRS_SOURCE_FLAGS,
      size: { type: 'string', arg: 'N', help: 'contracts the gap after fees is priced for (default 100)' },
      confirm: { type: 'string', arg: 'OTHER', help: 'with MARKET: keep MARKET and OTHER (venue:id) as a pair' },
      reject: { type: 'string', arg: 'OTHER', help: 'with MARKET: never propose MARKET and OTHER again' },
      ...OUTPUT_FLAGS,
      ...HELP_FLAGS,
    },
    load: async () => (await import('./oneshot/pairs.js')).runPairs,
  },
  {
    name: 'positions',
    usage: 'positions',
    summary:
      'your positions on each --source venue (Polymarket wallet, Manifold user, Kalshi key from KALSHI_API_KEY_ID ' +
      'and KALSHI_PRIVATE_KEY_PATH) and your paper positions, with value and P&L per currency',
    args: [],
    flags: { ...IDENTITY_FLAGS, ...NDJSON_FLAG, ...SOURCE_FLAGS, ...OUTPUT_FLAGS, ...HELP_FLAGS },
    load: async () => (await import('./oneshot/positions.js')).runPositions,
  },
  {
    name: 'serve',
    usage: 'serve',
    summary: 'the reference service with a live simulator (simulated data)',
    args: [],
    flags: SERVE_FLAGS,
    load: async () => (await import('./serve.js')).runServe,
  },
  {
    name: 'record',
    usage: 'record DIR',
    summary: "save a service's answers (paced within its rate limit, never the key) for serve --replay",
    args: ['DIR'],
    flags: RECORD_FLAGS,
    load: async () => (await import('./record.js')).runRecord,
  },
];

export const DASHBOARD: Command = {
  name: '',
  usage: '',
  summary: 'the dashboard (full screen; q quits)',
  args: [],
  flags: DASHBOARD_FLAGS,
  load: async () => (await import('./dashboard.js')).runDashboard,
};

export function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}
