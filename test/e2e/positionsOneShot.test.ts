import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { killedAfterEach, ROOT, serveChild } from '../support/e2eKit.js';
import { filesUnder, KALSHI_TEST_KEY_PEM, kalshiPortfolioDir } from '../support/kalshiPortfolio.js';

/**
 * `oddsboard positions` as the built program, against each platform's replay served by `serve --replay` in its own
 * process: the recorded positions with their values, and — Kalshi — every request signed and verified by the replay,
 * the private key in no byte the program writes: stdout, stderr, the state directory (rate ledger included).
 */
const CLI = join(ROOT, 'dist/cli.js');
const started = killedAfterEach();

async function replay(source: string, dir: string): Promise<string> {
  const r = await serveChild(['--replay', dir, '--source', source, '--port', '0']);
  started.service(r.child);
  return r.url;
}

function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; out: string; err: string; home: string }> {
  const home = mkdtempSync(join(tmpdir(), 'oddsboard-e2e-positions-'));
  const child = spawn(process.execPath, [CLI, 'positions', ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      XDG_STATE_HOME: join(home, 'st'),
      XDG_CONFIG_HOME: join(home, 'cfg'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((res) => child.on('close', (code) => res({ code: code ?? -1, out, err, home })));
}

describe('oddsboard positions, the built program against each replay', { timeout: 60_000 }, () => {
  it('Polymarket: the wallet from the environment; Gamma, the CLOB and the Data API on one base URL', async () => {
    const url = await replay('polymarket', join(ROOT, 'test/fixtures/real/polymarket'));
    const r = await run(['--source', 'polymarket', '--base-url', url], {
      ODDSBOARD_POLYMARKET_WALLET: '0xee613b3fc183ee44f9da9c05f53e2da107e3debf',
    });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    // 21,010.07 Timberwolves at 67.5¢: value 14,181.80 USDC, P&L +6,533.46
    expect(r.out).toMatch(/Timberwolves +21,010\.07 +36\.4¢ +67\.5¢ +14,181\.80 USDC +\+6,533\.46 USDC +\+85\.4%/);
    expect(r.out).toContain("Polymarket reports the positions' value as 82,537.42 USDC");
  });

  it('Kalshi: signed and verified by the replay; the key in no output and no file', async () => {
    const { dir, keyFile } = kalshiPortfolioDir('e2e-kalshi');
    const url = await replay('kalshi', dir); // the printed URL names /trade-api/v2
    const ok = await run(['--source', 'kalshi', '--base-url', url], {
      KALSHI_API_KEY_ID: 'e2e-key',
      KALSHI_PRIVATE_KEY_PATH: keyFile,
    });
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/Total USD: value \$18\.00 · cost \$13\.90 · P&L \+\$4\.10/);
    expect(ok.out).toContain('Cash balance: $412.50');
    const asText = await run(['--source', 'kalshi', '--base-url', url, '--json'], {
      KALSHI_API_KEY_ID: 'e2e-key',
      KALSHI_PRIVATE_KEY: KALSHI_TEST_KEY_PEM,
    });
    expect(asText.code).toBe(0);
    const broken = await run(['--source', 'kalshi', '--base-url', url], {
      KALSHI_API_KEY_ID: 'e2e-key',
      KALSHI_PRIVATE_KEY: KALSHI_TEST_KEY_PEM.replace(/[A-Za-z]/, (c) => (c === 'A' ? 'B' : 'A')).slice(0, 900),
    });
    expect(broken.code).toBe(2);
    const lines = KALSHI_TEST_KEY_PEM.split('\n').filter((l) => l.length > 20 && !l.startsWith('-----'));
    for (const r of [ok, asText, broken])
      for (const text of [r.out, r.err, ...filesUnder(r.home)])
        for (const l of lines) expect(text).not.toContain(l.slice(0, 24));
  });

  it('several venues in one run: Polymarket and Kalshi side by side, then Kalshi refused and Polymarket kept', async () => {
    const poly = await replay('polymarket', join(ROOT, 'test/fixtures/real/polymarket'));
    const { dir, keyFile } = kalshiPortfolioDir('e2e-several');
    const kalshi = await replay('kalshi', dir);
    const args = [
      '--source',
      'polymarket,kalshi',
      '--base-url',
      `polymarket=${poly}`,
      '--base-url',
      `kalshi=${kalshi}`,
    ];
    const env = {
      ODDSBOARD_POLYMARKET_WALLET: '0xee613b3fc183ee44f9da9c05f53e2da107e3debf',
      KALSHI_API_KEY_ID: 'e2e-key',
    };
    const ok = await run(args, { ...env, KALSHI_PRIVATE_KEY_PATH: keyFile });
    expect(ok.err).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/Timberwolves +21,010\.07 +36\.4¢ +67\.5¢ +14,181\.80 USDC/);
    expect(ok.out).toContain('Cash balance: $412.50');
    // every venue's totals per currency, USDC and USD apart (USDC's wrapped at 80 with its realized P&L); Kalshi's
    // realized is the portfolio rows' realized_pnl_dollars 0 + 0 + 0.25
    expect(ok.out).toMatch(
      /All venues\nTotal USDC: [^\n]*\n {2}[^\n]*realized [^\n]*\nTotal USD: value \$18\.00 · cost \$13\.90 · P&L \+\$4\.10 · realized \+\$0\.25\n/,
    );
    // the key text cut short: Kalshi's own failure, named; Polymarket's positions still printed; exit 2
    const broken = await run(args, { ...env, KALSHI_PRIVATE_KEY: KALSHI_TEST_KEY_PEM.slice(0, 900) });
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/^oddsboard positions: Kalshi: /m);
    expect(broken.out).toMatch(/Timberwolves/);
    expect(broken.out).not.toContain('Positions · Kalshi');
  });
});
