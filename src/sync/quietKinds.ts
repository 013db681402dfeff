import type { ApiError } from '../api/errors.js';

/** Failures of a history that say only that this market has none. */
export const QUIET_KINDS: ReadonlySet<ApiError['kind']> = new Set([
  'not_found',
  'invalid_request',
  'forbidden',
  'closed',
  'resolved',
  'settling',
]);
