import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_RUN_DEADLINE_MS } from '../../test/support/wait.js';
import { startServer, type RunningServer } from '../server/listen.js';

/**
 * What the built CLI loads: a command that draws no dashboard must not load
 * Ink or React (they cost most of the start-up). A resolve hook records every
 * module URL the process resolves.
 */
const root = resolve(import.meta.dirname, '../..');
const cli = join(root, 'dist/cli.js');
const work = mkdtempSync(join(tmpdir(), 'oddsboard-startup-'));
const hook = join(work, 'record.mjs');
writeFileSync(
  hook,
  `import { registerHooks } from 'node:module';
import { writeFileSync } from 'node:fs';
const seen = new Set();
registerHooks({ resolve(specifier, context, next) { const r = next(specifier, context); seen.add(r.url); return r; } });
process.on('exit', () => writeFileSync(process.env.RECORD_MODULES, [...seen].join('\\n')));
`,
);

/**
 * Runs the built CLI (asynchronously: the reference service answers from this process) and returns the module URLs it
 * resolved.
 */
function loaded(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ status: number | null; urls: string[]; stdout: string }> {
  const out = join(work, `modules-${Math.random().toString(36).slice(2)}.txt`);
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['--import', hook, cli, ...args],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          ODDSBOARD_CONFIG: '/nonexistent/config.json',
          ODDSBOARD_API_KEY: '',
          XDG_STATE_HOME: work,
          RECORD_MODULES: out,
          ...env,
        },
        timeout: CLI_RUN_DEADLINE_MS,
      },
      (err, stdout, stderr) =>
        err?.killed
          ? fail(
              new Error(
                `oddsboard ${args[0] ?? ''} … did not exit within ${CLI_RUN_DEADLINE_MS} ms; stderr: ${stderr}`,
              ),
            )
          : done({
              status: err ? ((err as { code?: number }).code ?? null) : 0,
              urls: readFileSync(out, 'utf8').split('\n'),
              stdout,
            }),
    );
  });
}

const UI = /\/node_modules\/(ink|react|react-reconciler|yoga-layout|scheduler)\//;

let srv: RunningServer;
beforeAll(async () => {
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: `npm test` builds it first');
  srv = await startServer({ seed: 1 });
});
afterAll(() => srv.close());

describe('start-up: no Ink or React unless the dashboard draws', { timeout: 120_000 }, () => {
  it('oddsboard --version', async () => {
    const r = await loaded(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect(r.urls.some((u) => u.endsWith('/dist/cli.js'))).toBe(true); // the hook saw the program
    expect(r.urls.filter((u) => UI.test(u))).toEqual([]);
  });

  it('oddsboard market ID --json', async () => {
    const id = srv.sim.markets().find((m) => srv.sim.isVisible(m))!.id;
    const r = await loaded(['market', id, '--json'], { ODDSBOARD_BASE_URL: srv.url });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).data.id).toBe(id);
    expect(r.urls.some((u) => /\/node_modules\/undici\//.test(u))).toBe(true); // the client was loaded
    expect(r.urls.filter((u) => UI.test(u))).toEqual([]);
  });

  it('oddsboard --help and a usage error stay clear of them too', async () => {
    expect((await loaded(['--help'])).urls.filter((u) => UI.test(u))).toEqual([]);
    const bad = await loaded(['--limit', '0']);
    expect(bad.status).toBe(2);
    expect(bad.urls.filter((u) => UI.test(u))).toEqual([]);
  });

  it('the record sees Ink and React when the dashboard module is loaded (the check can fail)', async () => {
    const out = join(work, 'modules-dashboard.txt');
    const script = `await import(${JSON.stringify(join(root, 'dist/cli/interactive.js'))})`;
    await new Promise<void>((done, fail) =>
      execFile(
        process.execPath,
        ['--import', hook, '--input-type=module', '-e', script],
        { env: { ...process.env, RECORD_MODULES: out } },
        (err) => (err ? fail(err) : done()),
      ),
    );
    const urls = readFileSync(out, 'utf8').split('\n');
    expect(urls.some((u) => /\/node_modules\/ink\//.test(u))).toBe(true);
    expect(urls.some((u) => /\/node_modules\/react\//.test(u))).toBe(true);
  });
});
