/**
 * `serve --replay DIR --as-recorded`: replay as of the recording. Every time
 * field of the recorded objects is moved forward by (now − recordedAt), so a
 * market that was open when it was recorded is open again, closing as far ahead
 * as it then did, and a user sees what the recorder saw. This is the one
 * deliberate exception to "objects are served as recorded": only the fields
 * named below change, each kept in its own format (milliseconds stay
 * milliseconds, `"2026-01-01 07:30:39+00"` keeps its spacing, zone and
 * precision, a date stays a date). A value in a form not recognised is left as
 * it was.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord, toTime } from '../../api/normalizeFields.js';
import { FileProblem, readFix, readTextFile } from '../../util/files.js';
import { MANIFEST, MAX_FILE_BYTES, RecordingError } from './load.js';

/**
 * The time fields moved, per service (any object nested in a recorded one too: answers, bets, events' markets, tags).
 */
export const TIME_FIELDS = {
  manifold: [
    'closeTime',
    'createdTime',
    'resolutionTime',
    'lastUpdatedTime',
    'lastBetTime',
    'lastCommentTime',
    'creatorCreatedTime',
    'timestamp',
  ],
  polymarket: [
    'endDate',
    'endDateIso',
    'startDate',
    'startDateIso',
    'closedTime',
    'umaEndDate',
    'createdAt',
    'updatedAt',
    'creationDate',
    'acceptingOrdersTimestamp',
    'deployingTimestamp',
    'eventStartTime',
    'gameStartTime',
    'publishedAt',
    'closeDate',
  ],
  kalshi: [
    'end_period_ts',
    'close_time',
    'open_time',
    'expiration_time',
    'expected_expiration_time',
    'latest_expiration_time',
    'created_time',
    'updated_time',
    'settlement_ts',
    'occurrence_datetime',
    'last_updated_ts',
    'fee_waiver_expiration_time',
    'strike_date',
  ],
  /** Our own shape (and names the normalizer also reads). */
  reference: [
    'closesAt',
    'createdAt',
    'updatedAt',
    'resolvedAt',
    'end_date',
    'updatedTime',
    'updated_at',
    'last_updated',
  ],
} as const satisfies Record<string, readonly string[]>;

const FIELDS: ReadonlySet<string> = new Set(Object.values(TIME_FIELDS).flat());

/** `2026-01-12T01:01:09.804903Z`, `2026-01-01 07:30:39+00`, `2025-12-31`: date, time (optional), zone (optional). */
const TIME_TEXT = /^(\d{4})-(\d\d)-(\d\d)(?:([T ])(\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?(Z|[+-]\d\d(?::?\d\d)?)?)?$/;

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');
/** `YYYY-MM-DD` of a UTC instant. */
const utcDate = (t: Date): string => `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;

/** Minutes east of UTC a zone suffix says (`Z`, `+00`, `-05:00`, `+0530`); none means UTC. */
function zoneMinutes(zone: string | undefined): number {
  if (!zone || zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
}

/** Times move by whole seconds, so a fraction of a second is kept exactly as written. */
export const wholeSeconds = (ms: number): number => Math.round(ms / 1000) * 1000;

/**
 * A time written as text, moved by `shiftMs` (whole seconds) and written back in the same form; undefined when not
 * recognised.
 */
export function shiftTimeText(text: string, shiftMs: number): string | undefined {
  const shift = wholeSeconds(shiftMs);
  const m = TIME_TEXT.exec(text);
  if (!m) return undefined;
  const [, y, mo, d, sep, h, mi, s, frac, zone] = m;
  if (sep === undefined) {
    // a date: the day the moved instant falls on (UTC)
    const t = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)) + shift);
    return utcDate(t);
  }
  const offset = zoneMinutes(zone) * 60_000;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? '0')) - offset;
  if (!Number.isFinite(utc)) return undefined;
  // written in the zone it was written in; the fraction of a second does not move
  const t = new Date(utc + shift + offset);
  let out = `${utcDate(t)}${sep}${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`;
  if (s !== undefined) out += `:${pad(t.getUTCSeconds())}`;
  if (frac !== undefined) out += `.${frac}`;
  return out + (zone ?? '');
}

/**
 * One time value moved: milliseconds (seconds when below 1e11, as the normalizer reads them) or text.
 * Anything the normalizer would not read as a time (a sentinel like `"2500-12-31"`, a 0) is unchanged.
 */
function shiftValue(v: unknown, shiftMs: number): unknown {
  if (toTime(v) === undefined) return v;
  if (typeof v === 'number') {
    const shift = wholeSeconds(shiftMs);
    return Math.abs(v) < 1e11 ? v + shift / 1000 : v + shift;
  }
  if (typeof v === 'string') return shiftTimeText(v, shiftMs) ?? v;
  return v;
}

/** A copy of a recorded value with every time field (at any depth) moved forward by `shiftMs` (whole seconds). */
export function shiftRecorded<T>(value: T, shiftMs: number): T {
  if (Array.isArray(value)) return value.map((v: unknown) => shiftRecorded(v, shiftMs)) as T;
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = FIELDS.has(k) && !isRecord(v) && !Array.isArray(v) ? shiftValue(v, shiftMs) : shiftRecorded(v, shiftMs);
  return out as T;
}

/** An ISO 8601 date and time with its zone (`2022-10-11T22:30:18Z`), as ms; undefined otherwise. */
export function parseRecordedAt(text: string): number | undefined {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)$/.test(text.trim())) return undefined;
  return toTime(text.trim());
}

/** Thrown by manifestRecordedAt when DIR has no manifest.json at all (one there that cannot be read is not this). */
export class ManifestMissing extends RecordingError {}

/** What writes a manifest: a platform's replay takes no --recorded-at. */
export const RECORD_HINT = ' (oddsboard record writes it)';

/** What the interface's replay takes instead of a manifest; a platform's replay refuses --recorded-at. */
export const RECORDED_AT_HINT = ' (or give --recorded-at ISO)';

/**
 * A manifest.json that is a folder (or a pipe, a socket, a device) in plain words: what it is, that the file
 * belongs there, what to do. It said "… is not a regular file: move it away (oddsboard record writes it)".
 */
function notAFile(file: string, hint: string): string {
  const st = statSync(file, { throwIfNoEntry: false });
  const kind = st?.isDirectory()
    ? 'folder'
    : st?.isFIFO()
      ? 'named pipe'
      : st?.isSocket()
        ? 'socket'
        : st?.isBlockDevice() || st?.isCharacterDevice()
          ? 'device'
          : undefined;
  const is = kind === undefined ? 'is not a file' : `is a ${kind}`;
  const away = `move ${kind === undefined ? 'it' : `the ${kind}`} away`;
  return hint === RECORD_HINT
    ? `${file} ${is}, not the file oddsboard record writes there: ${away}`
    : `${file} ${is}, not a file: ${away}${hint}`;
}

/**
 * `recordedAt` of DIR/manifest.json (written by `oddsboard record`). Throws RecordingError with a one-line reason
 * (ManifestMissing when there is none), ending with `hint`: what would do (a platform's replay: RECORD_HINT).
 */
export function manifestRecordedAt(dir: string, hint = RECORD_HINT): number {
  const file = join(dir, MANIFEST);
  let text: string;
  try {
    text = readTextFile(file, MAX_FILE_BYTES);
  } catch (e) {
    if (!(e instanceof FileProblem)) throw e;
    // a manifest.json that is there but cannot be read (a folder, no permission) is not missing: say what it is
    if (e.reason === 'not_regular')
      throw new RecordingError(`--as-recorded needs the time of the recording: ${notAFile(file, hint)}`);
    const why =
      e.reason === 'missing'
        ? `${file} is missing`
        : e.reason === 'too_large'
          ? e.message
          : `${e.message}: ${readFix(e)}`;
    const Problem = e.reason === 'missing' ? ManifestMissing : RecordingError;
    throw new Problem(`--as-recorded needs the time of the recording: ${why}${hint}`);
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    throw new RecordingError(`${file} is not valid JSON`);
  }
  const raw = isRecord(manifest) ? manifest.recordedAt : undefined;
  const at = typeof raw === 'string' ? parseRecordedAt(raw) : undefined;
  if (at === undefined)
    throw new RecordingError(
      `--as-recorded needs the time of the recording: ${file} has no recordedAt in ISO 8601, e.g. ` +
        `2022-10-11T22:30:18Z${hint}`,
    );
  return at;
}

/** DIR/manifest.json's `recordedAt`, undefined when DIR has none; one there that cannot be read throws as above. */
export function manifestIfAny(dir: string): number | undefined {
  try {
    return manifestRecordedAt(dir);
  } catch (e) {
    if (e instanceof ManifestMissing) return undefined;
    throw e;
  }
}

/** How far DIR's recording moves to be as of `now`: now − its manifest's `recordedAt`, in whole seconds. */
export function manifestShiftMs(dir: string, now: number): number {
  return wholeSeconds(now - manifestRecordedAt(dir));
}
