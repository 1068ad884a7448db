/**
 * Reads who a session belongs to without @fastify/session, for a hot path (the payment status
 * poll): the signed cookie is checked with the same secret, and the identity comes from an
 * in-memory copy of the session row, dropped when any instance destroys the session. The
 * session is not rolled by these reads; the customer's other calls do that.
 */
import { fastifyCookie, Signer } from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { sha256Hex } from '../lib/crypto';
import { SESSION_COOKIE } from '../plugins/sessions';
import type { SessionIdentity } from '../types';

interface Entry {
  identity: SessionIdentity | null;
  expiresAt: number;
}

export function sessionReader(app: FastifyInstance, secret: string) {
  const signer = new Signer(secret, 'sha256');
  const cache = new LRUCache<string, Entry>({ max: 100_000, ttl: 60_000 });
  // A signed cookie value checked once stays checked: its HMAC is the costliest step of a poll.
  const verified = new LRUCache<string, string>({ max: 100_000, ttl: 60_000 });
  const hashOf = (cookie: string): string | null => {
    const known = verified.get(cookie);
    if (known) return known;
    const unsigned = signer.unsign(cookie);
    if (!unsigned.valid || !unsigned.value) return null;
    const hash = sha256Hex(unsigned.value);
    verified.set(cookie, hash);
    return hash;
  };
  app.changes.subscribe((key) => {
    if (key.startsWith('session:')) cache.delete(key.slice('session:'.length));
  });

  const hashOfRequest = (request: FastifyRequest): string | null => {
    const header = request.headers.cookie;
    const value = header?.includes(SESSION_COOKIE) ? fastifyCookie.parse(header)[SESSION_COOKIE] : undefined;
    return value ? hashOf(value) : null;
  };

  return {
    /** The identity when it is known without the database; undefined when it must be read. */
    cachedIdentity(request: FastifyRequest): SessionIdentity | null | undefined {
      const hash = hashOfRequest(request);
      if (!hash) return null;
      const cached = cache.get(hash);
      return cached && cached.expiresAt > Date.now() ? cached.identity : undefined;
    },

    async identity(request: FastifyRequest): Promise<SessionIdentity | null> {
      const hash = hashOfRequest(request);
      if (!hash) return null;
      const cached = cache.get(hash);
      if (cached && cached.expiresAt > Date.now()) return cached.identity;
      const stored = await app.repos.sessions.get(hash);
      if (!stored) {
        cache.delete(hash);
        return null;
      }
      const identity = (stored.data.identity as SessionIdentity | undefined) ?? null;
      cache.set(hash, { identity, expiresAt: stored.expiresAt.getTime() });
      return identity;
    },
  };
}
