import { describe, expect, it } from 'vitest';
import { ApiRequestError, NetworkError } from './api-client';
import { pageForError } from './route-errors';

const failure = (status: number) => new ApiRequestError(status, { status, errorCode: 'REQUEST_ERROR', message: '' });

describe('pageForError (spec section 8)', () => {
  it('sends a 401 with a known reference to identification with that reference', () => {
    expect(pageForError(failure(401), 'ref123', '?countryCode=SE')).toBe('/?reference=ref123&countryCode=SE');
    expect(pageForError(failure(401), 'ref123', '', true)).toBe('/?reference=ref123&expired=1');
    expect(pageForError(failure(401))).toBe('/401');
  });

  it.each([
    [403, '/403'],
    [404, '/404'],
    [400, '/400'],
    [500, '/500'],
    [503, '/500'],
  ])('sends %i to %s', (status, page) => {
    expect(pageForError(failure(status), 'ref')).toBe(page);
  });

  it('has no page for a network failure: the screen offers a retry instead', () => {
    expect(pageForError(new NetworkError(new Error('offline')))).toBeNull();
  });
});
