import { describe, expect, it } from 'vitest';
import { oneShotService } from '../../../test/support/oneShot.js';

/** What the one-shot tables say when there is nothing to list, or little room (the reference service, loopback). */
const { run, visible } = oneShotService();

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

describe('market on a narrow terminal', { timeout: 60_000 }, () => {
  it('no fact is cut: what does not fit goes under the status, whole (`ACTIVE · closes…` at 16)', async () => {
    const m = visible('active');
    const at = async (columns: number) =>
      (await run(['market', m.id], { tty: true, columns, env: { NO_COLOR: '1' } })).out.split('\n');
    const wide = await at(80);
    // the facts as a wide terminal has them: `ACTIVE · closes in 5m · Politics · event evt-…`, `id … · vol … · liq …`
    const facts = [...wide[1]!.split(' · '), ...wide[2]!.split(' · ')];
    expect(facts.length).toBeGreaterThanOrEqual(5);
    for (const columns of [30, 20, 16]) {
      const lines = await at(columns);
      const block = lines.slice(
        1,
        lines.findIndex((l) => l.startsWith('  Yes') || l.startsWith('  No')),
      );
      // every fact whole, on a line or wrapped at its spaces under the status, none cut with `…`
      const words = block.map((l) => l.trim()).join(' ');
      for (const f of facts) expect(words, `${f} at ${columns}`).toContain(f);
      expect(block.join('\n')).not.toContain('…');
      // within the width, but for a fact wider than it (the id, whole on a longer line)
      for (const l of block) if (!l.includes(m.id)) expect(l.length, l).toBeLessThanOrEqual(columns);
    }
    expect((await at(16)).slice(1, 3)).toEqual(['ACTIVE', `  ${facts[1]}`]);
  });
});
