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
    const venues = [venue('polymarket', online), key('kalshi', rejected, NOW - 70_000)];
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
