import { describe, expect, it } from 'vitest';
import { parseRenderArgs } from './render.js';
import { refuseUnknownRenderFlags, renderHelp } from './renderUsage.js';

describe("bench:render's flags", () => {
  it('--help prints the flags and runs nothing; a flag it does not know is refused, not run as a full round', () => {
    // before, `npm run bench:render -- --help` ignored the flag and started the full run (3 rounds, two sizes)
    for (const h of ['--help', '-h']) {
      const usage = renderHelp(['--cases', 'kalshi', h]);
      for (const flag of ['--cases', '--pairs', '--sizes', '--warmup', '--idle', '--rss-at', '--presses', '--limit'])
        expect(usage).toContain(`${flag} `);
      expect(usage).toMatch(/--json[\s\S]*--minutes N[\s\S]*--reference[\s\S]*--node-flag F/);
    }
    expect(renderHelp(['--cases', 'kalshi'])).toBeUndefined();
    expect(() => refuseUnknownRenderFlags(['--case', 'kalshi'])).toThrow(/unknown flag --case \(--help lists them\)/);
    expect(() => refuseUnknownRenderFlags(['--pairs', '1', '--idel', '10'])).toThrow(/unknown flag --idel/);
  });

  it('takes every flag it documents; the Node flags handed on are not its own', () => {
    const argv = [
      ...['--cases', 'kalshi', '--pairs', '1', '--sizes', '160x48', '--warmup', '5', '--idle', '10'],
      ...['--rss-at', '20', '--presses', '20', '--limit', '50', '--json'],
      ...['--node-flag', '--max-semi-space-size=8', '--node-flag', '--no-opt'],
    ];
    expect(() => refuseUnknownRenderFlags(argv)).not.toThrow();
    expect(parseRenderArgs(argv)).toMatchObject({ pairs: 1, idleS: 10, limit: 50, json: true });
    expect(parseRenderArgs(argv).nodeFlags).toEqual(['--max-semi-space-size=8', '--no-opt']);
    expect(() => refuseUnknownRenderFlags(['--minutes', '5', '--cases', 'kalshi', '--reference'])).not.toThrow();
  });

  it('takes --flag=value as parseRenderArgs does (flagArgs), and still refuses a misspelt one so written', () => {
    // before, `--pairs=1` was read by parseRenderArgs but refused here first as an unknown flag `--pairs=1`
    expect(() => refuseUnknownRenderFlags(['--cases=kalshi', '--pairs=1'])).not.toThrow();
    expect(parseRenderArgs(['--cases=kalshi', '--pairs=1'])).toMatchObject({ pairs: 1 });
    expect(() => refuseUnknownRenderFlags(['--case=kalshi'])).toThrow(/unknown flag --case \(--help lists them\)/);
  });
});
