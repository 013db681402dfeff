/**
 * The config file (docs/configuration.md#the-config-file): where it is, and reading it — a missing file is fine, a
 * broken one is a UsageError naming the file and the line or setting, never its text (it may hold a key).
 */
import { join } from 'node:path';
import envPaths from 'env-paths';
import { FileProblem, readFix, readTextFile } from '../util/files.js';
import { jsonErrorOffset, lineColumn, topLevelKeyOffsets, topLevelKeys } from '../util/jsonError.js';
import { UsageError } from './errors.js';
import { unknownKey } from './nearest.js';
import { checkOrNote, type IdentityProblems } from './settingValues.js';
import type { SettingsInput } from './config.js';

const FILE_KEYS = [
  'source',
  'sources',
  'baseUrl',
  'baseUrls',
  'clobUrl',
  'dataUrl',
  'polymarketWallet',
  'manifoldUser',
  'rate',
  'query',
  'status',
  'category',
  'sort',
  'limit',
  'speed',
  'seed',
  'color',
  'theme',
  'glyphs',
  'alerts',
  'alertCommand',
  'bell',
  'moversThreshold',
] as const;

/** A config file is a few hundred bytes; anything near this is not one. */
export const CONFIG_MAX_BYTES = 64 * 1024;

export function defaultConfigPath(env: NodeJS.ProcessEnv): string {
  if (env.ODDSBOARD_CONFIG) return env.ODDSBOARD_CONFIG;
  // env-paths reads XDG_CONFIG_HOME from process.env; honour the env we were given.
  const base = env.XDG_CONFIG_HOME
    ? join(env.XDG_CONFIG_HOME, 'oddsboard')
    : envPaths('oddsboard', { suffix: '' }).config;
  return join(base, 'config.json');
}

/** Where the file stops being JSON, as "line L, column C" (never its text). */
function jsonErrorPlace(text: string): string {
  const at = jsonErrorOffset(text);
  if (at >= text.length) return 'it ends too early';
  const { line, column } = lineColumn(text, Math.max(0, at));
  return `line ${line}, column ${column}`;
}

/**
 * Reads and checks the config file; a missing file is fine, a broken one is a UsageError naming the
 * file and the line or setting — never the file's text, which may hold a key. Only a regular file of
 * at most CONFIG_MAX_BYTES is read (never a FIFO or a device); a UTF-8 BOM is accepted. `lenientIdentities` (the
 * dashboard): a wallet or username that is not one is kept in `identityProblems` instead (settingValues.checkOrNote).
 */
export function readConfigFile(path: string, lenientIdentities = false): { found: boolean; values: SettingsInput } {
  let text: string;
  try {
    text = readTextFile(path, CONFIG_MAX_BYTES);
  } catch (e) {
    if (e instanceof FileProblem) {
      if (e.reason === 'missing') return { found: false, values: {} };
      if (e.reason === 'not_regular') throw new UsageError(`config file ${path}: not a regular file`);
      if (e.reason === 'too_large')
        throw new UsageError(`config file ${path}: larger than ${CONFIG_MAX_BYTES / 1024} KiB`);
      throw new UsageError(`config file ${e.message}: ${readFix(e)}`);
    }
    throw new UsageError(`config file ${path}: cannot be read`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UsageError(`config file ${path}: not valid JSON (${jsonErrorPlace(text)})`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new UsageError(`config file ${path}: must be a JSON object like {"sort": "volume"}`);
  const values: Record<string, unknown> = {};
  const problems: IdentityProblems | undefined = lenientIdentities ? {} : undefined;
  const keyAt = topLevelKeyOffsets(text);
  refuseRepeats(path, text);
  if ('source' in parsed && 'sources' in parsed) {
    const line = (key: string) => lineColumn(text, keyAt.get(key) ?? 0).line;
    throw new UsageError(
      `config file ${path}: "source" (line ${line('source')}) and "sources" (line ${line('sources')}) both name ` +
        'the sources; keep one ("sources" takes a list, or "all")',
    );
  }
  for (const [key, value] of Object.entries(parsed)) {
    // each problem with a setting names the line of its key (the top-level one), never the key's text unless sayable
    const where = `config file ${path} line ${lineColumn(text, keyAt.get(key) ?? 0).line}`;
    if (key === 'apiKey' || key === 'key' || key === 'api_key') {
      throw new UsageError(
        `${where}: "${key}" is not read from files; set ODDSBOARD_API_KEY in the environment instead`,
      );
    }
    if (!(FILE_KEYS as readonly string[]).includes(key))
      throw new UsageError(`${where}: ${unknownKey('setting', key, FILE_KEYS)} (known: ${FILE_KEYS.join(', ')})`);
    const checked = checkOrNote(key, value, where, problems);
    if (checked !== undefined) values[key] = checked;
  }
  if (problems && Object.keys(problems).length) values.identityProblems = problems;
  return { found: true, values: values as SettingsInput };
}

/**
 * A setting given twice: JSON.parse kept the last, so editing the first did nothing. Named with both lines when it is
 * a setting's name (an unknown key is refused as such, after, never repeated back unless sayable).
 */
function refuseRepeats(path: string, text: string): void {
  const keys = topLevelKeys(text);
  for (const [i, { key, at }] of keys.entries()) {
    const first = keys.findIndex((k) => k.key === key);
    if (first === i || !(FILE_KEYS as readonly string[]).includes(key)) continue;
    const line = (offset: number) => lineColumn(text, offset).line;
    throw new UsageError(
      `config file ${path}: "${key}" is set twice (lines ${line(keys[first]!.at)} and ${line(at)}); keep one`,
    );
  }
}

/** The identities whose positions are shown (issue #28), from the environment. */
