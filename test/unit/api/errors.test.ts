import { describe, expect, it } from 'vitest';
import { ApiError, apiErrorFromJSON, isApiError, redact } from '../../../lib/api/errors.ts';

describe('redact', () => {
  it('masks credential values in query strings', () => {
    const text = 'GET https://x.test/v2?api_key=K1&v=20261101&access_token=T1#frag code=C1 client_secret=S1';
    expect(redact(text)).toBe(
      'GET https://x.test/v2?api_key=***&v=20261101&access_token=***#frag code=*** client_secret=***',
    );
  });

  it('masks credential values in JSON and leaves numeric error codes alone', () => {
    const text = JSON.stringify({ access_token: 'T1', client_secret: 'S1', code: 'C1', errors: [{ code: 2000 }] });
    expect(redact(text)).toBe('{"access_token":"***","client_secret":"***","code":"***","errors":[{"code":2000}]}');
  });

  it('does not touch names that merely end in a credential name', () => {
    expect(redact('error_code=7302 zipcode=12345')).toBe('error_code=7302 zipcode=12345');
  });

  it('masks literal secrets wherever they appear', () => {
    expect(redact('key abc123 and abc123', ['abc123', ''])).toBe('key *** and ***');
  });
});

describe('ApiError', () => {
  const error = new ApiError({
    kind: 'http',
    operation: 'listListings',
    status: 401,
    errors: [{ code: 2000, type: 'FATAL_ERROR', message: 'Invalid token for https://api.test/?access_token=T9' }],
    uuid: 'u-1',
    rateLimit: { remaining: 3 },
    secrets: ['T9'],
  });

  it('reads as operation, status and every code with its message, with URLs and secrets removed', () => {
    expect(error.message).toBe('listListings: HTTP 401 — 2000 Invalid token for [url]');
    expect(error.name).toBe('ApiError');
  });

  it('survives structured cloning through toJSON and apiErrorFromJSON', () => {
    const wire = structuredClone(error.toJSON());
    const revived = apiErrorFromJSON(wire);
    expect(isApiError(revived)).toBe(true);
    expect(revived).toBeInstanceOf(Error);
    expect(revived.toJSON()).toEqual(error.toJSON());
    expect(JSON.stringify(revived)).not.toContain('T9');
  });

  it('describes errors without service messages by their detail', () => {
    const aborted = new ApiError({ kind: 'count-changed', operation: 'fetchAllListings', detail: 'count moved' });
    expect(aborted.message).toBe('fetchAllListings: count moved');
    expect(aborted.errors).toEqual([]);
  });
});
