/** Manifold's error bodies read into the ApiError the screen names, on the recorded 500s (SOURCES.md). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeJson } from '../http.js';
import { readError } from './errors.js';

const FIX = 'test/fixtures/real/manifold-errors';
const raw = (status: number, file: string) => ({
  status,
  headers: {},
  text: readFileSync(`${FIX}/${file}`, 'utf8'),
});

function thrown(f: () => unknown): Record<string, unknown> {
  try {
    f();
  } catch (e) {
    return e as Record<string, unknown>;
  }
  throw new Error('did not throw');
}

describe('Manifold errors', () => {
  it('the recorded JSON 500 → server, its message', () => {
    const e = thrown(() => decodeJson(raw(500, 'v0-error-500-message-json-2022-11-17.json'), readError, undefined));
    expect([e.kind, e.status, e.message, e.code]).toEqual(['server', 500, 'An unknown error occurred.', 'HTTP_500']);
  });

  it('the recorded HTML 500 page → server, named as an HTML page', () => {
    const e = thrown(() => decodeJson(raw(500, 'v0-error-500-html-page-vercel-2022-12-17.html'), readError, undefined));
    expect([e.kind, e.code]).toEqual(['server', 'HTML_500']);
    expect(e.message).toMatch(/HTML page/);
  });

  it('a validation error names its field', () => {
    expect(
      readError({ message: 'Error validating request.', details: [{ field: 'sort', error: 'Invalid input' }] }),
    ).toEqual({ message: 'Error validating request. sort: Invalid input', code: 'INVALID_sort' });
    expect(readError({ message: 'Contract not found' })).toEqual({ message: 'Contract not found' });
    expect(readError({ error: 'x' })).toBeUndefined();
    expect(readError('text')).toBeUndefined();
  });
});
