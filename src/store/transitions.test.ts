import { describe, expect, it } from 'vitest';
import type { Market, MarketEvent } from '../api/types.js';
import { createOddsStore, TRANSITION_CAP, type OddsStore } from './store.js';
import type { ErrorInfo } from './types.js';
import { market } from '../../test/support/markets.js';

const m = (id: string, extra: Partial<Market> = {}): Market => market(id, { title: `T ${id}`, ...extra });
const ev = (id: string, markets: Market[]): MarketEvent => ({ id, title: `E ${id}`, markets, raw: {} });
const fresh = (): OddsStore => createOddsStore({ mode: 'anon', limit: 10 });
const err = (kind: ErrorInfo['kind'], at: number, status: number): ErrorInfo => ({
  kind,
  code: kind.toUpperCase(),
  message: kind,
  at,
  status,
});
const brief = (s: OddsStore) =>
  s
    .getState()
    .transitions.map((t) => `${t.id}:${t.from}>${t.to}${t.resolvedOutcome ? `=${t.resolvedOutcome}` : ''}@${t.at}`);

describe('status transitions', () => {
  it('none on first sight, one per change from the list, none when the same status is seen again', () => {
    const s = fresh();
    s.getState().listLoaded([m('a'), m('b', { status: 'closed' })], 1);
    expect(s.getState().transitions).toEqual([]);
    expect(s.getState().notices).toEqual([]);
    s.getState().listLoaded([m('a', { status: 'closed' }), m('b', { status: 'closed' })], 2);
    expect(brief(s)).toEqual(['a:active>closed@2']);
    expect(s.getState().notices.at(-1)).toMatchObject({ level: 'info', text: '“T a” closed', at: 2 });
    s.getState().listLoaded([m('a', { status: 'closed' })], 3);
    s.getState().marketLoaded(m('a', { status: 'closed' }), 4);
    expect(brief(s)).toEqual(['a:active>closed@2']);
    expect(s.getState().notices).toHaveLength(1);
    expect(s.getState().markets.a?.knownStatus).toBe('closed');
  });

  it('from the detail: settling, then resolved with the outcome', () => {
    const s = fresh();
    s.getState().marketLoaded(m('a', { status: 'closed', title: 'Will it rain?' }), 1);
    s.getState().marketLoaded(m('a', { status: 'settling', title: 'Will it rain?' }), 2);
    s.getState().marketLoaded(m('a', { status: 'resolved', resolvedOutcome: 'Yes', title: 'Will it rain?' }), 3);
    expect(brief(s)).toEqual(['a:settling>resolved=Yes@3', 'a:closed>settling@2']);
    expect(s.getState().transitions[0]).toEqual({
      id: 'a',
      title: 'Will it rain?',
      from: 'settling',
      to: 'resolved',
      resolvedOutcome: 'Yes',
      at: 3,
    });
    expect(s.getState().notices.map((n) => n.text)).toEqual([
      '“Will it rain?” is settling',
      '“Will it rain?” resolved: Yes',
    ]);
  });

  it('unknown is never a transition and does not erase the known status', () => {
    const s = fresh();
    s.getState().listLoaded([m('a', { status: 'unknown' })], 1);
    s.getState().listLoaded([m('a', { status: 'closed' })], 2); // the first known status: first sight
    expect(s.getState().transitions).toEqual([]);
    s.getState().listLoaded([m('a', { status: 'unknown' })], 3);
    expect(s.getState().transitions).toEqual([]);
    expect(s.getState().markets.a?.knownStatus).toBe('closed');
    s.getState().listLoaded([m('a', { status: 'resolved' })], 4);
    expect(brief(s)).toEqual(['a:closed>resolved@4']);
  });

  it('from a quote answering 409/410/423, and the market data agreeing later adds nothing', () => {
    const s = fresh();
    s.getState().listLoaded([m('a', { updatedAt: 0 }), m('b')], 1);
    s.getState().quoteFailed('a', { outcome: 'Yes', amount: '5', action: 'buy' }, err('closed', 10, 409));
    expect(brief(s)).toEqual(['a:active>closed@10']);
    s.getState().quoteFailed('a', { outcome: 'Yes', amount: '6', action: 'buy' }, err('closed', 11, 409));
    s.getState().listLoaded([m('a', { updatedAt: 0 })], 12); // older data still says active: the quote's state holds
    s.getState().listLoaded([m('a', { status: 'closed', updatedAt: 13 })], 13);
    expect(brief(s)).toEqual(['a:active>closed@10']);
    s.getState().quoteFailed('b', { outcome: 'Yes', amount: '5', action: 'buy' }, err('server', 14, 500));
    // not cached
    s.getState().quoteFailed('zz', { outcome: 'Yes', amount: '5', action: 'buy' }, err('resolved', 15, 410));
    expect(s.getState().transitions).toHaveLength(1);
  });

  it('from events: a cached market whose event says it moved on is patched, unless the event copy is older', () => {
    const s = fresh();
    s.getState().listLoaded([m('a', { updatedAt: 5 }), m('b', { updatedAt: 5 }), m('c', { updatedAt: 5 })], 1);
    s.getState().eventsLoaded(
      [
        ev('e1', [
          m('a', { status: 'resolved', resolvedOutcome: 'No', updatedAt: 6 }),
          m('b', { status: 'closed', updatedAt: 4 }),
          m('zz', { status: 'closed' }),
        ]),
        ev('e2', [m('c', { updatedAt: 6 })]),
      ],
      7,
    );
    expect(brief(s)).toEqual(['a:active>resolved=No@7']);
    expect(s.getState().markets.a?.market).toMatchObject({
      status: 'resolved',
      resolvedOutcome: 'No',
      outcomes: [
        { name: 'Yes', price: 0.6 },
        { name: 'No', price: 0.4 },
      ],
    });
    expect(s.getState().markets.b?.market.status).toBe('active');
    expect(s.getState().markets.zz).toBeUndefined();
    expect(s.getState().events.ids).toEqual(['e1', 'e2']);
    const before = s.getState().markets;
    s.getState().eventsLoaded([ev('e1', [m('a', { status: 'resolved', resolvedOutcome: 'No', updatedAt: 6 })])], 8);
    expect(s.getState().markets).toBe(before);
    expect(s.getState().transitions).toHaveLength(1);
  });

  it('several changes in one answer: all recorded (newest first in answer order reversed), one notice', () => {
    const s = fresh();
    s.getState().listLoaded([m('a'), m('b'), m('c'), m('d'), m('e')], 1);
    s.getState().listLoaded(
      ['a', 'b', 'c', 'd', 'e'].map((id) => m(id, { status: 'closed' })),
      2,
    );
    expect(s.getState().transitions.map((t) => t.id)).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(s.getState().notices).toHaveLength(1);
    expect(s.getState().notices[0]!.text).toBe('5 markets changed: “T a” closed · “T b” closed · “T c” closed …');
  });

  it('are bounded (newest first) and quote titles whole; hostile titles are stripped in the notice', () => {
    const s = fresh();
    const n = TRANSITION_CAP + 7;
    const ids = Array.from({ length: n }, (_, i) => `m${i}`);
    s.getState().listLoaded(
      ids.map((id) => m(id)),
      1,
    );
    ids.forEach((id, i) => s.getState().marketLoaded(m(id, { status: 'closed' }), 10 + i));
    const ts = s.getState().transitions;
    expect(ts).toHaveLength(TRANSITION_CAP);
    expect(ts[0]!.id).toBe(`m${n - 1}`);
    expect(ts.at(-1)!.id).toBe(`m${n - TRANSITION_CAP}`);
    s.getState().marketLoaded(
      m('m0', { status: 'settling', title: `\u001b]52;c;AAAA\u0007${'Long title '.repeat(10)}` }),
      100,
    );
    const text = s.getState().notices.at(-1)!.text;
    expect(text).not.toContain('\u001b');
    // whole: the screen cuts it to the room its line has (src/ui/quotes.ts)
    expect(text).toBe(`“${'Long title '.repeat(10).trim()}” is settling`);
  });
});
