/**
 * Preloaded (`node --import`) into the measured program by `bench:render
 * --minutes N` and `bench:soak --real-minutes N` only — never part of the
 * built CLI, so it costs nothing when it is not loaded: appends one JSON line
 * of `process.memoryUsage()`, the V8 heap spaces and the live async resources
 * (`process.getActiveResourcesInfo()`: Timeout — timers still to run —,
 * TCPSocketWrap, TTYWrap, …, by kind) and the Timeout objects still reachable
 * (`v8.queryObjects`: run, cleared or waiting; what a map of timers keeps) to $ODDSBOARD_MEMPROBE_FILE every $ODDSBOARD_MEMPROBE_MS (default
 * 60 s). When node runs with --expose-gc it forces a full GC first, so
 * `heapUsed` is what is live (`gc: true` in the line). Its own timer is
 * unref'd (so not among the timers to run, but one of the Timeout objects) and
 * does nothing else.
 *
 * With $ODDSBOARD_CPUPROF_AT (minutes, `12,45`) it also records a CPU profile (the inspector's Profiler, in this
 * process) of $ODDSBOARD_CPUPROF_MS (default 60 s) starting at each of those minutes, written to
 * $ODDSBOARD_CPUPROF_DIR/cpu-<minute>.cpuprofile (open it in Chrome's DevTools, or read its nodes): an early and a
 * late window of the same run, to compare what grew (issue 30).
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import { getHeapSpaceStatistics, queryObjects } from 'node:v8';

const file = process.env.ODDSBOARD_MEMPROBE_FILE;
const every = Number(process.env.ODDSBOARD_MEMPROBE_MS) || 60_000;
const started = Date.now();
/** Node's Timeout class (not exported): from a timer of our own, cleared at once. */
const timeoutClass = (() => {
  const t = setTimeout(() => undefined, 0);
  clearTimeout(t);
  return Object.getPrototypeOf(t).constructor as new () => object;
})();

/** CPU time the probe itself has spent (its GCs and heap walk), µs: the harness takes it out of the program's. */
let probeCpuUs = 0;

function sample(): void {
  if (!file) return;
  const before = process.cpuUsage();
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
  const m = process.memoryUsage();
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics().map((s) => [s.space_name, Math.round(s.space_used_size / 1024)]),
  );
  const resources: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) resources[kind] = (resources[kind] ?? 0) + 1;
  // every Timeout object still reachable, fired or not (V8 walks the heap after a full GC)
  const timeoutObjects = queryObjects(timeoutClass, { format: 'count' });
  const spent = process.cpuUsage(before);
  probeCpuUs += spent.user + spent.system;
  appendFileSync(
    file,
    `${JSON.stringify({ t: Date.now() - started, gc: gc !== undefined, rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, spacesKB: spaces, resources, timeoutObjects, probeCpuMs: probeCpuUs / 1000 })}\n`,
  );
}

if (file) {
  delete process.env.ODDSBOARD_MEMPROBE_FILE; // not passed on to anything the program starts
  setInterval(sample, every).unref();
}

const profileAt = (process.env.ODDSBOARD_CPUPROF_AT ?? '')
  .split(',')
  .filter((x) => x !== '')
  .map(Number)
  .filter((n) => Number.isFinite(n) && n >= 0);
const profileMs = Number(process.env.ODDSBOARD_CPUPROF_MS) || 60_000;
const profileDir = process.env.ODDSBOARD_CPUPROF_DIR ?? '.';
delete process.env.ODDSBOARD_CPUPROF_AT;

function profile(minute: number): void {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable', () =>
    session.post('Profiler.start', () => {
      setTimeout(() => {
        session.post('Profiler.stop', (err, r) => {
          if (!err) writeFileSync(join(profileDir, `cpu-${minute}.cpuprofile`), JSON.stringify(r.profile));
          session.disconnect();
        });
      }, profileMs).unref();
    }),
  );
}

for (const m of profileAt) setTimeout(() => profile(m), m * 60_000).unref();
