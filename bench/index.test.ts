import { describe, expect, it } from 'vitest';
import { parseBudgetArgs } from './budget.js';
import { benchHelp } from './index.js';
import { flagArgs } from './main.js';
import { parseSoakArgs, refuseUnknownSoakFlags } from './soak.js';

describe('npm run bench: its flags', () => {
  it('refuses a flag neither benchmark knows, rather than run both with the defaults', () => {
    // before, `npm run bench -- --hour 1` (or `--help`) ignored the flag and ran the ~2-minute bench
    expect(() => benchHelp(['--hour', '1'])).toThrow(/unknown flag --hour \(--help lists them\)/);
    expect(() => benchHelp(['--json', '--verbose'])).toThrow(/unknown flag --verbose/);
    expect(() => benchHelp(['-v'])).toThrow(/unknown flag -v/);
  });

  it('takes the budget’s and the soak’s flags, scenario names and negative values', () => {
    const argv = ['--json', '--seed', '-3', '--minutes', '5', '--serial', 'key', '--hours', '0.5', '--every', '0.25'];
    expect(benchHelp([...argv, '--speed', '12', '--ui'])).toBeUndefined();
  });

  it('--help / -h print the usage (run nothing)', () => {
    for (const h of ['--help', '-h']) expect(benchHelp([h, '--bogus'])).toMatch(/--minutes M[\s\S]*--hours N/);
  });

  it('takes --flag=value wherever it takes --flag value (bench, bench:budget, bench:soak)', () => {
    // before, `npm run bench -- --seed=3` and bench:soak's `--hours=0.5` were refused as unknown flags
    expect(benchHelp(['--seed=3', '--hours=0.5', '--minutes=5', '--json'])).toBeUndefined();
    expect(parseBudgetArgs(['--seed=3', '--minutes=5'])).toMatchObject({ seed: 3, minutes: 5 });
    expect(() => refuseUnknownSoakFlags(['--hours=0.5', '--seed=-3'])).not.toThrow();
    expect(parseSoakArgs(['--hours=0.5', '--seed=-3', '--speed=12'])).toMatchObject({
      hours: 0.5,
      seed: -3,
      speed: 12,
    });
    expect(() => benchHelp(['--hour=1'])).toThrow(/unknown flag --hour \(--help lists them\)/);
    expect(() => parseSoakArgs(['--hours=x'])).toThrow(/--hours takes/);
    expect(flagArgs(['--only=500,429:date', 'key', '-3', '--size=160x48'])).toEqual([
      '--only',
      '500,429:date',
      'key',
      '-3',
      '--size',
      '160x48',
    ]);
  });
});
