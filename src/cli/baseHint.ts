/**
 * What a 404 of a list route says when the base URL was the person's (a flag, ODDSBOARD_BASE_URL, the config file):
 * the base may be wrong, and what the venue's looks like (docs/sources/*.md). `--base-url http://127.0.0.1:PORT`
 * without Kalshi's `/trade-api/v2` said only that the service may have changed its API.
 */
import { SOURCE_NAMES } from '../sources/names.js';
import type { SourceId } from '../sources/types.js';
import type { Settings } from './config.js';
import { originOf } from './settingValues.js';

export function baseHint(id: SourceId, settings: Settings, documented?: string): string | undefined {
  if (settings.baseUrl === undefined || settings.baseUrl === '') return undefined;
  const looks =
    id === 'public' || documented === undefined
      ? "an interface service's is its address, the routes under /public/v1"
      : `${SOURCE_NAMES[id]}'s looks like ${documented}`;
  return `the base URL (${originOf(settings, 'baseUrl', '--base-url')}) may be wrong: ${looks}`;
}
