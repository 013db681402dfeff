/**
 * The interface (`../shared/spec/public-market-data-api.md`) as a source: its client is `src/api/client.ts` (the
 * envelope, validation and typed errors live in `src/api/`, shared with the reference service), its replay is
 * `serve --replay DIR` (src/server/replay/), and its demo is the embedded reference service.
 */
import { createClient } from '../../api/client.js';
import { isRecord } from '../../api/normalizeFields.js';
import type { Market } from '../../api/types.js';
import { CLOSING_QUERY, PUBLIC_CAPS } from '../caps.js';
import { unsupported } from '../http.js';
import type { SourceClient, SourceDef } from '../types.js';

export { PUBLIC_CAPS };

/** The interface's limits per 60 s (spec §8). */
export const INTERFACE_LIMITS = { anonymous: 10, key: 30 } as const;

export const publicSource: SourceDef = {
  id: 'public',
  label: 'PUBLIC',
  replayPrefix: '/public/v1',
  limits: {
    documentedPerMinute: INTERFACE_LIMITS.key,
    documented: '10 requests per minute per client IP without a key, 30 per key (spec section 8)',
    politePerMinute: INTERFACE_LIMITS.key,
  },
  caps: PUBLIC_CAPS,
  errorBody: (_status, code, message) => ({ success: false, error: { code, message } }),
  readError(body) {
    const e = isRecord(body) && isRecord(body.error) ? body.error : undefined;
    if (!e) return undefined;
    return {
      ...(typeof e.code === 'string' ? { code: e.code } : {}),
      ...(typeof e.message === 'string' ? { message: e.message } : {}),
    };
  },
  createClient(config): SourceClient {
    const c = createClient(config);
    return Object.assign(c, {
      source: 'public' as const,
      caps: PUBLIC_CAPS,
      async getMarkets(ids: readonly string[], opts?: { signal?: AbortSignal }) {
        // one id a request: the interface has no batch lookup
        if (ids.length !== 1) throw unsupported('lookup of several markets in one request', 'The interface');
        const r = await c.getMarket(ids[0]!, opts);
        return { ...r, data: [r.data] as Market[] };
      },
      // no categories route: `c` cycles the categories seen in answers
      listCategories: async () => ({ data: [], status: 200 }),
      listClosing: (opts?: { signal?: AbortSignal }) => c.listMarkets(CLOSING_QUERY, opts),
    });
  },
};
