import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { makeMarket, renderApp, type Harness } from '../../test/support/fixtures.js';
import { press, waitForFrame } from '../../test/support/wait.js';
import { colorEnabled } from '../cli/config.js';
import { runDashboard, stylesDrawn, type DashboardIo } from '../cli/dashboard.js';
import { palette } from './theme.js';

// Ink colours through chalk, which finds no terminal under vitest: make it draw truecolour, as a modern terminal would.
const before = vi.hoisted(() => {
  const was = process.env.FORCE_COLOR;
  process.env.FORCE_COLOR = '3';
  return was;
});
afterAll(() => {
  // the worker may run other test files next
  if (before === undefined) delete process.env.FORCE_COLOR;
  else process.env.FORCE_COLOR = before;
});

let h: Harness | undefined;
afterEach(() => h?.term.unmount());

/** The colour parameters (fore- and background) of every SGR sequence in a frame. */
function colourCodes(frame: string): string[] {
  const out: string[] = [];
  for (const m of frame.matchAll(/\x1b\[([0-9;]*)m/g)) {
    const params = m[1]!.split(';');
    for (let i = 0; i < params.length; i++) {
      const p = Number(params[i]);
      if (p === 38 || p === 48) {
        out.push(params.slice(i, i + (params[i + 1] === '2' ? 5 : 3)).join(';'));
        i += params[i + 1] === '2' ? 4 : 2;
      } else if ((p >= 30 && p <= 37) || (p >= 40 && p <= 47) || (p >= 90 && p <= 97) || (p >= 100 && p <= 107))
        out.push(String(p));
    }
  }
  return out;
}

const markets = [makeMarket(1), makeMarket(2, { status: 'settling' }), makeMarket(3, { status: 'closed' })];

describe('themes', () => {
  it('dark: the named colours as they are', async () => {
    h = renderApp({ columns: 120, rows: 30, markets, palette: palette('dark', true) });
    await waitForFrame(h.term, 'SETTLING');
    const f = h.term.lastFrame(); // with its escapes
    const codes = colourCodes(f);
    expect(codes).toContain('32'); // ACTIVE green
    expect(codes).toContain('33'); // SETTLING yellow
  });

  it('light: darker tones readable on white — no plain yellow, cyan or white text', async () => {
    h = renderApp({ columns: 120, rows: 30, markets, palette: palette('light', true) });
    await waitForFrame(h.term, 'SETTLING');
    const f = h.term.lastFrame();
    const codes = colourCodes(f);
    expect(codes).toContain('38;2;17;99;41'); // ACTIVE #116329
    expect(codes).toContain('38;2;135;95;0'); // SETTLING #875f00
    for (const washedOut of ['33', '36', '37', '93', '96', '97']) expect(codes).not.toContain(washedOut);
    expect(f).toMatch(/ACTIVE/);
  });

  it(
    'no colour (NO_COLOR, --color never): not one colour escape, the status still in words, tags ' + 'inverse',
    async () => {
      h = renderApp({ columns: 120, rows: 30, markets, palette: palette('dark', false) });
      await waitForFrame(h.term, 'SETTLING');
      const f = h.term.lastFrame();
      expect(colourCodes(f)).toEqual([]);
      expect(f).toMatch(/ACTIVE/);
      expect(f).toMatch(/CLOSED/);
      expect(f).toContain('\x1b[7m'); // the KEY tag stands out without colour
    },
  );

  it('no styles either (FORCE_COLOR=0): the shown tab is the one in brackets, in the same cells', async () => {
    h = renderApp({ columns: 120, rows: 30, markets, palette: palette('dark', false, false) });
    const tabs = (f: string) => f.split('\n').find((l) => l.includes('Watchlist'))!;
    const first = tabs(await waitForFrame(h.term, 'SETTLING'));
    expect(first).toMatch(/^\[1 Markets\] {2}2 Watchlist {3}3 /);
    const second = tabs(await press(h.term, '2', () => tabs(h!.term.lastFrame()).includes('[2 Watchlist]')));
    expect(second).toMatch(/^ 1 Markets {2}\[2 Watchlist\] {2}3 /);
    expect(second.length).toBe(first.length);
  });
});

describe('stylesDrawn (bold, dim, inverse at all: what chalk decides, on a terminal the board is drawn on)', () => {
  it.each([
    ['auto', {}, true],
    ['never', {}, true], // no colour, but inverse and bold still
    ['auto', { NO_COLOR: '1' }, true],
    ['always', { FORCE_COLOR: '0' }, true], // --color always forces chalk
    ['auto', { FORCE_COLOR: '1' }, true],
    ['auto', { FORCE_COLOR: '' }, true],
    ['auto', { FORCE_COLOR: '0' }, false],
    ['auto', { FORCE_COLOR: 'false' }, false],
    ['auto', { FORCE_COLOR: 'yes' }, true], // not a value chalk reads: as unset
  ] as const)('%s with %j → %s', (mode, env, expected) => {
    expect(stylesDrawn(mode, env)).toBe(expected);
  });

  it('is not asked on TERM=dumb: the dashboard refuses it first (exit 2)', async () => {
    const err: string[] = [];
    const tty = { isTTY: true, write: (s: string) => (err.push(s), true) };
    const io = { stdin: tty, stdout: tty, stderr: tty, env: { TERM: 'dumb' } };
    expect(await runDashboard([], io as unknown as DashboardIo)).toBe(2);
    expect(err.join('')).toMatch(/TERM=dumb cannot/);
  });
});

describe('colorEnabled', () => {
  it.each([
    ['auto', {}, true, true],
    ['auto', {}, false, false],
    ['auto', { NO_COLOR: '1' }, true, false],
    ['auto', { NO_COLOR: 'false' }, true, false], // any value
    ['auto', { NO_COLOR: '' }, true, true], // empty: unset (no-color.org)
    ['auto', { TERM: 'dumb' }, true, false],
    ['always', { NO_COLOR: '1' }, false, true], // a flag or the config file wins over NO_COLOR
    ['never', {}, true, false],
  ] as const)('%s with %j on a terminal=%s → %s', (mode, env, tty, expected) => {
    expect(colorEnabled(mode, env, tty)).toBe(expected);
  });
});
