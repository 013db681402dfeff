/** The connection's named state: what a failure or a good answer does to it, and the outages it records. */
import { G } from '../util/glyphs.js';
import { ROUTE_NOT_FOUND, type ApiErrorKind } from '../api/errors.js';
import type { CauseCount, ConnectionState, ErrorInfo, Outage, TroubleStatus } from './types.js';

/** Outages kept (newest first). */
export const OUTAGE_CAP = 20;
/** Trouble shorter than this is not recorded as an outage. */
export const OUTAGE_MIN_MS = 60_000;

/**
 * The state a failure puts the connection in; undefined when it says nothing about the connection (our query was
 * refused).
 */
export function troubleOf(kind: ApiErrorKind): TroubleStatus | undefined {
  switch (kind) {
    case 'network':
    case 'timeout':
      return 'offline';
    case 'rate_limited':
      return 'rate_limited';
    case 'unauthorized':
      return 'auth_failed';
    case 'invalid_request':
    case 'aborted':
      return undefined;
    default:
      return 'degraded';
  }
}

const PROTOCOL_CAUSE: Record<string, string> = {
  NOT_JSON: 'not JSON',
  BAD_ENVELOPE: 'bad envelope',
  NO_DATA: 'no data',
  BAD_DATA: 'wrong data',
  BODY_TOO_LARGE: 'too large',
  BAD_HTTP: 'bad HTTP',
};

/**
 * A failure in a few words for the header: "HTTP 503", "not JSON", "success:false", "timeout", "refused", "route not
 * found" (a 404 on a list route: the service changed its API).
 */
export function shortCause(e: Pick<ErrorInfo, 'kind' | 'status' | 'code'>): string {
  if (e.code === ROUTE_NOT_FOUND) return 'route not found';
  switch (e.kind) {
    case 'timeout':
      return 'timeout';
    case 'network':
      return e.code === 'ECONNREFUSED'
        ? 'refused'
        : e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN'
          ? 'DNS'
          : 'no answer';
    case 'protocol':
      return PROTOCOL_CAUSE[e.code] ?? 'bad answer';
    case 'server':
      return e.status !== undefined && (e.status < 200 || e.status > 299) ? `HTTP ${e.status}` : 'success:false';
    default:
      return e.status !== undefined ? `HTTP ${e.status}` : e.kind;
  }
}

/** "45 s", "14 min", "2 h 5 min". */
export function outageLength(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  return min % 60 === 0 ? `${h} h` : `${h} h ${min % 60} min`;
}

const LABEL: Record<TroubleStatus, string> = {
  degraded: 'degraded',
  offline: 'offline',
  rate_limited: 'rate limited',
  auth_failed: 'auth failed',
};

export function troubleLabel(status: TroubleStatus): string {
  return LABEL[status];
}

/**
 * A failed answer: the state it names (the latest wins), its cause, the count and the trouble's start — when the
 * failed request left (`sentAt`), not when its failure was known: a hung request fails only at its timeout, 15 s on,
 * and nothing answered meanwhile. Never before the last good answer (another request may have answered while it
 * hung), nor after the failure.
 */
export function connectionFailed(c: ConnectionState, e: ErrorInfo, sentAt?: number): ConnectionState {
  const trouble = troubleOf(e.kind);
  const since = Math.min(e.at, Math.max(sentAt ?? e.at, c.lastSuccessAt ?? Number.NEGATIVE_INFINITY));
  return {
    ...c,
    status: trouble ?? c.status,
    lastError: e,
    consecutiveFailures: c.consecutiveFailures + 1,
    ...(trouble && c.troubleSince === undefined ? { troubleSince: since } : {}),
    ...(trouble ? { causes: counted(c.causes ?? [], shortCause(e)) } : {}),
  };
}

function counted(causes: readonly CauseCount[], cause: string): CauseCount[] {
  const i = causes.findIndex((x) => x.cause === cause);
  if (i < 0) return [...causes, { cause, count: 1 }];
  return causes.map((x, j) => (j === i ? { cause, count: x.count + 1 } : x));
}

/**
 * The outage's causes, commonest first; of two as common, the one that failed last leads (a 9-minute hang ending in
 * a reset read "no answer ×38" from the last failure alone when 37 of them were timeouts).
 */
function ranked(causes: readonly CauseCount[], last: string | undefined): CauseCount[] {
  return [...causes].sort((a, b) => b.count - a.count || Number(b.cause === last) - Number(a.cause === last));
}

/** A good answer: online again, and the trouble it ends, when it lasted a minute or more. */
export function connectionSucceeded(c: ConnectionState, at: number): { connection: ConnectionState; outage?: Outage } {
  if (c.status === 'online' && c.consecutiveFailures === 0 && c.lastSuccessAt === at) return { connection: c };
  const { troubleSince, causes: _causes, ...rest } = c;
  const connection: ConnectionState = { ...rest, status: 'online', lastSuccessAt: at, consecutiveFailures: 0 };
  if (
    troubleSince === undefined ||
    c.status === 'online' ||
    c.status === 'connecting' ||
    at - troubleSince < OUTAGE_MIN_MS
  )
    return { connection };
  return {
    connection,
    outage: {
      status: c.status,
      from: troubleSince,
      to: at,
      failures: c.consecutiveFailures,
      ...outageCause(c),
    },
  };
}

function outageCause(c: ConnectionState): Pick<Outage, 'cause' | 'causes'> {
  const last = c.lastError ? shortCause(c.lastError) : undefined;
  const causes = ranked(c.causes ?? [], last);
  const cause = causes[0]?.cause ?? last ?? '';
  return causes.length > 1 ? { cause, causes } : { cause };
}

/**
 * An outage's causes in a few words: "HTTP 503 ×14"; mixed, the commonest two with their counts and the rest together
 * ("timeout ×37, no answer ×1", "timeout ×9, HTTP 502 ×5, other ×2"), `×` in the glyph set drawn.
 */
export function outageCauses(o: Pick<Outage, 'cause' | 'causes' | 'failures'>): string {
  if (!o.cause) return '';
  const times = G.times;
  if (!o.causes || o.causes.length < 2) return `${o.cause} ${times}${o.failures}`;
  const [a, b, ...rest] = o.causes;
  const others = rest.reduce((n, x) => n + x.count, 0);
  const parts = [a!, b!].map((x) => `${x.cause} ${times}${x.count}`);
  return others > 0 ? [...parts, `other ${times}${others}`].join(', ') : parts.join(', ');
}

/** Newest first, bounded. */
export function addOutage(list: Outage[], o: Outage | undefined): Outage[] {
  if (!o) return list;
  const next = [o, ...list];
  return next.length > OUTAGE_CAP ? next.slice(0, OUTAGE_CAP) : next;
}

/** The notice a recovery gets: "Back online after 14 min offline (HTTP 503 ×14)." */
export function recoveryNotice(o: Outage): string {
  return (
    `Back online after ${outageLength(o.to - o.from)} ` +
    `${troubleLabel(o.status)}${o.cause ? ` (${outageCauses(o)})` : ''}.`
  );
}
