import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServe } from './serve.js';
import { textSink } from '../../test/support/textSink.js';

const root = mkdtempSync(join(tmpdir(), 'oddsboard-serve-replay-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A directory under the test's own, with these files. */
function dirWith(name: string, files: Record<string, string>): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  return dir;
}

async function serve(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = textSink();
  const err = textSink();
  const ac = new AbortController();
  // a replay that starts would serve until stopped: stopped at once, its exit 0 tells it served
  ac.abort();
  const code = await runServe(['--port', '0', ...args], { stdout: out.stream, stderr: err.stream, signal: ac.signal });
  return { code, out: out.text(), err: err.text() };
}

describe('serve --replay DIR that holds nothing to serve', () => {
  // `serve --replay EMPTYDIR` served 0 markets without complaint (the interface, Kalshi); bad JSON was exit 1
  const empty = dirWith('empty', { 'notes.txt': 'not a recording' });
  const noMarkets = dirWith('no-markets', { 'a.json': '{"foo": 1}', 'b.json': '[1, "x"]' });
  const garbage = dirWith('garbage', { 'a.json': 'nonsense{' });
  const platforms = ['the interface', 'kalshi', 'polymarket', 'manifold'].map(
    (s) => [s, s === 'the interface' ? [] : ['--source', s]] as const,
  );

  it.each(platforms)('%s: is refused naming the directory and what it should hold: exit 2, one line', async (_, s) => {
    for (const dir of [empty, noMarkets]) {
      const r = await serve(['--replay', dir, ...s]);
      expect(r.code, `${dir} ${s.join(' ')}`).toBe(2);
      expect(r.err).toMatch(new RegExp(`^oddsboard serve: [^\\n]*${dir}[^\\n]* (holds )?no [^\\n]*market[^\\n]*\\n$`));
      expect(r.out).toBe('');
    }
  });

  it.each(platforms)('%s: a file that is not JSON is refused: exit 2, the file named', async (_, s) => {
    const r = await serve(['--replay', garbage, ...s]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(`oddsboard serve: ${join(garbage, 'a.json')} is not valid JSON\n`);
    expect(r.out).toBe('');
  });

  it.each(platforms)('%s: a DIR that is a symlink loop is refused naming it and what to do: exit 2', async (_, s) => {
    // it ended with Node's raw "ELOOP: too many symbolic links encountered, stat …", exit 1
    const loop = join(root, 'loop');
    if (!existsSync(join(root, 'loop-made'))) {
      symlinkSync(loop, loop);
      writeFileSync(join(root, 'loop-made'), '');
    }
    const r = await serve(['--replay', loop, ...s]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `oddsboard serve: --replay ${loop} cannot be read (ELOOP): a symlink on its path leads round in a loop: ` +
        'remove that link (see --help)\n',
    );
  });

  it('--chaos and --log-requests, which the interface’s replay does not do, are refused there', async () => {
    // `serve --replay DIR --chaos 500 --log-requests` answered every request 200 and logged none
    for (const extra of [['--chaos', '500'], ['--log-requests']]) {
      const r = await serve(['--replay', 'test/fixtures/real/kalshi', ...extra]);
      expect(r.code, extra[0]).toBe(2);
      expect(r.err).toBe(
        `oddsboard serve: ${extra[0]} goes with the simulator or a platform's replay (--replay DIR --source S), ` +
          "not the interface's replay (see --help)\n",
      );
      expect(r.out).toBe('');
    }
  });

  it('a recorded directory is still served', async () => {
    for (const [dir, s] of [
      ['test/fixtures/real/kalshi', 'kalshi'],
      ['test/fixtures/real/polymarket', 'polymarket'],
      ['test/fixtures/real/manifold', 'manifold'],
    ] as const) {
      const r = await serve(['--replay', dir, '--source', s]);
      expect(r.code, s).toBe(0);
      expect(r.out).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    }
    const pub = await serve(['--replay', 'test/fixtures/real/kalshi']);
    expect(pub.code).toBe(0);
    expect(pub.out).toMatch(/[1-9]\d* markets and \d+ events/);
  });
});

describe('serve --replay DIR --source S --as-recorded with a manifest.json that cannot be read', () => {
  // Manifold's replay ignored such a manifest (served with each file's own times) where Kalshi's and Polymarket's
  // refused it; and every refusal said "or give --recorded-at ISO", a flag a platform's replay refuses
  const recorded = {
    kalshi: 'test/fixtures/real/kalshi/trade-api-v2-markets-KXBTCD-siblings-dollars-shape-no-trades.json',
    polymarket: 'test/fixtures/real/polymarket/gamma-markets-3-open-ethiopia-fed-lebron.json',
    manifold: 'test/fixtures/real/manifold/v0-market-CL56c9sqQp-open-2026-10-09.json',
  };
  const manifests = [
    ['not JSON', '{bad', 'is not valid JSON'],
    ['without recordedAt', '{}', 'has no recordedAt in ISO 8601, e.g. 2022-10-11T22:30:18Z'],
    // it said "… is not a regular file: move it away (oddsboard record writes it)"
    ['a directory', undefined, 'is a folder, not the file oddsboard record writes there: move the folder away\n'],
  ] as const;

  it.each(Object.keys(recorded))('%s: refused naming the file and what it must hold, exit 2', async (s) => {
    for (const [what, text, says] of manifests) {
      const name = `${s}-${what.replace(/ /g, '-')}`;
      const dir = dirWith(name, { 'market.json': readFileSync(recorded[s as keyof typeof recorded], 'utf8') });
      if (text === undefined) mkdirSync(join(dir, 'manifest.json'));
      else writeFileSync(join(dir, 'manifest.json'), text);
      const r = await serve(['--replay', dir, '--source', s, '--as-recorded']);
      expect(r.code, name).toBe(2);
      expect(r.err, name).toContain(`${join(dir, 'manifest.json')} ${says}`);
      expect(r.err, name).not.toContain('--recorded-at');
      expect(r.out, name).toBe('');
    }
  });

  it('kalshi, polymarket: one that is not there says what writes it, not a flag they refuse', async () => {
    // it said "(or give --recorded-at ISO)", which --source S refuses
    for (const s of ['kalshi', 'polymarket'] as const) {
      const dir = dirWith(`${s}-no-manifest`, { 'market.json': readFileSync(recorded[s], 'utf8') });
      const r = await serve(['--replay', dir, '--source', s, '--as-recorded']);
      expect(r.code, s).toBe(2);
      expect(r.err).toBe(
        `oddsboard serve: --as-recorded needs the time of the recording: ${join(dir, 'manifest.json')} is missing ` +
          '(oddsboard record writes it)\n',
      );
    }
  });

  it('manifold: a manifest that is not there is no error: each file’s own newest time stands for it', async () => {
    const dir = dirWith('manifold-no-manifest', { 'market.json': readFileSync(recorded.manifold, 'utf8') });
    const r = await serve(['--replay', dir, '--source', 'manifold', '--as-recorded']);
    expect(r.code).toBe(0);
  });
});
