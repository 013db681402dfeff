import { describe, expect, it } from 'vitest';
import { dashboardIn, killedAfterEach } from '../support/e2eKit.js';
import { BARS, G, spinnerFrames } from '../../src/ui/glyphs.js';

/**
 * A locale that is not UTF-8 (docs/views.md § Terminals without UTF-8 or cursor addressing), the built dashboard on
 * the embedded demo in tmux: under LANG=C the board is drawn in ASCII stand-ins; `--unicode` keeps the glyphs (LANG=C
 * over ssh on a terminal that draws UTF-8).
 */
const started = killedAfterEach();
const C = { LANG: 'C', LC_ALL: '', LC_CTYPE: '' };
/** A market row of the list, in either set: its cursor, then its status word. */
const ROW = /^(?:>|▸| ) +ACTIVE +/m;
/**
 * The lines holding one of the board's own glyphs (the table's Unicode set, as this test process draws it) or a
 * braille cell (the chart). The demo's titles are not ASCII (日本銀行, Atlético, 🐕): a service's text is drawn as
 * received, so only the board's glyphs are looked for; src/ui/views/ascii.test.tsx asserts pure ASCII on ASCII titles.
 */
const OWN = new Set([...Object.values(G).join(''), ...BARS, ...spinnerFrames().join('')].filter((c) => c > '\x7f'));
const withGlyphs = (s: string) =>
  s.split('\n').filter((l) => [...l].some((c) => OWN.has(c) || /[\u2800-\u28ff]/.test(c)));

describe('the board under LANG=C (tmux)', { timeout: 120_000 }, () => {
  it("LANG=C: no glyph of the board's own — > on the selected row, | between the panes, prices in c, no connection dot", async () => {
    const t = started.session(await dashboardIn('ascii', '--speed 20', C));
    const s = await t.waitFor('market rows and the connection', (x) => ROW.test(x) && /online/.test(x), 20_000);
    expect(withGlyphs(s)).toEqual([]);
    expect(s).toMatch(/^> +ACTIVE +/m);
    expect(s).toMatch(/\d+\.\dc/);
    expect(s).toMatch(/ \| /);
    expect(s).toMatch(/\* Markets/);
    // the detail pane takes the focus with Enter (the footer says so in ASCII: Enter/Tab open)
    expect(s).toContain('Enter/Tab');
    t.keys('Enter');
    const detail = await t.waitFor('the detail pane focused', (x) => /\* Detail/.test(x));
    expect(withGlyphs(detail)).toEqual([]);
    t.keys('?');
    const help = await t.waitFor('the help overlay', (x) => x.includes('list -> detail -> quote'));
    expect(withGlyphs(help)).toEqual([]);
  });

  it('LANG=C: the `w` notice quotes the title with " (it read * Watching “Title”)', async () => {
    const t = started.session(await dashboardIn('ascii-w', '--speed 20', C));
    await t.waitFor('market rows', (x) => ROW.test(x) && /online/.test(x), 20_000);
    t.keys('w');
    const s = await t.waitFor('the watch notice', (x) => /\* Watching "[^"\n]+"/.test(x));
    expect(withGlyphs(s)).toEqual([]);
  });

  it('LANG=C with --unicode: the glyphs as on a UTF-8 locale', async () => {
    const t = started.session(await dashboardIn('unicode', '--speed 20 --unicode', C));
    const s = await t.waitFor('market rows and the connection', (x) => ROW.test(x) && /● online/.test(x), 20_000);
    expect(s).toMatch(/^▸ +ACTIVE +/m);
    expect(s).toMatch(/\d+\.\d¢/);
    expect(s).toContain('│');
    expect(s).toContain('◆ Markets');
    // what the ASCII test looks for is there to be found
    expect(withGlyphs(s).length).toBeGreaterThan(0);
  });
});
