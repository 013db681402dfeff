import { ApiError, isApiError } from '../api/errors.js';

/** Whatever a call threw, as one ApiError (the message never carries request details such as the key). */
export function toApiError(err: unknown, timedOut: boolean): ApiError {
  if (timedOut) return new ApiError({ kind: 'timeout', message: 'The request took too long and was abandoned.' });
  if (isApiError(err)) return err;
  const aborted = err instanceof Error && err.name === 'AbortError';
  return new ApiError({
    kind: aborted ? 'aborted' : 'network',
    message: aborted ? 'The request was cancelled.' : 'The request failed before an answer arrived.',
  });
}
