/**
 * npm run bench:startup [-- --runs N] [--json]: wall time from spawning node to
 * its exit, for `node -e 0` (the floor), `oddsboard --version`, `oddsboard --help`
 * and `oddsboard market ID --json` against the reference service on loopback
 * (started in a child process, so this process's timers do not disturb it).
 * Median and p90 of N runs each (default 15), after one warm-up run.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isMain } from './main.js';
import { percentile } from './metrics.js';

const root = resolve(import.meta.dirname, '../..');
const cli = join(root, 'dist/cli.js');

function timeOnce(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((done, fail) => {
    const t0 = performance.now();
    execFile(process.execPath, args, { env }, (err) => (err ? fail(err) : done(performance.now() - t0)));
  });
}

export interface StartupRow {
  what: string;
  medianMs: number;
  p90Ms: number;
}

export async function runStartup(runs: number): Promise<StartupRow[]> {
  const server = spawn(process.execPath, [cli, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((done) =>
    server.stdout!.once('data', (d: Buffer) => done(String(d).split('\n')[0]!)),
  );
  const markets = await (await fetch(`${url}/public/v1/markets?limit=1`)).json();
  const id = (markets as { data: Array<{ id: string }> }).data[0]!.id;
  // a roomy limit is not needed: each run sends one request, and the ledger makes the runs wait their turn
  const env = {
    ...process.env,
    ODDSBOARD_BASE_URL: url,
    ODDSBOARD_API_KEY: '',
    ODDSBOARD_CONFIG: '/nonexistent',
    XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'oddsboard-bench-')),
  };
  const cases: Array<[string, string[]]> = [
    ['node -e 0', ['-e', '0']],
    ['oddsboard --version', [cli, '--version']],
    ['oddsboard --help', [cli, '--help']],
    ['oddsboard market ID --json', [cli, 'market', id, '--json']],
  ];
  const rows: StartupRow[] = [];
  try {
    for (const [what, args] of cases) {
      // market ID --json runs anonymously: 10 a minute, so it is measured fewer times
      const n = what.includes('market') ? Math.min(runs, 8) : runs;
      await timeOnce(args, env);
      const times: number[] = [];
      for (let i = 0; i < n; i++) times.push(await timeOnce(args, env));
      rows.push({ what, medianMs: Math.round(percentile(times, 50)), p90Ms: Math.round(percentile(times, 90)) });
    }
  } finally {
    server.kill('SIGTERM');
  }
  return rows;
}

if (isMain(import.meta.url)) {
  const argv = process.argv.slice(2);
  const i = argv.indexOf('--runs');
  const runs = i >= 0 ? Math.max(1, Math.floor(Number(argv[i + 1]) || 15)) : 15;
  runStartup(runs)
    .then((rows) => {
      if (argv.includes('--json')) process.stdout.write(`${JSON.stringify({ rows }, null, 2)}\n`);
      else
        process.stdout.write(
          `${['| command | median | p90 |', '|---|---:|---:|', ...rows.map((r) => `| \`${r.what}\` | ${r.medianMs} ms | ${r.p90Ms} ms |`)].join('\n')}\n`,
        );
    })
    .catch((e: unknown) => {
      process.stderr.write(`bench:startup failed: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    });
}
