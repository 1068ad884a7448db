import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import type { FastifyInstance, Session } from 'fastify';
import { IDENTIFICATION_MAX_MINUTES, SESSION_IDLE_TIMEOUT_MINUTES } from '@portal/domain';
import { sha256Hex } from '../lib/crypto';
import type { SessionsRepository } from '../db/repositories/sessions';

export const SESSION_COOKIE = 'portal_sid';
const IDLE_MS = SESSION_IDLE_TIMEOUT_MINUTES * 60 * 1000;
const IDENTIFICATION_MS = IDENTIFICATION_MAX_MINUTES * 60 * 1000;

/**
 * The session store of @fastify/session, backed by the database so that any server instance can
 * serve any request. Rows are keyed by a hash of the session id. A session no one has identified
 * in holds nothing but BankID starts, which are refused after IDENTIFICATION_MAX_MINUTES: its row
 * ends then, so anonymous starts do not pile up for the idle timeout (ADR 15).
 */
function databaseStore(sessions: SessionsRepository, destroyed: (idHash: string) => void): SessionStore {
  return {
    set(sessionId, session, callback) {
      const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
      const idle = session.cookie.expires ? new Date(session.cookie.expires) : new Date(Date.now() + IDLE_MS);
      const expires = session.identity ? idle : new Date(Math.min(idle.getTime(), Date.now() + IDENTIFICATION_MS));
      sessions.set(sha256Hex(sessionId), data, expires).then(() => callback(), callback);
    },
    get(sessionId, callback) {
      sessions.get(sha256Hex(sessionId)).then(
        (stored) => callback(null, stored ? (stored.data as unknown as Session) : null),
        callback,
      );
    },
    destroy(sessionId, callback) {
      const idHash = sha256Hex(sessionId);
      sessions.destroy(idHash).then(() => {
        destroyed(idHash);
        callback();
      }, callback);
    },
  };
}

/**
 * Registers cookies and sessions in the calling scope only: static files and the SPA shell are
 * served without touching the session table.
 */
export async function registerSessions(scope: FastifyInstance, secret: string): Promise<void> {
  await scope.register(fastifyCookie);
  await scope.register(fastifySession, {
    secret,
    cookieName: SESSION_COOKIE,
    // Read models that copy sessions (the payment status poll) drop their copy when one ends.
    store: databaseStore(scope.repos.sessions, (idHash) => scope.changes.publish(scope.db, `session:${idHash}`)),
    saveUninitialized: false,
    // Every request moves the idle deadline: 30 minutes after the last one.
    rolling: true,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      // Secure whenever the request arrived over HTTPS (directly or, with TRUST_PROXY, via a proxy).
      secure: 'auto',
      maxAge: IDLE_MS,
    },
  });
}
