/**
 * Every subcommand in one table: its name, positional arguments, flags (with
 * their help lines) and a lazy loader, so `oddsboard --version` or
 * `oddsboard market ID --json` never loads Ink or React.
 *
 * Adding a flag: one entry in the command's table below (parser, unknown-flag
 * check and help follow), then read `flags['the-name']` in the command.
 * Adding a subcommand: one entry in COMMANDS and a module exporting
 * `run(argv, io)`.
 */
import { CHAOS_PROFILES, RETRY_AFTER_KINDS } from '../server/chaosProfiles.js';
import type { FlagTable } from './parse.js';
import { IDENTITY_FLAGS } from './identityFlags.js';

export { IDENTITY_FLAGS };

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

const HELP_FLAGS: FlagTable = {
  help: { type: 'boolean', short: 'h', help: 'show this help' },
};

/** Where the data comes from; every command that talks to a service. */
export const SOURCE_FLAGS: FlagTable = {
  source: {
    type: 'string',
    arg: 'S',
    help:
      "public | polymarket | kalshi | manifold: the interface (default) or a platform's own API (docs/sources.md); " +
      'or a list (kalshi,polymarket) or all (the three platforms): lists ask each, one thing takes venue:ID',
  },
  'base-url': {
    type: 'string',
    arg: 'URL',
    multiple: true,
    help:
      'the service (default: ODDSBOARD_BASE_URL, the config file, else the embedded demo; a platform: its public ' +
      'base, e.g. a replay); VENUE=URL for one of several sources, repeatable',
  },
  'clob-url': {
    type: 'string',
    arg: 'URL',
    help: 'polymarket only: the CLOB base (default the real CLOB, or --base-url when only that is given)',
  },
  'data-url': {
    type: 'string',
    arg: 'URL',
    help: "polymarket only: the Data API's base, for positions (default the real one, or --base-url when alone)",
  },
  rate: {
    type: 'string',
    arg: 'N',
    help: "a platform's requests per minute (default about one a second; at most its documented limit)",
  },
  demo: { type: 'boolean', help: 'use the embedded demo service (simulated data) even when a base URL is configured' },
  speed: { type: 'string', arg: 'X', help: 'demo only: how much faster simulated time runs (default 1)' },
  seed: { type: 'string', arg: 'N', help: "demo only: the simulator's seed (default 1)" },
  color: { type: 'string', arg: 'WHEN', help: 'auto | always | never (default auto; NO_COLOR turns auto off)' },
  theme: {
    type: 'string',
    arg: 'T',
    help: 'dark | light: the palette for a dark or a white background (default dark)',
  },
};

/** The market list's parameters (the dashboard's starting list, `markets`). */
export const LIST_FLAGS: FlagTable = {
  query: { type: 'string', arg: 'TEXT', help: "search titles and categories (the service's q)" },
  status: { type: 'string', arg: 'S', help: 'active | closed | settling | resolved | all (default active)' },
  category: { type: 'string', arg: 'NAME', help: 'only this category' },
  sort: { type: 'string', arg: 'S', help: 'volume | newest | closing | liquidity (default volume)' },
  limit: { type: 'string', arg: 'N', help: 'markets in the list, 1..100' },
};

/** Output of the one-shot commands. */
const OUTPUT_FLAGS: FlagTable = {
  json: { type: 'boolean', help: 'print one JSON document (docs/commands.md); errors too, as {"error":…}' },
  wait: {
    type: 'boolean',
    shown: '--no-wait',
    help: 'exit 3 at once instead of waiting for a slot of the shared rate budget',
  },
};

const NDJSON_FLAG: FlagTable = {
  ndjson: { type: 'boolean', help: 'one JSON object a line, one per item' },
};

export const DASHBOARD_FLAGS: FlagTable = {
  ...SOURCE_FLAGS,
  ...LIST_FLAGS,
  bell: { type: 'boolean', shown: '--no-bell', help: 'no terminal bell when an alert fires (config: "bell": false)' },
  ...HELP_FLAGS,
  version: { type: 'boolean', short: 'v', help: 'print the version' },
};

export const SERVE_FLAGS: FlagTable = {
  source: {
    type: 'string',
    arg: 'S',
    help: "with --replay: answer on a platform's own routes (polymarket | kalshi | manifold; default public)",
  },
  port: { type: 'string', arg: 'N', help: 'port to listen on (default 8787; 0 = any free port)' },
  host: { type: 'string', arg: 'ADDR', help: 'address to bind (default 127.0.0.1, loopback only)' },
  seed: { type: 'string', arg: 'N', help: 'simulator seed, an integer (default 1)' },
  speed: { type: 'string', arg: 'X', help: 'simulated seconds per real second (default 1)' },
  keys: { type: 'string', arg: 'a,b', help: 'API keys the service accepts (visible in ps; demo use only)' },
  chaos: {
    type: 'string',
    arg: 'PROFILE',
    help: `misbehave on purpose: ${CHAOS_PROFILES.join(' ')} (docs/faults.md)`,
  },
  'chaos-after': {
    type: 'string',
    arg: 'S',
    help: 'with --chaos: seconds of normal service from the first request (default 30)',
  },
  'chaos-for': {
    type: 'string',
    arg: 'S',
    help: 'with --chaos: seconds the fault lasts (default for good; flap: each phase, 120)',
  },
  'chaos-path': {
    type: 'string',
    arg: 'PATH',
    help: 'with --chaos: only requests to this path meet the fault (e.g. --chaos 404 --chaos-path /tags)',
  },
  'chaos-retry-after': {
    type: 'string',
    arg: 'K',
    help: `with --chaos 429: ${RETRY_AFTER_KINDS.join(' | ')} (default seconds)`,
  },
  'log-requests': {
    type: 'boolean',
    help: 'print one line per request: req {"at","path","status","fault"} (never a header)',
  },
  replay: {
    type: 'string',
    arg: 'DIR',
    help:
      'serve the payloads recorded in DIR (by `oddsboard record`, or saved answers of a real service) instead of ' +
      'the simulator',
  },
  'as-recorded': {
    type: 'boolean',
    help:
      "with --replay: as of the recording — every time field moved forward by now − the recording's time, so what " +
      'was open then is open now',
  },
  'recorded-at': {
    type: 'string',
    arg: 'ISO',
    help:
      "with --as-recorded: when DIR was recorded (e.g. 2022-10-11T22:30:18Z; default: DIR/manifest.json's " +
      'recordedAt)',
  },
  ...HELP_FLAGS,
};

export const RECORD_FLAGS: FlagTable = {
  source: {
    type: 'string',
    arg: 'S',
    help: "public (default) | polymarket | kalshi | manifold: a platform's real routes, paced, never a key",
  },
  'base-url': {
    type: 'string',
    arg: 'URL',
    help: 'the service (default: ODDSBOARD_BASE_URL, then the config file; a platform: its documented base)',
  },
  pages: { type: 'string', arg: 'N', help: 'market list pages to save (default 1)' },
  limit: { type: 'string', arg: 'N', help: 'markets per page, 1..100 (default 100)' },
  status: { type: 'string', arg: 'S', help: "the list's status filter (default all)" },
  details: { type: 'string', arg: 'N', help: 'market details to save (default 20)' },
  events: { type: 'string', arg: 'N', help: "the events list's limit, 0 = none (default 50)" },
  'event-details': { type: 'string', arg: 'N', help: 'events named by the markets to save (default 10)' },
  ...IDENTITY_FLAGS,
  ...HELP_FLAGS,
};

const ONESHOT = { ...SOURCE_FLAGS, ...OUTPUT_FLAGS, ...HELP_FLAGS };

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
    summary: 'one market with its outcomes (an id, ticker, slug or the platform page’s address)',
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
    summary: 'one event with its markets (an id, ticker, slug or the platform page’s address)',
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
    load: async () => (await import('./oneshot/commands.js')).runWatch,
  },
  {
    name: 'pairs',
    usage: 'pairs [MARKET]',
    summary: 'the same question on several venues: confirmed pairs and candidates, the gap and the gap after fees',
    args: ['MARKET?'],
    flags: {
      source: {
        type: 'string',
        arg: 'a,b',
        help: 'the venues to look on: kalshi,polymarket,manifold (default all three)',
      },
      'base-url': { type: 'string', arg: 'v=URL,…', help: "each venue's base (a replay): kalshi=URL,polymarket=URL" },
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
      'your positions on the --source venue (Polymarket wallet, Manifold user, Kalshi key from KALSHI_API_KEY_ID and ' +
      'KALSHI_PRIVATE_KEY_PATH) and your paper positions, with value and P&L per currency',
    args: [],
    flags: { ...IDENTITY_FLAGS, ...NDJSON_FLAG, ...ONESHOT },
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
