import { describe, expect, it } from 'vitest';
import { benchHelp } from './index.js';

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
});
