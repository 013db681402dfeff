import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RecordingError } from '../../server/replay/load.js';
import { loadPortfolio } from './portfolioReplay.js';

const KEYS = 'test/fixtures/kalshi-portfolio';

/** What loadPortfolio threw (undefined when it did not). */
function loadError(dir: string): unknown {
  try {
    loadPortfolio(dir);
  } catch (e) {
    return e;
  }
  return undefined;
}

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

  it('a .pem with no RSA public key is refused naming the file and what it must hold, not the crypto error', () => {
    // `serve --replay DIR --source kalshi` with a damaged key ended with OpenSSL's "error:1E08010C:DECODER
    // routines::unsupported", exit 1, no file named
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' });
    const damaged = '-----BEGIN PUBLIC KEY-----\nnot base64 at all\n-----END PUBLIC KEY-----\n';
    for (const text of [damaged, String(ec)]) {
      const dir = portfolioDir();
      const file = join(dir, 'portfolio', 'k.pem');
      writeFileSync(file, text);
      const error = loadError(dir);
      expect(error).toBeInstanceOf(RecordingError);
      expect((error as Error).message).toBe(
        `${file} is not an RSA public key in PEM: expected the public half of the test key ` +
          '(-----BEGIN PUBLIC KEY----- ... -----END PUBLIC KEY-----)',
      );
    }
  });
});
