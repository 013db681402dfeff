/**
 * npm run bench:render [-- --cases public,polymarket,kalshi,manifold,all] [-- --pairs N] [-- --sizes 160x48,200x60]
 *   [-- --warmup S] [-- --idle S] [-- --presses N] [-- --rss-at S] [-- --limit N] [-- --json]
 * npm run bench:render -- --minutes N [-- --cases C] [-- --sizes 160x48]
 * npm run bench:render -- --help (renderUsage.ts: the flags; an unknown flag is refused)
 *
 * What the dashboard costs in a real terminal, next to a bare Ink 8 app
 * (bench/bareInk.tsx) run the same way: each in a tmux pane of each size, one
 * after the other, `--pairs` rounds (default 3) of every case and the bare Ink
 * app, the order reversed every other round. The dashboard lists `--limit`
 * (100) markets. Both run with the dashboard's Node and flags (`NODE_ENV=production
 * node --max-semi-space-size=2 --single-threaded-gc`), each dashboard run with a
 * state directory of its own. See renderRun.ts for what each figure is.
 *
 * --cases (renderCases.ts; default `public`), a comma-separated list, each case
 * a row of the report:
 *   public       the interface in key mode against a separate `oddsboard serve`,
 *                a fresh API key per run (30 requests/min);
 *   polymarket, kalshi, manifold
 *                that platform alone on its replay (`serve --replay
 *                test/fixtures/real/S --source S`, replays.ts): `--source S --base-url URL`;
 *   all          the three platforms in one process: `--source all --base-url VENUE=URL`
 *                for each of the three replays.
 * With `all` and a platform alone, the report adds all ÷ that platform for
 * idle CPU, RSS and the first frame with data (issue #27: three venues at most
 * 1.3× the CPU and 1.2× the RSS of one).
 *
 * --minutes N: one case's dashboard alone (with --reference: the bare Ink app),
 * idle for N real minutes, with RSS, heap and external memory each minute
 * (memProbe.ts preloaded).
 *
 * --node-flag F (repeatable): run the programs with these Node flags instead
 * of the dashboard's, for experiments (e.g. --node-flag
 * --max-semi-space-size=8).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flagArgs, isMain, numberArg } from './main.js';
import { dashboardArgs, parseCases, readyRows, replaysFor, sweepPresses, type RenderCase } from './renderCases.js';
import { minutesTable, renderReport, summarizePairs, venueRatios } from './renderReport.js';
import { requestsIn, requestsLine } from './renderRequests.js';
import { refuseUnknownRenderFlags, renderHelp } from './renderUsage.js';
import { measureRun, runMinutes, type MinuteSample, type ProgramName, type RunResult } from './renderRun.js';
import { startReplay, type Platform, type Replay } from './replays.js';
import { TmuxPane } from './tmuxControl.js';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const NODE_FLAGS = ['--max-semi-space-size=2', '--single-threaded-gc'];

export interface RenderArgs {
  /** What the dashboard runs against (renderCases.ts), each a row of the report. */
  cases: RenderCase[];
  pairs: number;
  sizes: Array<{ columns: number; rows: number }>;
  warmupS: number;
  idleS: number;
  presses: number;
  rssAtS: number;
  limit: number;
  minutes: number | undefined;
  /** --minutes only: which program idles (default the dashboard). */
  program: ProgramName;
  /** Node flags for both programs instead of NODE_FLAGS (an experiment; the figures are for the flags the dashboard ships with). */
  nodeFlags: string[];
  json: boolean;
}

export function parseRenderArgs(given: string[]): RenderArgs {
  const argv = flagArgs(given);
  const i = argv.indexOf('--sizes');
  const sizesText = i >= 0 ? (argv[i + 1] ?? '') : '160x48,200x60';
  const sizes = sizesText.split(',').map((s) => {
    const m = /^(\d+)x(\d+)$/.exec(s.trim());
    if (!m || Number(m[1]) < 40 || Number(m[2]) < 12)
      throw new Error(`--sizes takes COLUMNSxROWS[,…] (got ${JSON.stringify(s)})`);
    return { columns: Number(m[1]), rows: Number(m[2]) };
  });
  const minutes = argv.includes('--minutes')
    ? numberArg(argv, '--minutes', 15, (n) => Number.isInteger(n) && n > 0)
    : undefined;
  const c = argv.indexOf('--cases');
  const cases = parseCases(c >= 0 ? (argv[c + 1] ?? '') : undefined);
  if (minutes !== undefined && cases.length > 1) throw new Error('--minutes runs one case (--cases C)');
  return {
    cases,
    pairs: numberArg(argv, '--pairs', 3, (n) => Number.isInteger(n) && n > 0),
    sizes,
    warmupS: numberArg(argv, '--warmup', 30, (n) => n >= 0),
    idleS: numberArg(argv, '--idle', 60, (n) => n > 0),
    presses: numberArg(argv, '--presses', 200, (n) => Number.isInteger(n) && n >= 0),
    rssAtS: numberArg(argv, '--rss-at', 120, (n) => n > 0), // after the idle window: later of the two
    limit: numberArg(argv, '--limit', 100, (n) => Number.isInteger(n) && n >= 1 && n <= 100),
    minutes,
    program: argv.includes('--reference') ? 'reference' : 'dashboard',
    nodeFlags: argv.flatMap((x, k) => (x === '--node-flag' && argv[k + 1] !== undefined ? [argv[k + 1]!] : [])),
    json: argv.includes('--json'),
  };
}

/** `oddsboard serve` from dist/ on a free port, accepting `keys` (and `extra` arguments); resolves with its URL. */
export function startServe(keys: string[], extra: string[] = []): Promise<{ url: string; proc: ChildProcess }> {
  const proc = spawn(
    process.execPath,
    [...NODE_FLAGS, join(ROOT, 'dist/cli.js'), 'serve', '--port', '0', '--keys', keys.join(','), ...extra],
    {
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolveUrl, reject) => {
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^(http:\/\/\S+)$/m.exec(out);
      if (m) resolveUrl({ url: m[1]!, proc });
    });
    proc.on('exit', (code) => reject(new Error(`oddsboard serve exited (${code}) before listening`)));
  });
}

/** What the dashboard runs against: the service of `public` and the replays, each started once for the whole bench. */
interface Services {
  serve: { url: string; proc: ChildProcess } | undefined;
  replays: Partial<Record<Platform, Replay>>;
}

async function startServices(a: RenderArgs, keys: string[]): Promise<Services> {
  const platforms = a.program === 'dashboard' ? replaysFor(a.cases) : [];
  const started = await Promise.allSettled([
    a.cases.includes('public') && a.program === 'dashboard' ? startServe(keys) : undefined,
    ...platforms.map(startReplay),
  ]);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    // the ones that did start are not left running
    for (const s of started) if (s.status === 'fulfilled') s.value?.proc.kill();
    throw failed.reason;
  }
  const [serve, ...replays] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
  return { serve, replays: Object.fromEntries(platforms.map((p, i) => [p, replays[i] as Replay])) };
}

function stopServices(s: Services): void {
  s.serve?.proc.kill();
  for (const r of Object.values(s.replays)) r.proc.kill('SIGTERM');
}

/** What runs in the pane: the bare Ink app, or the dashboard on a case. */
function programSpec(
  what: RenderCase | 'reference',
  size: { columns: number; rows: number },
  a: RenderArgs,
  run: { services: Services; key: string; configDir: string },
  extra: { flags?: string[]; env?: Record<string, string> } = {},
) {
  const base = { columns: size.columns, rows: size.rows, cwd: ROOT, env: { NODE_ENV: 'production', ...extra.env } };
  const flags = [...(a.nodeFlags.length ? a.nodeFlags : NODE_FLAGS), ...(extra.flags ?? [])];
  if (what === 'reference')
    return { ...base, argv: [process.execPath, ...flags, join(ROOT, 'dist-bench/bench/bareInk.js')] };
  const urls = Object.fromEntries(Object.entries(run.services.replays).map(([p, r]) => [p, r.url]));
  const serve = what === 'public' ? run.services.serve : undefined;
  return {
    ...base,
    argv: [process.execPath, ...flags, join(ROOT, 'dist/cli.js'), ...dashboardArgs(what, urls, a.limit)],
    env: {
      ...base.env,
      ...(serve ? { ODDSBOARD_BASE_URL: serve.url, ODDSBOARD_API_KEY: run.key } : {}),
      ODDSBOARD_CONFIG: join(run.configDir, 'none.json'),
      // a state directory a run: no watchlist, and no rate ledger left by the run before
      XDG_STATE_HOME: mkdtempSync(join(run.configDir, 'state-')),
    },
  };
}

const log = (json: boolean, text: string) => {
  if (!json) process.stderr.write(text);
};

export async function renderMain(argv: string[]): Promise<void> {
  const help = renderHelp(argv);
  if (help !== undefined) {
    process.stdout.write(help);
    return;
  }
  refuseUnknownRenderFlags(argv);
  const a = parseRenderArgs(argv);
  const rounds = a.minutes !== undefined ? 1 : a.pairs * a.sizes.length;
  const keys = Array.from({ length: rounds }, () => `bench-${randomBytes(8).toString('hex')}`);
  const configDir = mkdtempSync(join(tmpdir(), 'oddsboard-render-'));
  const services = await startServices(a, keys);
  // interrupted (Ctrl-C, kill): the services, the panes and their programs go too, not left running for good
  const interrupted = (signal: NodeJS.Signals) => {
    TmuxPane.stopAll();
    stopServices(services);
    rmSync(configDir, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    if (a.minutes !== undefined) {
      const size = a.sizes[0]!;
      const c = a.cases[0]!;
      const probeFile = join(configDir, 'mem.jsonl');
      const spec = programSpec(
        a.program === 'reference' ? 'reference' : c,
        size,
        a,
        { services, key: keys[0]!, configDir },
        {
          flags: ['--import', join(ROOT, 'dist-bench/bench/memProbe.js')],
          env: { ODDSBOARD_MEMPROBE_FILE: probeFile },
        },
      );
      log(
        a.json,
        `bench:render --minutes ${a.minutes}: the ${a.program} idle at ${size.columns}×${size.rows}${a.program === 'dashboard' ? `, --limit ${a.limit}, case ${c}` : ''}\n`,
      );
      const samples: MinuteSample[] = await runMinutes(
        { ...spec, program: a.program, pricedRows: readyRows(c), minutes: a.minutes, probeFile },
        (s) =>
          log(
            a.json,
            `minute ${s.minute}: rss ${s.rssMB.toFixed(1)} MB, heap ${s.heapUsedMB?.toFixed(1) ?? '?'} MB, external ${s.externalMB?.toFixed(1) ?? '?'} MB, cpu ${s.cpuPct.toFixed(1)} %\n`,
          ),
      );
      if (a.json) process.stdout.write(`${JSON.stringify({ config: a, samples }, null, 2)}\n`);
      else process.stdout.write(`\n${minutesTable(samples)}\n`);
      return;
    }
    const results: RunResult[] = [];
    let k = 0;
    for (let pair = 0; pair < a.pairs; pair++) {
      for (const size of a.sizes) {
        const order: Array<RenderCase | 'reference'> = [...a.cases, 'reference'];
        if (pair % 2 === 1) order.reverse();
        const key = keys[k++]!;
        for (const c of order) {
          log(a.json, `round ${pair + 1}/${a.pairs} ${size.columns}×${size.rows} ${c}… `);
          const r = await measureRun({
            ...programSpec(c, size, a, { services, key, configDir }),
            ...(c === 'reference'
              ? { program: 'reference', pricedRows: 0, sweep: 40 }
              : { program: 'dashboard', case: c, pricedRows: readyRows(c), sweep: sweepPresses(c) }),
            warmupS: a.warmupS,
            idleS: a.idleS,
            presses: a.presses,
            rssAtS: a.rssAtS,
            seed: 1000 * pair + size.columns,
          });
          if (c !== 'reference' && c !== 'public')
            r.requests = Object.fromEntries(
              replaysFor([c]).map((p) => [p, requestsIn(services.replays[p]!.out(), r.idleWall.from, r.idleWall.to)]),
            );
          log(
            a.json,
            `cpu ${r.cpuPct.toFixed(2)} %, ${Math.round(r.bytesPerS)} B/s, ${r.framesPerMin.toFixed(0)} frames/min, rss ${r.rssMB.toFixed(0)} MB, first frame ${Math.round(r.firstFrameMs)} ms\n`,
          );
          results.push(r);
        }
      }
    }
    const summary = summarizePairs(results, a.sizes, a.cases);
    const ratios = venueRatios(results, a.sizes, a.cases);
    if (a.json) process.stdout.write(`${JSON.stringify({ config: a, runs: results, summary, ratios }, null, 2)}\n`);
    else {
      process.stdout.write(`\n${renderReport(a, summary, ratios)}\n`);
      const asked = results.filter((r) => r.requests);
      if (asked.length) {
        process.stdout.write(
          "\nRequests a minute in the idle window, from the replays' logs (route: requests a minute):\n",
        );
        for (const r of asked)
          process.stdout.write(`${requestsLine(`${r.columns}×${r.rows} ${r.case}`, r.requests!)}\n`);
      }
    }
  } finally {
    stopServices(services);
    rmSync(configDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  renderMain(process.argv.slice(2)).catch((e: unknown) => {
    process.stderr.write(`bench:render failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  });
}
