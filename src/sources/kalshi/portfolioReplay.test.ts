import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RecordingError } from '../../server/replay/load.js';
import { loadPortfolio } from './portfolioReplay.js';

const KEYS = 'test/fixtures/kalshi-portfolio';

function portfolioDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'oddsboard-portfolio-'));
  mkdirSync(join(dir, 'portfolio'));
  return dir;
}

describe("a Kalshi replay's test key (DIR/portfolio/*.pem)", () => {
  it('takes the public half', () => {
    const dir = portfolioDir();
    cpSync(`${KEYS}/kalshi-test-public-key.pem`, join(dir, 'portfolio', 'kalshi-test-public-key.pem'));
    expect(loadPortfolio(dir).publicKey?.asymmetricKeyType).toBe('rsa');
  });

  it('a .pem that cannot be read is refused as a recording problem, by what it is, and what to do', () => {
    const dir = portfolioDir();
    mkdirSync(join(dir, 'portfolio', 'x.pem'));
    let error: unknown;
    try {
      loadPortfolio(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RecordingError);
    expect((error as Error).message).toBe(`${join(dir, 'portfolio', 'x.pem')} is not a regular file: move it away`);
  });
});
