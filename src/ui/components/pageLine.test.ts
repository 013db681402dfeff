/**
 * An address cut to the pane's width looked whole (and a terminal that finds addresses in text made it clickable):
 * cut, it loses its scheme and ends in `…`, with `o` named; the OSC 8 link keeps the whole address.
 */
import { describe, expect, it } from 'vitest';
import { displayWidth } from '../format.js';
import { fitSegments } from './Line.js';
import { pageLine } from './pageLine.js';

const KALSHI = 'https://kalshi.com/markets/kxelonmars/will-elon-musk-visit-mars/kxelonmars-99';
const text = (segs: { text: string }[]) => segs.map((s) => s.text).join('');
/** What a terminal that finds addresses in text would take for one. */
const URL_IN_TEXT = /\bhttps?:\/\/\S+/u;

describe('the Page line', () => {
  it('an address that fits: whole, linked to itself', () => {
    const segs = pageLine(KALSHI, 90);
    expect(text(segs)).toBe(`Page ${KALSHI}`);
    expect(segs.find((s) => s.link)?.text).toBe(KALSHI);
  });

  it('one that does not: no scheme, ends in …, says o opens it; the link is still the whole address', () => {
    const segs = pageLine(KALSHI, 60);
    expect(text(segs)).toBe('Page kalshi.com/markets/kxelonmars/will-elon-m… · o opens it');
    expect(displayWidth(text(segs))).toBe(60);
    expect(text(segs)).not.toMatch(URL_IN_TEXT);
    expect(segs.find((s) => s.link)?.link).toBe(KALSHI);
    // the pane's own fit leaves it as it is
    expect(text(fitSegments(segs, 60))).toBe(text(segs));
  });

  it('cut even where the address would fit without its scheme, so it never reads as whole', () => {
    const width = 'Page '.length + displayWidth(KALSHI) - 3;
    const shown = text(pageLine(KALSHI, width));
    expect(shown).toMatch(/^Page kalshi\.com\/markets\/.*…( · o opens it)?$/u);
    expect(shown).not.toContain('kxelonmars-99');
  });

  it('any width: never wider, never an address in the text when cut, always the … when cut', () => {
    for (let width = 0; width < 100; width++) {
      const shown = text(fitSegments(pageLine(KALSHI, width), width));
      expect(displayWidth(shown)).toBeLessThanOrEqual(width);
      if (shown !== `Page ${KALSHI}`) {
        expect(shown).not.toMatch(URL_IN_TEXT);
        if (width > 'Page '.length) expect(shown).toContain('…');
      }
    }
  });
});
