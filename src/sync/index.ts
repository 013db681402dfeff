export * from './types.js';
export { createSync } from './sync.js';
export type { SyncOptions } from './options.js';
export { Budget } from './budget.js';
export { Aimd, fullJitter, rateLimitWait, DEFAULT_BACKOFF, type BackoffOptions } from './backoff.js';
export { toMarketQuery } from '../store/listQuery.js';
