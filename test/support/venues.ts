/** Several venues in component tests: a sync that records the intents it gets and applies their store part. */
import type { OddsStore } from '../../src/store/store.js';
import type { RateAwareSync } from '../../src/sync/types.js';
import type { ExtraRequest } from '../../src/sync/extraJobs.js';

let t = 0;
export function recordingSync(store: OddsStore, calls: string[], extras?: ExtraRequest[]): RateAwareSync {
  const note = (s: string) => calls.push(s);
  return {
    start: () => note('start'),
    stop: async () => void note('stop'),
    select: (id) => (note(`select ${id}`), store.getState().select(id)),
    search: (p) => (note(`search ${JSON.stringify(p)}`), store.getState().setQuery(p)),
    editQuote: () => 'sent',
    submitQuote: () => 'sent',
    openQuote: (id) => note(`openQuote ${id}`),
    refreshNow: () => ({ ok: false, retryAt: 5, reason: 'budget' }),
    toggleWatch: (id) => (note(`watch ${id}`), store.getState().toggleWatch(id, ++t)),
    addAlert: () => ({ ok: true, ruleId: 'a' }),
    removeAlert: (id) => note(`remove ${id}`),
    show: (s) => note(`show ${s}`),
    openEvent: (id) => note(`openEvent ${id}`),
    page: () => ({ ok: true, page: 2 }),
    setHistoryRange: (r) => note(`range ${r}`),
    keepPaper: (id) => (note(`keepPaper ${id}`), store.getState().keepPaper(id, ++t)),
    goTo: (t) => {
      if (!t.ok) return { ok: false, message: t.message };
      note(`goTo ${t.readings.map((r) => `${r.venue}:${r.value}`).join(' ')}`);
      return { ok: true, understood: t.understood };
    },
    extra: (req) => (note(`extra ${req.key}`), extras?.push(req)),
    inFlight: () => 0,
    settled: async () => {},
  };
}
