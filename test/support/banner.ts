/** What the banner's tests draw from (src/ui/components/Banner*.test.tsx): an error, a calm rate, the time. */
import type { ErrorInfo, RateState } from '../../src/store/types.js';

export const NOW = 1_000_000;

export const err = (kind: ErrorInfo['kind'], at: number, message = 'boom', status?: number): ErrorInfo => ({
  kind,
  code: kind.toUpperCase(),
  message,
  at,
  ...(status ? { status } : {}),
});

/** A key's rate with room to spare: no banner line of its own. */
export const calm: RateState = {
  mode: 'key',
  limit: 30,
  effectiveLimit: 30,
  usedInWindow: 3,
  othersInWindow: 0,
  totalRequests: 3,
  total429: 0,
};
