/**
 * The alert log's cost per frame (AlertLog.tsx): in ASCII, each saved entry is put in the set drawn (`inGlyphs`) once,
 * not on every frame; a new entry costs one more, and a change of set draws every entry in the new set.
 */
import type * as GlyphsModule from '../glyphs.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertFired, AlertsState } from '../../store/watchTypes.js';
import { alertLogLines } from './AlertLog.js';
import { inGlyphs, setGlyphs } from '../glyphs.js';

vi.mock('../glyphs.js', async (importOriginal) => {
  const real = await importOriginal<typeof GlyphsModule>();
  return { ...real, inGlyphs: vi.fn(real.inGlyphs) };
});

const fired = (seq: number): AlertFired => ({
  seq,
  at: 0,
  ruleId: 'r1',
  source: 'form',
  kind: 'below',
  marketId: 'm1',
  title: 't',
  text: `“Fed ${seq}” Yes moved −7.3¢ in 30 min (now 40.0¢)`,
});
const text = (segs: { text: string }[]) => segs.map((s) => s.text).join('');
const props = { titleOf: () => undefined, entryOf: () => undefined, cursor: 0, now: 2_000, width: 80, height: 12 };
const calls = () => vi.mocked(inGlyphs).mock.calls.length;

afterEach(() => setGlyphs('unicode'));

describe('the alert log, frame after frame', () => {
  it('in ASCII, an entry is put in the set drawn once, not again on each frame', () => {
    setGlyphs('ascii');
    const log = Array.from({ length: 40 }, (_, i) => fired(40 - i));
    const alerts: AlertsState = { rules: [], state: {}, log, seq: 40 };
    vi.mocked(inGlyphs).mockClear();
    const first = alertLogLines({ ...props, alerts });
    const once = calls();
    expect(once).toBeGreaterThan(0);
    expect(once).toBeLessThanOrEqual(props.height);
    for (let frame = 0; frame < 5; frame++) expect(alertLogLines({ ...props, alerts })).toEqual(first);
    expect(calls()).toBe(once);
    // a new entry at the top: that one only
    const more: AlertsState = { ...alerts, log: [fired(41), ...log], seq: 41 };
    expect(text(alertLogLines({ ...props, alerts: more }).at(4)!)).toMatch(/"Fed 41" Yes moved -7\.3c/);
    expect(calls()).toBe(once + 1);
  });

  it('a change of glyph set draws the same entries in the new set', () => {
    const alerts: AlertsState = { rules: [], state: {}, log: [fired(1)], seq: 1 };
    expect(text(alertLogLines({ ...props, alerts }).at(-1)!)).toMatch(/“Fed 1” Yes moved −7\.3¢/);
    setGlyphs('ascii');
    expect(text(alertLogLines({ ...props, alerts }).at(-1)!)).toMatch(/"Fed 1" Yes moved -7\.3c/);
    setGlyphs('unicode');
    expect(text(alertLogLines({ ...props, alerts }).at(-1)!)).toMatch(/“Fed 1” Yes moved −7\.3¢/);
  });

  it('a page of a long log shows its own entries, only those drawn; past the end, the last page', () => {
    const log = Array.from({ length: 40 }, (_, i) => fired(40 - i));
    const alerts: AlertsState = { rules: [], state: {}, log, seq: 40 };
    const entries = (logTop: number) =>
      alertLogLines({ ...props, alerts, logTop })
        .slice(4)
        .map((l) => /Fed (\d+)/.exec(text(l))?.[1]);
    vi.mocked(inGlyphs).mockClear();
    setGlyphs('ascii');
    expect(entries(20)).toEqual(['20', '19', '18', '17', '16', '15', '14', '13']);
    expect(calls()).toBeLessThanOrEqual(props.height);
    expect(text(alertLogLines({ ...props, alerts, logTop: 20 })[3]!)).toContain('21-28 of 40');
    expect(entries(99)).toEqual(['8', '7', '6', '5', '4', '3', '2', '1']);
  });
});
