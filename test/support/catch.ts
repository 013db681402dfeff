import { expect } from 'vitest';
import { ApiError } from '../../src/api/errors.js';

/** The ApiError a promise rejects with; fails the test when it resolves or rejects with anything else. */
export async function rejection(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** Same for a function that throws synchronously. */
export function thrown(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a throw');
}
