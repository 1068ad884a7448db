import type { FastifyInstance } from 'fastify';

/** The resurs-v2 simulator: not built yet. */
export default async function simulator(_app: FastifyInstance) {}
