import { fastifyCookie } from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../plugins/sessions';
import { sessionCookieOf } from './session-reader';

// The poll path reads the session cookie without the cookie parser; it must find what the parser
// (and so the session plugin) finds, and nothing else.
describe('sessionCookieOf', () => {
  // What the session plugin sees: the cookie plugin's parse of the same header.
  const app = Fastify();
  beforeAll(async () => {
    await app.register(fastifyCookie);
    app.get('/', (request) => ({ value: request.cookies[SESSION_COOKIE] ?? null }));
    await app.ready();
  });
  afterAll(() => app.close());
  const parsed = async (cookie: string) => (await app.inject({ url: '/', headers: { cookie } })).json<{ value: string | null }>().value;

  const signed = 's%3Aabc.def%2Bghi';
  const headers = [
    `${SESSION_COOKIE}=${signed}`,
    `theme=dark; ${SESSION_COOKIE}=${signed}; lang=nb`,
    `theme=dark;${SESSION_COOKIE}=${signed}`,
    `x${SESSION_COOKIE}=other; ${SESSION_COOKIE}=${signed}`,
    `${SESSION_COOKIE}=${signed}; ${SESSION_COOKIE}=second`,
    `${SESSION_COOKIE}="${signed}"`,
    `${SESSION_COOKIE}= ${signed} ; a=b`,
  ];
  it.each(headers)('finds the same value as the cookie parser in %s', async (header) => {
    expect(decodeURIComponent(sessionCookieOf(header) ?? '')).toBe(await parsed(header));
  });

  it.each([undefined, '', 'theme=dark', `x${SESSION_COOKIE}=other`, `${SESSION_COOKIE}=`, `a=${SESSION_COOKIE}=1`])('finds none in %s', (header) => {
    expect(sessionCookieOf(header)).toBeUndefined();
  });
});
