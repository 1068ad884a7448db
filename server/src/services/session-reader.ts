/**
 * Reads who a session belongs to without @fastify/session, for a hot path (the payment status
 * poll): the signed cookie is checked with the same secret, and the identity comes from an
 * in-memory copy of the session row, dropped when any instance destroys the session. The
 * session is not rolled by these reads; the customer's other calls do that.
 */
import { Signer } from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { personalDataOf } from '../db/repositories/personal-data';
import { sha256Hex } from '../lib/crypto';
import { SESSION_COOKIE } from '../plugins/sessions';
import type { SessionIdentity } from '../types';

/** Who a session belongs to, with the keyed hash of their national ID made once per session. */
/** The session's person, with every lookup hash their rows may carry (current key first). */
export type SessionViewer = SessionIdentity & { nationalIdHashes: string[] };

interface Entry {
  identity: SessionViewer | null;
  /** Until when it may be used: the session's expiry, or a minute after it was read if sooner. */
  usableUntil: number;
}

/** How long a session read stays in memory at most, in case a change notice went missing. */
const FRESH_MS = 60_000;

const VERIFIED_MAX = 100_000;

export function sessionReader(app: FastifyInstance, secret: string) {
  const signer = new Signer(secret, 'sha256');
  // No TTL of the cache's own: each entry carries its limit, checked against the one clock read
  // a poll makes anyway (the cache's TTL bookkeeping cost more than the rest of the lookup).
  const cache = new LRUCache<string, Entry>({ max: 100_000 });
  // A signed cookie value checked once stays checked: its HMAC is the costliest step of a poll.
  // A valid signature stays valid, so no time limit (the session's own expiry is in `cache`) and
  // no recency to keep: a plain map, emptied when full, is the cheapest lookup.
  const verified = new Map<string, string>();
  const hashOf = (raw: string): string | null => {
    const known = verified.get(raw);
    if (known) return known;
    let cookie: string;
    try {
      cookie = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const unsigned = signer.unsign(cookie);
    if (!unsigned.valid || !unsigned.value) return null;
    const hash = sha256Hex(unsigned.value);
    if (verified.size >= VERIFIED_MAX) verified.clear();
    verified.set(raw, hash);
    return hash;
  };
  app.changes.subscribe((key) => {
    if (key.startsWith('session:')) cache.delete(key.slice('session:'.length));
  });

  const hashOfRequest = (request: Pick<FastifyRequest, 'headers'>): string | null => {
    const value = sessionCookieOf(request.headers.cookie);
    return value ? hashOf(value) : null;
  };

  return {
    /**
     * The request's session, as the hash of its id (what the sessions table is keyed by), when
     * its cookie is signed with our secret; null without one. Nothing read from the database.
     */
    sessionOf: hashOfRequest,

    /** The identity when it is known without the database; undefined when it must be read. */
    cachedIdentity(hash: string | null): SessionViewer | null | undefined {
      if (!hash) return null;
      const cached = cache.get(hash);
      return cached && cached.usableUntil > Date.now() ? cached.identity : undefined;
    },

    async identity(hash: string | null): Promise<SessionViewer | null> {
      if (!hash) return null;
      const cached = cache.get(hash);
      if (cached && cached.usableUntil > Date.now()) return cached.identity;
      const stored = await app.repos.sessions.get(hash);
      if (!stored) {
        cache.delete(hash);
        return null;
      }
      const found = stored.data.identity as SessionIdentity | undefined;
      const identity = found ? { ...found, nationalIdHashes: personalDataOf(app.db).nationalIdHashes(found.nationalId) } : null;
      cache.set(hash, { identity, usableUntil: Math.min(stored.expiresAt.getTime(), Date.now() + FRESH_MS) });
      return identity;
    },
  };
}

const NAME = `${SESSION_COOKIE}=`;

/**
 * The session cookie's raw (still URL-encoded) value from a Cookie header, as the cookie parser
 * would find it: the first pair of that exact name. Without parsing every other cookie.
 */
export function sessionCookieOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let at = header.indexOf(NAME);
  while (at !== -1) {
    // The name must start the header or follow a separator, so `xportal_sid=` is not it.
    let before = at - 1;
    while (before >= 0 && (header[before] === ' ' || header[before] === '\t')) before -= 1;
    if (before < 0 || header[before] === ';') {
      const start = at + NAME.length;
      const end = header.indexOf(';', start);
      const value = (end === -1 ? header.slice(start) : header.slice(start, end)).trim();
      return value || undefined;
    }
    at = header.indexOf(NAME, at + 1);
  }
  return undefined;
}
