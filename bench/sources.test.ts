import { describe, expect, it } from 'vitest';
import { analyse, parseLog } from './sources.js';

const def = {
  replayPrefix: '/trade-api/v2',
  limits: { documentedPerMinute: 1200, documented: '', politePerMinute: 60 },
  undocumented: (path: string, q: URLSearchParams) =>
    path.startsWith('/markets') && [...q.keys()].every((k) => ['limit', 'cursor', 'status'].includes(k))
      ? undefined
      : `not documented: ${path}`,
};

describe('bench:sources: the figures of a run from the replay’s request log', () => {
  it('reads the log lines, counts routes by shape and statuses, and finds what is not documented', () => {
    const log = parseLog(
      [
        'some banner line',
        'req {"at":0,"path":"/trade-api/v2/markets?limit=20&status=open","status":200}',
        'req {"at":1000,"path":"/trade-api/v2/markets/KXELONMARS-99/orderbook","status":200}',
        'req {"at":2000,"path":"/trade-api/v2/markets?limit=20&sort=volume","status":429}',
        'req {"at":3000,"path":"/trade-api/v2/markets?li', // cut by the kill
      ].join('\n'),
    );
    expect(log).toHaveLength(3);
    const r = analyse(def, 'kalshi', log, 1, 60, true);
    expect(r.routes).toEqual({ '/markets': 2, '/markets/{id}/orderbook': 1 });
    expect(r.byStatus).toEqual({ '200': 2, '429': 1 });
    expect(r.undocumented).toEqual(['/trade-api/v2/markets?limit=20&sort=volume: not documented: /markets']);
    expect(r).toMatchObject({ requests: 3, perMinuteMax: 3, rateLimited: 1, pass: false });
  });

  it('passes a run within its cadence, documented, without a 429', () => {
    const log = Array.from({ length: 120 }, (_, i) => ({ at: i * 1000, path: '/trade-api/v2/markets', status: 200 }));
    expect(analyse(def, 'kalshi', log, 2, 60, true)).toMatchObject({ perMinuteMax: 60, perMinuteMean: 60, pass: true });
    expect(analyse(def, 'kalshi', log, 2, 59, true).pass).toBe(false);
  });
});
