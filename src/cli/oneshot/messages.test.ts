import { describe, expect, it } from 'vitest';
import { oneShotService } from '../../../test/support/oneShot.js';

/** What the one-shot tables say when there is nothing to list, or little room (the reference service, loopback). */
const { run } = oneShotService();

describe('markets past the end of the list', { timeout: 60_000 }, () => {
  it('says there are none past that offset, not "No markets match." (no filter was given)', async () => {
    const r = await run(['markets', '--offset', '10000']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      'No markets past the first 10000: --offset 10000 is at or after the end of the list ' +
        '(leave it out to list from the start).\n',
    );
    const all = await run(['markets', '--offset', '09999', '--all', '--limit', '100']);
    expect(all.out).toMatch(/^No markets past the first 9999: --offset 9999 is at or after the end /);
    // the JSON document is an empty list as before
    expect(JSON.parse((await run(['markets', '--offset', '10000', '--json'])).out).data).toEqual([]);
  });
});
