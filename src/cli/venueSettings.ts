/**
 * The settings of several sources (docs/configuration.md § Several sources): which layer names them, what is refused
 * or given to the one venue it means, and one venue's own settings out of the dashboard's.
 */
import type { SourceId } from '../sources/types.js';
import type { Settings, SettingsInput } from './config.js';
import { UsageError } from './errors.js';
import { originOf } from './settingValues.js';

export function sourcesOf(layer: SettingsInput): SourceId[] | undefined {
  return layer.sources ?? (layer.source !== undefined ? [layer.source] : undefined);
}

/**
 * A lower layer's values bound to one venue (docs/configuration.md § Layers) when a higher layer names other sources
 * (`sources`) than `layer` does: each is kept only for the venue it belongs to, if that venue is still among them.
 * `clobUrl` and `dataUrl` are Polymarket's; a bare `baseUrl` is the one source's the layer names (the interface's
 * when it names several), given as that venue's `baseUrls` entry (`moved`) when there are several now; a `rate` is
 * left out (it was one platform's cadence). A `clobUrl` or `dataUrl` in a layer that names no Polymarket contradicts
 * itself: an error, as when that layer decides. A layer that names no sources, or the same ones, keeps its values.
 */
export function ownValues(
  layer: SettingsInput,
  sources: readonly SourceId[],
  where: string,
): { layer: SettingsInput; moved: Partial<Record<SourceId, string>> } {
  const own = sourcesOf(layer);
  const moved: Partial<Record<SourceId, string>> = {};
  if (own === undefined || (own.length === sources.length && own.every((s) => sources.includes(s))))
    return { layer, moved };
  const out: SettingsInput = { ...layer };
  for (const key of ['clobUrl', 'dataUrl'] as const) {
    if (out[key] === undefined) continue;
    if (!own.includes('polymarket'))
      throw new UsageError(`"${key}" ${where} belongs to --source polymarket, not ${own.join(',')}`);
    if (!sources.includes('polymarket')) delete out[key];
  }
  delete out.rate;
  const bare = out.baseUrl;
  delete out.baseUrl;
  const owner = own.length === 1 ? own[0] : own.includes('public') ? 'public' : undefined;
  if (bare !== undefined && owner !== undefined && sources.includes(owner)) {
    if (sources.length === 1) out.baseUrl = bare;
    else moved[owner] = bare;
  }
  return { layer: out, moved };
}

/**
 * Several sources: the settings that mean one venue are refused or given to the one they mean (docs/configuration.md).
 * A bare base URL from the environment or the config file is the interface's, when it is among them.
 */
export function checkSeveral(
  settings: Settings,
  given: SettingsInput,
  bare: string | undefined,
  baseUrls: Partial<Record<SourceId, string>>,
): void {
  const list = settings.sources.join(',');
  if (given.baseUrl !== undefined)
    throw new UsageError(
      `--base-url URL names one service but --source names ${settings.sources.length}: write --base-url VENUE=URL ` +
        `for each (e.g. --base-url ${settings.sources[0]}=URL)`,
    );
  if (bare !== undefined && settings.sources.includes('public') && baseUrls.public === undefined)
    baseUrls.public = bare;
  // a setting from the config file is named there, so the message points at what to change
  if (settings.rate !== undefined)
    throw new UsageError(
      `${originOf(settings, 'rate', '--rate')} sets one platform's cadence; with several sources (${list}) each ` +
        'keeps its own polite default',
    );
  for (const [key, flag] of [
    ['clobUrl', '--clob-url'],
    ['dataUrl', '--data-url'],
  ] as const)
    if (settings[key] !== undefined && !settings.sources.includes('polymarket'))
      throw new UsageError(
        `${originOf(settings, key, flag)} belongs to polymarket, which is not among the sources (${list})`,
      );
  if (settings.category !== '')
    throw new UsageError(
      `${originOf(settings, 'category', '--category')} names one venue's grouping; with several sources (${list}) ` +
        'press v to narrow to one, then c',
    );
  if (settings.demo && !settings.sources.includes('public'))
    throw new UsageError(`--demo is the interface's embedded service; public is not among the sources (${list})`);
}

/**
 * One venue's settings out of the dashboard's: its own base URL, and only what belongs to it (`--clob-url` to
 * Polymarket, `--demo` to the interface). With one source, the settings themselves.
 */
export function venueSettings(settings: Settings, venue: SourceId): Settings {
  if (settings.sources.length === 1 && settings.source === venue) return settings;
  const out: Settings = { ...settings, source: venue, sources: [venue] };
  delete out.baseUrl;
  delete out.baseUrls;
  const url = settings.baseUrls?.[venue];
  if (url !== undefined) out.baseUrl = url;
  if (venue !== 'polymarket') {
    delete out.clobUrl;
    delete out.dataUrl;
  }
  if (venue !== 'public') out.demo = false;
  return out;
}

/**
 * `--speed` and `--seed` set the embedded demo's simulator; given when no venue runs it (a platform, or the interface
 * at a base URL), they would do nothing, so they are a usage error naming when they apply. `--demo` runs the demo over
 * a base URL of the environment or the config file; beside `--base-url` for the interface it asks for two services.
 */
export function checkDemoFlags(settings: Settings, given: SettingsInput): void {
  const interfaceUrl = given.baseUrls?.public ?? (settings.sources.join() === 'public' ? given.baseUrl : undefined);
  if (given.demo === true && interfaceUrl !== undefined)
    throw new UsageError(
      '--demo and --base-url ask for two services: --demo runs the embedded demo, --base-url another; give one',
    );
  const flag = given.speed !== undefined ? '--speed' : given.seed !== undefined ? '--seed' : undefined;
  if (flag === undefined) return;
  const demo = 'the embedded demo (the interface without a base URL, or --demo)';
  if (!settings.sources.includes('public'))
    throw new UsageError(`${flag} belongs to ${demo}, not to ${settings.sources.join(', ')}`);
  if ((settings.sources.length === 1 ? settings.baseUrl : settings.baseUrls?.public) !== undefined)
    throw new UsageError(`${flag} belongs to ${demo}; the interface has a base URL here (add --demo to run the demo)`);
}
