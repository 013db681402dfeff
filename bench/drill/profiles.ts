/** The drill's rows: a chaos profile, what the dashboard must show for it, and how soon. */
import type { ShownState } from './checks.js';

export interface DrillProfile {
  /** Row label. */
  name: string;
  /** `serve --chaos` profile. */
  chaos: string;
  /** `--chaos-retry-after` (429 only). */
  retryAfter?: string;
  /** `--chaos-path`: only this route meets the fault. */
  path?: string;
  /** The named state the header must show during the fault, or a notice (a market vanished or was refused). */
  expect: ShownState | { notice: RegExp };
  /** Longest time from the fault's start to that state on screen: one refresh, plus a timeout for faults that send nothing. */
  showMs: number;
  /** Longest time from the fault's end to `● online` again: one backoff step (0: the state never leaves online). */
  recoverMs: number;
}

/** One refresh at 30/min is ~2 s; the first failing answer may also wait for an answer already on the wire. */
const REFRESH = 6_000;
/** A request that gets no headers is given up after 10 s (headers), 15 s at most (the sync's own deadline). */
const TIMEOUT = 16_000;
/** The longest pause after a failure that is not a 429, plus a request's round trip. */
const STEP = 12_000;

export const DRILL_PROFILES: readonly DrillProfile[] = [
  { name: 'none', chaos: 'none', expect: 'online', showMs: REFRESH, recoverMs: 0 },
  // the market list's route retired (the details still answer): named as a change of the service's API
  {
    name: '404 (list)',
    chaos: '404',
    path: '/public/v1/markets',
    expect: { notice: /degraded · route not found/ },
    showMs: REFRESH,
    recoverMs: STEP,
  },
  { name: '500', chaos: '500', expect: 'degraded', showMs: REFRESH, recoverMs: STEP },
  { name: 'html', chaos: 'html', expect: 'degraded', showMs: REFRESH, recoverMs: STEP },
  { name: 'badjson', chaos: 'badjson', expect: 'degraded', showMs: REFRESH, recoverMs: STEP },
  { name: 'truncated', chaos: 'truncated', expect: 'degraded', showMs: REFRESH, recoverMs: STEP },
  { name: 'wrongtypes', chaos: 'wrongtypes', expect: 'degraded', showMs: REFRESH, recoverMs: STEP },
  { name: 'huge', chaos: 'huge', expect: 'degraded', showMs: REFRESH, recoverMs: STEP },
  { name: 'trickle', chaos: 'trickle', expect: 'offline', showMs: REFRESH + TIMEOUT, recoverMs: TIMEOUT + STEP },
  { name: 'hang', chaos: 'hang', expect: 'offline', showMs: REFRESH + TIMEOUT, recoverMs: TIMEOUT + STEP },
  { name: 'reset', chaos: 'reset', expect: 'offline', showMs: REFRESH, recoverMs: STEP },
  { name: 'flap', chaos: 'flap', expect: 'offline', showMs: REFRESH, recoverMs: STEP },
  // a 429 asks for a pause: one backoff step is what Retry-After says (20 s), or the jitter's ceiling without it
  {
    name: '429 (seconds)',
    chaos: '429',
    retryAfter: 'seconds',
    expect: 'rate_limited',
    showMs: REFRESH,
    recoverMs: 20_000 + STEP,
  },
  {
    name: '429 (date)',
    chaos: '429',
    retryAfter: 'date',
    expect: 'rate_limited',
    showMs: REFRESH,
    recoverMs: 21_000 + STEP,
  },
  {
    name: '429 (none)',
    chaos: '429',
    retryAfter: 'none',
    expect: 'rate_limited',
    showMs: REFRESH,
    recoverMs: 64_000 + STEP,
  },
  // the key is probed 10, 20, 40 s … after the first 401: the step that spans the fault's end
  { name: 'revoke', chaos: 'revoke', expect: 'auth_failed', showMs: REFRESH, recoverMs: 40_000 + STEP },
  { name: 'vanish', chaos: 'vanish', expect: { notice: /no longer available/ }, showMs: REFRESH, recoverMs: 0 },
  { name: 'forbid', chaos: 'forbid', expect: { notice: /refused \(403\)/ }, showMs: REFRESH, recoverMs: 0 },
  // the edge in front of a platform (Cloudflare) answers with an HTML page: a 429 with Retry-After, a 403 block
  { name: 'cf429', chaos: 'cf429', expect: 'rate_limited', showMs: REFRESH, recoverMs: 20_000 + STEP },
  { name: 'cf403', chaos: 'cf403', expect: 'degraded', showMs: REFRESH, recoverMs: STEP },
];

/** `429 (huge)` (Retry-After: 86400, capped at 15 min) is not in the default set: its backoff step is the cap itself. */
export const EXTRA_PROFILES: readonly DrillProfile[] = [
  {
    name: '429 (huge)',
    chaos: '429',
    retryAfter: 'huge',
    expect: 'rate_limited',
    showMs: REFRESH,
    recoverMs: 15 * 60_000 + STEP,
  },
];

export function findProfiles(names: readonly string[]): DrillProfile[] {
  const all = [...DRILL_PROFILES, ...EXTRA_PROFILES];
  return names.map((n) => {
    const p = all.find((x) => x.name === n || x.name.replace(/ \((\w+)\)$/, ':$1') === n);
    if (!p)
      throw new Error(
        `unknown drill profile "${n}" (known: ${all.map((x) => x.name.replace(/ \((\w+)\)$/, ':$1')).join(', ')})`,
      );
    return p;
  });
}
