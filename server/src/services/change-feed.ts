/**
 * "Something changed": the signal that keeps in-memory read models honest. A change is published
 * after its transaction commits, to this instance at once and to the other instances through
 * PostgreSQL NOTIFY. Keys: `app:<application id>`, `session:<session id hash>`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../db/db';

const CHANNEL = 'portal_changes';

export interface ChangeFeed {
  /** Publishes after `q`'s transaction commits (at once outside one). */
  publish(q: Queryable, key: string): void;
  subscribe(listener: (key: string) => void): void;
  /**
   * Resolves when `key` next changes (on any instance), or at `deadline` at the latest: a caller
   * waiting for another caller's work wakes when it is done, not on a timer.
   */
  next(key: string, deadline: Date): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeFeed;
  }
}

export default fp(async function changeFeed(app: FastifyInstance) {
  const listeners: ((key: string) => void)[] = [];
  const waiting = new Map<string, Set<() => void>>();
  listeners.push((key) => {
    const wake = waiting.get(key);
    if (!wake) return;
    waiting.delete(key);
    for (const fn of wake) fn();
  });
  const deliver = (key: string) => {
    for (const listener of listeners) listener(key);
  };
  // PGlite is one instance in one process: local delivery is all there is to do.
  const shared = app.db.kind === 'postgres';
  let stop: (() => Promise<void>) | null = null;
  if (shared) {
    stop = await app.db.listen(CHANNEL, deliver);
    app.addHook('onClose', async () => stop?.());
  }
  app.decorate('changes', {
    publish(q, key) {
      q.afterCommit(() => {
        // This instance at once; the others through NOTIFY (which also comes back here: a second
        // invalidation of the same entry is harmless).
        deliver(key);
        if (shared) {
          app.db.query('SELECT pg_notify($1, $2)', [CHANNEL, key]).catch((error: unknown) => {
            app.log.warn({ err: error }, 'could not publish a change');
          });
        }
      });
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    next(key, deadline) {
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting.get(key)?.delete(done);
          resolve();
        };
        const timer = setTimeout(done, Math.max(0, deadline.getTime() - Date.now()));
        const set = waiting.get(key) ?? new Set();
        set.add(done);
        waiting.set(key, set);
      });
    },
  } satisfies ChangeFeed);
});
