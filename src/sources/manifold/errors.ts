/**
 * Manifold's error shape: every error its API handlers send is `{"message": string, "details"?: unknown}`
 * (`backend/api/src/app.ts`, `apiErrorHandler`); a validation error (400) lists `details: [{field, error}]`
 * (`helpers/endpoint.ts`, `validate`). There is no code word: ours is the first detail's field when there is one.
 * Recorded: `{"message":"An unknown error occurred."}` (500, test/fixtures/real/manifold/).
 */
import type { ErrorText } from '../types.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The message, and the first validation detail ("sort: Invalid input") appended to it. */
export function readError(body: unknown): ErrorText | undefined {
  if (!isObj(body) || typeof body.message !== 'string') return undefined;
  const first: unknown = Array.isArray(body.details) ? body.details[0] : undefined;
  if (isObj(first) && typeof first.error === 'string') {
    const field = typeof first.field === 'string' && first.field !== '' ? first.field : undefined;
    return {
      message: `${body.message} ${field ? `${field}: ` : ''}${first.error}`,
      ...(field ? { code: `INVALID_${field.replace(/[^A-Za-z0-9]/g, '_')}` } : {}),
    };
  }
  return { message: body.message };
}

/** The body Manifold sends for an error (the code is ours and has no place in it). */
export function errorBody(_status: number, _code: string, message: string): unknown {
  return { message };
}

/** A validation error as the server's `validate()` writes it. */
export function validationBody(details: ReadonlyArray<{ field: string | null; error: string }>): unknown {
  return { message: 'Error validating request.', details };
}
