/**
 * Opening a platform source (Polymarket, Kalshi, Manifold): its documented base URL unless `--base-url` names
 * another (a replay), no key ever sent, a cadence of about one request a second (`--rate`, at most the documented
 * limit), and the rate ledger shared with the user's other oddsboard processes on the same service.
 */
import { openFileLedger } from '../ledger/open.js';
import { MemoryLedger } from '../ledger/memory.js';
import { RATE_MARGIN_MS, type SendLedger } from '../ledger/types.js';
import { loadPlatform } from '../sources/index.js';
import type { SourceId } from '../sources/types.js';
import type { Settings } from './config.js';
import { UsageError } from './errors.js';
import { originOf } from './settingValues.js';
import { rateWindowMs, type Source } from './source.js';
import { version } from './version.js';
import { baseHint } from './baseHint.js';

export async function openPlatform(
  id: Exclude<SourceId, 'public'>,
  settings: Settings,
  env: NodeJS.ProcessEnv,
): Promise<Source> {
  if (settings.demo)
    throw new UsageError(`--demo is the interface's embedded service; it does not go with --source ${id}`);
  if (settings.clobUrl !== undefined && id !== 'polymarket')
    throw new UsageError(`${originOf(settings, 'clobUrl', '--clob-url')} belongs to --source polymarket, not ${id}`);
  if (settings.dataUrl !== undefined && id !== 'polymarket')
    throw new UsageError(`${originOf(settings, 'dataUrl', '--data-url')} belongs to --source polymarket, not ${id}`);
  const def = await loadPlatform(id);
  const ceiling = def.limits.documentedPerMinute;
  if (settings.rate !== undefined && settings.rate > ceiling)
    throw new UsageError(
      `${originOf(settings, 'rate', '--rate')}: ${settings.rate} is above ${id}'s documented limit ` +
        `(${ceiling} a minute)`,
    );
  const baseUrl = settings.baseUrl ?? def.defaultBaseUrl;
  // one local server can answer Gamma and the CLOB: --base-url alone stands for both
  const clobUrl = settings.clobUrl ?? settings.baseUrl;
  const client = def.createClient({
    baseUrl,
    ...(id === 'polymarket' && clobUrl !== undefined ? { clobUrl } : {}),
    userAgent: `oddsboard/${version()}`,
  });
  // the rate window (60 s; shorter only in tests, ODDSBOARD_RATE_WINDOW_MS) and the ledger's span over it
  const windowMs = rateWindowMs(env);
  const spanMs = windowMs + RATE_MARGIN_MS;
  let ledger: SendLedger = new MemoryLedger(spanMs).view('self');
  let ledgerProblem: string | undefined;
  const opened = openFileLedger(env, client.describe().baseUrl, undefined, { spanMs });
  if ('ledger' in opened) ledger = opened.ledger;
  else ledgerProblem = `${opened.problem}; this process counts only its own requests`;
  return {
    id,
    client,
    caps: client.caps,
    mode: id,
    limit: settings.rate ?? def.limits.politePerMinute,
    ceiling,
    windowMs,
    apiKey: undefined,
    ledger,
    ...(ledgerProblem ? { ledgerProblem } : {}),
    ...(settings.baseUrl !== undefined ? { baseHint: baseHint(id, settings, def.defaultBaseUrl) } : {}),
    close: () => client.close(),
  };
}
