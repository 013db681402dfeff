/**
 * Kalshi as a source: the trade API v2's public market data (docs/sources/kalshi.md). Its routes are in
 * `client.ts` (offsets over cursors in `paging.ts`, search and category through the events scan in `scan.ts`),
 * its error shape in `errors.ts`, its limits in `limits.ts`, its replay in `replay.ts`, its recorder in `record.ts`.
 */
import type { PlatformDef } from '../types.js';
import { createKalshiClient, KALSHI_CAPS } from './client.js';
import { kalshiErrorBody, readKalshiError } from './errors.js';
import { KALSHI_LIMITS } from './limits.js';
import { recordKalshi } from './record.js';
import { createKalshiReplay } from './replay.js';
import { undocumented } from './routes.js';

export const KALSHI_BASE_URL = 'https://api.elections.kalshi.com/trade-api/v2';

export const kalshiSource: PlatformDef = {
  id: 'kalshi',
  label: 'KALSHI',
  defaultBaseUrl: KALSHI_BASE_URL,
  replayPrefix: '/trade-api/v2',
  limits: KALSHI_LIMITS,
  caps: KALSHI_CAPS,
  createClient: (config) => createKalshiClient(config),
  createReplay: (dir, opts) => createKalshiReplay(dir, { asRecorded: opts?.asRecorded === true }),
  readError: readKalshiError,
  errorBody: kalshiErrorBody,
  record: recordKalshi,
  undocumented,
};
