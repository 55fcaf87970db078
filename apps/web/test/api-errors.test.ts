/**
 * The API client's reading of an error answer (lib/api.ts, `apiErrorOf`): the portal's envelope
 * gives the error's type, translated message, field messages and signed-in login; an answer that
 * is not the whole envelope (a proxy's JSON without `info`, a body without `error`, no JSON at
 * all) still becomes an `ApiError` with what it has, never a script error such as "Cannot read
 * properties of undefined" shown to the user (issue 20).
 */
import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorOf } from '../src/lib/api';

describe('reading an error answer', () => {
  it('takes type, message, fields and login from the envelope', () => {
    const error = apiErrorOf(400, 'Bad Request', {
      error: { type: 'VALIDATION', message: 'Noen felt er ikke fylt ut riktig.', httpDescription: 'Bad Request', fields: { gln: 'Feil' } },
      info: { userLogin: 'kari' },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      type: 'VALIDATION',
      message: 'Noen felt er ikke fylt ut riktig.',
      fields: { gln: 'Feil' },
      userLogin: 'kari',
    });
  });

  it('keeps the error of an answer without info, and its message', () => {
    const error = apiErrorOf(502, 'Bad Gateway', { error: { type: 'UPSTREAM', message: 'The portal did not answer.' } });
    expect(error).toMatchObject({ status: 502, type: 'UPSTREAM', message: 'The portal did not answer.', fields: {}, userLogin: null });
  });

  it('falls back to the HTTP status text for a body that is no envelope at all', () => {
    for (const body of [
      null,
      'text',
      42,
      [],
      { message: 'x' },
      { error: null },
      { error: 'x', info: null },
      { error: { type: 7, message: {} } },
    ])
      expect(apiErrorOf(504, 'Gateway Timeout', body), JSON.stringify(body)).toMatchObject({
        status: 504,
        type: 'UNEXPECTED',
        message: 'Gateway Timeout',
        fields: {},
        userLogin: null,
      });
  });

  it('keeps only text field messages', () => {
    const error = apiErrorOf(400, 'Bad Request', { error: { type: 'VALIDATION', message: 'm', fields: { a: 'A', b: 3, c: null } } });
    expect(error.fields).toEqual({ a: 'A' });
  });
});
