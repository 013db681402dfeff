/**
 * The Kalshi portfolio in tests: the test key (generated for these tests, never registered with Kalshi), a replay
 * directory of the recorded Kalshi markets with our portfolio answers and the key's public half, and every file under
 * a directory as text, to show the private key is in none of them.
 */
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './e2eKit.js';

export const KALSHI_TEST_KEY_PEM = readFileSync(
  join(ROOT, 'test/fixtures/kalshi-portfolio/TEST-ONLY-kalshi-private-key.pem'),
  'utf8',
);

/** The replay directory (`serve --replay DIR --source kalshi`), and the private key in a 0600 file beside it. */
export function kalshiPortfolioDir(tag: string): { dir: string; keyFile: string } {
  const dir = mkdtempSync(join(tmpdir(), `oddsboard-${tag}-`));
  cpSync(join(ROOT, 'test/fixtures/real/kalshi'), dir, { recursive: true });
  mkdirSync(join(dir, 'portfolio'), { recursive: true });
  for (const f of ['portfolio-positions.json', 'portfolio-balance.json', 'kalshi-test-public-key.pem'])
    cpSync(join(ROOT, 'test/fixtures/kalshi-portfolio', f), join(dir, 'portfolio', f));
  const keyFile = join(dir, 'my.key');
  writeFileSync(keyFile, KALSHI_TEST_KEY_PEM);
  chmodSync(keyFile, 0o600);
  return { dir, keyFile };
}

/** Every file below `dir`, read byte for byte as Latin-1 (any file reads; the key's ASCII text matches as itself). */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(readFileSync(p, 'latin1'));
    }
  };
  walk(dir);
  return out;
}
