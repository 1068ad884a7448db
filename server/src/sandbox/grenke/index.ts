import type { FastifyInstance } from 'fastify';

/** The grenke simulator: not built yet. */
export default async function simulator(_app: FastifyInstance) {}
