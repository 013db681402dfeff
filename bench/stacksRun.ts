/**
 * One run of bench:stacks (stacks.ts): the dashboard's board — every venue's client, store and sync, joined when
 * there are several, the watch files — exactly as `oddsboard` assembles it (src/cli/board.ts), with no screen. Real
 * timers, sockets and clock. After `--warmup` seconds it measures this process's CPU (user and system, every thread)
 * over `--idle` seconds and prints one JSON line; the arguments after `--` are the dashboard's.
 */
import { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { closeBoard, openAll, runBoard } from '../src/cli/board.js';
import type { CommandIo } from '../src/cli/commands.js';
import { prepare } from '../src/cli/dashboard.js';
import { numberArg } from './main.js';

export interface StacksSample {
  /** The idle window, wall-clock ms. */
  from: number;
  to: number;
  userMs: number;
  systemMs: number;
  /** Changes of the store the screen would read. */
  changes: number;
  rssMb: number;
}

async function main(argv: string[]): Promise<void> {
  const split = argv.indexOf('--');
  const own = split < 0 ? argv : argv.slice(0, split);
  const dashboard = split < 0 ? [] : argv.slice(split + 1);
  const warmup = numberArg(own, '--warmup', 20, (n) => n >= 0);
  const idle = numberArg(own, '--idle', 60, (n) => n > 0);
  const prepared = prepare(dashboard, process.env);
  if (prepared.kind !== 'run') throw new Error('bench:stacks: the dashboard arguments ask for no board');
  const sink = new Writable({ write: (_c, _e, done) => done() }) as unknown as NodeJS.WriteStream;
  const io: CommandIo = { stdin: process.stdin, stdout: sink, stderr: process.stderr, env: process.env };
  const stacks = await openAll(prepared.settings, io);
  const run = await runBoard(stacks, prepared.settings, io);
  let changes = 0;
  const unsubscribe = run.store.subscribe(() => changes++);
  run.sync.start();
  await delay(warmup * 1000);
  const c0 = process.cpuUsage();
  const from = Date.now();
  const changes0 = changes;
  await delay(idle * 1000);
  const cpu = process.cpuUsage(c0);
  const sample: StacksSample = {
    from,
    to: Date.now(),
    userMs: cpu.user / 1000,
    systemMs: cpu.system / 1000,
    changes: changes - changes0,
    rssMb: process.memoryUsage().rss / 1e6,
  };
  process.stdout.write(`${JSON.stringify(sample)}\n`);
  unsubscribe();
  await closeBoard(run);
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(`bench:stacks run: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
