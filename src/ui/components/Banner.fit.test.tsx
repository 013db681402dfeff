/**
 * The banner's line on a narrow terminal: the server's message is cut to the room there is, and what the header says
 * too (since when, the next try, the cause) gives way for it before it would be dropped (docs/faults.md).
 */
import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { SourceId } from '../../sources/types.js';
import type { ConnectionState } from '../../store/types.js';
import { calm, err, NOW } from '../../../test/support/banner.js';
import { waitForFrame } from '../../../test/support/wait.js';
import { Banner, bannerLines } from './Banner.js';
import { fitSegments } from './Line.js';

afterEach(() => cleanup());

describe("banner: the server's message on a line too narrow for it all", () => {
  it("a server's message too long for the line is cut to the room there is, not dropped whole", async () => {
    const said = `Maintenance: ${'all read endpoints answer 503 until it completes; '.repeat(6)}retry later.`;
    expect(said.length).toBeGreaterThan(300);
    const lines = bannerLines({
      connection: {
        status: 'degraded',
        consecutiveFailures: 2,
        troubleSince: NOW - 10_000,
        lastError: err('server', NOW, said, 503),
      },
      rate: { ...calm, backoffUntil: NOW + 2000, backoffReason: 'server' },
      keyHint: '',
      now: NOW,
    });
    const wide = await waitForFrame(render(<Banner lines={lines} width={160} />), (f) => f.includes('DEGRADED'));
    expect(wide).toMatch(/\(HTTP 503\) · retrying in 2s {2}Maintenance: all read endpoints .*…$/);
    expect(wide.length).toBe(160);
    // no room for 12 cells of it: what the header says too gives way for it, since when first, then the next try
    const narrow = await waitForFrame(render(<Banner lines={lines} width={92} />), (f) => f.includes('DEGRADED'));
    expect(narrow).toMatch(/2 failed answers \(HTTP 503\) · retrying in 2s {2}Maintenance: all rea…$/);
    const eighty = await waitForFrame(render(<Banner lines={lines} width={80} />), (f) => f.includes('DEGRADED'));
    expect(eighty).toMatch(/^ DEGRADED · no data yet {2}2 failed answers \(HTTP 503\) {2}Maintenance: all read end…$/);
  });

  it('at 80 columns the server says its message on the one line, cut only where the line ends (docs/faults.md)', () => {
    const text = (segs: { text: string }[]) => segs.map((x) => x.text).join('');
    const chaos: ConnectionState = {
      status: 'degraded',
      consecutiveFailures: 5,
      troubleSince: NOW - 20_000,
      lastSuccessAt: NOW - 20_000,
      lastError: err('server', NOW, 'Internal error (chaos).', 500),
    };
    const rate = { ...calm, backoffUntil: NOW + 4000, backoffReason: 'server' as const };
    const lines = (venue?: SourceId) => bannerLines({ connection: chaos, rate, keyHint: '', now: NOW, venue });
    const at = (width: number, venue?: SourceId) => lines(venue).map((l) => text(fitSegments(l, width)));
    expect(lines()).toHaveLength(1);
    // it was ' DEGRADED · last data 20s ago  5 failed answers since 00:16 (HTTP 500) · retryi…', the message gone
    expect(at(80)).toEqual([' DEGRADED · last data 20s ago  5 failed answers (HTTP 500)  Internal error (cha…']);
    expect(at(100)).toEqual([
      ' DEGRADED · last data 20s ago  5 failed answers (HTTP 500) · retrying in 4s  Internal error (chaos).',
    ]);
    expect(at(160)[0]).toMatch(
      /5 failed answers since \d\d:\d\d \(HTTP 500\) · retrying in 4s {2}Internal error \(chaos\)\.$/,
    );
    // several venues: the venue's name before it, and still 12 cells of what the server said
    expect(at(80, 'kalshi')).toEqual([
      ' Kalshi  DEGRADED · last data 20s ago  5 failed answers (HTTP 500)  Internal er…',
    ]);
    const offline = bannerLines({
      connection: {
        ...chaos,
        status: 'offline',
        lastError: err('network', NOW, 'connect ECONNREFUSED 127.0.0.1:8787'),
      },
      rate,
      keyHint: '',
      now: NOW,
      venue: 'kalshi',
    });
    expect(text(fitSegments(offline[0]!, 60))).toBe(' Kalshi  OFFLINE · last data 20s ago   connect ECONNREFUSED…');
  });
});
