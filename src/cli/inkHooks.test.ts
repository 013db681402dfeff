import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { INK_OUTPUT_VERSIONS, redirectFor, type HookTargets } from './inkHooks.js';
import inkWidth from './inkWidth.js';
import { cursorTerminal } from './restoreCursor.js';

describe('inkWidth and the module hook', () => {
  it(
    'answers as string-width does, for plain, coloured, wide and odd text, twice (the second time from the ' + 'cache)',
    () => {
      const samples = [
        '',
        'plain',
        '\x1b[1m\x1b[32mACTIVE\x1b[39m\x1b[22m  37.0¢ ▲1.2¢',
        '選挙の結果',
        '👨‍👩‍👧‍👦 family',
        ' │ ',
        'a\tb',
        '\u200b',
      ];
      for (const s of samples) {
        expect(inkWidth(s), s).toBe(stringWidth(s));
        expect(inkWidth(s), s).toBe(stringWidth(s));
      }
      fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => inkWidth(s) === stringWidth(s)));
    },
  );

  it('passes options that change the answer through to string-width', () => {
    const s = '\x1b[31m±±\x1b[39m';
    expect(inkWidth(s, { countAnsiEscapeCodes: true })).toBe(stringWidth(s, { countAnsiEscapeCodes: true }));
    expect(inkWidth('±', { ambiguousIsNarrow: false })).toBe(2);
    expect(inkWidth(undefined as unknown as string)).toBe(0);
  });

  const targets = (version: string | undefined): HookTargets => ({
    width: 'file:///app/dist/cli/inkWidth.js',
    output: 'file:///app/dist/ui/inkOutput.js',
    measure: 'file:///app/dist/cli/inkMeasure.js',
    squash: 'file:///app/dist/cli/inkSquashEntry.js',
    cursor: 'file:///app/dist/cli/restoreCursor.js',
    lineUpdate: 'file:///app/dist/cli/inkLineUpdateEntry.js',
    logUpdate: 'file:///app/dist/cli/inkLogUpdateEntry.js',
    throttle: 'file:///app/dist/cli/inkThrottleEntry.js',
    inkVersion: () => version,
  });

  it('redirects string-width only when a dependency imports it', () => {
    const t = targets('8.0.0');
    expect(redirectFor('string-width', 'file:///app/node_modules/ink/build/output.js', t)).toBe(t.width);
    expect(redirectFor('string-width', 'file:///app/node_modules/widest-line/index.js', t)).toBe(t.width);
    expect(redirectFor('string-width', 'file:///app/dist/ui/format.js', t)).toBeUndefined();
    expect(redirectFor('string-width', t.width, t)).toBeUndefined();
    expect(redirectFor('strip-ansi', 'file:///app/node_modules/ink/build/output.js', t)).toBeUndefined();
  });

  it("redirects Ink's output.js, from its renderer only, for the Ink versions it was checked against", () => {
    const renderer = 'file:///app/node_modules/ink/build/renderer.js';
    expect(redirectFor('./output.js', renderer, targets('8.0.0'))).toBe(targets('8.0.0').output);
    expect(redirectFor('./output.js', renderer, targets('8.0.3'))).toBe(targets('8.0.3').output);
    expect(redirectFor('./output.js', renderer, targets('8.1.0'))).toBeUndefined();
    expect(redirectFor('./output.js', renderer, targets(undefined))).toBeUndefined();
    expect(
      redirectFor('./output.js', 'file:///app/node_modules/other/build/renderer.js', targets('8.0.0')),
    ).toBeUndefined();
    expect(redirectFor('./output.js', 'file:///app/dist/ui/renderer.js', targets('8.0.0'))).toBeUndefined();
  });

  it("redirects Ink's measure-text.js, from its dom.js only, for the same Ink versions", () => {
    const dom = 'file:///app/node_modules/ink/build/dom.js';
    expect(redirectFor('./measure-text.js', dom, targets('8.0.0'))).toBe(targets('8.0.0').measure);
    expect(redirectFor('./measure-text.js', dom, targets('8.1.0'))).toBeUndefined();
    expect(redirectFor('./measure-text.js', 'file:///app/node_modules/ink/build/renderer.js', targets('8.0.0'))).toBe(
      undefined,
    );
    expect(redirectFor('./output.js', dom, targets('8.0.0'))).toBeUndefined();
  });

  it("redirects Ink's squash-text-nodes.js, from dom.js and render-node-to-output.js, for the same versions", () => {
    const build = 'file:///app/node_modules/ink/build/';
    for (const parent of ['dom.js', 'render-node-to-output.js'])
      expect(redirectFor('./squash-text-nodes.js', build + parent, targets('8.0.0'))).toBe(targets('8.0.0').squash);
    expect(redirectFor('./squash-text-nodes.js', `${build}dom.js`, targets('8.1.0'))).toBeUndefined();
    expect(redirectFor('./squash-text-nodes.js', `${build}renderer.js`, targets('8.0.0'))).toBeUndefined();
    expect(redirectFor('./squash-text-nodes.js', 'file:///app/dist/ui/dom.js', targets('8.0.0'))).toBeUndefined();
  });

  it("redirects Ink's line-update.js from log-update.js only, for the same versions", () => {
    const build = 'file:///app/node_modules/ink/build/';
    expect(redirectFor('./line-update.js', `${build}log-update.js`, targets('8.0.0'))).toBe(
      targets('8.0.0').lineUpdate,
    );
    expect(redirectFor('./line-update.js', `${build}log-update.js`, targets('8.1.0'))).toBeUndefined();
    expect(redirectFor('./line-update.js', `${build}renderer.js`, targets('8.0.0'))).toBeUndefined();
  });

  it("redirects Ink's log-update.js from ink.js only, for the same versions", () => {
    const build = 'file:///app/node_modules/ink/build/';
    expect(redirectFor('./log-update.js', `${build}ink.js`, targets('8.0.0'))).toBe(targets('8.0.0').logUpdate);
    expect(redirectFor('./log-update.js', `${build}ink.js`, targets('8.1.0'))).toBeUndefined();
    expect(redirectFor('./log-update.js', `${build}renderer.js`, targets('8.0.0'))).toBeUndefined();
  });

  it("redirects es-toolkit/compat (Ink's throttle) from ink.js only, for the same versions", () => {
    const build = 'file:///app/node_modules/ink/build/';
    expect(redirectFor('es-toolkit/compat', `${build}ink.js`, targets('8.0.0'))).toBe(targets('8.0.0').throttle);
    expect(redirectFor('es-toolkit/compat', `${build}ink.js`, targets('8.1.0'))).toBeUndefined();
    expect(redirectFor('es-toolkit/compat', `${build}dom.js`, targets('8.0.0'))).toBeUndefined();
    expect(redirectFor('es-toolkit', `${build}ink.js`, targets('8.0.0'))).toBeUndefined();
  });

  it("redirects restore-cursor from cli-cursor only, whatever Ink's version", () => {
    const cliCursor = 'file:///app/node_modules/cli-cursor/index.js';
    for (const v of ['8.0.0', '9.0.0', undefined])
      expect(redirectFor('restore-cursor', cliCursor, targets(v))).toBe(targets(v).cursor);
    expect(redirectFor('restore-cursor', 'file:///app/node_modules/other/index.js', targets('8.0.0'))).toBeUndefined();
    expect(redirectFor('restore-cursor', 'file:///app/dist/cli/dashboard.js', targets('8.0.0'))).toBeUndefined();
  });

  it('shows the cursor on exit on the terminal: stderr when it is one, else stdout, never a file', () => {
    const tty = { isTTY: true, write: () => true };
    const file = { isTTY: false, write: () => true };
    expect(cursorTerminal(tty, file)).toBe(tty);
    expect(cursorTerminal(file, tty)).toBe(tty);
    expect(cursorTerminal(file, { write: () => true })).toBeUndefined();
  });

  it('covers the Ink that is installed (else the dashboard silently keeps the slower Output)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../node_modules/ink/package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(pkg.version).toMatch(INK_OUTPUT_VERSIONS);
  });
});
