import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState, RateState } from '../../store/types.js';
import { makeMarket, renderApp, type Harness } from '../../../test/support/fixtures.js';
import { calm, err, NOW } from '../../../test/support/banner.js';
import { waitForFrame } from '../../../test/support/wait.js';
import { Banner, bannerLines } from './Banner.js';
import { formatClock } from '../format.js';

let h: Harness | undefined;
afterEach(() => {
  h?.term.unmount();
  h = undefined;
  cleanup();
});

const online: ConnectionState = { status: 'online', consecutiveFailures: 0, lastSuccessAt: NOW - 5000 };

/** The banner alone, drawn by ink-testing-library (no App, no terminal size). */
async function banner(connection: ConnectionState, rate: RateState = calm, keyHint = ''): Promise<string> {
  const lines = bannerLines({ connection, rate, keyHint, now: NOW });
  const t = render(<Banner lines={lines} width={100} />);
  return lines.length ? waitForFrame(t, (f) => f.trim() !== '') : (t.lastFrame() ?? '');
}

describe('banner (component)', () => {
  it('draws nothing while all is well', async () => {
    expect(bannerLines({ connection: online, rate: calm, keyHint: '', now: NOW })).toEqual([]);
    expect((await banner(online)).trim()).toBe('');
  });

  it('auth failure: says the key was rejected, shows its last 4 characters at most, and how to fix it', async () => {
    const f = await banner(
      { status: 'auth_failed', consecutiveFailures: 1, lastError: err('unauthorized', NOW, 'bad \x1b[31mkey', 401) },
      calm,
      'sk_live_abcdefgh1234',
    );
    expect(f).toContain('AUTH FAILED');
    expect(f).toContain('…1234 was rejected (401)');
    expect(f).not.toContain('abcdefgh');
    expect(f).toContain('fix ODDSBOARD_API_KEY');
    expect(f).not.toContain('\x1b[31m');
  });

  it('its age is the data on screen’s, as the header’s (the list’s answer), not the last answer of any kind', () => {
    const text = (segs: { text: string }[][]) => segs.map((l) => l.map((x) => x.text).join('')).join('\n');
    const connection: ConnectionState = {
      status: 'degraded',
      consecutiveFailures: 9,
      troubleSince: NOW - 59_000,
      lastSuccessAt: NOW - 19_000, // a market's detail answered since
      lastError: err('server', NOW, 'Route not found.', 404),
    };
    const lines = bannerLines({ connection, rate: calm, keyHint: '', now: NOW, dataAt: NOW - 59_000 });
    expect(text(lines)).toContain('DEGRADED · last data 50s ago');
    expect(text(bannerLines({ connection, rate: calm, keyHint: '', now: NOW }))).toContain('last data 10s ago');
  });

  it('degraded: the last good data, how many answers failed since when, the cause and the next try', async () => {
    const connection: ConnectionState = {
      status: 'degraded',
      consecutiveFailures: 14,
      troubleSince: NOW - 480_000,
      lastSuccessAt: NOW - 480_000,
      lastError: err('server', NOW, 'The service is unavailable right now (503).', 503),
    };
    const rate: RateState = { ...calm, backoffUntil: NOW + 8000, backoffReason: 'server' };
    const f = await banner(connection, rate);
    const lines = bannerLines({ connection, rate, keyHint: '', now: NOW });
    expect(f).toContain('DEGRADED · last data 8m ago');
    // at 100 columns since when gives way to the server's message; with room, it is there
    expect(f).toMatch(/14 failed answers \(HTTP 503\) · retrying in 8s {2}The service is unavail…$/);
    const wide = await waitForFrame(render(<Banner lines={lines} width={160} />), (x) => x.includes('DEGRADED'));
    expect(wide).toMatch(/14 failed answers since \d\d:\d\d \(HTTP 503\) · retrying in 8s {2}The service is/);
  });

  it('a 401 without a key never talks about a key, and says when it checks again', async () => {
    const f = await banner(
      {
        status: 'auth_failed',
        consecutiveFailures: 1,
        lastError: err('unauthorized', NOW, 'The service refused anonymous access (401).', 401),
      },
      { ...calm, mode: 'anon', backoffUntil: NOW + 40_000, backoffReason: 'auth' },
    );
    expect(f).toContain('AUTH FAILED');
    expect(f).toContain('refused anonymous access (401)');
    expect(f).toContain('checking again in 40s (r: now)');
    expect(f).not.toMatch(/key/i);
  });

  it('offline: the age of the last good data and when it retries', async () => {
    const f = await banner(
      {
        status: 'offline',
        consecutiveFailures: 3,
        lastSuccessAt: NOW - 40_000,
        lastError: err('network', NOW, 'ECONNREFUSED'),
      },
      { ...calm, backoffUntil: NOW + 8000, backoffReason: 'offline' },
    );
    expect(f).toContain('OFFLINE · last data 40s ago');
    expect(f).toContain('retrying in 8s');
    expect(f).toContain('ECONNREFUSED');
  });

  it('rate limited: a countdown, beside an offline line when both hold', async () => {
    const rate: RateState = { ...calm, backoffUntil: NOW + 12_000, backoffReason: 'rate_limited' };
    expect(await banner(online, rate)).toContain('RATE LIMITED · retry in 12s');
    const both = await banner({ status: 'offline', consecutiveFailures: 1 }, rate);
    expect(both.split('\n')).toHaveLength(2);
    expect(both).toContain('OFFLINE · no data yet');
  });
});

describe('badges and connection states', () => {
  it('shows each market status as text', async () => {
    const statuses = ['active', 'closed', 'settling', 'resolved'] as const;
    h = renderApp({ columns: 120, markets: statuses.map((status, i) => makeMarket(i + 1, { status })) });
    const f = await waitForFrame(h.term, 'Market number 4');
    for (const s of ['ACTIVE', 'CLOSED', 'SETTLING', 'RESOLVED'])
      expect(f).toMatch(new RegExp(`${s}\\s+Market number`));
  });

  it('counts the rate-limit pause down each second of the display clock', async () => {
    h = renderApp({
      prepare: (store, clock) =>
        store.getState().setRate({ backoffUntil: clock.now() + 12_000, backoffReason: 'rate_limited' }),
    });
    await waitForFrame(h.term, 'RATE LIMITED · retry in 12s');
    h.clock.advance(1000);
    await waitForFrame(h.term, 'RATE LIMITED · retry in 11s');
    h.clock.advance(11_000);
    const f = await waitForFrame(h.term, (x) => !x.includes('RATE LIMITED'));
    expect(f).toContain('Market number 1');
  });

  it(
    'says plainly that a rejected key is not replaced by anonymous access, showing only its last 4 ' + 'characters',
    async () => {
      h = renderApp({
        keyHint: 'sk_live_supersecret_9f3a',
        prepare: (store, clock) =>
          store.getState().requestFailed(err('unauthorized', clock.now(), 'Invalid API key', 401)),
      });
      const f = await waitForFrame(h.term, 'AUTH FAILED');
      expect(f).toContain('was rejected (401)');
      expect(f).toContain('will not fall back to anonymous');
      expect(f).toContain('…9f3a');
      expect(f).not.toContain('supersecret');
      expect(f).toContain('✗ AUTH FAILED');
      expect(f).toMatch(/checking again (in \d+s|soon) \(r: now\)/);
    },
  );

  it('does not claim that nothing matches when the key was rejected before any list arrived', async () => {
    h = renderApp({
      markets: [],
      prepare: (store, clock) =>
        store.getState().requestFailed(err('unauthorized', clock.now(), 'Invalid API key', 401)),
    });
    const f = await waitForFrame(h.term, 'AUTH FAILED');
    expect(f).toContain('No data yet.');
    expect(f).not.toContain('No markets match');
    expect(f).toContain('fix ODDSBOARD_API_KEY and restart.');
  });

  it('shows OFFLINE with the age of the last good data', async () => {
    h = renderApp({
      prepare: (store, clock) => {
        clock.advance(40_000);
        store.getState().requestFailed(err('network', clock.now(), 'connection refused'));
      },
    });
    await waitForFrame(h.term, 'OFFLINE · last data 40s ago');
    // in the rows' steps: 10 s under a minute, then minutes
    h.clock.advance(9000);
    // the frame of that second (the header's clock): still 40 s
    const at49 = await waitForFrame(h.term, formatClock(h.clock.now()));
    expect(at49).toContain('OFFLINE · last data 40s ago');
    h.clock.advance(1000);
    await waitForFrame(h.term, 'OFFLINE · last data 50s ago');
    h.clock.advance(25_000);
    await waitForFrame(h.term, 'OFFLINE · last data 1m ago');
  });

  it(
    "shows a row's age only once it is stale (after three refresh intervals); the header carries the list's " + 'age',
    async () => {
      h = renderApp({ columns: 160 });
      const f = await waitForFrame(h.term, 'Market number 1');
      expect(f).not.toMatch(/ ago/);
      expect(f).toContain('data 0s old');
      h.clock.advance(31_000); // interval estimate: max(10 s floor, 60 s / 30 × 2) → stale after 30 s
      await waitForFrame(h.term, (x) => /Market number 1 .* 30s ago/.test(x) && x.includes('data 30s old'));
      // 49 s: the rows, the header and the detail all still say 40 s (one step), never 40 s beside 49 s
      h.clock.advance(18_000);
      const at49 = await waitForFrame(h.term, (x) => /Market number 1 .* 40s ago/.test(x));
      expect(at49).toContain('data 40s old');
      expect(at49).not.toMatch(/\b4[1-9]s\b/);
    },
  );

  it('turns rows STALE during an outage, however far sync has pushed the next try', async () => {
    h = renderApp({ columns: 160 });
    await waitForFrame(h.term, 'Market number 1');
    // sync backs off after failures: the next list refresh is 15 min away (as it publishes it during a pause)
    const now = h.clock.now();
    h.store.getState().setRate({
      nextListRefreshAt: now + 15 * 60_000,
      nextRequestAt: now + 15 * 60_000,
      backoffUntil: now + 15 * 60_000,
      backoffReason: 'rate_limited',
    });
    h.clock.advance(2 * 60_000);
    // a stale row shows its age (fresh rows show none: the header carries the list's age)
    await waitForFrame(h.term, (x) => /Market number 1 .* 2m ago/.test(x));
  });

  it('shows a spinner while the first list loads', async () => {
    h = renderApp({ markets: [] });
    await waitForFrame(h.term, 'Loading markets…');
    h.store.getState().listLoaded([makeMarket(1)], h.clock.now());
    const f = await waitForFrame(h.term, 'Market number 1');
    expect(f).not.toContain('Loading');
  });

  it('shows a vanished market as a short notice, not an error screen', async () => {
    h = renderApp();
    await waitForFrame(h.term, 'Market number 1');
    h.store.getState().select('m1');
    h.store.getState().marketGone('m1', h.clock.now());
    const f = await waitForFrame(h.term, 'is no longer available');
    expect(f).toContain('Market number 2');
    h.clock.advance(10_000);
    await waitForFrame(h.term, (x) => !x.includes('no longer available'));
  });

  it('shows the mode: DEMO, ANON, KEY', async () => {
    h = renderApp({ mode: 'anon' });
    await waitForFrame(h.term, ' ANON ');
    h.term.unmount();
    h = renderApp({ mode: 'demo' });
    await waitForFrame(h.term, 'DEMO · simulated data');
    h.term.unmount();
    h = renderApp({ mode: 'key' });
    const f = await waitForFrame(h.term, 'KEY …abcd');
    expect(f).toContain('0/30 req/min');
  });
});
