/**
 * Kalshi's request signing (docs.kalshi.com "API Keys" and "Quick start: authenticated requests"; the official
 * TypeScript client `kalshi-typescript` auth.ts): every portfolio request carries
 *   KALSHI-ACCESS-KEY        the key's id,
 *   KALSHI-ACCESS-TIMESTAMP  the time in milliseconds,
 *   KALSHI-ACCESS-SIGNATURE  base64 of an RSA-PSS signature (SHA-256, MGF1 SHA-256, salt as long as the digest)
 *                            over `timestamp + METHOD + path`, the path from `/trade-api/v2` on, WITHOUT its query.
 * The private key comes from KALSHI_PRIVATE_KEY_PATH (a PEM file; one readable by group or others is warned about)
 * or KALSHI_PRIVATE_KEY (the PEM text), the id from KALSHI_API_KEY_ID. The key's text is turned into a KeyObject at
 * once and never kept, printed, logged, written or sent: only signatures leave this module, and no message here
 * quotes a byte of it.
 */
import { constants, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { statSync } from 'node:fs';
import { FileProblem, readFix, readTextFile } from '../../util/files.js';

/** A PEM RSA key is a few kilobytes; anything much larger is not one. */
const KEY_MAX_BYTES = 64 * 1024;
const KEY_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export const PSS = { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST };

export interface KalshiSigner {
  /** The key's id (not secret: it names the key, as a username does). */
  readonly keyId: string;
  /** The three headers for `method` on `path` (its query, if any, is left out of what is signed). */
  headers(method: string, path: string, nowMs: number): Record<string, string>;
}

export class KalshiKeyProblem extends Error {}

/** What is signed: `timestamp + METHOD + path` without the query. */
export function signedText(timestamp: string, method: string, path: string): string {
  const q = path.indexOf('?');
  return timestamp + method.toUpperCase() + (q >= 0 ? path.slice(0, q) : path);
}

export function signWith(key: KeyObject, text: string): string {
  return sign('sha256', Buffer.from(text, 'utf8'), { key, ...PSS }).toString('base64');
}

/** Whether `signature` (base64) signs `text` with the private half of `publicKey` (the replay's check). */
export function verifyWith(publicKey: KeyObject, text: string, signature: string): boolean {
  try {
    return verify('sha256', Buffer.from(text, 'utf8'), { key: publicKey, ...PSS }, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

export function publicKeyFrom(pem: string): KeyObject {
  return createPublicKey(pem);
}

export function signerFor(keyId: string, key: KeyObject): KalshiSigner {
  const signer: KalshiSigner = {
    keyId,
    headers(method, path, nowMs) {
      const ts = String(Math.trunc(nowMs));
      return {
        'KALSHI-ACCESS-KEY': keyId,
        'KALSHI-ACCESS-TIMESTAMP': ts,
        'KALSHI-ACCESS-SIGNATURE': signWith(key, signedText(ts, method, path)),
      };
    },
  };
  // a signer printed or serialized by mistake shows its id, never its key
  Object.defineProperty(signer, 'toJSON', { value: () => ({ keyId, key: '[private]' }) });
  Object.defineProperty(signer, Symbol.for('nodejs.util.inspect.custom'), {
    value: () => `KalshiSigner { keyId: '${keyId}', key: [private] }`,
  });
  return signer;
}

/**
 * The signer the environment describes; undefined when no Kalshi key is configured. Throws KalshiKeyProblem (never
 * quoting the key) when it is half-configured or unreadable. `warn` hears of a key file others may read.
 */
export function kalshiSignerFromEnv(env: NodeJS.ProcessEnv, warn: (line: string) => void): KalshiSigner | undefined {
  const id = env.KALSHI_API_KEY_ID?.trim();
  const path = env.KALSHI_PRIVATE_KEY_PATH?.trim();
  const text = env.KALSHI_PRIVATE_KEY;
  const hasText = text !== undefined && text.trim() !== '';
  if (!id && !path && !hasText) return undefined;
  if (!id) throw new KalshiKeyProblem('KALSHI_API_KEY_ID is not set: Kalshi needs the key id with its private key');
  if (!KEY_ID.test(id)) throw new KalshiKeyProblem('KALSHI_API_KEY_ID is not a Kalshi key id (letters, digits, -)');
  if (!path && !hasText)
    throw new KalshiKeyProblem('KALSHI_API_KEY_ID is set but no private key: set KALSHI_PRIVATE_KEY_PATH');
  let pem: string;
  if (path) {
    pem = readKeyFile(path, warn);
  } else {
    // a key pasted into one line with literal \n is read as the PEM it stands for
    pem = text!.includes('\\n') && !text!.includes('\n') ? text!.replace(/\\n/g, '\n') : text!;
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new KalshiKeyProblem(
      `${path ? `KALSHI_PRIVATE_KEY_PATH ${path}` : 'KALSHI_PRIVATE_KEY'} is not an RSA private key in PEM form`,
    );
  }
  if (key.asymmetricKeyType !== 'rsa')
    throw new KalshiKeyProblem(`${path ? `KALSHI_PRIVATE_KEY_PATH ${path}` : 'KALSHI_PRIVATE_KEY'} is not an RSA key`);
  return signerFor(id, key);
}

function readKeyFile(path: string, warn: (line: string) => void): string {
  let text: string;
  try {
    text = readTextFile(path, KEY_MAX_BYTES);
  } catch (e) {
    // what to do as every file that cannot be read says it: a symlink loop said only "cannot be read (ELOOP)"
    const why = !(e instanceof FileProblem)
      ? `${path} cannot be read`
      : e.reason === 'unreadable'
        ? `${e.message}: ${readFix(e)}`
        : e.message;
    throw new KalshiKeyProblem(`KALSHI_PRIVATE_KEY_PATH: ${why}`);
  }
  try {
    const mode = statSync(path).mode & 0o777;
    if ((mode & 0o077) !== 0)
      warn(
        `KALSHI_PRIVATE_KEY_PATH ${path} can be read by other users (mode ${mode.toString(8).padStart(3, '0')}): ` +
          `chmod 600 ${path}`,
      );
  } catch {
    // read a moment ago; a stat that fails now tells nothing worth a warning
  }
  return text;
}
