import { describe, expect, it } from 'vitest';
import { parseStressArgs, readRun, stressSummary } from './stressReport.js';

const ROOT = '/work/odb';

/** A vitest JSON report with the given files: [file, [title, status, message?][]], or a file-level failure. */
function report(
  files: Array<{ name: string; status?: string; message?: string; tests: Array<[string, string, string?]> }>,
) {
  const all = files.flatMap((f) => f.tests);
  return JSON.stringify({
    numTotalTests: all.length,
    numPassedTests: all.filter((t) => t[1] === 'passed').length,
    numFailedTests: all.filter((t) => t[1] === 'failed').length,
    testResults: files.map((f) => ({
      name: `${ROOT}/${f.name}`,
      status: f.status ?? (f.tests.some((t) => t[1] === 'failed') ? 'failed' : 'passed'),
      message: f.message ?? '',
      assertionResults: f.tests.map(([title, status, message]) => ({
        fullName: `suite ${title}`,
        title,
        status,
        failureMessages: message ? [message] : [],
      })),
    })),
  });
}

describe('test:stress arguments', () => {
  it('3 runs, 2 hogs and a dashboard by default; each can be changed; anything else is refused', () => {
    expect(parseStressArgs([])).toEqual({ runs: 3, hogs: 2, dashboard: true });
    expect(parseStressArgs(['--runs', '10', '--hogs', '0', '--no-dashboard'])).toEqual({
      runs: 10,
      hogs: 0,
      dashboard: false,
    });
    expect(() => parseStressArgs(['--runs', '0'])).toThrow(/--runs takes a whole number from 1/);
    expect(() => parseStressArgs(['--runs', '2.5'])).toThrow(/--runs/);
    expect(() => parseStressArgs(['--run', '3'])).toThrow(/unknown argument "--run"/);
  });
});

describe('one run read from its JSON report', () => {
  it('passes when vitest exited 0 and no test failed', () => {
    const text = report([
      {
        name: 'src/a.test.ts',
        tests: [
          ['one', 'passed'],
          ['two', 'passed'],
        ],
      },
    ]);
    expect(readRun(text, 0, ROOT)).toEqual({ passed: true, tests: 2, passedTests: 2, failures: [] });
  });

  it('names each failed test by file and full name, with its message’s first line (colours removed)', () => {
    const text = report([
      { name: 'src/a.test.ts', tests: [['one', 'passed']] },
      {
        name: 'test/e2e/watch.test.ts',
        tests: [
          ['watches', 'failed', '\x1b[31mError: timed out waiting for the ★\x1b[39m\n    at waitFor (tmux.ts:9)'],
        ],
      },
    ]);
    expect(readRun(text, 1, ROOT)).toEqual({
      passed: false,
      tests: 2,
      passedTests: 1,
      failures: [{ test: 'test/e2e/watch.test.ts › suite watches', why: 'Error: timed out waiting for the ★' }],
    });
  });

  it('a file that failed outside its tests, no report at all, or a non-zero exit with nothing failed: a failed run', () => {
    const broken = report([{ name: 'src/b.test.ts', status: 'failed', message: 'SyntaxError: nope', tests: [] }]);
    expect(readRun(broken, 1, ROOT).failures).toEqual([{ test: 'src/b.test.ts (the file)', why: 'SyntaxError: nope' }]);
    expect(readRun(undefined, null, ROOT)).toMatchObject({
      passed: false,
      failures: [{ test: '(the whole run)', why: 'vitest wrote no report (exit code null)' }],
    });
    expect(readRun('{"testResults": [', 1, ROOT).passed).toBe(false);
    const quiet = report([{ name: 'src/a.test.ts', tests: [['one', 'passed']] }]);
    expect(readRun(quiet, 1, ROOT)).toMatchObject({
      passed: false,
      failures: [{ test: '(the whole run)', why: 'vitest exited 1 with no failed test in its report' }],
    });
  });
});

describe('the summary', () => {
  it('runs passed, then each failing test with the number of runs it failed in, most first', () => {
    const ok = { passed: true, tests: 2, passedTests: 2, failures: [] };
    const a = { test: 'test/e2e/a.test.ts › a', why: 'Error: A' };
    const b = { test: 'src/b.test.ts › b', why: 'Error: B' };
    const failed = (...failures: Array<typeof a>) => ({ passed: false, tests: 2, passedTests: 1, failures });
    expect(stressSummary([ok, failed(a), failed(a, b), ok])).toBe(
      [
        '2 of 4 runs passed',
        '',
        'Failing tests (runs failed in, first message):',
        '  2× test/e2e/a.test.ts › a',
        '       Error: A',
        '  1× src/b.test.ts › b',
        '       Error: B',
      ].join('\n'),
    );
    expect(stressSummary([ok])).toBe('1 of 1 runs passed');
  });
});
