import { describe, expect, it } from 'vitest';
import type { Market } from '../api/types.js';
import { ALERT_COOLDOWN_MS, largestMove } from './alerts.js';
import { createOddsStore, type OddsStore } from './store.js';
import type { AlertRule } from './watchTypes.js';
import { watchedIds } from './watchlist.js';
import { packed } from './samples.js';
import { binary, market } from '../../test/support/markets.js';

const mkt = (id: string, yes: number, over: Partial<Market> = {}): Market =>
  market(id, { outcomes: binary(yes), ...over });

function rule(over: Partial<AlertRule>): AlertRule {
  return { id: 'r1', marketId: 'm1', kind: 'above', outcome: 'Yes', cents: 70, source: 'form', createdAt: 0, ...over };
}

const store = (): OddsStore => createOddsStore({ mode: 'key', limit: 30 });
const fired = (s: OddsStore) => s.getState().alerts.log.map((e) => e.text);

describe('price alerts', () => {
  it('say a midpoint price with its two decimals, as the screen does (it read 1.5¢ where the book said 1.45¢)', () => {
    const s = store();
    s.getState().listLoaded([mkt('m1', 0.005)], 0);
    s.getState().addAlert(rule({ createdAt: 0, cents: 1 }));
    s.getState().listLoaded([mkt('m1', 0.0145)], 10_000);
    expect(fired(s)).toEqual(['“Market m1” Yes at 1.45¢ (above 1¢)']);
  });

  it('fire once per crossing, not on every refresh; a crossing back re-arms them (after the cooldown)', () => {
    const s = store();
    s.getState().listLoaded([mkt('m1', 0.6)], 0);
    s.getState().addAlert(rule({ createdAt: 0 }));
    expect(fired(s)).toEqual([]);
    let t = 0;
    const price = (p: number) => s.getState().listLoaded([mkt('m1', p)], (t += 10_000));
    price(0.71);
    expect(fired(s)).toEqual(['“Market m1” Yes at 71.0¢ (above 70¢)']);
    for (const p of [0.72, 0.75, 0.71, 0.7]) price(p); // every refresh above the level: still one
    expect(fired(s)).toHaveLength(1);
    price(0.65); // back below: armed again
    price(0.72); // but within the cooldown
    expect(fired(s)).toHaveLength(1);
    t += ALERT_COOLDOWN_MS;
    price(0.73); // the cooldown is over and it is still above: this crossing fires now
    expect(fired(s)).toHaveLength(2);
    price(0.74);
    expect(fired(s)).toHaveLength(2);
    const n = s.getState().notices.at(-1)!;
    expect(n).toMatchObject({ level: 'alert', text: '“Market m1” Yes at 73.0¢ (above 70¢)' });
    expect(s.getState().alerts.log[0]).toMatchObject({
      seq: 2,
      ruleId: 'r1',
      source: 'form',
      kind: 'above',
      marketId: 'm1',
      outcome: 'Yes',
      price: 0.73,
    });
  });

  it('below, on a named outcome, compares at the tenth of a cent the screen shows', () => {
    const s = store();
    s.getState().addAlert(rule({ kind: 'below', outcome: 'no', cents: 20 }));
    s.getState().listLoaded([mkt('m1', 0.7999)], 1); // No at 20.01¢ shows 20.0¢: at the level
    expect(fired(s)).toEqual(['“Market m1” No at 20.0¢ (below 20¢)']);
  });

  it('an alert whose condition already holds when it is set fires at once; an unknown outcome never fires', () => {
    const s = store();
    s.getState().listLoaded([mkt('m1', 0.9)], 0);
    s.getState().addAlert(rule({ id: 'x', outcome: 'Maybe' }));
    s.getState().addAlert(rule({ createdAt: 5 }));
    expect(fired(s)).toEqual(['“Market m1” Yes at 90.0¢ (above 70¢)']);
  });

  it('without an outcome (the config file) a binary market stays on Yes when it resolves No', () => {
    const s = store();
    s.getState().listLoaded([mkt('m1', 0.33)], 0);
    s.getState().addAlert(rule({ id: 'up', outcome: undefined, source: 'config' }));
    s.getState().addAlert(rule({ id: 'down', kind: 'below', outcome: undefined, cents: 5, source: 'config' }));
    expect(fired(s)).toEqual([]);
    s.getState().marketLoaded(mkt('m1', 0, { status: 'resolved', resolvedOutcome: 'No' }), 10_000);
    // not "No at 100.0¢ (above 70¢)": Yes fell to 0, so the below alert is the one that fires
    expect(fired(s)).toEqual(['“Market m1” Yes at 0.0¢ (below 5¢)']);
  });

  it('a move of at least N¢ within M minutes, from the price history, once per move', () => {
    const s = store();
    s.getState().addAlert(rule({ kind: 'move', cents: 5, minutes: 10 }));
    const at = (min: number, p: number) => s.getState().marketLoaded(mkt('m1', p), min * 60_000);
    at(0, 0.5);
    at(2, 0.52);
    at(4, 0.54);
    expect(fired(s)).toEqual([]);
    at(6, 0.555);
    expect(fired(s)).toEqual(['“Market m1” Yes moved +5.5¢ in 10 min (now 55.5¢)']);
    at(7, 0.556); // the same move, still within the window
    expect(fired(s)).toHaveLength(1);
    expect(s.getState().alerts.log[0]!.moveCents).toBe(5.5);
  });

  it('a move down is written with the minus sign every other figure on screen has (−, not -)', () => {
    const s = store();
    s.getState().addAlert(rule({ kind: 'move', cents: 5, minutes: 10 }));
    s.getState().marketLoaded(mkt('m1', 0.5), 0);
    s.getState().marketLoaded(mkt('m1', 0.414), 60_000);
    expect(fired(s)).toEqual(['“Market m1” Yes moved −8.6¢ in 10 min (now 41.4¢)']);
  });

  it('largestMove looks only inside the window and keeps the sign', () => {
    const h = {
      names: ['Yes', 'No'],
      trail: packed(2, []),
      samples: packed(2, [
        { t: 0, prices: [0.9, 0.1] },
        { t: 60_000, prices: [0.6, 0.4] },
        { t: 120_000, prices: [0.55, 0.45] },
      ]),
    };
    expect(largestMove(h, 'Yes', 0.5, 1.5, 150_000)).toBeCloseTo(-0.1);
    expect(largestMove(h, 'Yes', 0.5, 10, 150_000)).toBeCloseTo(-0.4);
    expect(largestMove(h, 'Maybe', 0.5, 10, 150_000)).toBeUndefined();
  });
});

describe('status alerts', () => {
  it(
    'a watched market announces each change of status (the winner with a resolution), the generic notice stands ' +
      'aside',
    () => {
      const s = store();
      s.getState().listLoaded([mkt('m1', 0.6), mkt('m2', 0.5)], 0);
      expect(s.getState().toggleWatch('m1', 0)).toBe(true);
      expect(watchedIds(s.getState())).toEqual(['m1']);
      expect(s.getState().watch.byId.m1).toMatchObject({ title: 'Market m1', status: 'active' });
      s.getState().marketLoaded(mkt('m1', 0.6, { status: 'closed' }), 1_000);
      s.getState().marketLoaded(mkt('m1', 0.6, { status: 'closed' }), 2_000);
      s.getState().marketLoaded(mkt('m1', 0.6, { status: 'resolved', resolvedOutcome: 'No' }), 3_000);
      expect(fired(s)).toEqual(['“Market m1” resolved: No', '“Market m1” closed']);
      expect(s.getState().alerts.log[0]).toMatchObject({
        ruleId: 'watch:m1',
        source: 'watch',
        kind: 'status',
        from: 'closed',
        to: 'resolved',
        winner: 'No',
      });
      expect(s.getState().notices.map((n) => [n.level, n.text])).toEqual([
        ['alert', '“Market m1” closed'],
        ['alert', '“Market m1” resolved: No'],
      ]);
      // an unwatched market keeps its usual notice
      s.getState().marketLoaded(mkt('m2', 0.5, { status: 'closed' }), 4_000);
      expect(s.getState().notices.at(-1)).toMatchObject({ level: 'info', text: '“Market m2” closed' });
      expect(fired(s)).toHaveLength(2);
    },
  );

  it(
    'a change that happened while the dashboard was not running is announced at the first answer after a ' + 'restart',
    () => {
      const before = store();
      before.getState().listLoaded([mkt('m1', 0.6)], 0);
      before.getState().toggleWatch('m1', 0);
      const after = store();
      after.getState().restoreWatch({ watch: before.getState().watch });
      after.getState().marketLoaded(mkt('m1', 0.6, { status: 'resolved', resolvedOutcome: 'Yes' }), 9_000);
      expect(fired(after)).toEqual(['“Market m1” resolved: Yes']);
    },
  );

  it('a status alert from the config file fires on the market it names; a 404 keeps a watched market watched', () => {
    const s = store();
    s.getState().setConfigAlerts([rule({ id: 'cfg:1', kind: 'status', source: 'config' })]);
    s.getState().toggleWatch('m9', 0); // not loaded yet: no baseline, no alert until it is seen
    s.getState().listLoaded([mkt('m1', 0.6), mkt('m9', 0.5)], 1);
    s.getState().listLoaded([mkt('m1', 0.6, { status: 'settling' })], 2);
    expect(fired(s)).toEqual(['“Market m1” is settling']);
    expect(s.getState().alerts.log[0]).toMatchObject({ ruleId: 'cfg:1', source: 'config' });
    s.getState().marketGone('m9', 3);
    expect(s.getState().watch.byId.m9).toMatchObject({ goneAt: 3, status: 'active' });
    expect(watchedIds(s.getState())).toEqual(['m9']);
    expect(s.getState().notices.at(-1)!.text).toBe(
      '“Market m9” is no longer available (private, under review or removed): still watched, asked for again in ' +
        '30 min (w unwatches it).',
    );
    // one watched but never loaded this session (its venue answered 404 at the start): named by its saved title
    s.getState().restoreWatch({
      watch: {
        ids: ['m9', 'k1'],
        byId: { ...s.getState().watch.byId, k1: { id: 'k1', addedAt: 0, title: 'Tulsa at Wichita St. Winner?' } },
      },
    });
    s.getState().marketGone('k1', 4);
    expect(s.getState().notices.at(-1)!.text).toMatch(/^“Tulsa at Wichita St\. Winner\?” is no longer available/);
  });

  it('a watched market with status alerts set on it tells each change once: the first alert set wins', () => {
    const s = store();
    s.getState().setConfigAlerts([rule({ id: 'cfg:1', kind: 'status', source: 'config' })]);
    s.getState().listLoaded([mkt('m1', 0.6)], 0);
    s.getState().toggleWatch('m1', 0);
    s.getState().addAlert(rule({ id: 'r1', kind: 'status', outcome: undefined, cents: undefined, createdAt: 0 }));
    s.getState().marketLoaded(mkt('m1', 0.6, { status: 'closed' }), 1_000);
    s.getState().marketLoaded(mkt('m1', 0.6, { status: 'resolved', resolvedOutcome: 'No' }), 2_000);
    expect(fired(s)).toEqual(['“Market m1” resolved: No', '“Market m1” closed']);
    expect(s.getState().alerts.log.map((e) => [e.seq, e.ruleId, e.source, e.from, e.to])).toEqual([
      [2, 'cfg:1', 'config', 'closed', 'resolved'],
      [1, 'cfg:1', 'config', 'active', 'closed'],
    ]);
    expect(s.getState().notices.filter((n) => n.level === 'alert')).toHaveLength(2);
    // the others know the change too: with the config alert gone, the next change is told once, by the next in line
    expect(s.getState().watch.byId.m1?.status).toBe('resolved');
    expect(s.getState().alerts.state.r1).toMatchObject({ status: 'resolved' });
    s.getState().setConfigAlerts([]);
    s.getState().marketLoaded(mkt('m1', 0.6, { status: 'active' }), 3_000);
    expect(s.getState().alerts.log).toHaveLength(3);
    expect(s.getState().alerts.log[0]).toMatchObject({ ruleId: 'r1', source: 'form', from: 'resolved', to: 'active' });
    s.getState().removeAlert('r1');
    s.getState().marketLoaded(mkt('m1', 0.6, { status: 'closed' }), 4_000);
    expect(s.getState().alerts.log[0]).toMatchObject({ ruleId: 'watch:m1', source: 'watch', from: 'active' });
    expect(s.getState().alerts.log).toHaveLength(4);
  });

  it('a status alert behind a watch another dashboard moved on takes the change silently once it is logged', () => {
    const behind = (logged: boolean) => {
      const s = store();
      s.getState().setConfigAlerts([rule({ id: 'cfg:1', kind: 'status', source: 'config' })]);
      s.getState().listLoaded([mkt('m1', 0.6)], 0);
      // what another dashboard wrote, taken in: the watch holds "closed", and the log its entry when it told it
      const told = { seq: 1, at: 500, ruleId: 'watch:m1', source: 'watch', kind: 'status', marketId: 'm1' } as const;
      s.getState().takeSaved({
        watch: { ids: ['m1'], byId: { m1: { id: 'm1', addedAt: 0, status: 'closed' } } },
        log: logged ? [{ ...told, title: 'Market m1', text: '“Market m1” closed', from: 'active', to: 'closed' }] : [],
      });
      s.getState().marketLoaded(mkt('m1', 0.6, { status: 'closed' }), 1_000);
      return s.getState().alerts;
    };
    const after = behind(true);
    expect(after.log.map((e) => e.ruleId)).toEqual(['watch:m1']);
    expect(after.state['cfg:1']).toMatchObject({ status: 'closed' });
    // a watch made while the market was closed already told nothing (its status is where it starts): the alert tells it
    expect(behind(false).log.map((e) => [e.ruleId, e.from, e.to])).toEqual([['cfg:1', 'active', 'closed']]);
  });

  it("an unwatched market's change logged elsewhere is told here only if logged before this alert was set", () => {
    const judged = (loggedAt: number) => {
      const s = store();
      s.getState().setConfigAlerts([rule({ id: 'cfg:2', kind: 'status', source: 'config', createdAt: 600 })]);
      s.getState().listLoaded([mkt('m1', 0.6)], 600);
      const e = { seq: 1, at: loggedAt, ruleId: 'cfg:1', source: 'config', kind: 'status', marketId: 'm1' } as const;
      s.getState().takeSaved({ log: [{ ...e, title: 'M', text: '“M” closed', from: 'active', to: 'closed' }] });
      s.getState().marketLoaded(mkt('m1', 0.6, { status: 'closed' }), 1_000);
      return s.getState().alerts.log.map((x) => x.ruleId);
    };
    expect(judged(700)).toEqual(['cfg:1']);
    // an entry older than the alert is of an earlier closing (the market opened again, unlogged): this one is told
    expect(judged(500)).toEqual(['cfg:2', 'cfg:1']);
  });

  it('watched markets are kept in the cache whatever its cap; unwatching removes them from the list', () => {
    const s = store();
    s.getState().marketLoaded(mkt('w', 0.5), 0);
    s.getState().toggleWatch('w', 0);
    for (let i = 0; i < 9; i++)
      s.getState().listLoaded(
        Array.from({ length: 100 }, (_, j) => mkt(`b${i}-${j}`, 0.5)),
        10 + i,
      );
    expect(s.getState().markets.w).toBeDefined();
    expect(s.getState().toggleWatch('w', 20)).toBe(false);
    expect(watchedIds(s.getState())).toEqual([]);
  });
});
