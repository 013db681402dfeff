import { describe, expect, it } from 'vitest';
import { oneShotService, valid } from '../../../test/support/oneShot.js';
import { orderMoved } from './allPages.js';

// The demo's world moves an hour after every answer: volumes, and with them the default order (volume), move
// between one page and the next, as they do on a live service while --all pages through it.
const service = oneShotService({ start: Date.UTC(2026, 10, 22, 12), afterAnswer: (clock) => clock.advance(3_600_000) });

describe('markets --all while the order moves', () => {
  it('says on stderr, in one line, that markets may be missing and which sort pages in a fixed order', async () => {
    const c = await service.run(['markets', '--all', '--status', 'all', '--json']);
    expect(c.code).toBe(0);
    valid(JSON.parse(c.out)); // the document is unchanged: it has no field for notes
    const lines = c.err.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^oddsboard: the order moved while paging \(\d+ repeats?\): some markets may be missing; --sort newest pages in a fixed order$/,
    );
  });

  it('--sort newest: every visible market once, nothing said', async () => {
    const c = await service.run(['markets', '--all', '--status', 'all', '--sort', 'newest', '--json']);
    expect(c.code).toBe(0);
    expect(c.err).toBe('');
    const ids = JSON.parse(c.out).data.map((m: { id: string }) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(service.srv.sim.markets().filter((m) => service.srv.sim.isVisible(m)).length);
  });
});

describe('orderMoved', () => {
  it('names the venue among several, counts one repeat as one, and offers newest only where it is fixed', () => {
    expect(orderMoved(1, 'public', 'newest', true)).toBe(
      'The interface: the order moved while paging (1 repeat): some markets may be missing',
    );
    expect(orderMoved(3, 'kalshi', undefined, false)).toBe(
      'the order moved while paging (3 repeats): some markets may be missing',
    );
  });
});
