/**
 * Where the data comes from, for the dashboard and the one-shot commands alike:
 * the configured service (with the key from the environment) or the embedded
 * demo service; the client; and the rate ledger shared with the user's other
 * oddsboard processes on the same service and key.
 */
import { randomBytes } from 'node:crypto';
import { publicSource } from '../sources/public/index.js';
import type { SourceCaps, SourceClient, SourceId } from '../sources/types.js';
import { openFileLedger } from '../ledger/open.js';
import { MemoryLedger } from '../ledger/memory.js';
import { RATE_MARGIN_MS, type SendLedger } from '../ledger/types.js';
import type { RunningServer } from '../server/listen.js';
import type { Mode } from '../store/types.js';
import type { Settings } from './config.js';
import { wholeIn } from '../util/numbers.js';
import { UsageError } from './errors.js';
import { originOf } from './settingValues.js';
import { version } from './version.js';
import { baseHint } from './baseHint.js';

export { INTERFACE_LIMITS as LIMITS } from '../sources/public/index.js';
import { INTERFACE_LIMITS as LIMITS } from '../sources/public/index.js';

/** Where real markets are, said wherever the demo answers because nothing else was configured (a first start). */
export const REAL_MARKETS = 'real markets, no account needed: --source polymarket (or kalshi, manifold, all)';

/** The window the limits count in; the sync and the ledger add their margin (RATE_MARGIN_MS, 1 s) to it. */
export const WINDOW_MS = 60_000;

/**
 * The rate window: 60 s, unless ODDSBOARD_RATE_WINDOW_MS (whole ms, 1 000–60 000) shortens it. Not for users:
 * the end-to-end tests run the shared budget against a service with the same short window (docs/rate-budget.md).
 */
export function rateWindowMs(env: NodeJS.ProcessEnv): number {
  const raw = env.ODDSBOARD_RATE_WINDOW_MS;
  if (raw === undefined || raw === '') return WINDOW_MS;
  const ms = wholeIn(raw, 1_000, WINDOW_MS);
  if (ms === undefined) throw new UsageError('ODDSBOARD_RATE_WINDOW_MS must be whole milliseconds from 1000 to 60000');
  return ms;
}

export interface Source {
  id: SourceId;
  client: SourceClient;
  caps: SourceCaps;
  mode: Mode;
  /** Requests per 60 s this process spends: the interface's mode limit, or a platform's cadence. */
  limit: number;
  /** A platform's documented limit per 60 s, for the header's help (the interface: the mode's limit). */
  ceiling: number;
  /** The window `limit` counts in (rateWindowMs). */
  windowMs: number;
  /** The key the client sends (the user's, or the demo service's own). */
  apiKey: string | undefined;
  ledger: SendLedger;
  /** Why the ledger is not shared (a one-line warning), when it is not. */
  ledgerProblem?: string;
  /** The base URL was the person's: what a list route's 404 says of it (baseHint.ts). */
  baseHint?: string;
  close(): Promise<void>;
}

/**
 * Opens the source the settings name. Throws the client's ApiError for an unusable base URL or key.
 */
export async function openSource(settings: Settings, env: NodeJS.ProcessEnv): Promise<Source> {
  if (settings.source !== 'public') {
    const { openPlatform } = await import('./platform.js');
    return openPlatform(settings.source, settings, env);
  }
  if (settings.clobUrl !== undefined)
    throw new UsageError(`${originOf(settings, 'clobUrl', '--clob-url')} belongs to --source polymarket`);
  if (settings.dataUrl !== undefined)
    throw new UsageError(`${originOf(settings, 'dataUrl', '--data-url')} belongs to --source polymarket`);
  if (settings.rate !== undefined)
    throw new UsageError(
      `${originOf(settings, 'rate', '--rate')} belongs to a platform source: the interface's limit is its mode's ` +
        '(10 or 30 a minute)',
    );
  const windowMs = rateWindowMs(env);
  const spanMs = windowMs + RATE_MARGIN_MS;
  let server: RunningServer | undefined;
  let apiKey = settings.apiKey;
  let baseUrl = settings.baseUrl;
  let mode: Mode;
  if (!baseUrl) {
    // a private key of its own, so the demo runs at the keyed rate
    apiKey = `demo-${randomBytes(12).toString('hex')}`;
    const { startServer } = await import('../server/listen.js');
    server = await startServer({ seed: settings.seed, speed: settings.speed, keys: [apiKey] });
    baseUrl = server.url;
    mode = 'demo';
  } else {
    mode = apiKey ? 'key' : 'anon';
  }
  let client: SourceClient;
  try {
    client = publicSource.createClient({ baseUrl, ...(apiKey ? { apiKey } : {}), userAgent: `oddsboard/${version()}` });
  } catch (e) {
    await server?.close();
    throw e;
  }
  // the demo service is this process's own: its budget is shared with nobody
  let ledger: SendLedger = new MemoryLedger(spanMs).view('self');
  let ledgerProblem: string | undefined;
  if (mode !== 'demo') {
    const opened = openFileLedger(env, client.describe().baseUrl, apiKey, { spanMs });
    if ('ledger' in opened) ledger = opened.ledger;
    else ledgerProblem = `${opened.problem}; this process counts only its own requests`;
  }
  const limit = mode === 'anon' ? LIMITS.anonymous : LIMITS.key;
  return {
    id: 'public',
    client,
    caps: client.caps,
    mode,
    limit,
    ceiling: limit,
    windowMs,
    apiKey,
    ledger,
    ...(ledgerProblem ? { ledgerProblem } : {}),
    ...(mode !== 'demo' ? { baseHint: baseHint('public', settings) } : {}),
    async close() {
      await client.close();
      await server?.close();
    },
  };
}
