import { describe, expect, it } from 'vitest';
import { connectionFailed, connectionSucceeded, outageCauses, recoveryNotice } from './connection.js';
import type { ConnectionState, ErrorInfo } from './types.js';
import { outageSegs } from '../ui/components/Changes.js';
import { setGlyphs } from '../util/glyphs.js';

const fail = (kind: ErrorInfo['kind'], at: number, code = 'X', status?: number): ErrorInfo => ({
  kind,
  code,
  message: 'm',
  at,
  ...(status !== undefined ? { status } : {}),
});

/** `causes` failures in order, one every 15 s from 60 s, then a good answer. */
function outageOf(causes: ErrorInfo[]) {
  let c: ConnectionState = { status: 'online', consecutiveFailures: 0, lastSuccessAt: 0 };
  for (const e of causes) c = connectionFailed(c, e, e.at);
  return connectionSucceeded(c, causes.at(-1)!.at + 60_000).outage!;
}

const seq = (n: number, make: (at: number) => ErrorInfo) =>
  Array.from({ length: n }, (_, i) => make(60_000 + i * 15_000));

describe('an outage is named by its commonest cause, not its last', () => {
  it('37 timeouts and a last reset read as timeouts (a 9-minute hang read "no answer ×38")', () => {
    const o = outageOf([...seq(37, (at) => fail('timeout', at)), fail('network', 700_000, 'ECONNRESET')]);
    expect(o).toMatchObject({ status: 'offline', failures: 38, cause: 'timeout' });
    expect(outageCauses(o)).toBe('timeout ×37, no answer ×1');
    expect(recoveryNotice(o)).toBe('Back online after 12 min offline (timeout ×37, no answer ×1).');
    // Recent changes: "OFFLINE  00:01–00:12, 12 min · timeout ×37, no answer ×1  1m ago"
    expect(
      outageSegs(o, o.to + 60_000)
        .map((x) => x.text)
        .join(''),
    ).toContain('timeout ×37, no answer ×1  1m ago');
  });

  it('one cause throughout reads as before', () => {
    const o = outageOf(seq(14, (at) => fail('server', at, 'E', 503)));
    expect(outageCauses(o)).toBe('HTTP 503 ×14');
    expect(recoveryNotice(o)).toMatch(/\(HTTP 503 ×14\)\.$/);
  });

  it('three or more causes: the two commonest and the rest counted together, short; ASCII times in ASCII', () => {
    const o = outageOf([
      ...seq(5, (at) => fail('server', at, 'E', 502)),
      ...seq(9, (at) => fail('timeout', 200_000 + at)),
      fail('network', 900_000, 'ECONNREFUSED'),
      fail('protocol', 915_000, 'NOT_JSON'),
    ]);
    expect(o.failures).toBe(16);
    expect(outageCauses(o)).toBe('timeout ×9, HTTP 502 ×5, other ×2');
    setGlyphs('ascii');
    try {
      expect(outageCauses(o)).toBe('timeout x9, HTTP 502 x5, other x2');
    } finally {
      setGlyphs('unicode');
    }
  });

  it('the next outage counts afresh', () => {
    let c: ConnectionState = { status: 'online', consecutiveFailures: 0, lastSuccessAt: 0 };
    for (const e of seq(6, (at) => fail('timeout', at))) c = connectionFailed(c, e, e.at);
    c = connectionSucceeded(c, 200_000).connection;
    for (const e of seq(6, (at) => fail('server', 200_000 + at, 'E', 500))) c = connectionFailed(c, e, e.at);
    expect(outageCauses(connectionSucceeded(c, 500_000).outage!)).toBe('HTTP 500 ×6');
  });
});
