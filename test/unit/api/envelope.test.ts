import { describe, expect, it } from 'vitest';
import { readEnvelope } from '../../../lib/api/envelope.ts';

describe('readEnvelope', () => {
  it('keeps the service’s messages when an error answer has no response field', () => {
    const read = readEnvelope({
      meta: { uuid: 'u-1', errors: [{ code: '2099', type: 'FATAL_ERROR', message: 'Busy' }] },
    });
    expect(read).toEqual({
      hasResponse: false,
      response: undefined,
      uuid: 'u-1',
      errors: [{ code: 2099, type: 'FATAL_ERROR', message: 'Busy' }],
    });
  });

  it('reads fields of the wrong type liberally, and a malformed errors list as none', () => {
    const read = readEnvelope({
      meta: { uuid: 7, errors: [{ code: 'x', type: 3, message: null, name: 'n' }] },
      response: { a: 1 },
    });
    expect(read).toEqual({
      hasResponse: true,
      response: { a: 1 },
      uuid: undefined,
      errors: [{ code: 0, type: 'FATAL_ERROR', message: '', name: 'n' }],
    });
    expect(readEnvelope({ meta: { errors: [1, { code: 1 }] }, response: {} }).errors).toEqual([]);
  });

  it('reads an OAuth-style error only from a body without meta', () => {
    expect(readEnvelope({ error: 'invalid_grant', error_description: 'Code used' }).errors).toEqual([
      { code: 0, type: 'FATAL_ERROR', name: 'invalid_grant', message: 'Code used' },
    ]);
    expect(readEnvelope({ meta: { errors: [] }, error: 'ignored', response: {} }).errors).toEqual([]);
    expect(readEnvelope('not an object')).toEqual({ hasResponse: false, response: undefined, errors: [] });
  });
});
