import { describe, expect, it } from 'vitest';
import { displayWidth } from './format.js';
import { fitQuotes, SHORT_TITLE } from './quotes.js';
import { setGlyphs, type GlyphMode } from './glyphs.js';
import { burstText } from './components/Notices.js';
import { quoted } from '../store/transitions.js';

const long = 'Will the Federal Reserve cut its target rate at the December meeting of this year, by 25bp?';

describe('fitQuotes: quoted titles cut to the room their line has', () => {
  it('a message that fits its line is left whole, however long its title', () => {
    const text = `“${long}” resolved: Yes`;
    expect(fitQuotes(text, 156)).toBe(text);
  });

  it('a longer one cuts its titles just enough to fit, not at a fixed length', () => {
    const text = `“${long}” resolved: Yes · “${long}” is settling`;
    const out = fitQuotes(text, 156);
    expect(displayWidth(out)).toBeLessThanOrEqual(156);
    expect(displayWidth(out)).toBeGreaterThan(150);
    expect(out).toMatch(
      /^“Will the Federal Reserve cut its target rate at the December…” resolved: Yes · “Will .*…” is/,
    );
  });

  it('a short line cuts each title to the short cut (the message then wraps), never wider than the line', () => {
    const out = fitQuotes(`“${long}” resolved: Yes`, 60);
    expect(out).toBe(`“${long.slice(0, SHORT_TITLE - 1)}…” resolved: Yes`);
    const narrow = fitQuotes(`“${long}” resolved: Yes`, 20);
    expect(displayWidth(/“[^”]*”/.exec(narrow)![0])).toBeLessThanOrEqual(20);
  });

  it('in ASCII, titles quoted "…" (as the store quotes in that set) are cut the same, with ~', () => {
    setGlyphs('ascii');
    try {
      const out = fitQuotes(`"${long}" resolved: Yes - "${long}" is settling`, 156);
      expect(displayWidth(out)).toBeLessThanOrEqual(156);
      expect(displayWidth(out)).toBeGreaterThan(150);
      expect(out).toMatch(
        /^"Will the Federal Reserve cut its target rate at the December~" resolved: Yes - "Will .*~" is/,
      );
      expect(fitQuotes(`"${long}" resolved: Yes`, 60)).toBe(`"${long.slice(0, SHORT_TITLE - 1)}~" resolved: Yes`);
    } finally {
      setGlyphs('unicode');
    }
  });

  it('text without a quoted title is left as it is (the notice line wraps it)', () => {
    const text = 'x '.repeat(100);
    expect(fitQuotes(text, 40)).toBe(text);
  });

  // `Will "X" win` under ASCII (or `Will “X” win` under Unicode) once ended the quote at its own closing mark: the cut
  // landed inside the title, and two notices about it were not said as one
  it.each([
    [
      'ascii',
      'Will "Team X" win the league in a year of many matches and long travel?',
      /^"Will 'Team X' win.*~" closed$/,
    ],
    [
      'unicode',
      'Will “Team X” win the league in a year of many matches and long travel?',
      /^“Will ‘Team X’ win.*…” closed$/,
    ],
  ] as [GlyphMode, string, RegExp][])(
    'a title holding the closing quote of the set (%s) is quoted nested, cut whole',
    (mode, title, cut) => {
      setGlyphs(mode);
      try {
        const text = `${quoted(title)} closed`;
        expect(fitQuotes(text, 40, 30)).toMatch(cut);
        expect(displayWidth(fitQuotes(text, 40, 30))).toBeLessThanOrEqual(40);
        const said = burstText([text, `${quoted('B')} closed`]);
        expect(said).toBe(`${quoted(title)} and ${quoted('B')} closed`);
      } finally {
        setGlyphs('unicode');
      }
    },
  );
});
