/**
 * Polymarket as a source: the Gamma API for markets, events, tags and search; the CLOB for books, previews through
 * them and price histories (trader.ts). Routes, paging, limits and decisions: docs/sources/polymarket.md.
 */
import type { PlatformDef } from '../types.js';
import { createPolymarketClient, GAMMA_BASE_URL, POLYMARKET_CAPS } from './client.js';
import { gammaErrorBody, readGammaError } from './errors.js';
import { POLYMARKET_LIMITS } from './limits.js';
import { recordPolymarket } from './record.js';
import { createPolymarketReplay } from './replay.js';
import { undocumented } from './routes.js';

export const polymarketSource: PlatformDef = {
  id: 'polymarket',
  label: 'POLYMARKET',
  defaultBaseUrl: GAMMA_BASE_URL,
  replayPrefix: '',
  limits: POLYMARKET_LIMITS,
  caps: POLYMARKET_CAPS,
  readError: readGammaError,
  errorBody: gammaErrorBody,
  record: recordPolymarket,
  createClient: (config) => createPolymarketClient(config),
  createReplay: (dir, opts) => createPolymarketReplay(dir, { asRecorded: opts?.asRecorded === true }),
  undocumented(path, query) {
    const qs = query.toString();
    const why = undocumented(qs === '' ? path : `${path}?${qs}`);
    return why.length > 0 ? why.join(', ') : undefined;
  },
};
