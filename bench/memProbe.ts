/**
 * Preloaded (`node --import`) into the measured program by `bench:render
 * --minutes N` only: appends one JSON line of `process.memoryUsage()` and the
 * V8 heap spaces to $ODDSBOARD_MEMPROBE_FILE every $ODDSBOARD_MEMPROBE_MS
 * (default 60 s), so the harness sees heap, external and array-buffer memory
 * next to the RSS it reads from /proc. The timer is unref'd and does nothing
 * else.
 */
import { appendFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';

const file = process.env.ODDSBOARD_MEMPROBE_FILE;
const every = Number(process.env.ODDSBOARD_MEMPROBE_MS) || 60_000;
const started = Date.now();

function sample(): void {
  if (!file) return;
  const m = process.memoryUsage();
  const spaces = Object.fromEntries(
    getHeapSpaceStatistics().map((s) => [s.space_name, Math.round(s.space_used_size / 1024)]),
  );
  appendFileSync(
    file,
    `${JSON.stringify({ t: Date.now() - started, rss: m.rss, heapTotal: m.heapTotal, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, spacesKB: spaces })}\n`,
  );
}

if (file) {
  delete process.env.ODDSBOARD_MEMPROBE_FILE; // not passed on to anything the program starts
  setInterval(sample, every).unref();
}
