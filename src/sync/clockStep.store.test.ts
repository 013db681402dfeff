/**
 * A wall clock stepped while the dashboard runs (clockStep.ts): what the store keeps besides the scheduling's stamps —
 * the notices and the connection's trouble (its start, the outages it records) — as a person sees them. A step back
 * moves them with the clock; a step ahead leaves them, as it leaves the data's ages (a machine that slept looks the
 * same: docs/rate-budget.md § Clock steps).
 */
import { describe, expect, it } from 'vitest';
import { noticeLine } from '../ui/components/Notices.js';
import { rig, type Rig } from '../../test/support/syncHarness.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** The notice line as the screen draws it now, in words. */
function noticeText(r: Rig): string {
  return (noticeLine(r.store.getState().notices, undefined, r.clock.now()) ?? []).map((s) => s.text).join('');
}

describe('notices across a wall clock step', () => {
  it('back an hour: the notice on screen shows out its seconds; the next is said alone, not with others', async () => {
    const r = rig();
    r.sync.start();
    await r.run(MIN);
    const say = (text: string) => r.store.getState().notice(text, 'alert', r.clock.now());
    say('“A” closed');
    await r.run(2_000);
    say('“B” closed');
    r.clock.step(-HOUR);
    r.sync.select('m1'); // the sync reads its clock
    await r.run(1_000);
    expect(noticeText(r)).toBe('★ ALERT “B” closed');
    await r.run(30_000);
    expect(noticeText(r)).toBe('');
    say('“C” resolved: Yes');
    // one burst is the notices of a second (BURST_MS): those of an hour "later" are not the same moment
    expect(noticeText(r)).toBe('★ ALERT “C” resolved: Yes');
  });

  it('ahead an hour: the notice on screen is gone (an hour old, as after a sleep); the next said alone', async () => {
    const r = rig();
    r.sync.start();
    await r.run(MIN);
    const say = (text: string) => r.store.getState().notice(text, 'alert', r.clock.now());
    say('“A” closed');
    r.clock.step(HOUR);
    r.sync.select('m1');
    await r.run(1_000);
    expect(noticeText(r)).toBe('');
    say('“B” closed');
    expect(noticeText(r)).toBe('★ ALERT “B” closed');
  });
});
