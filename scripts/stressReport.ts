/**
 * The pure parts of `npm run test:stress` (scripts/stress.ts): its arguments, and what one run of the suite says
 * in vitest's JSON report — how many tests passed, and the name and first line of each failure.
 */

export interface StressArgs {
  /** Times the whole suite runs. */
  runs: number;
  /** CPU-bound `yes > /dev/null` children beside it. */
  hogs: number;
  /** Whether a dashboard on the demo runs beside it (in tmux, real time). */
  dashboard: boolean;
}

const HELP = `npm run test:stress [-- --runs N] [-- --hogs N] [-- --no-dashboard]

Runs the whole suite (vitest run, the config npm test uses) N times (default 3) with N CPU hogs (default 2) and an
oddsboard dashboard on the demo in tmux beside it; prints each run's result, how many runs passed and each
failing test; exits 1 when a run failed. Every child and tmux server it starts is ended on exit and on Ctrl-C.`;

export function stressHelp(): string {
  return HELP;
}

export function parseStressArgs(argv: readonly string[]): StressArgs {
  const int = (name: string, dflt: number, min: number, max: number) => {
    const i = argv.indexOf(name);
    if (i < 0) return dflt;
    const n = Number(argv[i + 1]);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`${name} takes a whole number from ${min} to ${max}`);
    return n;
  };
  const known = new Set(['--runs', '--hogs', '--no-dashboard', '--help', '-h']);
  argv.forEach((a, i) => {
    const isValue = i > 0 && (argv[i - 1] === '--runs' || argv[i - 1] === '--hogs');
    if (!isValue && !known.has(a)) throw new Error(`unknown argument ${JSON.stringify(a)}\n\n${HELP}`);
  });
  return {
    runs: int('--runs', 3, 1, 1000),
    hogs: int('--hogs', 2, 0, 64),
    dashboard: !argv.includes('--no-dashboard'),
  };
}

/** What vitest's JSON reporter writes, as far as this script reads it. */
interface JsonReport {
  numTotalTests?: number;
  numPassedTests?: number;
  numFailedTests?: number;
  testResults?: Array<{
    name?: string;
    status?: string;
    message?: string;
    assertionResults?: Array<{
      fullName?: string;
      title?: string;
      status?: string;
      failureMessages?: string[];
    }>;
  }>;
}

export interface RunResult {
  passed: boolean;
  tests: number;
  passedTests: number;
  /** `file › test name`, and the failure's first line. */
  failures: Array<{ test: string; why: string }>;
}

/** The first line of a failure that says something (vitest's messages start with the error's name and text). */
function firstLine(text: string | undefined): string {
  const line = (text ?? '')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '');
  return (line ?? 'no message').slice(0, 200);
}

/**
 * One run's result from its JSON report (`text`, undefined when vitest wrote none) and vitest's exit code:
 * a run passes when vitest exited 0 and the report names no failed test or file.
 */
export function readRun(text: string | undefined, exitCode: number | null, root: string): RunResult {
  let report: JsonReport | undefined;
  try {
    report = text === undefined ? undefined : (JSON.parse(text) as JsonReport);
  } catch {
    report = undefined;
  }
  if (!report)
    return {
      passed: false,
      tests: 0,
      passedTests: 0,
      failures: [{ test: '(the whole run)', why: `vitest wrote no report (exit code ${exitCode})` }],
    };
  const rel = (file: string | undefined) => (file ?? '?').replace(`${root.replace(/\/$/, '')}/`, '');
  const failures: RunResult['failures'] = [];
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed)
      failures.push({
        test: `${rel(file.name)} › ${a.fullName ?? a.title ?? '?'}`,
        why: firstLine(a.failureMessages?.[0]),
      });
    // a file that failed outside its tests (an import, a hook, a timeout in a hook)
    if (failed.length === 0 && file.status === 'failed')
      failures.push({ test: `${rel(file.name)} (the file)`, why: firstLine(file.message) });
  }
  if (failures.length === 0 && exitCode !== 0)
    failures.push({ test: '(the whole run)', why: `vitest exited ${exitCode} with no failed test in its report` });
  return {
    passed: failures.length === 0,
    tests: report.numTotalTests ?? 0,
    passedTests: report.numPassedTests ?? 0,
    failures,
  };
}

/** The closing summary: runs passed, then each failing test with how many runs it failed in. */
export function stressSummary(results: readonly RunResult[]): string {
  const passed = results.filter((r) => r.passed).length;
  const counts = new Map<string, { n: number; why: string }>();
  for (const r of results)
    for (const f of r.failures) {
      const c = counts.get(f.test);
      counts.set(f.test, { n: (c?.n ?? 0) + 1, why: c?.why ?? f.why });
    }
  const lines = [`${passed} of ${results.length} runs passed`];
  if (counts.size > 0) {
    lines.push('', 'Failing tests (runs failed in, first message):');
    for (const [test, c] of [...counts].sort((a, b) => b[1].n - a[1].n || a[0].localeCompare(b[0])))
      lines.push(`  ${c.n}× ${test}`, `       ${c.why}`);
  }
  return lines.join('\n');
}
