/**
 * Closing the server (a deploy, a restart) while clients hold connections: it must finish in
 * time, not wait for a connection that never carries a request (lib/http-server.ts).
 */
import { once } from 'node:events';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startTestServer } from './helpers';

describe('closing the server', () => {
  it('finishes while a client holds a connection it opened and never used', async () => {
    const server = await startTestServer('pglite');
    // As a browser's preconnected socket: open, and nothing sent.
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    try {
      await once(socket, 'connect');
      const ended = once(socket, 'close');
      const outcome = await Promise.race([server.app.close().then(() => 'closed'), sleep(5_000, 'still closing', { ref: false })]);
      expect(outcome).toBe('closed');
      await ended;
    } finally {
      socket.destroy();
      await server.close().catch(() => undefined);
    }
  });
});
