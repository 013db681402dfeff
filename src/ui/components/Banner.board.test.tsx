import { cleanup, render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState, RateState, VenueStatus } from '../../store/types.js';
import { NOW } from '../../../test/support/banner.js';
import { waitForFrame } from '../../../test/support/wait.js';
import { Banner, boardBanner } from './Banner.js';

afterEach(() => cleanup());

const limited: RateState = {
  mode: 'anon',
  limit: 60,
  effectiveLimit: 60,
  usedInWindow: 3,
  othersInWindow: 0,
  totalRequests: 3,
  total429: 1,
  backoffUntil: NOW + 120_000,
  backoffReason: 'rate_limited',
};
const online: ConnectionState = { status: 'online', consecutiveFailures: 0, lastSuccessAt: NOW - 5000 };
const venue = (id: VenueStatus['id'], connection: ConnectionState): VenueStatus => ({
  id,
  connection,
  rate: limited,
  dataAt: NOW - 5000,
});

async function drawn(width: number): Promise<string> {
  const venues = [venue('polymarket', online), venue('kalshi', { ...online })];
  const lines = boardBanner({ connection: online, rate: limited, venues }, NOW - 5000, '', NOW);
  const t = render(<Banner lines={lines} width={width} />);
  return waitForFrame(t, (f) => f.includes('RATE LIMITED'));
}

describe("the board's banner on a narrow line", () => {
  it('names the venue in full where it fits, by its letter where it does not, never cutting the wait', async () => {
    expect(await drawn(80)).toContain(' Polymarket  RATE LIMITED · retry in 120s');
    // 40 columns: ' Polymarket ' and the 30-cell block do not fit together; the letter does, and 120s stays whole
    const narrow = await drawn(40);
    expect(narrow).toContain(' P  RATE LIMITED · retry in 120s');
    expect(narrow).not.toContain('…');
  });
});

describe("a venue in trouble on a board of several: the banner gives that venue's own data age", () => {
  const text = (lines: { text: string }[][]) => lines.map((l) => l.map((s) => s.text).join('')).join('\n');
  const key = (id: VenueStatus['id'], connection: ConnectionState, dataAt: number): VenueStatus => ({
    id,
    connection,
    rate: { ...limited, mode: 'kalshi', backoffReason: 'auth', backoffUntil: NOW + 10_000 },
    dataAt,
  });

  it('AUTH FAILED for 70 s reads its own "last data 1m ago", not the board\'s newest', () => {
    // before, the only age on screen was the header's "data 0s old" (the other venue's list had just answered)
    const rejected: ConnectionState = { status: 'auth_failed', consecutiveFailures: 3, lastSuccessAt: NOW - 70_000 };
    // Polymarket answers (no pause of its own): the banner is Kalshi's alone
    const calm = { ...venue('polymarket', online), rate: { ...limited, backoffUntil: undefined } };
    const venues = [calm, key('kalshi', rejected, NOW - 70_000)];
    const lines = boardBanner({ connection: rejected, rate: venues[1]!.rate, venues }, NOW, '', NOW);
    expect(text(lines)).toMatch(/^ Kalshi {2}AUTH FAILED · last data 1m ago /);
    // alone on the board the header's "data … old" is the venue's own: the badge stays as it was
    const alone = boardBanner({ connection: rejected, rate: venues[1]!.rate }, NOW - 70_000, '', NOW);
    expect(text(alone)).toMatch(/^ AUTH FAILED {2}The service refused|^ AUTH FAILED {2}The API key/);
  });

  it('RATE LIMITED: the wait, then its own age where the line has room', async () => {
    const paused: ConnectionState = { status: 'rate_limited', consecutiveFailures: 1, lastSuccessAt: NOW - 90_000 };
    const venues = [venue('polymarket', paused), venue('kalshi', online)];
    venues[0] = { ...venues[0]!, dataAt: NOW - 90_000 };
    const lines = boardBanner({ connection: paused, rate: limited, venues }, NOW, '', NOW);
    const t = render(<Banner lines={lines} width={100} />);
    const f = await waitForFrame(t, (x) => x.includes('RATE LIMITED'));
    expect(f).toContain(' Polymarket  RATE LIMITED · retry in 120s · last data 1m ago');
  });
});

describe('two venues in trouble at once: the banner speaks of both', () => {
  const down: ConnectionState = {
    status: 'offline',
    consecutiveFailures: 4,
    lastSuccessAt: NOW - 120_000,
    lastError: { kind: 'network', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED', at: NOW },
  };
  const bad: ConnectionState = {
    status: 'degraded',
    consecutiveFailures: 5,
    lastSuccessAt: NOW - 60_000,
    troubleSince: NOW - 50_000,
    lastError: { kind: 'server', status: 503, code: 'HTTP_503', message: 'Unavailable (503).', at: NOW },
  };
  const calm: RateState = { ...limited, backoffReason: 'offline', backoffUntil: NOW + 8000 };
  const venues: VenueStatus[] = [
    { id: 'polymarket', connection: online, rate: { ...calm, backoffUntil: undefined }, dataAt: NOW - 5000 },
    { id: 'kalshi', connection: down, rate: calm, dataAt: NOW - 120_000 },
    { id: 'manifold', connection: bad, rate: calm, dataAt: NOW - 60_000 },
  ];
  const board = { connection: down, rate: calm, venues };

  async function frame(rows: number): Promise<{ lines: number; f: string }> {
    const lines = boardBanner(board, NOW - 5000, '', NOW, rows);
    const t = render(<Banner lines={lines} width={80} />);
    return { lines: lines.length, f: await waitForFrame(t, (x) => x.includes('OFFLINE')) };
  }

  it('a line each at 80 columns, each with its own data age', async () => {
    // before, only Kalshi (the first in trouble) was spoken of: Manifold had its header state and no age
    const { lines, f } = await frame(40);
    expect(lines).toBe(2);
    expect(f).toContain(' Kalshi  OFFLINE · last data 2m ago');
    expect(f).toContain(' Manifold  DEGRADED · last data 1m ago');
    expect(f).not.toContain('Polymarket');
  });

  it('one line naming both when the rows leave the banner one', async () => {
    const { lines, f } = await frame(7);
    expect(lines).toBe(1);
    expect(f).toContain(' Kalshi  OFFLINE · last data 2m ago  Manifold  DEGRADED · last data 1m ago');
  });

  it('a venue filtered out of the board is not spoken of', () => {
    const lines = boardBanner({ ...board, venueFilter: 'manifold' }, NOW, '', NOW, 40);
    expect(lines.map((l) => l.map((s) => s.text).join(''))).toEqual([
      expect.stringMatching(/^ Manifold {2}DEGRADED · last data 1m ago/),
    ]);
  });
});
