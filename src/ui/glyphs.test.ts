import { afterEach, describe, expect, it } from 'vitest';
import { chooseGlyphs, G, glyphMode, glyphsOfLocale, inGlyphs, perGlyphSet, setGlyphs } from './glyphs.js';

afterEach(() => setGlyphs('unicode'));

describe('the glyph set', () => {
  it('guesses from the first of LC_ALL, LC_CTYPE, LANG that is set: a UTF-8 codeset draws Unicode', () => {
    expect(glyphsOfLocale({ LANG: 'en_US.UTF-8' })).toBe('unicode');
    expect(glyphsOfLocale({ LANG: 'C.utf8' })).toBe('unicode');
    expect(glyphsOfLocale({ LC_CTYPE: 'UTF-8' })).toBe('unicode'); // macOS
    expect(glyphsOfLocale({ LANG: 'de_DE.utf-8@euro' })).toBe('unicode');
    expect(glyphsOfLocale({ LANG: 'C' })).toBe('ascii');
    expect(glyphsOfLocale({ LANG: 'POSIX' })).toBe('ascii');
    expect(glyphsOfLocale({ LANG: 'en_US.ISO-8859-1' })).toBe('ascii');
    expect(glyphsOfLocale({ LANG: 'en_US' })).toBe('ascii');
    expect(glyphsOfLocale({})).toBe('ascii');
    // the first set wins, as setlocale reads them: LC_ALL over LC_CTYPE over LANG
    expect(glyphsOfLocale({ LC_ALL: 'C', LANG: 'en_US.UTF-8' })).toBe('ascii');
    expect(glyphsOfLocale({ LC_ALL: 'en_US.UTF-8', LANG: 'C' })).toBe('unicode');
    expect(glyphsOfLocale({ LC_CTYPE: 'C', LANG: 'en_US.UTF-8' })).toBe('ascii');
    // set but empty is not set
    expect(glyphsOfLocale({ LC_ALL: '', LC_CTYPE: '', LANG: 'en_US.UTF-8' })).toBe('unicode');
    // a codeset that only contains the word is not one
    expect(glyphsOfLocale({ LANG: 'utf8ish' })).toBe('ascii');
  });

  it('the setting (a flag or the config file) over the locale, both ways', () => {
    expect(chooseGlyphs(undefined, { LANG: 'C' })).toBe('ascii');
    expect(chooseGlyphs('unicode', { LANG: 'C' })).toBe('unicode');
    expect(chooseGlyphs(undefined, { LANG: 'en_US.UTF-8' })).toBe('unicode');
    expect(chooseGlyphs('ascii', { LANG: 'en_US.UTF-8' })).toBe('ascii');
  });

  it('every glyph is read in the set chosen when it is read, and every ASCII stand-in is printable ASCII', () => {
    expect(glyphMode()).toBe('unicode');
    expect(G.cent).toBe('¢');
    setGlyphs('ascii');
    expect(G.cent).toBe('c');
    expect(G.ret).toBe('Enter');
    expect(G.online).toBe('');
    for (const [name, text] of Object.entries(G)) expect(text, name).toMatch(/^[\x20-\x7e]*$/);
    setGlyphs('unicode');
    for (const [name, text] of Object.entries(G)) expect(text, name).toMatch(/[^\x00-\x7f]/);
  });

  it('a saved text (the alert log) is drawn in the set chosen: as saved in Unicode, swapped in ASCII', () => {
    const saved = '“Fed — up?” Yes moved −7.3¢ · ended …';
    expect(inGlyphs(saved)).toBe(saved);
    setGlyphs('ascii');
    // the quoted title is the service's text: only its quotes change
    expect(inGlyphs(saved)).toBe('"Fed — up?" Yes moved -7.3c - ended ~');
    expect(inGlyphs('"Fed" Yes at 7.0c')).toBe('"Fed" Yes at 7.0c');
  });

  it('perGlyphSet makes a value once for each set, and gives the one of the set drawn', () => {
    let made = 0;
    const dot = perGlyphSet(() => ({ text: `${G.dot}${++made}` }));
    const first = dot();
    expect(dot()).toBe(first);
    expect(first.text).toBe('·1');
    setGlyphs('ascii');
    expect(dot().text).toBe('-2');
    expect(dot()).toBe(dot());
    setGlyphs('unicode');
    expect(dot()).toBe(first);
    expect(made).toBe(2);
  });
});
