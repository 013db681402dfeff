/**
 * Kalshi's portfolio routes answered from a recording (issue #28), with the signature of every request checked:
 * `GET /portfolio/positions` (`limit` 1..1000, default 100; `cursor`, '' on the last page; `count_filter` position /
 * total_traded; `ticker`; `event_ticker`) and `GET /portfolio/balance`, from `DIR/portfolio/*.json`. A request must
 * carry KALSHI-ACCESS-KEY, -TIMESTAMP and -SIGNATURE, and the signature must verify (RSA-PSS, SHA-256, salt = digest)
 * over `timestamp + GET + path` with the public half of the test key in `DIR/portfolio/*.pem` — else 401 in Kalshi's
 * error shape, as the real service refuses a bad signature. The replay never holds a private key.
 */
import type { KeyObject } from 'node:crypto';
import { isRecord, type Rec } from '../../api/normalizeFields.js';
import { header, personJson } from '../personFiles.js';
import type { ReplayAnswer, ReplayRequest } from '../types.js';
import { publicKeyFrom, signedText, verifyWith } from './auth.js';
import { kalshiErrorBody } from './errors.js';
import { encodeCursor } from './replay.js';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { RecordingError } from '../../server/replay/load.js';
import { FileProblem, readFix, readTextFile } from '../../util/files.js';

export const PORTFOLIO_MAX_LIMIT = 1000;
/** A public key in PEM is under a kilobyte: anything near this is not one. */
const MAX_PEM_BYTES = 1024 * 1024;

export interface PortfolioRecording {
  rows: Rec[];
  balance?: unknown;
  publicKey?: KeyObject;
}

export function loadPortfolio(dir: string): PortfolioRecording {
  const rec: PortfolioRecording = { rows: [] };
  for (const [, body] of personJson(dir, 'portfolio')) {
    if (!isRecord(body)) continue;
    if (Array.isArray(body.market_positions)) rec.rows.push(...body.market_positions.filter(isRecord));
    else if ('balance' in body) rec.balance = body;
  }
  const d = join(dir, 'portfolio');
  if (existsSync(d)) {
    for (const name of readdirSync(d).sort()) {
      if (!name.endsWith('.pem')) continue;
      const text = readPem(join(d, name));
      // the public half only: a private key beside it is never loaded by the replay
      if (!text.includes('-----BEGIN PUBLIC KEY-----')) continue;
      rec.publicKey = publicKeyIn(join(d, name), text);
      break;
    }
  }
  return rec;
}

/** A .pem's text; RecordingError (exit 2, by its code as a recorded file says it) when it cannot be read. */
function readPem(file: string): string {
  try {
    return readTextFile(file, MAX_PEM_BYTES);
  } catch (e) {
    if (!(e instanceof FileProblem)) throw e;
    // a folder named x.pem, no permission: it was an unguarded read, "EISDIR: illegal operation…", exit 1
    throw new RecordingError(e.reason === 'too_large' ? e.message : `${e.message}: ${readFix(e)}`);
  }
}

/** The RSA public key a .pem holds; RecordingError naming it and what it must hold when it holds none. */
function publicKeyIn(file: string, text: string): KeyObject {
  let key: KeyObject | undefined;
  try {
    key = publicKeyFrom(text);
  } catch {
    // a damaged key ended serve with the crypto library's "error:1E08010C:DECODER routines::unsupported", exit 1
    key = undefined;
  }
  // another kind of key (EC) would refuse every signature as invalid, the file never named
  if (key?.asymmetricKeyType !== 'rsa')
    throw new RecordingError(
      `${file} is not an RSA public key in PEM: expected the public half of the test key ` +
        '(-----BEGIN PUBLIC KEY----- ... -----END PUBLIC KEY-----)',
    );
  return key;
}

const refuse = (status: number, code: string, message: string): ReplayAnswer => ({
  status,
  body: kalshiErrorBody(status, code, message),
});

/** Why a request's signature is refused; undefined when it verifies. */
function signatureProblem(rec: PortfolioRecording, req: ReplayRequest): string | undefined {
  const key = header(req.headers, 'KALSHI-ACCESS-KEY');
  const ts = header(req.headers, 'KALSHI-ACCESS-TIMESTAMP');
  const sig = header(req.headers, 'KALSHI-ACCESS-SIGNATURE');
  if (!key || !ts || !sig) return 'missing KALSHI-ACCESS-KEY, KALSHI-ACCESS-TIMESTAMP or KALSHI-ACCESS-SIGNATURE';
  if (!/^\d{10,16}$/.test(ts)) return 'KALSHI-ACCESS-TIMESTAMP is not a time in milliseconds';
  if (!rec.publicKey) return 'this replay has no public key to check signatures with (DIR/portfolio/*.pem)';
  return verifyWith(rec.publicKey, signedText(ts, 'GET', req.path ?? ''), sig) ? undefined : 'invalid signature';
}

function positions(rec: PortfolioRecording, q: URLSearchParams): ReplayAnswer {
  const rawLimit = q.get('limit');
  const limit = rawLimit === null ? 100 : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > PORTFOLIO_MAX_LIMIT)
    return refuse(400, 'bad_request', `limit must be from 1 to ${PORTFOLIO_MAX_LIMIT}`);
  const cursor = q.get('cursor') ?? '';
  let offset = 0;
  if (cursor !== '') {
    const m = /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!m) return refuse(400, 'bad_request', 'invalid cursor');
    offset = Number(m[1]);
  }
  const filters = (q.get('count_filter') ?? '').split(',').filter((s) => s !== '');
  for (const f of filters)
    if (f !== 'position' && f !== 'total_traded')
      return refuse(400, 'bad_request', `count_filter: ${f} is not accepted`);
  const nonZero = (r: Rec, f: string) =>
    f === 'position'
      ? Number(r.position_fp ?? r.position ?? 0) !== 0
      : Number(r.total_traded_dollars ?? r.total_traded ?? 0) !== 0;
  const ticker = q.get('ticker');
  const event = q.get('event_ticker');
  const rows = rec.rows.filter(
    (r) =>
      (filters.length === 0 || filters.some((f) => nonZero(r, f))) &&
      (ticker === null || r.ticker === ticker) &&
      (event === null || String(r.ticker).startsWith(`${event}-`)),
  );
  const page = rows.slice(offset, offset + limit);
  const next = offset + limit < rows.length ? encodeCursor(offset + limit) : '';
  return { status: 200, body: { cursor: next, market_positions: page, event_positions: [] } };
}

/** The answer for a portfolio route, or undefined when the path is not one. */
export function answerPortfolio(rec: PortfolioRecording, req: ReplayRequest): ReplayAnswer | undefined {
  const [a, b, ...rest] = req.segments;
  if (a !== 'portfolio' || rest.length > 0 || (b !== 'positions' && b !== 'balance')) return undefined;
  const problem = signatureProblem(rec, req);
  if (problem !== undefined) return refuse(401, 'unauthorized', problem);
  if (b === 'balance')
    return rec.balance === undefined
      ? refuse(404, 'not_found', 'no balance recorded')
      : { status: 200, body: rec.balance };
  return positions(rec, req.query);
}
