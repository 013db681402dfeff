import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeMarket } from '../../api/normalize.js';
import { isRecord, toTime, type Rec } from '../../api/normalizeFields.js';
import { MANIFOLD_OPEN_MC, realFile, realObjects, SERVICES } from '../../../test/support/realFixtures.js';
import {
  manifestRecordedAt,
  parseRecordedAt,
  RECORDED_AT_HINT,
  shiftRecorded,
  shiftTimeText,
  TIME_FIELDS,
} from './asRecorded.js';
import { RecordingError } from './load.js';

const DAY = 86_400_000;
const FIELDS = new Set<string>(Object.values(TIME_FIELDS).flat());

/** Every (path, value) of a JSON value, for comparing two copies field by field. */
function leaves(v: unknown, path = ''): [string, unknown][] {
  if (Array.isArray(v)) return v.flatMap((x, i) => leaves(x, `${path}[${i}]`));
  if (isRecord(v)) return Object.entries(v).flatMap(([k, x]) => leaves(x, `${path}.${k}`));
  return [[path, v]];
}
const fieldOf = (path: string) => /\.([^.[\]]+)$/.exec(path)?.[1] ?? '';

describe('moving recorded times', () => {
  it.each([
    ['2026-01-12T01:01:09.804903Z', DAY, '2026-01-13T01:01:09.804903Z'], // Kalshi, microseconds kept
    ['2026-01-01 07:30:39+00', DAY + 3_600_000, '2026-01-02 08:30:39+00'], // Polymarket closedTime, not ISO
    ['2023-11-02 21:03:54.55+00', 60_000, '2023-11-02 21:04:54.55+00'],
    ['2025-12-31', DAY, '2026-01-01'], // Polymarket endDateIso: a date stays a date
    ['2026-07-25T02:00:00.000Z', 366 * DAY, '2027-07-26T02:00:00.000Z'],
    ['2026-01-12T23:30:00-05:00', 3_600_000, '2026-01-13T00:30:00-05:00'], // written in its own zone
    ['2026-01-12T08:30Z', 1_000, '2026-01-12T08:30Z'], // no seconds written: a minute's precision
  ])('%s moved by %d ms is %s', (text, shift, want) => {
    expect(shiftTimeText(text, shift)).toBe(want);
    if (text.length > 10 && want !== text)
      expect(
        Date.parse(want.replace(' ', 'T').replace(/\+00$/, 'Z')) -
          Date.parse(text.replace(' ', 'T').replace(/\+00$/, 'Z')),
      ).toBe(shift);
  });

  it('leaves what is not a time as it was (a sentinel date, a 0, a word)', () => {
    expect(shiftTimeText('soon', DAY)).toBeUndefined();
    const odd = { endDate: 'soon', closeTime: null, close_time: '', lastBetTime: 0, endDateIso: '2500-12-31' };
    expect(shiftRecorded(odd, DAY)).toEqual(odd);
  });

  it.each(SERVICES)(
    '%s: every time field of every real fixture moves by the shift, nothing else changes, the recording is not touched',
    (service) => {
      const shift = 1139 * DAY;
      let moved = 0;
      for (const { object } of realObjects([service])) {
        const before = JSON.stringify(object);
        const after = shiftRecorded(object, shift);
        expect(JSON.stringify(object)).toBe(before);
        const a = new Map(leaves(after));
        for (const [path, v] of leaves(object)) {
          const w = a.get(path);
          if (FIELDS.has(fieldOf(path)) && toTime(v) !== undefined) {
            moved++;
            expect(toTime(w)! - toTime(v)!, path).toBe(shift);
            expect(typeof w).toBe(typeof v);
          } else expect(w, path).toEqual(v);
        }
      }
      expect(moved).toBeGreaterThan(5);
    },
  );

  it(
    'Manifold: a market recorded open is open again, closing as far ahead as it then did; answers and prices ' +
      'untouched',
    () => {
      const recordedAt = parseRecordedAt(MANIFOLD_OPEN_MC.recordedAt)!;
      const raw = realFile('manifold', MANIFOLD_OPEN_MC.file) as Rec;
      const now = Date.UTC(2026, 10, 23, 12, 0, 0);
      expect(normalizeMarket(raw, { now })?.status).toBe('closed');
      const moved = shiftRecorded(raw, now - recordedAt);
      const v = normalizeMarket(moved, { now })!;
      expect(v.status).toBe('active');
      expect(v.closesAt! - now).toBe((raw.closeTime as number) - recordedAt);
      expect(v.outcomes.map((o) => [o.name, o.price])).toEqual(
        normalizeMarket(raw, { now: recordedAt })!.outcomes.map((o) => [o.name, o.price]),
      );
      expect((moved.answers as Rec[]).map((a) => a.createdTime)).toEqual(
        (raw.answers as Rec[]).map((a) => (a.createdTime as number) + now - recordedAt),
      );
    },
  );
});

describe('when a recording was made', () => {
  it('reads an ISO 8601 time with its zone, nothing vaguer', () => {
    expect(parseRecordedAt('2022-10-11T22:30:18Z')).toBe(Date.UTC(2022, 9, 11, 22, 30, 18));
    expect(parseRecordedAt('2022-10-11T23:30:18.5+01:00')).toBe(Date.UTC(2022, 9, 11, 22, 30, 18, 500));
    for (const bad of ['2022-10-11', '2022-10-11T22:30:18', 'yesterday', '1665527418000', ''])
      expect(parseRecordedAt(bad)).toBeUndefined();
  });

  it('takes recordedAt from DIR/manifest.json, and says in one line what is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-manifest-'));
    expect(() => manifestRecordedAt(dir, RECORDED_AT_HINT)).toThrow(
      /manifest\.json is missing \(or give --recorded-at ISO\)/,
    );
    writeFileSync(join(dir, 'manifest.json'), '{nope');
    expect(() => manifestRecordedAt(dir)).toThrow(RecordingError);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ baseUrl: 'x' }));
    expect(() => manifestRecordedAt(dir)).toThrow(/has no recordedAt/);
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ recordedAt: '2026-11-20T10:00:00.000Z' }));
    expect(manifestRecordedAt(dir)).toBe(Date.UTC(2026, 10, 20, 10));
  });

  it('says a manifest.json that is there but cannot be read is not a file, never that it is missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oddsboard-manifest-'));
    mkdirSync(join(dir, 'manifest.json'));
    let message = '';
    try {
      manifestRecordedAt(dir, RECORDED_AT_HINT);
    } catch (e) {
      expect(e).toBeInstanceOf(RecordingError);
      message = (e as Error).message;
    }
    // it said "… is not a regular file: move it away", and on a platform's replay "(oddsboard record writes it)"
    expect(message).toBe(
      `--as-recorded needs the time of the recording: ${join(dir, 'manifest.json')} is a folder, not a file: ` +
        'move the folder away (or give --recorded-at ISO)',
    );
    expect(() => manifestRecordedAt(dir)).toThrow(
      `--as-recorded needs the time of the recording: ${join(dir, 'manifest.json')} is a folder, not the file ` +
        'oddsboard record writes there: move the folder away',
    );
  });
});
