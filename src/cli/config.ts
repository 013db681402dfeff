import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import envPaths from 'env-paths';
import { parseBaseUrl } from '../api/transport.js';
import { LIMIT_MAX, SORTS, STATUS_FILTERS } from '../api/wire.js';

/**
 * Settings of the dashboard, merged from (highest first) flags, environment,
 * the config file and defaults. The API key comes from the environment only.
 */
export interface Settings {
  baseUrl?: string;
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
  apiKey?: string;
  /** Where the config file was looked for, and whether it was there. */
  configPath: string;
  configFound: boolean;
}

/** The part a person may set in a flag or the config file. */
export type SettingsInput = Partial<Pick<Settings, 'baseUrl' | 'demo' | 'query' | 'status' | 'category' | 'sort' | 'limit' | 'speed' | 'seed' | 'moversThreshold'>>;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const DEFAULTS = { demo: false, query: '', status: 'active', category: '', sort: 'volume', limit: 50, speed: 1, seed: 1, moversThreshold: 2 } as const;

const FILE_KEYS = ['baseUrl', 'query', 'status', 'category', 'sort', 'limit', 'speed', 'seed', 'moversThreshold'] as const;

export function defaultConfigPath(env: NodeJS.ProcessEnv): string {
  if (env.ODDSBOARD_CONFIG) return env.ODDSBOARD_CONFIG;
  // env-paths reads XDG_CONFIG_HOME from process.env; honour the env we were given.
  const base = env.XDG_CONFIG_HOME ? join(env.XDG_CONFIG_HOME, 'oddsboard') : envPaths('oddsboard', { suffix: '' }).config;
  return join(base, 'config.json');
}

/** Checks one value by name; the message says where it came from. Returns the cleaned value. */
export function checkValue(key: string, value: unknown, where: string): unknown {
  const fail = (what: string): never => {
    throw new UsageError(`${where}: ${what}`);
  };
  switch (key) {
    case 'baseUrl': {
      if (typeof value !== 'string' || value.trim() === '') return fail('base URL must be a non-empty string');
      try {
        parseBaseUrl(value); // the client's own rules: https, or http only to loopback; no credentials, query or fragment
      } catch (e) {
        return fail((e as Error).message);
      }
      return new URL(value.trim()).toString().replace(/\/+$/, '');
    }
    case 'status':
      if (typeof value !== 'string' || !(STATUS_FILTERS as readonly string[]).includes(value)) return fail(`status must be one of ${STATUS_FILTERS.join(', ')}`);
      return value;
    case 'sort':
      if (typeof value !== 'string' || !(SORTS as readonly string[]).includes(value)) return fail(`sort must be one of ${SORTS.join(', ')}`);
      return value;
    case 'query':
    case 'category':
      if (typeof value !== 'string') return fail(`${key} must be a string`);
      if (value.length > 200) return fail(`${key} is too long (at most 200 characters)`);
      return value.trim();
    case 'limit': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > LIMIT_MAX) return fail(`limit must be a whole number from 1 to ${LIMIT_MAX}`);
      return n;
    }
    case 'seed': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 2 ** 32 - 1) return fail('seed must be a whole number from 0 to 4294967295');
      return n;
    }
    case 'speed': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0 || n > 10_000) return fail('speed must be a number above 0 and at most 10000');
      return n;
    }
    case 'moversThreshold': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 100) return fail('moversThreshold must be a number of cents from 0 to 100 (2 lists moves of 2¢ or more)');
      return n;
    }
    case 'demo':
      if (typeof value !== 'boolean') return fail('demo must be true or false');
      return value;
    default:
      return fail(`unknown setting "${key}"`);
  }
}

/** Reads and checks the config file; a missing file is fine, a broken one is a UsageError naming the file. */
export function readConfigFile(path: string): { found: boolean; values: SettingsInput } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { found: false, values: {} };
    throw new UsageError(`config file ${path}: cannot be read (${code ?? 'error'})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`config file ${path}: not valid JSON (${(e as Error).message})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError(`config file ${path}: must be a JSON object like {"sort": "volume"}`);
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (key === 'apiKey' || key === 'key' || key === 'api_key') {
      throw new UsageError(`config file ${path}: "${key}" is not read from files; set ODDSBOARD_API_KEY in the environment instead`);
    }
    if (!(FILE_KEYS as readonly string[]).includes(key)) throw new UsageError(`config file ${path}: unknown setting "${key}" (known: ${FILE_KEYS.join(', ')})`);
    values[key] = checkValue(key, value, `config file ${path}`);
  }
  return { found: true, values: values as SettingsInput };
}

/** Flags over environment over file over defaults. */
export function resolveSettings(flags: SettingsInput, env: NodeJS.ProcessEnv): Settings {
  const configPath = defaultConfigPath(env);
  const file = readConfigFile(configPath);
  const fromEnv: SettingsInput = {};
  if (env.ODDSBOARD_BASE_URL && env.ODDSBOARD_BASE_URL.trim() !== '') fromEnv.baseUrl = checkValue('baseUrl', env.ODDSBOARD_BASE_URL, 'ODDSBOARD_BASE_URL') as string;
  const merged = { ...DEFAULTS, ...file.values, ...fromEnv, ...definedOnly(flags) };
  const apiKey = env.ODDSBOARD_API_KEY?.trim();
  if (apiKey !== undefined && apiKey !== '' && !/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new UsageError('ODDSBOARD_API_KEY contains spaces or characters that cannot be sent in a header');
  }
  const settings: Settings = { ...merged, configPath, configFound: file.found };
  if (apiKey) settings.apiKey = apiKey;
  if (settings.demo) delete settings.baseUrl;
  return settings;
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
