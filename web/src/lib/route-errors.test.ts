import { describe, expect, it } from 'vitest';
import { messages } from 'virtual:messages/en';
import type { ErrorCode } from '@portal/domain';
import { ApiRequestError, NetworkError } from './api-client';
import { i18n, type MessageKey, type MessageValues } from './i18n';
import { errorText, errorTone, isChunkLoadError, pageForError } from './route-errors';

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

describe('errorText (spec section 8: code, then status, then message, then default)', () => {
  i18n.loadAndActivate({ locale: 'en', messages });
  const t = (key: MessageKey, values?: MessageValues) => i18n._(key, values);
  const answer = (status: number, errorCode: ErrorCode, message = '') =>
    new ApiRequestError(status, { status, errorCode, message });

  it('uses the text of the error code first', () => {
    expect(errorText(answer(503, 'WEB_SERVICE_DOWN'), t)).toBe('Bank services are unavailable. Please try again later.');
  });

  it('falls back to the text of the status, then the server message, then the default', () => {
    expect(errorText(answer(409, 'UNKNOWN', 'Conflict'), t)).toBe('This reference has already been used for a different application.');
    expect(errorText(answer(418, 'UNKNOWN', 'I am a teapot'), t)).toBe('I am a teapot');
    expect(errorText(answer(418, 'UNKNOWN'), t)).toBe('Something has gone wrong.');
    expect(errorText(new Error('boom'), t)).toBe('Something has gone wrong.');
  });

  it('says when the server could not be reached', () => {
    expect(errorText(new NetworkError(new TypeError('Failed to fetch')), t)).toMatch(/could not reach the server/);
  });

  it('shows the other-accounts case in the info colour, everything else as an error', () => {
    expect(errorTone(answer(400, 'UNCERTAINTY_WITH_CUSTOMERS_OTHER_ACCOUNTS_FOUND'))).toBe('info');
    expect(errorTone(answer(400, 'REQUEST_ERROR'))).toBe('error');
  });

  it('recognises a lazy page whose code could not be downloaded', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('x is undefined'))).toBe(false);
  });
});
