import type { FastifyInstance } from 'fastify';

/** The signing simulator: not built yet. */
export default async function simulator(_app: FastifyInstance) {}
