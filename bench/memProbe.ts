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
 */
import { appendFileSync } from 'node:fs';
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

function sample(): void {
  if (!file) return;
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
  appendFileSync(
    file,
    `${JSON.stringify({ t: Date.now() - started, gc: gc !== undefined, rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, spacesKB: spaces, resources, timeoutObjects })}\n`,
  );
}

if (file) {
  delete process.env.ODDSBOARD_MEMPROBE_FILE; // not passed on to anything the program starts
  setInterval(sample, every).unref();
}
