export * from './types.js';
export * from './errors.js';
export { createClient, maskKey, DEFAULT_TIMEOUTS, DEFAULT_MAX_BODY_BYTES, DEFAULT_USER_AGENT } from './client.js';
export type { ClientConfig, MarketClientWithInfo } from './client.js';
export {
  formatAmount,
  validateAmount,
  validateLimit,
  validateOffset,
  validateId,
  validateQuoteParams,
  validateMarketQuery,
  validateEventQuery,
  AMOUNT_MAX,
} from './validate.js';
export type { Validated, ValidQuoteParams } from './validate.js';
export {
  normalizeMarket,
  normalizeMarketList,
  normalizeEvent,
  normalizeEventList,
  normalizeQuote,
} from './normalize.js';
export type { NormalizeOptions } from './normalize.js';
export { parseRateHeaders, parseRetryAfter, MAX_WAIT_MS } from './rateHeaders.js';
