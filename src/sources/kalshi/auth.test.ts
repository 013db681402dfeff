import { createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { kalshiSignerFromEnv, KalshiKeyProblem, PSS, signedText, signerFor, verifyWith } from './auth.js';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const PKCS1 = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const dir = mkdtempSync(join(tmpdir(), 'oddsboard-kalshi-key-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The official TypeScript client's signPssText (kalshi-typescript auth.ts), written out as it is there. */
function officialSign(pem: string, text: string): string {
  const s = createSign('RSA-SHA256');
  s.update(text);
  s.end();
  return s.sign({ key: pem, padding: PSS.padding, saltLength: PSS.saltLength }).toString('base64');
}

/** The check a server makes, with the salt length spelled as the docs' Python does: the digest's, 32 bytes. */
function serverVerifies(pub: KeyObject, text: string, sig: string): boolean {
  const v = createVerify('RSA-SHA256');
  v.update(text);
  v.end();
  return v.verify({ key: pub, padding: PSS.padding, saltLength: 32 }, Buffer.from(sig, 'base64'));
}

describe('Kalshi request signing', () => {
  it('signs timestamp + METHOD + path without the query, as the docs example writes it', () => {
    // docs.kalshi.com quick start: "1703123456789GET/trade-api/v2/portfolio/balance"; a query is not signed
    expect(signedText('1703123456789', 'GET', '/trade-api/v2/portfolio/balance')).toBe(
      '1703123456789GET/trade-api/v2/portfolio/balance',
    );
    expect(signedText('1703123456789', 'get', '/trade-api/v2/portfolio/orders?limit=5')).toBe(
      '1703123456789GET/trade-api/v2/portfolio/orders',
    );
  });

  it("the three headers; the signature verifies with the key's public half (salt = digest length)", () => {
    const h = signerFor('a952bcbe-ec3b-4b5b-b8f9-11dae589608c', privateKey).headers(
      'GET',
      '/trade-api/v2/portfolio/positions?limit=100&cursor=abc',
      1703123456789,
    );
    expect(Object.keys(h).sort()).toEqual(['KALSHI-ACCESS-KEY', 'KALSHI-ACCESS-SIGNATURE', 'KALSHI-ACCESS-TIMESTAMP']);
    expect(h['KALSHI-ACCESS-KEY']).toBe('a952bcbe-ec3b-4b5b-b8f9-11dae589608c');
    expect(h['KALSHI-ACCESS-TIMESTAMP']).toBe('1703123456789');
    const text = '1703123456789GET/trade-api/v2/portfolio/positions';
    expect(serverVerifies(publicKey, text, h['KALSHI-ACCESS-SIGNATURE']!)).toBe(true);
    expect(verifyWith(publicKey, text, h['KALSHI-ACCESS-SIGNATURE']!)).toBe(true);
    // another path, method or time does not verify
    expect(
      verifyWith(publicKey, '1703123456790GET/trade-api/v2/portfolio/positions', h['KALSHI-ACCESS-SIGNATURE']!),
    ).toBe(false);
    expect(
      verifyWith(publicKey, '1703123456789POST/trade-api/v2/portfolio/positions', h['KALSHI-ACCESS-SIGNATURE']!),
    ).toBe(false);
  });

  it("agrees with the official client's algorithm both ways (PSS is randomized: each verifies the other)", () => {
    const text = '1703123456789GET/trade-api/v2/portfolio/balance';
    expect(verifyWith(publicKey, text, officialSign(PEM, text))).toBe(true);
    const ours = signerFor('k', privateKey).headers('GET', '/trade-api/v2/portfolio/balance', 1703123456789);
    expect(serverVerifies(publicKey, text, ours['KALSHI-ACCESS-SIGNATURE']!)).toBe(true);
  });

  it('reads the key from a file (PKCS#8 or PKCS#1) and warns when others may read it', () => {
    const path = join(dir, 'kalshi.key');
    writeFileSync(path, PKCS1);
    chmodSync(path, 0o644);
    const warnings: string[] = [];
    const s = kalshiSignerFromEnv({ KALSHI_API_KEY_ID: 'key-1', KALSHI_PRIVATE_KEY_PATH: path }, (l) =>
      warnings.push(l),
    )!;
    expect(warnings).toEqual([
      `KALSHI_PRIVATE_KEY_PATH ${path} can be read by other users (mode 644): chmod 600 ${path}`,
    ]);
    const h = s.headers('GET', '/trade-api/v2/portfolio/balance', 5);
    expect(verifyWith(publicKey, '5GET/trade-api/v2/portfolio/balance', h['KALSHI-ACCESS-SIGNATURE']!)).toBe(true);
    chmodSync(path, 0o600);
    const quiet: string[] = [];
    kalshiSignerFromEnv({ KALSHI_API_KEY_ID: 'key-1', KALSHI_PRIVATE_KEY_PATH: path }, (l) => quiet.push(l));
    expect(quiet).toEqual([]);
  });

  it('reads the key from KALSHI_PRIVATE_KEY, also pasted on one line with \\n', () => {
    const s = kalshiSignerFromEnv({ KALSHI_API_KEY_ID: 'k', KALSHI_PRIVATE_KEY: PEM.replace(/\n/g, '\\n') }, () => {})!;
    const h = s.headers('GET', '/p', 1);
    expect(verifyWith(publicKey, '1GET/p', h['KALSHI-ACCESS-SIGNATURE']!)).toBe(true);
  });

  it('no key configured: no signer; half-configured or broken: a message that never quotes the key', () => {
    expect(kalshiSignerFromEnv({}, () => {})).toBeUndefined();
    const cases: NodeJS.ProcessEnv[] = [
      { KALSHI_PRIVATE_KEY: PEM },
      { KALSHI_API_KEY_ID: 'k' },
      { KALSHI_API_KEY_ID: 'k', KALSHI_PRIVATE_KEY: PEM.slice(0, 400) },
      { KALSHI_API_KEY_ID: 'k', KALSHI_PRIVATE_KEY_PATH: join(dir, 'missing.key') },
      { KALSHI_API_KEY_ID: 'bad id!', KALSHI_PRIVATE_KEY: PEM },
    ];
    const body = PEM.split('\n')[1]!; // a line of the key's base64
    for (const env of cases) {
      let err: unknown;
      try {
        kalshiSignerFromEnv(env, () => {});
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(KalshiKeyProblem);
      expect((err as Error).message).not.toContain(body.slice(0, 16));
      expect((err as Error).message).not.toContain('PRIVATE KEY-----');
    }
  });

  it('a key path that cannot be read says what to do, as every file does (a symlink loop said only "(ELOOP)")', () => {
    const loop = join(dir, 'loop.pem');
    symlinkSync(loop, loop);
    const env = { KALSHI_API_KEY_ID: 'key-1', KALSHI_PRIVATE_KEY_PATH: loop };
    expect(() => kalshiSignerFromEnv(env, () => {})).toThrow(
      `KALSHI_PRIVATE_KEY_PATH: ${loop} cannot be read (ELOOP): a symlink on its path leads round in a loop: ` +
        'remove that link',
    );
    // one that is not there is only that
    const gone = { ...env, KALSHI_PRIVATE_KEY_PATH: join(dir, 'gone.pem') };
    expect(() => kalshiSignerFromEnv(gone, () => {})).toThrow(/^KALSHI_PRIVATE_KEY_PATH: \S+gone\.pem does not exist$/);
  });

  it('a signer printed or serialized shows its id, never its key', () => {
    const s = signerFor('key-9', privateKey);
    const body = PEM.split('\n')[1]!.slice(0, 16);
    expect(JSON.stringify(s)).toBe('{"keyId":"key-9","key":"[private]"}');
    expect(inspect(s)).not.toContain(body);
    expect(inspect(s)).toContain('[private]');
  });
});
