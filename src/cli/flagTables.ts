/**
 * The flag tables the commands share (src/cli/commands.ts puts them together per command): each flag once, with its
 * help line; the parser, the unknown-flag check and `--help` follow from them.
 */
import { CHAOS_PROFILES, RETRY_AFTER_KINDS } from '../server/chaosProfiles.js';
import type { FlagTable } from './parse.js';
import { IDENTITY_FLAGS } from './identityFlags.js';

export const HELP_FLAGS: FlagTable = {
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
  speed: { type: 'string', arg: 'X', help: 'demo only: how much faster simulated time runs, 0.01..10000 (default 1)' },
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
export const OUTPUT_FLAGS: FlagTable = {
  json: { type: 'boolean', help: 'print one JSON document (docs/commands.md); errors too, as {"error":...}' },
  wait: {
    type: 'boolean',
    shown: '--no-wait',
    help: 'exit 3 at once instead of waiting for a slot of the shared rate budget',
  },
};

export const NDJSON_FLAG: FlagTable = {
  ndjson: { type: 'boolean', help: 'one JSON object a line, one per item' },
};

export const DASHBOARD_FLAGS: FlagTable = {
  ...SOURCE_FLAGS,
  ...LIST_FLAGS,
  bell: { type: 'boolean', shown: '--no-bell', help: 'no terminal bell when an alert fires (config: "bell": false)' },
  ascii: { type: 'boolean', help: 'ASCII stand-ins for the glyphs (default when the locale is not UTF-8: LANG=C)' },
  unicode: { type: 'boolean', help: 'Unicode glyphs whatever the locale (config: "glyphs": "ascii" | "unicode")' },
  // whose positions the Positions view reads (README: `--polymarket-wallet 0x…`, `--manifold-user NAME`)
  ...IDENTITY_FLAGS,
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
  speed: { type: 'string', arg: 'X', help: 'simulated seconds per real second, 0.01..10000 (default 1)' },
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
    help: 'with --chaos: seconds the fault lasts, from 1 (default for good; flap: each phase, 120)',
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
      "with --replay: as of the recording: every time field moved forward by now - the recording's time, so what " +
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
  limit: { type: 'string', arg: 'N', help: 'the interface: markets per page, 1..100 (default 100)' },
  status: { type: 'string', arg: 'S', help: "the interface: the list's status filter (default all)" },
  details: { type: 'string', arg: 'N', help: 'market details to save (default 20)' },
  events: { type: 'string', arg: 'N', help: "the events list's limit, 0 = none (default 50)" },
  'event-details': { type: 'string', arg: 'N', help: 'events named by the markets to save (default 10)' },
  ...IDENTITY_FLAGS,
  ...HELP_FLAGS,
};
