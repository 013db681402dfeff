/**
 * Texts built below the UI (src/api, src/sources, src/pairs) that the board draws — a banner's error, the key in the
 * header, a Kalshi title, the Across view's reasons — in the glyph set chosen (docs/views.md § Terminals without
 * UTF-8). Under LANG=C the board read `Route not found — …` and `(an HTML page: “Just a moment…”)` in its banner.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { maskKey } from '../api/client.js';
import { decodeEnvelope } from '../api/envelope.js';
import { ApiError, routeNotFound } from '../api/errors.js';
import { composeTitle } from '../api/normalizeCommon.js';
import { toText } from '../api/normalizeFields.js';
import { intervalWords, readInterval } from '../pairs/interval.js';
import { whenWords } from '../pairs/when.js';
import { setGlyphs, type GlyphMode } from '../util/glyphs.js';
import { decodeJson } from './http.js';
import { createManifoldClient } from './manifold/client.js';
import { rejection } from '../../test/support/catch.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const caught = (fn: () => unknown): ApiError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
  }
  throw new Error('expected an ApiError');
};
const noRead = () => undefined;

/** Every text of this file in one set. */
async function texts(mode: GlyphMode): Promise<string[]> {
  setGlyphs(mode);
  const page = '<html><head><title>Just a moment...</title></head></html>';
  const long = `{"error":{"code":"x","message":"${'a'.repeat(600)}"}}`;
  const manifold = createManifoldClient({ baseUrl: 'http://127.0.0.1:9' });
  const day = Date.UTC(2026, 6, 1);
  return [
    caught(() => decodeJson({ status: 403, headers: {}, text: page }, noRead, undefined, NOW)).message,
    caught(() => decodeJson({ status: 200, headers: {}, text: page }, noRead, undefined, NOW)).message,
    caught(() => decodeJson({ status: 400, headers: {}, text: long }, () => ({ message: 'b'.repeat(600) }), 'k', NOW))
      .message,
    caught(() => decodeEnvelope({ status: 400, headers: {}, text: long }, undefined, NOW)).message,
    routeNotFound(new ApiError({ kind: 'not_found', status: 404, code: 'NOT_FOUND', message: 'gone' }), 'the list')
      .message,
    maskKey('sk_live_0123456789abcd'),
    maskKey('short'),
    toText('t'.repeat(50), 10)!,
    composeTitle('Fed maintains rate', 'Will it?', 'x'),
    composeTitle('Will it?', 'Fed', 'x', true),
    (await rejection(manifold.listMarkets({ status: 'bogus' as never }))).message,
    (await rejection(manifold.listMarkets({ sort: 'bogus' as never }))).message,
    whenWords({ mode: 'window', start: day, end: day + 6 * 86_400_000, grain: 'day', text: 'July 1-7' }),
    intervalWords({ measure: 'x', lo: 78, hi: 79, shape: 'bucket' }),
    readInterval(['Will the high be between 78-79°F?'], [])?.measure ?? 'none',
  ];
}

describe('texts built below the UI, drawn on the board, in the glyph set chosen', () => {
  afterEach(() => setGlyphs('unicode'));

  it('under ASCII: nothing outside ASCII, each text with its stand-in', async () => {
    const t = await texts('ascii');
    expect(t.filter((s) => /[^\x00-\x7f]/.test(s))).toEqual([]);
    expect(t[0]).toContain('(an HTML page: "Just a moment...")');
    expect(t[1]).toContain('with an HTML page ("Just a moment..."), not JSON');
    expect(t[2]).toMatch(/^b+~$/);
    expect(t[3]).toMatch(/^a+~$/);
    expect(t[4]).toBe('Route not found - the service may have changed its API (HTTP 404 on the list).');
    expect(t.slice(5, 10)).toEqual([
      '~abcd',
      '~',
      `${'t'.repeat(9)}~`,
      'Fed maintains rate - Will it?',
      'Fed - Will it?',
    ]);
    expect(t.slice(10, 12)).toEqual(['Manifold has no "bogus" filter.', 'Manifold does not sort by "bogus".']);
    expect(t.slice(12)).toEqual(['2026-07-01~2026-07-07', 'bucket 78-79', 'high temperature (deg F)']);
  });

  it('under Unicode: the same texts as before, cut to the same length', async () => {
    const t = await texts('unicode');
    const a = await texts('ascii');
    expect(t.map((s) => s.length)).toEqual(a.map((s, i) => (i === 14 ? s.length - 3 : s.length)));
    expect(t[0]).toContain('(an HTML page: “Just a moment...”)');
    expect(t[4]).toBe('Route not found — the service may have changed its API (HTTP 404 on the list).');
    expect(t.slice(5, 10)).toEqual([
      '…abcd',
      '…',
      `${'t'.repeat(9)}…`,
      'Fed maintains rate — Will it?',
      'Fed · Will it?',
    ]);
    expect(t.slice(10, 12)).toEqual(['Manifold has no “bogus” filter.', 'Manifold does not sort by “bogus”.']);
    expect(t.slice(12)).toEqual(['2026-07-01…2026-07-07', 'bucket 78–79', 'high temperature (°F)']);
  });
});
