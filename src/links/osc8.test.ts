/**
 * OSC 8 links (osc8.ts): detected from the environment, and drawn so that Ink's width measure and the frame buffer
 * (src/ui/inkOutput.ts) count only the link's text — the same cells as Ink's own Output.
 */
import { afterEach, describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import Output from '../ui/inkOutput.js';
import { displayWidth } from '../ui/format.js';
import { hyperlink, hyperlinksSupported, setHyperlinks } from './osc8.js';

const { default: InkOutput } = (await import(
  new URL('../../node_modules/ink/build/output.js', import.meta.url).href
)) as {
  default: new (o: { width: number; height: number }) => {
    write(x: number, y: number, text: string, o: { transformers: [] }): void;
    get(): { output: string };
  };
};

afterEach(() => setHyperlinks(false));
const URL_ = 'https://kalshi.com/markets/kxnewpope';

describe('hyperlinksSupported', () => {
  it('FORCE_HYPERLINK wins; none in tmux, screen or a dumb terminal; the terminals known to show them', () => {
    expect(hyperlinksSupported({ FORCE_HYPERLINK: '1', TMUX: '/tmp/x' })).toBe(true);
    expect(hyperlinksSupported({ FORCE_HYPERLINK: '0', TERM_PROGRAM: 'iTerm.app' })).toBe(false);
    expect(hyperlinksSupported({ TERM_PROGRAM: 'iTerm.app', TMUX: '/tmp/x' })).toBe(false);
    expect(hyperlinksSupported({ TERM: 'screen-256color', WT_SESSION: '1' })).toBe(false);
    expect(hyperlinksSupported({ TERM_PROGRAM: 'WezTerm' })).toBe(true);
    expect(hyperlinksSupported({ VTE_VERSION: '7200' })).toBe(true);
    expect(hyperlinksSupported({ VTE_VERSION: '4200' })).toBe(false);
    expect(hyperlinksSupported({ KITTY_WINDOW_ID: '1' })).toBe(true);
    expect(hyperlinksSupported({ TERM: 'xterm-256color' })).toBe(false);
    expect(hyperlinksSupported({})).toBe(false);
  });
});

describe('hyperlink', () => {
  it('off: the text alone; on: wrapped in OSC 8 ended by BEL', () => {
    expect(hyperlink(URL_, URL_)).toBe(URL_);
    setHyperlinks(true);
    expect(hyperlink(URL_, URL_)).toBe(`\x1b]8;;${URL_}\x07${URL_}\x1b]8;;\x07`);
    expect(hyperlink('x', 'https://a\x07b')).toBe('x');
  });
  it('measured as its text by string-width and the width cache', () => {
    setHyperlinks(true);
    const linked = hyperlink(URL_, URL_);
    expect(stringWidth(linked)).toBe(URL_.length);
    expect(displayWidth(linked)).toBe(URL_.length);
  });
  it('the frame buffer draws the same cells as Ink’s Output, the link kept', () => {
    setHyperlinks(true);
    const line = `Page ${hyperlink(URL_, URL_)} ·`;
    const ours = new Output({ width: 60, height: 1 });
    const inks = new InkOutput({ width: 60, height: 1 });
    ours.write(0, 0, line, { transformers: [] });
    inks.write(0, 0, line, { transformers: [] });
    const a = ours.get().output;
    expect(a).toBe(inks.get().output);
    expect(a).toContain(`\x1b]8;;${URL_}`);
    expect(a.replace(/\x1b\]8;;[^\x07\x1b]*(?:\x07|\x1b\\)/g, '')).toBe(`Page ${URL_} ·`.padEnd(60).trimEnd());
  });
});
