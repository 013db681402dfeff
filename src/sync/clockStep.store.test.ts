/**
 * A wall clock stepped while the dashboard runs (clockStep.ts): what the store keeps besides the scheduling's stamps —
 * the notices and the connection's trouble (its start, the outages it records) — as a person sees them. A step back
 * moves them with the clock; a step ahead leaves them, as it leaves the data's ages (a machine that slept looks the
 * same: docs/rate-budget.md § Clock steps).
 */
import { describe, expect, it } from 'vitest';
import { bannerLines } from '../ui/components/Banner.js';
import { changeList } from '../ui/components/Changes.js';
import { noticeLine } from '../ui/components/Notices.js';
import { formatClock } from '../ui/format.js';
import { eventDataAt } from '../ui/views/events.js';
import { apiError, rig, runningRig, type Rig } from '../../test/support/syncHarness.js';

const MIN = 60_000;
const HOUR = 60 * MIN;

/** The board a minute in (runningRig), and `say`: an alert's notice, stamped on the clock as it reads now. */
async function aMinuteIn(): Promise<{ r: Rig; say: (text: string) => void }> {
  const r = await runningRig(MIN);
  return { r, say: (text) => r.store.getState().notice(text, 'alert', r.clock.now()) };
}

/** The notice line as the screen draws it now, in words. */
function noticeText(r: Rig): string {
  return (noticeLine(r.store.getState().notices, undefined, r.clock.now()) ?? []).map((s) => s.text).join('');
}

describe('notices across a wall clock step', () => {
  it('back an hour: the notice on screen shows out its seconds; the next is said alone, not with others', async () => {
    const { r, say } = await aMinuteIn();
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

  it('back 30 s: the notice on screen goes after its 10 s, not after 40', async () => {
    const { r } = await aMinuteIn();
    r.store.getState().notice('“A” closed', 'alert', r.clock.now());
    await r.run(2_000);
    r.clock.step(-30_000);
    r.sync.select('m1');
    await r.run(6_000);
    expect(noticeText(r)).toBe('★ ALERT “A” closed');
    await r.run(3_000);
    expect(noticeText(r)).toBe('');
  });

  it('back an hour: a notice stamped after the step, before the sync reads its clock, is moved once', async () => {
    const { r, say } = await aMinuteIn();
    say('“A” closed');
    await r.run(2_000);
    r.clock.step(-HOUR);
    // the watcher's alert, on the wall clock as it is now, before the sync has seen the step
    say('“B” closed');
    r.sync.select('m1');
    await r.run(1_000);
    // it was moved back with the ones from before the step: an hour old, gone at once, never on screen
    expect(noticeText(r)).toBe('★ ALERT “B” closed');
    expect(r.store.getState().notices.map((n) => r.clock.now() - n.at)).toEqual([3_000, 1_000]);
  });

  it('ahead an hour: the notice on screen is gone (an hour old, as after a sleep); the next said alone', async () => {
    const { r, say } = await aMinuteIn();
    say('“A” closed');
    r.clock.step(HOUR);
    r.sync.select('m1');
    await r.run(1_000);
    expect(noticeText(r)).toBe('');
    say('“B” closed');
    expect(noticeText(r)).toBe('★ ALERT “B” closed');
  });
});

describe('trouble across a wall clock step', () => {
  /** Good answers for a minute, then HTTP 503 for `before`, the step, 503 for `after`, then good answers again. */
  async function trouble(step: number, before: number, after: number) {
    const r = rig();
    let failing = false;
    r.client.handler = () => (failing ? apiError({ kind: 'server', status: 503 }) : undefined);
    r.sync.start();
    await r.run(MIN);
    failing = true;
    await r.run(before);
    r.clock.step(step);
    await r.run(after);
    const st = r.store.getState();
    const bannerAt = r.clock.now();
    const banner = bannerLines({ connection: st.connection, rate: st.rate, keyHint: '', now: bannerAt })
      .flat()
      .map((s) => s.text)
      .join('');
    failing = false;
    await r.run(MIN);
    return { r, banner, bannerAt, st: r.store.getState() };
  }

  it('back an hour: "degraded since" is the trouble’s start on the clock now; the outage its 3 minutes', async () => {
    const { banner, bannerAt, st } = await trouble(-HOUR, 2 * MIN, MIN);
    // the trouble began three minutes (and the wait for the first failing answer) before, on the clock now
    expect(banner).toContain(` DEGRADED`);
    expect(banner).toContain(` since ${formatClock(bannerAt - 3 * MIN).slice(0, 5)}`);
    expect(st.outages).toHaveLength(1);
    const { from, to } = st.outages[0]!;
    expect(from).toBeGreaterThanOrEqual(bannerAt - 3 * MIN);
    expect(from).toBeLessThan(bannerAt - 3 * MIN + 10_000);
    // its end is the first good answer after it, a backoff's wait later
    expect(to - from).toBeGreaterThanOrEqual(3 * MIN - 10_000);
    expect(to - from).toBeLessThanOrEqual(3 * MIN + 30_000);
    expect(st.notices.map((n) => n.text)).toContainEqual(expect.stringMatching(/^Back online after 3 min degraded/));
  });

  it('back an hour after an outage: it moves too; Recent changes lists it under a later change', async () => {
    const { r, st } = await trouble(0, 2 * MIN, 0);
    const [before] = st.outages;
    expect(before).toBeDefined();
    const change = { id: 'm2', title: 'M2', from: 'active', to: 'closed', at: r.clock.now() } as const;
    r.store.setState({ transitions: [change] });
    r.clock.step(-HOUR);
    r.sync.select('m1');
    await r.run(1_000);
    const moved = r.store.getState();
    expect(moved.outages[0]).toEqual({ ...before, from: before!.from - HOUR, to: before!.to - HOUR });
    expect(changeList(moved.transitions, moved.outages).map((c) => c.kind)).toEqual(['status', 'outage']);
  });

  it('ahead an hour: the trouble counts the hour (a machine that slept through it looks the same)', async () => {
    const { st } = await trouble(HOUR, 2 * MIN, MIN);
    expect(st.outages).toHaveLength(1);
    expect(st.outages[0]!.to - st.outages[0]!.from).toBeGreaterThan(HOUR + 3 * MIN - 1_000);
  });
});

describe('an event’s copy across a wall clock step', () => {
  it('back an hour: the side pane’s data age is the same minute, not an hour in the future', async () => {
    const { r } = await aMinuteIn();
    const at = r.clock.now();
    r.store.getState().eventLoaded({ id: 'e9', title: 'E9', markets: [], raw: {} }, at, at - 500);
    await r.run(MIN);
    r.clock.step(-HOUR);
    r.sync.select('m1');
    await r.run(1_000);
    expect(r.clock.now() - eventDataAt(r.store.getState(), 'e9')!).toBe(MIN + 1_000);
  });
});

describe('a trading state a quote revealed, across a wall clock step', () => {
  it('back an hour: an answer sent after the step, stamped after the refusal, ends it', async () => {
    const { r } = await aMinuteIn();
    const held = r.store.getState().markets.m1!.market;
    const refused = r.clock.now();
    const form = { outcome: 'Yes', amount: '10', action: 'buy' } as const;
    const error = { kind: 'closed', code: 'CLOSED', message: 'closed', at: refused, status: 409 } as const;
    r.store.getState().quoteFailed('m1', form, error);
    expect(r.store.getState().markets.m1?.tradeState).toBe('closed');
    r.clock.step(-HOUR);
    r.sync.select('m1');
    await r.run(1_000);
    // the server reopened the market after the refusal: its stamp is on the clock as it now reads
    const sent = r.clock.now();
    const reopened = { ...held, status: 'active', updatedAt: sent - 500 } as const;
    r.store.getState().marketLoaded(reopened, sent + 200, sent);
    expect(r.store.getState().markets.m1?.tradeState).toBeUndefined();
    expect(r.store.getState().markets.m1?.knownStatus).toBe('active');
  });
});
