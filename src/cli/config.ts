import { UsageError } from './errors.js';

export { UsageError };
import type { AlertRule } from '../store/watchTypes.js';
import type { SourceId } from '../sources/types.js';

/**
 * Settings of the dashboard, merged from (highest first) flags, environment,
 * the config file and defaults. The API key comes from the environment only.
 */
export interface Settings {
  /**
   * Where the data comes from: the interface (`public`, the default) or a platform's own API (docs/sources.md). With
   * several sources, the first of `sources` (the one-shot commands take one).
   */
  source: SourceId;
  /** Every source the dashboard shows, in the order given, no repeats (docs/configuration.md); [source] for one. */
  sources: SourceId[];
  /** The service of the one source; with several, unset (each venue's is in `baseUrls`). */
  baseUrl?: string;
  /** Each venue's own service (`--base-url kalshi=URL`, the config file's `"baseUrls"`). */
  baseUrls?: Partial<Record<SourceId, string>>;
  /** Polymarket: the CLOB's base (default the real CLOB; the --base-url when only that is given). */
  clobUrl?: string;
  /** Polymarket: the Data API's base (positions; default the real one, or --base-url when only that is given). */
  dataUrl?: string;
  /** Whose positions to show (issue #28): a Polymarket wallet, a Manifold username. Public names, not secrets. */
  polymarketWallet?: string;
  manifoldUser?: string;
  /**
   * The dashboard's only (resolveSettings with `lenientIdentities`): a wallet or username given that is not one, by
   * the highest layer naming it — that venue's positions are not read and a notice says why (docs/positions.md).
   */
  identityProblems?: IdentityProblems;
  /** Requests per minute spent on a platform (default its polite cadence, at most its documented limit). */
  rate?: number;
  demo: boolean;
  query: string;
  status: string;
  category: string;
  sort: string;
  limit: number;
  /** Simulator speed factor in demo mode. */
  speed: number;
  /** Movers lists moves of at least this many cents (config file only; default 2). */
  moversThreshold: number;
  seed: number;
  /** Colour: `auto` (a terminal, and NO_COLOR unset or empty), `always`, `never`. */
  color: ColorMode;
  theme: ThemeName;
  glyphs?: 'unicode' | 'ascii';
  /** The watcher (docs/watcher.md): alerts from the config file, the command run when one fires, the terminal bell. */
  alerts: AlertRule[];
  alertCommand?: string[];
  bell: boolean;
  apiKey?: string;
  /** Where each setting given came from, for messages (settingValues.originOf). */
  origins?: Origins;
  /** Where the config file was looked for, and whether it was there. */
  configPath: string;
  configFound: boolean;
}

/** The part a person may set in a flag or the config file. */
export type SettingsInput = Partial<
  Pick<
    Settings,
    | 'source'
    | 'sources'
    | 'baseUrl'
    | 'baseUrls'
    | 'clobUrl'
    | 'dataUrl'
    | 'polymarketWallet'
    | 'manifoldUser'
    | 'identityProblems'
    | 'rate'
    | 'demo'
    | 'query'
    | 'status'
    | 'category'
    | 'sort'
    | 'limit'
    | 'speed'
    | 'seed'
    | 'color'
    | 'theme'
    | 'glyphs'
    | 'alerts'
    | 'alertCommand'
    | 'bell'
    | 'moversThreshold'
  >
>;

export { COLOR_MODES, THEMES, checkValue, type ColorMode, type ThemeName } from './settingValues.js';
import {
  checkOrNote,
  checkValue,
  glyphsOfFlags,
  IDENTITY_KEYS,
  identityProblemsBy,
  originsOf,
  readBaseUrlFlag,
  type Origins,
  type ColorMode,
  type IdentityProblems,
  type ThemeName,
} from './settingValues.js';
import { checkDemoFlags, checkSeveral, ownValues, sourcesOf } from './venueSettings.js';
export { venueSettings } from './venueSettings.js';
export { CONFIG_MAX_BYTES, defaultConfigPath, readConfigFile } from './configFile.js';
import { defaultConfigPath, readConfigFile } from './configFile.js';
import { apiKeyOf } from './settingValues.js';

/** A config file as readConfigFile reads it. */
export type ConfigFile = ReturnType<typeof readConfigFile>;

export const DEFAULTS = {
  source: 'public',
  demo: false,
  query: '',
  status: 'active',
  category: '',
  sort: 'volume',
  limit: 50,
  speed: 1,
  seed: 1,
  color: 'auto',
  theme: 'dark',
  bell: true,
  moversThreshold: 2,
} as const;

const IDENTITY_ENV: ReadonlyArray<readonly [string, 'polymarketWallet' | 'manifoldUser']> = [
  ['ODDSBOARD_POLYMARKET_WALLET', 'polymarketWallet'],
  ['ODDSBOARD_MANIFOLD_USER', 'manifoldUser'],
];

/**
 * Flags over environment over file over defaults. A wallet or username that is not one, from any layer, is kept in
 * `identityProblems`; unless `lenientIdentities` (the dashboard, and the commands that read no positions) it is a
 * usage error when its venue is among the sources — one whose venue is not is ignored (`identityProblemsBy`).
 * `file`: the config file as read already (`readConfigFile(defaultConfigPath(env), true)`), for a caller that
 * resolves several venues' settings from one read (`oddsboard pairs`).
 */
export function resolveSettings(
  flags: SettingsInput,
  env: NodeJS.ProcessEnv,
  { lenientIdentities = false, file: read }: { lenientIdentities?: boolean; file?: ConfigFile } = {},
): Settings {
  const configPath = defaultConfigPath(env);
  const file = read ?? readConfigFile(configPath, true);
  const envProblems: IdentityProblems = {};
  const fromEnv: SettingsInput = {};
  if (env.ODDSBOARD_SOURCE && env.ODDSBOARD_SOURCE.trim() !== '')
    fromEnv.sources = checkValue('sources', env.ODDSBOARD_SOURCE.trim(), 'ODDSBOARD_SOURCE') as SourceId[];
  if (env.ODDSBOARD_BASE_URL && env.ODDSBOARD_BASE_URL.trim() !== '')
    fromEnv.baseUrl = checkValue('baseUrl', env.ODDSBOARD_BASE_URL, 'ODDSBOARD_BASE_URL') as string;
  for (const [name, key] of IDENTITY_ENV) {
    const v = env[name];
    if (v === undefined || v.trim() === '') continue;
    const checked = checkOrNote(key, v, name, envProblems);
    if (checked !== undefined) (fromEnv as Record<string, unknown>)[key] = checked;
  }
  if (Object.keys(envProblems).length) fromEnv.identityProblems = envProblems;
  const given = definedOnly(flags);
  // the highest layer that names sources names all of them (a flag's list replaces the config file's)
  const sources = sourcesOf(given) ?? sourcesOf(fromEnv) ?? sourcesOf(file.values) ?? [DEFAULTS.source];
  // a lower layer's venue-bound values belong to the sources it names, not to a higher layer's others
  const fileOwn = ownValues(file.values, sources, `in the config file ${configPath}`);
  const envOwn = ownValues(fromEnv, sources, 'in the environment');
  const {
    source: _s,
    sources: _ss,
    baseUrls: _b,
    identityProblems: _p,
    ...plain
  } = { ...fileOwn.layer, ...envOwn.layer, ...given };
  const merged = { ...DEFAULTS, ...plain };
  const apiKey = apiKeyOf(env);
  const settings: Settings = {
    alerts: [],
    ...merged,
    source: sources[0]!,
    sources,
    configPath,
    configFound: file.found,
    origins: originsOf(given, envOwn.layer, fileOwn.layer, configPath),
  };
  delete settings.baseUrl;
  const baseUrls: Partial<Record<SourceId, string>> = {
    ...fileOwn.moved,
    ...envOwn.moved,
    ...file.values.baseUrls,
    ...given.baseUrls,
  };
  for (const venue of Object.keys(given.baseUrls ?? {}) as SourceId[])
    if (!sources.includes(venue))
      throw new UsageError(`--base-url ${venue}=URL: ${venue} is not among the sources (--source ${String(sources)})`);
  if (sources.length === 1) {
    const url = baseUrls[sources[0]!] ?? merged.baseUrl;
    if (url !== undefined) settings.baseUrl = url;
  } else {
    checkSeveral(settings, given, merged.baseUrl, baseUrls);
    const kept = Object.fromEntries(Object.entries(baseUrls).filter(([v]) => sources.includes(v as SourceId)));
    if (Object.keys(kept).length) settings.baseUrls = kept;
  }
  if (apiKey) settings.apiKey = apiKey;
  const problems = identityProblemsOf([given, fromEnv, file.values]);
  for (const key of Object.keys(problems) as (keyof IdentityProblems)[]) delete settings[key];
  if (Object.keys(problems).length) settings.identityProblems = problems;
  const used = identityProblemsBy(problems, sources).read[0];
  if (!lenientIdentities && used !== undefined) throw new UsageError(used);
  if (settings.demo) {
    delete settings.baseUrl;
    if (settings.baseUrls) delete settings.baseUrls.public;
  }
  checkDemoFlags(settings, given);
  return settings;
}

/** For each identity, the problem of the highest layer that names it, if that layer's value was not one. */
function identityProblemsOf(layers: readonly SettingsInput[]): IdentityProblems {
  const out: IdentityProblems = {};
  for (const key of IDENTITY_KEYS) {
    const top = layers.find((l) => l[key] !== undefined || l.identityProblems?.[key] !== undefined);
    const problem = top?.[key] === undefined ? top?.identityProblems?.[key] : undefined;
    if (problem !== undefined) out[key] = problem;
  }
  return out;
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Flag name → setting, for every flag that is a setting (`--source` and `--base-url` are read on their own). */
const FLAG_SETTINGS: Readonly<Record<string, keyof SettingsInput>> = {
  'clob-url': 'clobUrl',
  'data-url': 'dataUrl',
  'polymarket-wallet': 'polymarketWallet',
  'manifold-user': 'manifoldUser',
  rate: 'rate',
  demo: 'demo',
  query: 'query',
  status: 'status',
  category: 'category',
  sort: 'sort',
  limit: 'limit',
  speed: 'speed',
  seed: 'seed',
  color: 'color',
  theme: 'theme',
  bell: 'bell',
};

/**
 * The settings among parsed flags (only the flag names listed in `names`), each checked; messages name the flag.
 * `lenientIdentities` (the dashboard): a wallet or username that is not one goes into `identityProblems`.
 */
export function settingsFromFlags(
  flags: Partial<Record<string, string | boolean | string[]>>,
  names: readonly string[],
  lenientIdentities = false,
): SettingsInput {
  const out: Record<string, unknown> = {};
  const problems: IdentityProblems | undefined = lenientIdentities ? {} : undefined;
  Object.assign(out, glyphsOfFlags(flags, names));
  const source = flags.source;
  if (names.includes('source') && typeof source === 'string') {
    // one word stays `source` (what a one-venue caller reads); a list is `sources`
    const list = checkValue('sources', source, '--source') as SourceId[];
    if (list.length === 1 && !/[,]|^all$/.test(source.trim())) out.source = list[0];
    else out.sources = list;
  }
  const base = flags['base-url'];
  if (names.includes('base-url') && base !== undefined && typeof base !== 'boolean')
    Object.assign(out, readBaseUrlFlag(typeof base === 'string' ? [base] : base, '--base-url'));
  for (const name of names) {
    const key = FLAG_SETTINGS[name];
    const value = flags[name];
    if (key === undefined || value === undefined) continue;
    const checked = checkOrNote(key, value, `--${name}`, problems);
    if (checked !== undefined) out[key] = checked;
  }
  if (problems && Object.keys(problems).length) out.identityProblems = problems;
  return out as SettingsInput;
}

/**
 * Whether oddsboard colours its output: `always` / `never` as said; `auto` only on a terminal
 * whose TERM is not `dumb`, and never while NO_COLOR is set to anything but the empty string
 * (no-color.org: a flag or the config file saying `always` wins over NO_COLOR).
 */
export function colorEnabled(mode: ColorMode, env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (mode !== 'auto') return mode === 'always';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return isTTY && env.TERM !== 'dumb';
}
