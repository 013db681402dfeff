#!/usr/bin/env -S node --max-semi-space-size=2 --single-threaded-gc
/**
 * The `oddsboard` command. Kept free of static imports so that an old Node
 * gets a plain message instead of a crash inside a dependency.
 *
 * V8 flags (here and in the `start` script), for a process that idles for days
 * with a small heap (30–50 MB live):
 * - `--max-semi-space-size=2`: with V8's default young generation the resident
 *   size settles around 260 MB instead of ~150 MB (`ps -o rss` after 40 s at
 *   160×48 on the demo service).
 * - `--single-threaded-gc`: with GC helper threads the old generation runs far
 *   ahead of its live size (heap total 70–120 MB for ~40 MB live) and resident
 *   memory climbs in steps at major GCs without levelling off (185 MB at 15 min,
 *   239 MB at 32 min); on the GC thread alone heap total stays ~50 MB and RSS
 *   grows 190 → 194 MB in 15 min, for ~0.5 % of a core more CPU
 *   (`npm run bench:render -- --minutes N`, docs/benchmarks.md).
 *
 * Every command ends in one place, `runToEnd` (cli/finish.ts): its output
 * written out — into a file, a terminal or a pipe read slowly — then the exit
 * code; a throw is one line on stderr and exit 1.
 */
const major = Number(process.versions.node.split('.')[0]);
if (!(major >= 22)) {
  process.stderr.write(
    `oddsboard needs Node.js 22 or newer (this is ${process.version}). ` +
      `From a clone, \`npm start\` uses the project's own Node 24.\n`,
  );
  // nothing else is loaded: the process ends once the message is out
  process.exitCode = 1;
} else {
  // React's development build records measurements that grow for hours; the dashboard runs for days.
  process.env.NODE_ENV ??= 'production';
  const { runToEnd } = await import('./cli/finish.js');
  const argv = process.argv.slice(2);
  await runToEnd(
    async () => {
      if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
        // the most common quick question answered without loading the parser
        const { version } = await import('./cli/version.js');
        process.stdout.write(`${version()}\n`);
        return 0;
      }
      const { main } = await import('./cli/main.js');
      return main(argv, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env });
    },
    { stdout: process.stdout, stderr: process.stderr },
  );
}
