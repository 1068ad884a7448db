/**
 * Node's HTTP server under Fastify (its `serverFactory`): the hot paths are asked first
 * (lib/hot-paths.ts, ADR 25), and the server can finish closing while clients hold connections
 * they opened and never sent a byte on.
 *
 * Node counts such a connection as busy (a request may be on its way) until its headers time
 * out, so `server.close()` waited for it: a browser's preconnected socket, or a client that opened
 * one connection too many, held every graceful shutdown until the 10 seconds of server.ts ran
 * out and the process was killed mid-work. Connections that are idle between requests Node closes
 * itself; one with part of a request received stays, and is answered (503, `Connection: close`).
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import type { HotPaths } from './hot-paths';

export class PortalServer {
  readonly #connections = new Set<Socket>();

  constructor(private readonly hotPaths: HotPaths) {}

  /** Closes the connections that have not sent a byte (call as the server begins to close). */
  closeUnused(): void {
    for (const socket of this.#connections) if (socket.bytesRead === 0) socket.destroy();
  }

  /** With the timeouts Fastify would set on a server of its own. */
  readonly factory: FastifyServerFactory = (handler, options): Server => {
    const server = createServer((request, response) => {
      if (!this.hotPaths.serve(request, response)) handler(request, response);
    });
    server.on('connection', (socket: Socket) => {
      this.#connections.add(socket);
      socket.once('close', () => this.#connections.delete(socket));
    });
    const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
    const keepAlive = number(options.keepAliveTimeout);
    const request = number(options.requestTimeout);
    const connection = number(options.connectionTimeout);
    const perSocket = number(options.maxRequestsPerSocket);
    if (keepAlive !== undefined) server.keepAliveTimeout = keepAlive;
    if (request !== undefined) server.requestTimeout = request;
    if (connection !== undefined) server.setTimeout(connection);
    if (perSocket) server.maxRequestsPerSocket = perSocket;
    return server;
  };
}
