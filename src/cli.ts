#!/usr/bin/env -S node --max-semi-space-size=2
/**
 * The `oddsboard` command. Kept free of static imports so that an old Node
 * gets a plain message instead of a crash inside a dependency.
 *
 * `--max-semi-space-size=2` (here and in the npm scripts): the dashboard allocates
 * little per second, and with V8's default young generation its resident size
 * settles around 260 MB instead of ~150 MB (`ps -o rss` after 40 s at 160×48 on
 * the demo service).
 */
const major = Number(process.versions.node.split('.')[0]);
if (!(major >= 22)) {
  process.stderr.write(
    `oddsboard needs Node.js 22 or newer (this is ${process.version}). ` +
      `From a clone, \`npm start\` uses the project's own Node 24.\n`,
  );
  process.exit(1);
}
// React's development build records measurements that grow for hours; the dashboard runs for days.
process.env.NODE_ENV ??= 'production';

const argv = process.argv.slice(2);
let code: number;
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  // the most common quick question answered without loading the parser
  const { version } = await import('./cli/version.js');
  process.stdout.write(`${version()}\n`);
  code = 0;
} else {
  const { main } = await import('./cli/main.js');
  code = await main(argv, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env });
}
process.exit(code);
