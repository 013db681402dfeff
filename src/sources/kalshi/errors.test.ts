import { describe, expect, it } from 'vitest';
import { kalshiErrorBody, readKalshiError, TOO_MANY_REQUESTS_BODY } from './errors.js';

describe('Kalshi error bodies', () => {
  it('reads the spec ErrorResponse wrapped in error (as quoted from the live service in an issue)', () => {
    expect(
      readKalshiError({ error: { code: 'invalid_price', message: 'invalid price', service: 'exchange' } }),
    ).toEqual({ code: 'invalid_price', message: 'invalid price' });
  });

  it('joins details to the message when both are sent', () => {
    expect(readKalshiError({ error: { code: 'bad_request', message: 'bad request', details: 'limit' } })).toEqual({
      code: 'bad_request',
      message: 'bad request: limit',
    });
  });

  it('reads the documented 429 body, where error is a string', () => {
    expect(readKalshiError({ error: 'too many requests' })).toEqual({ message: 'too many requests' });
  });

  it('reads a bare {code, message} and says nothing of bodies without either', () => {
    expect(readKalshiError({ code: 'not_found', message: 'not found' })).toEqual({
      code: 'not_found',
      message: 'not found',
    });
    expect(readKalshiError({ markets: [] })).toBeUndefined();
    expect(readKalshiError('oops')).toBeUndefined();
    expect(readKalshiError({ error: '' })).toBeUndefined();
  });

  it('writes the documented shapes: the string body for 429, the wrapped object otherwise', () => {
    expect(kalshiErrorBody(429, 'RATE_LIMITED', 'x')).toEqual(TOO_MANY_REQUESTS_BODY);
    expect(kalshiErrorBody(404, 'NOT_FOUND', 'Market not found.')).toEqual({
      error: { code: 'not_found', message: 'Market not found.', service: 'replay' },
    });
    // what it writes, it reads back
    expect(readKalshiError(kalshiErrorBody(400, 'bad_request', 'limit must be between 1 and 1000'))).toEqual({
      code: 'bad_request',
      message: 'limit must be between 1 and 1000',
    });
  });
});
