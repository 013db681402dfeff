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
