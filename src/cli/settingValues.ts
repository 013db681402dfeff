/**
 * One setting's value checked by name, wherever it comes from (a flag, the environment, the config file, a one-shot
 * command's flags): the cleaned value, or a UsageError that says where the value came from.
 */
import { parseBaseUrl } from '../api/transport.js';
import { fromDecimal, fromDigits } from '../util/numbers.js';
import { LIMIT_MAX, SORTS, STATUS_FILTERS } from '../api/wire.js';
import { checkAlertCommand, checkAlerts } from './alertConfig.js';
import { afterName, UsageError } from './errors.js';
import { SOURCE_NAMES } from '../sources/names.js';
import { SOURCE_IDS, type SourceId } from '../sources/types.js';
import { sayable } from './nearest.js';
import { GLYPH_MODES, type GlyphMode } from '../ui/glyphs.js';

/** `--source all`: the three platforms, in this order. */
export const ALL_PLATFORMS: readonly SourceId[] = ['polymarket', 'kalshi', 'manifold'];

const isSourceId = (v: string): v is SourceId => (SOURCE_IDS as readonly string[]).includes(v);

export const COLOR_MODES = ['auto', 'always', 'never'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
export const THEMES = ['dark', 'light'] as const;
export type ThemeName = (typeof THEMES)[number];

/**
 * The board's glyphs from `--ascii` / `--unicode` (the config file's `"glyphs"` is checked by checkValue); neither
 * leaves them to the locale (src/ui/glyphs.ts). Both at once is a usage error.
 */
export function glyphsOfFlags(
  flags: Partial<Record<string, unknown>>,
  names: readonly string[],
): { glyphs?: GlyphMode } {
  if (flags.ascii === true && flags.unicode === true) throw new UsageError('--ascii and --unicode: give one');
  if (names.includes('ascii') && flags.ascii === true) return { glyphs: 'ascii' };
  if (names.includes('unicode') && flags.unicode === true) return { glyphs: 'unicode' };
  return {};
}

/** Whose positions (issue #28): the settings a dashboard may do without when their value is not one. */
export const IDENTITY_KEYS = ['polymarketWallet', 'manifoldUser'] as const;
export type IdentityKey = (typeof IDENTITY_KEYS)[number];
/** Each identity given that is not one: the problem as checkValue says it (where it came from, never the value). */
export type IdentityProblems = Partial<Record<IdentityKey, string>>;
/** The venue whose positions each identity names. */
export const IDENTITY_VENUE: Readonly<Record<IdentityKey, SourceId>> = {
  polymarketWallet: 'polymarket',
  manifoldUser: 'manifold',
};

/** The problems of the identities of the venues among `sources` (those read), and of the others (ignored). */
export function identityProblemsBy(
  problems: IdentityProblems | undefined,
  sources: readonly SourceId[],
): { read: string[]; ignored: string[] } {
  const out = { read: [] as string[], ignored: [] as string[] };
  for (const key of IDENTITY_KEYS) {
    const problem = problems?.[key];
    if (problem === undefined) continue;
    const venue = IDENTITY_VENUE[key];
    if (sources.includes(venue)) out.read.push(problem);
    else out.ignored.push(`${problem}; ignored: ${SOURCE_NAMES[venue]} is not among --source ${sources.join(',')}`);
  }
  return out;
}

/**
 * checkValue, except that with `problems` a wallet or username that is not one is noted there (and undefined
 * returned) instead of thrown: the dashboard says it in a notice and goes on without that venue's positions
 * (docs/positions.md); everything else stays a UsageError.
 */
export function checkOrNote(key: string, value: unknown, where: string, problems?: IdentityProblems): unknown {
  if (problems === undefined || !(IDENTITY_KEYS as readonly string[]).includes(key))
    return checkValue(key, value, where);
  try {
    return checkValue(key, value, where);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    problems[key as IdentityKey] = e.message;
    return undefined;
  }
}

/** Checks one value by name; the message says where it came from. Returns the cleaned value. */
export function checkValue(key: string, value: unknown, where: string): unknown {
  const fail = (what: string): never => {
    throw new UsageError(`${where}: ${what}`);
  };
  switch (key) {
    case 'source':
      if (typeof value !== 'string' || !(SOURCE_IDS as readonly string[]).includes(value))
        return fail(`source must be one of ${SOURCE_IDS.join(', ')}`);
      return value;
    case 'sources': {
      // `kalshi,polymarket`, `all` (the three platforms), or a JSON list of those words; order kept, repeats dropped
      const words =
        typeof value === 'string'
          ? value.split(',').map((w) => w.trim())
          : Array.isArray(value) && value.every((w) => typeof w === 'string')
            ? (value as string[]).map((w) => w.trim())
            : undefined;
      const expected = `sources must be a list of ${SOURCE_IDS.join(', ')} (or all: the three platforms)`;
      if (words === undefined || words.length === 0) return fail(expected);
      // `--source ,kalshi`, `kalshi,,polymarket`: said only what a list holds, not what was wrong with this one
      if (words.some((w) => w === '')) return fail(`a name in the list is empty; ${expected}`);
      const out: SourceId[] = [];
      for (const w of words) {
        const ids = w === 'all' ? ALL_PLATFORMS : isSourceId(w) ? [w] : undefined;
        if (ids === undefined) return fail(`${sayable(w) ? `"${w}" is not a source; ` : ''}${expected}`);
        for (const id of ids) if (!out.includes(id)) out.push(id);
      }
      return out;
    }
    case 'baseUrls': {
      // the config file's {"kalshi": "http://127.0.0.1:9000/trade-api/v2", …}
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return fail('baseUrls must be an object like {"kalshi": "https://..."}');
      const out: Partial<Record<SourceId, string>> = {};
      for (const [venue, url] of Object.entries(value as Record<string, unknown>)) {
        if (!isSourceId(venue))
          return fail(
            `baseUrls: ${sayable(venue) ? `"${venue}" is not a source; ` : ''}name one of ${SOURCE_IDS.join(', ')}`,
          );
        out[venue] = checkValue('baseUrl', url, `${where}: baseUrls.${venue}`) as string;
      }
      return out;
    }
    case 'rate': {
      const n = fromDigits(value);
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 6000)
        return fail('rate must be a whole number of requests per minute from 1 to 6000');
      return n;
    }
    case 'polymarketWallet':
      // a Polygon address: public, not a secret (Polymarket shows every wallet's positions)
      if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(value.trim()))
        return fail('a Polymarket wallet is 0x followed by 40 hex digits (your profile address)');
      return value.trim().toLowerCase();
    case 'manifoldUser':
      if (typeof value !== 'string' || !/^[A-Za-z0-9_]{1,40}$/.test(value.trim()))
        return fail('a Manifold username is letters, digits and _ (the name in your profile URL)');
      return value.trim();
    case 'dataUrl':
    case 'clobUrl':
    case 'baseUrl': {
      if (typeof value !== 'string' || value.trim() === '') return fail('base URL must be a non-empty string');
      try {
        // the client's own rules: https, or http only to loopback; no credentials, query or fragment
        parseBaseUrl(value);
      } catch (e) {
        return fail(afterName((e as Error).message));
      }
      return new URL(value.trim()).toString().replace(/\/+$/, '');
    }
    case 'status':
      if (typeof value !== 'string' || !(STATUS_FILTERS as readonly string[]).includes(value))
        return fail(`status must be one of ${STATUS_FILTERS.join(', ')}`);
      return value;
    case 'sort':
      if (typeof value !== 'string' || !(SORTS as readonly string[]).includes(value))
        return fail(`sort must be one of ${SORTS.join(', ')}`);
      return value;
    case 'query':
    case 'category':
      if (typeof value !== 'string') return fail(`${key} must be a string`);
      if (value.length > 200) return fail(`${key} is too long (at most 200 characters)`);
      return value.trim();
    case 'limit': {
      const n = fromDigits(value);
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > LIMIT_MAX)
        return fail(`limit must be a whole number from 1 to ${LIMIT_MAX}`);
      return n;
    }
    case 'seed': {
      const n = fromDigits(value);
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 2 ** 32 - 1)
        return fail('seed must be a whole number from 0 to 4294967295');
      return n;
    }
    case 'speed': {
      const n = fromDecimal(value);
      // slower than 0.01, a market closing in months is reported after the last date a Date holds: every answer a 500
      if (typeof n !== 'number' || !Number.isFinite(n) || n < 0.01 || n > 10_000)
        return fail('speed must be a number from 0.01 to 10000');
      return n;
    }
    case 'moversThreshold': {
      const n = fromDecimal(value);
      if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 100)
        return fail('moversThreshold must be a number of cents from 0 to 100 (2 lists moves of 2 cents or more)');
      return n;
    }
    case 'demo':
    case 'bell':
      if (typeof value !== 'boolean') return fail(`${key} must be true or false`);
      return value;
    case 'color':
      if (typeof value !== 'string' || !(COLOR_MODES as readonly string[]).includes(value))
        return fail(`color must be one of ${COLOR_MODES.join(', ')}`);
      return value;
    case 'theme':
      if (typeof value !== 'string' || !(THEMES as readonly string[]).includes(value))
        return fail(`theme must be one of ${THEMES.join(', ')}`);
      return value;
    case 'glyphs':
      if (typeof value !== 'string' || !(GLYPH_MODES as readonly string[]).includes(value))
        return fail(`glyphs must be one of ${GLYPH_MODES.join(', ')}`);
      return value;
    case 'alerts': {
      const r = checkAlerts(value);
      return r.ok ? r.value : fail(r.problem);
    }
    case 'alertCommand': {
      const r = checkAlertCommand(value);
      return r.ok ? r.value : fail(r.problem);
    }
    default:
      return fail(`unknown setting${sayable(key) ? ` "${key}"` : ''}`);
  }
}

/**
 * `--base-url` values: a bare URL (the one source's service) or `venue=URL` (that venue's), the flag repeatable (or
 * several `venue=URL` in one value, separated by commas).
 * Two bare URLs, or one venue named twice, is a usage error.
 */
export function readBaseUrlFlag(
  values: readonly string[],
  where: string,
): { baseUrl?: string; baseUrls?: Partial<Record<SourceId, string>> } {
  let baseUrl: string | undefined;
  const baseUrls: Partial<Record<SourceId, string>> = {};
  // `kalshi=URL,polymarket=URL` in one value is the same as the flag given twice
  const venueAfterComma = new RegExp(`,(?=\\s*(?:${SOURCE_IDS.join('|')})=)`);
  for (const raw of values.flatMap((v) => v.split(venueAfterComma))) {
    const m = /^([a-z]+)=(.*)$/s.exec(raw.trim());
    if (m && isSourceId(m[1]!)) {
      const venue = m[1] as SourceId;
      if (baseUrls[venue] !== undefined) throw new UsageError(`${where}: ${venue} is given more than once`);
      baseUrls[venue] = checkValue('baseUrl', m[2], `${where} ${venue}=`) as string;
    } else if (m && sayable(m[1]!) && !/^[a-z]+:/.test(raw.trim())) {
      throw new UsageError(`${where}: "${m[1]}" is not a source (write ${SOURCE_IDS.join('|')}=URL)`);
    } else {
      if (baseUrl !== undefined)
        throw new UsageError(`${where}: two base URLs without a venue; write --base-url VENUE=URL for each`);
      baseUrl = checkValue('baseUrl', raw, where) as string;
    }
  }
  return {
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(Object.keys(baseUrls).length ? { baseUrls } : {}),
  };
}

/** Where each setting given came from, as messages name it: `--rate`, `ODDSBOARD_BASE_URL`, the config file's key. */
export type Origins = Partial<Record<string, string>>;

const FLAG_OF: Partial<Record<string, string>> = { source: '--source', sources: '--source', baseUrls: '--base-url' };
const ENV_OF: Partial<Record<string, string>> = {
  sources: 'ODDSBOARD_SOURCE',
  baseUrl: 'ODDSBOARD_BASE_URL',
  polymarketWallet: 'ODDSBOARD_POLYMARKET_WALLET',
  manifoldUser: 'ODDSBOARD_MANIFOLD_USER',
};

/** Each setting's origin: the highest layer (flags, then environment, then the config file at `path`) that gives it. */
export function originsOf(flags: object, env: object, file: object, path: string): Origins {
  const out: Origins = {};
  for (const key of Object.keys(file)) out[key] = `"${key}" in the config file ${path}`;
  for (const key of Object.keys(env)) out[key] = ENV_OF[key] ?? key;
  for (const key of Object.keys(flags))
    out[key] = FLAG_OF[key] ?? `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  delete out.identityProblems;
  return out;
}

/** Where the setting `key` came from; its flag when the settings do not say (settings made by hand). */
export function originOf(settings: { origins?: Origins }, key: string, flag: string): string {
  return settings.origins?.[key] ?? flag;
}

/**
 * The interface's key from ODDSBOARD_API_KEY (the only place it is read), trimmed; undefined when unset or empty.
 * Never echoed: a key of blanks only is a mistake (a paste gone wrong), not a wish for anonymous access, and one a
 * header cannot carry is refused, each naming the variable alone.
 */
export function apiKeyOf(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.ODDSBOARD_API_KEY;
  if (raw === undefined || raw === '') return undefined;
  const key = raw.trim();
  if (key === '')
    throw new UsageError(
      'ODDSBOARD_API_KEY is set but blank (spaces only): set your key there, or unset it for anonymous access',
    );
  if (!/^[\x21-\x7e]+$/.test(key))
    throw new UsageError('ODDSBOARD_API_KEY contains spaces or characters that cannot be sent in a header');
  return key;
}
