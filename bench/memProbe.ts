/**
 * Preloaded (`node --import`) into the measured program by `bench:render
 * --minutes N` and `bench:soak --real-minutes N` only — never part of the
 * built CLI, so it costs nothing when it is not loaded: appends one JSON line
 * of `process.memoryUsage()`, the V8 heap spaces and the live async resources
 * (`process.getActiveResourcesInfo()`: Timeout, TCPSocketWrap, TTYWrap, …, by
 * kind) to $ODDSBOARD_MEMPROBE_FILE every $ODDSBOARD_MEMPROBE_MS (default
 * 60 s). When node runs with --expose-gc it forces a full GC first, so
 * `heapUsed` is what is live (`gc: true` in the line). The timer is unref'd
 * and does nothing else (it is itself one of the Timeouts counted).
 */
import { appendFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const file = process.env.ODDSBOARD_MEMPROBE_FILE;
const every = Number(process.env.ODDSBOARD_MEMPROBE_MS) || 60_000;
const started = Date.now();

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
  appendFileSync(
    file,
    `${JSON.stringify({ t: Date.now() - started, gc: gc !== undefined, rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, spacesKB: spaces, resources })}\n`,
  );
}

if (file) {
  delete process.env.ODDSBOARD_MEMPROBE_FILE; // not passed on to anything the program starts
  setInterval(sample, every).unref();
}
