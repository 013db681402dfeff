#!/usr/bin/env node
/**
 * The `oddsboard` command. Kept free of static imports so that an old Node
 * gets a plain message instead of a crash inside a dependency.
 */
const major = Number(process.versions.node.split('.')[0]);
if (!(major >= 22)) {
  process.stderr.write(
    `oddsboard needs Node.js 22 or newer (this is ${process.version}). From a clone, \`npm start\` uses the project's own Node 24.\n`,
  );
  process.exit(1);
}
// React's development build records measurements that grow for hours; the dashboard runs for days.
process.env.NODE_ENV ??= 'production';

const argv = process.argv.slice(2);
let code: number;
if (argv[0] === 'serve') {
  const { runServe } = await import('./server/index.js');
  code = await runServe(argv.slice(1));
} else {
  const { runDashboard } = await import('./cli/dashboard.js');
  code = await runDashboard(argv);
}
process.exit(code);
